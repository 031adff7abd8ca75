// Over 300 lines: a judge run's lifecycle (the values it rates, its plan and cost, create, stop, resume, status) over one set of rows.
import { parseInterfaceText } from "../../analysis/benchmark-hints";
import { describeIdentifiers, type HintItem } from "../../analysis/render-hint";
import type { HintAttribute } from "../../domain/judge-scales";
import {
  ANSWER_TOKENS,
  attributeValues,
  callMessages,
  costOf,
  estimateTokens,
  ratedAttributes,
} from "../../judge/plan";
import { type AttributeValues, JUDGE_TEMPLATE_VERSION, type JudgeTarget } from "../../judge/prompts";
import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";
import { readEvidence } from "../stored-json";
import { endpointAbilities, judgeName } from "./judge-endpoints";
import { MODEL_WRITTEN_SELECT } from "./model-descriptions";
import { benchmarkNamed, endpointNamed } from "./named-rows";

export {
  type EndpointInput,
  endpointAbilities,
  judgeName,
  listEndpoints,
  saveEndpoint,
  setEndpointOptions,
  testEndpoint,
} from "./judge-endpoints";

/**
 * The judge runner: a run rates every attribute value of the identifiers a selection picks on a
 * benchmark, with the paper's two calls, `samples` times each, on an OpenAI-compatible endpoint. Every call
 * is a row (pending, done, failed), so a run stopped by a crash, a restart, its budget or a refusing
 * endpoint resumes where it was; answers that parsed are cached, so a re-run costs nothing (a failure is
 * recorded on the run, never cached, and asked again); the scores go to the same store as imported ones
 * (judge = endpoint, model, its parameters and template version: judgeName).
 */

/** One attribute value of one identifier of one instance: what a pair of calls (N, D/G) rates. */
export interface ValueToRate {
  instanceId: number;
  instanceExternalId: string;
  identifier: string;
  attribute: HintAttribute;
  target: JudgeTarget;
}

/** Every value a run over a benchmark × selection rates, instance by instance. */
export async function valuesToRate(
  db: Database,
  benchmarkId: number,
  selection: string,
  repositoryFact = true,
): Promise<ValueToRate[]> {
  const instances = await db.instance.findMany({
    where: { benchmarkId, analysisStatus: "done" },
    orderBy: { id: "asc" },
    include: {
      // The identifiers the selection picks, files aside (as the judge has them).
      identifiers: {
        where: { kind: { not: "file" }, selections: { some: { selection } } },
        orderBy: { position: "asc" },
      },
      modelWritten: { select: MODEL_WRITTEN_SELECT },
    },
  });
  const out: ValueToRate[] = [];
  for (const instance of instances) {
    const picked = instance.identifiers;
    if (picked.length === 0) continue;
    const items: HintItem[] = describeIdentifiers(picked, {
      interfaceEntries: parseInterfaceText(instance.interfaceText),
      requirements: instance.requirements,
      // A model's descriptions are rated like the benchmark's.
      modelWritten: instance.modelWritten,
    });
    const facts = readEvidence(instance.evidence)?.identifiers ?? [];
    // Scores are keyed by the identifier's name: a name defined in two files is rated once (its first).
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.identifier.name)) continue;
      seen.add(item.identifier.name);
      const values: AttributeValues = attributeValues(item);
      const filesAtBase = facts.find((f) => f.name === item.identifier.name)?.repo_files ?? null;
      for (const attribute of ratedAttributes(values))
        out.push({
          instanceId: instance.id,
          instanceExternalId: instance.externalId,
          identifier: item.identifier.name,
          attribute,
          target: {
            repo: instance.repo,
            issue: instance.problemStatement,
            goldPatch: instance.goldPatch,
            testPatch: instance.testPatch,
            values,
            target: attribute,
            filesAtBase,
            ...(repositoryFact ? {} : { factLeftOut: true }),
          },
        });
    }
  }
  return out;
}

export interface RunPlan {
  values: number;
  identifiers: number;
  instances: number;
  calls: number;
  /** requests sent: one per value and call where the endpoint takes `n`, one per sample where not */
  requests: number;
  /** whether the samples go in one request (`n`), and whether that was measured or set by hand */
  takesN: boolean;
  abilities: "measured" | "as set";
  /** estimated tokens: prompts (from the rendered messages) and answers */
  promptTokens: number;
  completionTokens: number;
  /** US dollars at the endpoint's prices; null when it has none */
  cost: number | null;
  /** values rated without the measured repository fact (no repository store, or not analysed with it) */
  withoutRepositoryFact: number;
}

/** What a run would cost: calls, and tokens and dollars estimated from the rendered messages. */
export async function planRun(
  db: Database,
  options: { benchmark: string; selection: string; endpoint: string; samples?: number; repositoryFact?: boolean },
): Promise<RunPlan> {
  const endpoint = await endpointNamed(db, options.endpoint);
  const benchmark = await benchmarkNamed(db, options.benchmark);
  const samples = options.samples ?? 3;
  const values = await valuesToRate(db, benchmark.id, options.selection, options.repositoryFact ?? true);
  const abilities = endpointAbilities(endpoint);
  // A prompt is billed once per request: once for a call's samples where they go through `n`.
  const perCall = abilities.takesN ? 1 : samples;
  let promptTokens = 0;
  for (const value of values)
    for (const kind of ["N", "DG"] as const)
      promptTokens +=
        perCall *
        estimateTokens(
          callMessages(kind, value.target)
            .map((m) => m.content)
            .join("\n"),
        );
  const calls = values.length * 2 * samples;
  const completionTokens = calls * ANSWER_TOKENS;
  return {
    values: values.length,
    identifiers: new Set(values.map((v) => `${v.instanceId} ${v.identifier}`)).size,
    instances: new Set(values.map((v) => v.instanceId)).size,
    calls,
    requests: values.length * 2 * perCall,
    takesN: abilities.takesN,
    abilities: abilities.source,
    promptTokens,
    completionTokens,
    cost:
      endpoint.inputPrice === null && endpoint.outputPrice === null
        ? null
        : costOf({ prompt: promptTokens, completion: completionTokens }, endpoint),
    withoutRepositoryFact: values.filter(
      (v) => v.attribute === "name" && (v.target.filesAtBase === null || v.target.factLeftOut),
    ).length,
  };
}

/** Creates a run and its pending calls; `limit` keeps the first values only (a trial run). */
export async function createRun(
  db: Database,
  options: {
    benchmark: string;
    selection: string;
    endpoint: string;
    samples?: number;
    temperature?: number;
    budget?: number | null;
    limit?: number;
    /** false: the N call of a name is not told the measured repository fact (a run for the paper's comparison) */
    repositoryFact?: boolean;
  },
): Promise<number> {
  const endpoint = await endpointNamed(db, options.endpoint);
  const benchmark = await benchmarkNamed(db, options.benchmark);
  const samples = options.samples ?? 3;
  const all = await valuesToRate(db, benchmark.id, options.selection);
  const values = options.limit === undefined ? all : all.slice(0, options.limit);
  return writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        const run = await tx.judgeRun.create({
          data: {
            endpointId: endpoint.id,
            benchmarkId: benchmark.id,
            selection: options.selection,
            samples,
            temperature: options.temperature ?? 1,
            budget: options.budget ?? null,
            state: "running",
            templateVersion: JUDGE_TEMPLATE_VERSION,
            judge: judgeName(endpoint, JUDGE_TEMPLATE_VERSION, options.repositoryFact ?? true),
            repositoryFact: options.repositoryFact ?? true,
          },
        });
        const rows = values.flatMap((v) =>
          (["N", "DG"] as const).flatMap((kind) =>
            Array.from({ length: samples }, (_, i) => ({
              runId: run.id,
              instanceId: v.instanceId,
              instanceExternalId: v.instanceExternalId,
              identifier: v.identifier,
              attribute: v.attribute,
              kind,
              sample: i + 1,
            })),
          ),
        );
        for (let at = 0; at < rows.length; at += 500) await tx.judgeCall.createMany({ data: rows.slice(at, at + 500) });
        return run.id;
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
}

export interface RunStatus {
  id: number;
  judge: string;
  benchmarkId: number;
  selection: string;
  state: string;
  reason: string | null;
  /** what the run found about its endpoint (e.g. fewer choices than asked: one request per sample) */
  notes: string | null;
  calls: { pending: number; done: number; failed: number; cached: number };
  usage: { prompt: number; completion: number; cached: number; reasoning: number };
  cost: number;
  budget: number | null;
  scores: number;
}

export async function runStatus(db: Database, runId: number): Promise<RunStatus> {
  const run = await db.judgeRun.findUnique({ where: { id: runId } });
  if (!run) throw new AppError("not-found", `no judge run ${runId}`);
  const counts = await db.judgeCall.groupBy({ by: ["state"], where: { runId }, _count: { _all: true } });
  const count = (state: string) => counts.find((c) => c.state === state)?._count._all ?? 0;
  return {
    id: run.id,
    judge: run.judge,
    benchmarkId: run.benchmarkId,
    selection: run.selection,
    state: run.state,
    reason: run.reason,
    notes: run.notes,
    calls: {
      pending: count("pending"),
      done: count("done"),
      failed: count("failed"),
      cached: await db.judgeCall.count({ where: { runId, cached: true } }),
    },
    usage: {
      prompt: run.promptTokens,
      completion: run.completionTokens,
      cached: run.cachedTokens,
      reasoning: run.reasoningTokens,
    },
    cost: run.cost,
    budget: run.budget,
    scores: await db.judgeScore.count({
      where: { benchmarkId: run.benchmarkId, selection: run.selection, judge: run.judge },
    }),
  };
}

/** Stops a run by hand: its pending calls stay pending, for a resume. */
export async function stopRun(db: Database, runId: number, reason = "stopped by hand"): Promise<void> {
  await writeTurn(db)(() =>
    db.judgeRun.updateMany({ where: { id: runId, state: "running" }, data: { state: "stopped", reason } }),
  );
}

/**
 * Takes a paused or stopped run up again (its budget raised, when given); its failed calls are pending again,
 * so they are asked again (a failure is never cached). Returns how many failed calls it will ask again.
 */
export async function resumeRun(db: Database, runId: number, budget?: number): Promise<number> {
  return writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        await tx.judgeRun.update({
          where: { id: runId },
          data: { state: "running", reason: null, finishedAt: null, ...(budget !== undefined ? { budget } : {}) },
        });
        const again = await tx.judgeCall.updateMany({
          where: { runId, state: "failed" },
          data: { state: "pending", error: null, raw: null },
        });
        return again.count;
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
}
