import { parseInterfaceText } from "../analysis/benchmark-hints";
import { describeIdentifiers, type HintItem } from "../analysis/render-hint";
import { type HintAttribute, scaleLevel } from "../domain/judge-scales";
import {
  type DisclosureGuidanceAnswer,
  type JudgeCallKind,
  type NecessityAnswer,
  parseAnswer,
  quotesVerbatim,
  responseFormat,
} from "../judge/answers";
import { type ChatUsage, chatCompletion, EndpointRefusal, EndpointUnavailable } from "../judge/chat-client";
import {
  ANSWER_TOKENS,
  attributeValues,
  cacheKey,
  callMessages,
  costOf,
  estimateTokens,
  ratedAttributes,
} from "../judge/plan";
import { type AttributeValues, JUDGE_TEMPLATE_VERSION, type JudgeTarget } from "../judge/prompts";
import { type Database, writeTurn } from "./db";
import { readEvidence, readPolicies } from "./stored-json";

/**
 * The judge runner: a run rates every attribute value of the identifiers a selection picks on a
 * benchmark, with the paper's two calls, `samples` times each, on an OpenAI-compatible endpoint. Every call
 * is a row (pending, done, failed), so a run stopped by a crash, a restart, its budget or a refusing
 * endpoint resumes where it was; answers are cached, so a re-run costs nothing; the scores go to the same
 * store as imported ones (judge = endpoint, model and template version).
 */

export interface EndpointInput {
  name: string;
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  supportsN?: boolean;
  supportsJsonSchema?: boolean;
  supportsSeed?: boolean;
  concurrency?: number;
  inputPrice?: number | null;
  outputPrice?: number | null;
}

/** Adds or replaces an endpoint (by name). */
export async function saveEndpoint(db: Database, input: EndpointInput) {
  const data = {
    baseUrl: input.baseUrl,
    apiKey: input.apiKey ?? null,
    model: input.model,
    supportsN: input.supportsN ?? false,
    supportsJsonSchema: input.supportsJsonSchema ?? false,
    supportsSeed: input.supportsSeed ?? false,
    concurrency: input.concurrency ?? 4,
    inputPrice: input.inputPrice ?? null,
    outputPrice: input.outputPrice ?? null,
  };
  return writeTurn(db)(() =>
    db.judgeEndpoint.upsert({ where: { name: input.name }, create: { name: input.name, ...data }, update: data }),
  );
}

/** Endpoints as a page or a terminal may show them: never the key, only whether one is set. */
export async function listEndpoints(db: Database) {
  const rows = await db.judgeEndpoint.findMany({ orderBy: { name: "asc" } });
  return rows.map(({ apiKey, ...rest }) => ({ ...rest, hasKey: apiKey !== null && apiKey !== "" }));
}

/** One attribute value of one identifier of one instance: what a pair of calls (N, D/G) rates. */
interface ValueToRate {
  instanceId: number;
  instanceExternalId: string;
  identifier: string;
  attribute: HintAttribute;
  target: JudgeTarget;
}

/** Every value a run over a benchmark × selection rates, instance by instance. */
async function valuesToRate(db: Database, benchmarkId: number, selection: string): Promise<ValueToRate[]> {
  const instances = await db.instance.findMany({
    where: { benchmarkId, analysisStatus: "done" },
    orderBy: { id: "asc" },
    include: { identifiers: { orderBy: { position: "asc" } } },
  });
  const out: ValueToRate[] = [];
  for (const instance of instances) {
    const picked = instance.identifiers.filter(
      (i) => readPolicies(i.policies).includes(selection) && i.kind !== "file",
    );
    if (picked.length === 0) continue;
    const items: HintItem[] = describeIdentifiers(picked, {
      interfaceEntries: parseInterfaceText(instance.interfaceText),
      requirements: instance.requirements,
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
  /** estimated tokens: prompts (from the rendered messages) and answers */
  promptTokens: number;
  completionTokens: number;
  /** US dollars at the endpoint's prices; null when it has none */
  cost: number | null;
  /** values rated without the measured repository fact (no repository store, or not analysed with it) */
  withoutRepositoryFact: number;
}

async function endpointNamed(db: Database, name: string) {
  const endpoint = await db.judgeEndpoint.findUnique({ where: { name } });
  if (!endpoint) throw new Error(`no judge endpoint named "${name}": add it with \`hints judge endpoint add\``);
  return endpoint;
}

async function benchmarkNamed(db: Database, name: string) {
  const benchmark = await db.benchmark.findUnique({ where: { name } });
  if (!benchmark) throw new Error(`no benchmark named "${name}"`);
  return benchmark;
}

/** What a run would cost: calls, and tokens and dollars estimated from the rendered messages. */
export async function planRun(
  db: Database,
  options: { benchmark: string; selection: string; endpoint: string; samples?: number },
): Promise<RunPlan> {
  const endpoint = await endpointNamed(db, options.endpoint);
  const benchmark = await benchmarkNamed(db, options.benchmark);
  const samples = options.samples ?? 3;
  const values = await valuesToRate(db, benchmark.id, options.selection);
  let promptTokens = 0;
  for (const value of values)
    for (const kind of ["N", "DG"] as const)
      promptTokens +=
        samples *
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
    promptTokens,
    completionTokens,
    cost:
      endpoint.inputPrice === null && endpoint.outputPrice === null
        ? null
        : costOf({ prompt: promptTokens, completion: completionTokens }, endpoint),
    withoutRepositoryFact: values.filter((v) => v.attribute === "name" && v.target.filesAtBase === null).length,
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
  },
): Promise<number> {
  const endpoint = await endpointNamed(db, options.endpoint);
  const benchmark = await benchmarkNamed(db, options.benchmark);
  const samples = options.samples ?? 3;
  const all = await valuesToRate(db, benchmark.id, options.selection);
  const values = options.limit === undefined ? all : all.slice(0, options.limit);
  return writeTurn(db)(() =>
    db.$transaction(async (tx) => {
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
          judge: `${endpoint.name}/${endpoint.model}@${JUDGE_TEMPLATE_VERSION}`,
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
    }),
  );
}

export interface RunStatus {
  id: number;
  judge: string;
  benchmarkId: number;
  selection: string;
  state: string;
  reason: string | null;
  calls: { pending: number; done: number; failed: number; cached: number };
  usage: { prompt: number; completion: number; cached: number; reasoning: number };
  cost: number;
  budget: number | null;
  scores: number;
}

export async function runStatus(db: Database, runId: number): Promise<RunStatus> {
  const run = await db.judgeRun.findUnique({ where: { id: runId } });
  if (!run) throw new Error(`no judge run ${runId}`);
  const counts = await db.judgeCall.groupBy({ by: ["state"], where: { runId }, _count: { _all: true } });
  const count = (state: string) => counts.find((c) => c.state === state)?._count._all ?? 0;
  return {
    id: run.id,
    judge: run.judge,
    benchmarkId: run.benchmarkId,
    selection: run.selection,
    state: run.state,
    reason: run.reason,
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

/** Takes a paused or stopped run up again (its budget raised, when given). */
export async function resumeRun(db: Database, runId: number, budget?: number): Promise<void> {
  await writeTurn(db)(() =>
    db.judgeRun.update({
      where: { id: runId },
      data: { state: "running", reason: null, ...(budget !== undefined ? { budget } : {}) },
    }),
  );
}

type CallRow = Awaited<ReturnType<Database["judgeCall"]["findMany"]>>[number];

/** A value's call group: the samples of one kind of one value still pending. */
interface Group {
  kind: JudgeCallKind;
  value: ValueToRate;
  calls: CallRow[];
}

/** The answer of one sample, parsed, with what checking it found. */
type Outcome =
  | { ok: true; answer: NecessityAnswer | DisclosureGuidanceAnswer; raw: string; verbatim: boolean }
  | { ok: false; error: string; raw: string };

export interface RunOptions {
  onProgress?: (status: { done: number; failed: number; pending: number; cost: number }) => void;
  /** for tests: the client's backoff */
  backoffMs?: number;
  timeoutMs?: number;
}

/**
 * Runs a run's pending calls until none is left, the budget is reached, the run is stopped, or the endpoint
 * refuses (the run is then paused with the reason). Returns the run's status.
 */
export async function executeRun(db: Database, runId: number, options: RunOptions = {}): Promise<RunStatus> {
  const run = await db.judgeRun.findUnique({ where: { id: runId }, include: { endpoint: true } });
  if (!run) throw new Error(`no judge run ${runId}`);
  if (run.state !== "running") return runStatus(db, runId);
  const endpoint = run.endpoint;
  const values = new Map(
    (await valuesToRate(db, run.benchmarkId, run.selection)).map((v) => [
      `${v.instanceId}\u0000${v.identifier}\u0000${v.attribute}`,
      v,
    ]),
  );
  const pending = await db.judgeCall.findMany({ where: { runId, state: "pending" }, orderBy: { id: "asc" } });
  const groups = new Map<string, Group>();
  for (const call of pending) {
    const key = `${call.instanceId}\u0000${call.identifier}\u0000${call.attribute}`;
    const value = values.get(key);
    if (!value) {
      await writeTurn(db)(() =>
        db.judgeCall.update({
          where: { id: call.id },
          data: { state: "failed", error: "the value is no longer selected (the instance was analysed again)" },
        }),
      );
      continue;
    }
    const groupKey = `${key}\u0000${call.kind}`;
    const group = groups.get(groupKey) ?? { kind: call.kind as JudgeCallKind, value, calls: [] };
    group.calls.push(call);
    groups.set(groupKey, group);
  }
  let halted: { state: string; reason: string } | null = null;
  let cost = run.cost;
  let done = 0;
  let failed = 0;
  const parameters = (n: number) => ({
    temperature: run.temperature,
    ...(n > 1 ? { n } : {}),
    ...(endpoint.supportsJsonSchema ? { response_format: "json_schema" } : {}),
  });

  /** One request for these samples (several through `n` where the endpoint takes it), cached by sample. */
  const ask = async (group: Group, samples: CallRow[]): Promise<Array<{ content: string; cached: boolean }>> => {
    const messages = callMessages(group.kind, group.value.target);
    const keys = samples.map((call) =>
      cacheKey({
        baseUrl: endpoint.baseUrl,
        model: endpoint.model,
        templateVersion: run.templateVersion,
        messages,
        parameters: parameters(1),
        sample: call.sample,
      }),
    );
    const hits = await db.judgeCache.findMany({ where: { key: { in: keys } } });
    const byKey = new Map(hits.map((h) => [h.key, h.content]));
    const missing = samples.filter((_, i) => !byKey.has(keys[i] as string));
    if (missing.length > 0) {
      const perRequest = endpoint.supportsN ? missing.length : 1;
      for (let at = 0; at < missing.length; at += perRequest) {
        const slice = missing.slice(at, at + perRequest);
        const result = await chatCompletion(
          { baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, model: endpoint.model },
          {
            messages,
            n: slice.length,
            temperature: run.temperature,
            ...(endpoint.supportsJsonSchema ? { responseFormat: responseFormat(group.kind) } : {}),
          },
          { backoffMs: options.backoffMs, timeoutMs: options.timeoutMs },
        );
        await charge(result.usage, slice);
        const each = { ...result.usage };
        await writeTurn(db)(async () => {
          for (const [i, call] of slice.entries()) {
            const key = keys[samples.indexOf(call)] as string;
            const content = result.contents[i] ?? result.contents[0] ?? "";
            byKey.set(key, content);
            await db.judgeCache.upsert({
              where: { key },
              create: { key, content, usage: JSON.stringify(each) },
              update: {},
            });
          }
        });
      }
    }
    return samples.map((call, i) => ({
      content: byKey.get(keys[i] as string) ?? "",
      cached: !missing.includes(call),
    }));
  };

  /** Adds a request's usage to the run (split over the samples it answered) and checks the budget. */
  const usageOf = new Map<number, ChatUsage>();
  const charge = async (usage: ChatUsage, samples: CallRow[]) => {
    for (const call of samples)
      usageOf.set(call.id, {
        prompt: Math.round(usage.prompt / samples.length),
        completion: Math.round(usage.completion / samples.length),
        cached: Math.round(usage.cached / samples.length),
        reasoning: Math.round(usage.reasoning / samples.length),
      });
    const spent = costOf(usage, endpoint);
    cost += spent;
    await writeTurn(db)(() =>
      db.judgeRun.update({
        where: { id: runId },
        data: {
          promptTokens: { increment: usage.prompt },
          completionTokens: { increment: usage.completion },
          cachedTokens: { increment: usage.cached },
          reasoningTokens: { increment: usage.reasoning },
          cost: { increment: spent },
        },
      }),
    );
    if (run.budget !== null && cost >= run.budget && !halted)
      halted = { state: "stopped", reason: `budget reached: $${cost.toFixed(4)} of $${run.budget.toFixed(4)}` };
  };

  const check = (group: Group, content: string): Outcome => {
    const parsed = parseAnswer(group.kind, content);
    if (!parsed.ok) return { ok: false, error: parsed.error, raw: content };
    const quoted =
      group.kind === "N" ? group.value.target.issue : (group.value.target.values[group.value.attribute] ?? "");
    return { ok: true, answer: parsed.answer, raw: content, verbatim: quotesVerbatim(parsed.answer.evidence, quoted) };
  };

  const record = async (call: CallRow, outcome: Outcome, cached: boolean) => {
    const usage = usageOf.get(call.id) ?? { prompt: 0, completion: 0, cached: 0, reasoning: 0 };
    await writeTurn(db)(() =>
      db.judgeCall.update({
        where: { id: call.id },
        data: outcome.ok
          ? {
              state: "done",
              answer: JSON.stringify(outcome.answer),
              raw: null,
              error: null,
              verbatim: outcome.verbatim,
              cached,
              promptTokens: usage.prompt,
              completionTokens: usage.completion,
              cachedTokens: usage.cached,
              reasoningTokens: usage.reasoning,
            }
          : { state: "failed", raw: outcome.raw, error: outcome.error, cached },
      }),
    );
    if (outcome.ok) done++;
    else failed++;
    options.onProgress?.({ done, failed, pending: pending.length - done - failed, cost });
  };

  const rate = async (group: Group) => {
    const answers = await ask(group, group.calls);
    const retry: CallRow[] = [];
    for (const [i, call] of group.calls.entries()) {
      const outcome = check(group, answers[i]?.content ?? "");
      if (outcome.ok) await record(call, outcome, answers[i]?.cached ?? false);
      else retry.push(call);
    }
    // An answer that does not parse is asked again once (its cache entry dropped), then recorded as failed.
    for (const call of retry) {
      const again = { ...call, sample: call.sample + 1000 };
      const [second] = await ask(group, [again]);
      const outcome = check(group, second?.content ?? "");
      await record(call, outcome, second?.cached ?? false);
    }
  };

  const queue = [...groups.values()];
  const worker = async () => {
    for (;;) {
      if (halted) return;
      const current = await db.judgeRun.findUnique({ where: { id: runId }, select: { state: true } });
      if (current?.state !== "running") return;
      const group = queue.shift();
      if (!group) return;
      try {
        await rate(group);
      } catch (error) {
        if (error instanceof EndpointRefusal) {
          halted ??= { state: "paused", reason: `the endpoint refused: ${error.message}` };
          return;
        }
        if (error instanceof EndpointUnavailable) {
          for (const call of group.calls) await record(call, { ok: false, error: error.message, raw: "" }, false);
          continue;
        }
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, endpoint.concurrency) }, worker));
  const stillPending = await db.judgeCall.count({ where: { runId, state: "pending" } });
  const stop = halted as { state: string; reason: string } | null;
  if (stop)
    await writeTurn(db)(() =>
      db.judgeRun.updateMany({
        where: { id: runId, state: "running" },
        data: { state: stop.state, reason: stop.reason },
      }),
    );
  else if (stillPending === 0)
    await writeTurn(db)(() =>
      db.judgeRun.updateMany({
        where: { id: runId, state: "running" },
        data: { state: "done", finishedAt: new Date() },
      }),
    );
  await writeScores(db, runId);
  return runStatus(db, runId);
}

/**
 * The run's scores into the judge-score store: one row per value and sample whose N and D/G calls both
 * answered, with the labels, evidence, rationales, the verbatim checks and whether the repository fact was
 * measured.
 */
async function writeScores(db: Database, runId: number): Promise<void> {
  const run = await db.judgeRun.findUnique({ where: { id: runId } });
  if (!run) return;
  const calls = await db.judgeCall.findMany({ where: { runId, state: "done" } });
  const instances = new Map(
    (
      await db.instance.findMany({
        where: { id: { in: [...new Set(calls.map((c) => c.instanceId))] } },
        select: { id: true, evidence: true },
      })
    ).map((i) => [i.id, readEvidence(i.evidence)]),
  );
  const pairs = new Map<string, { n?: (typeof calls)[number]; dg?: (typeof calls)[number] }>();
  for (const call of calls) {
    const key = JSON.stringify([call.instanceId, call.identifier, call.attribute, call.sample]);
    const pair = pairs.get(key) ?? {};
    if (call.kind === "N") pair.n = call;
    else pair.dg = call;
    pairs.set(key, pair);
  }
  const rows = [...pairs.values()].flatMap(({ n, dg }) => {
    if (!n || !dg || !n.answer || !dg.answer) return [];
    const nAnswer = JSON.parse(n.answer) as NecessityAnswer;
    const dgAnswer = JSON.parse(dg.answer) as DisclosureGuidanceAnswer;
    const necessity = scaleLevel("necessity", nAnswer.label);
    const disclosure = scaleLevel("disclosure", dgAnswer.disclosure_label);
    const guidance = scaleLevel("guidance", dgAnswer.guidance_label);
    if (necessity === null || disclosure === null || guidance === null) return [];
    const filesAtBase =
      instances.get(n.instanceId)?.identifiers.find((i) => i.name === n.identifier)?.repo_files ?? null;
    return [
      {
        benchmarkId: run.benchmarkId,
        instanceExternalId: n.instanceExternalId,
        instanceId: n.instanceId,
        selection: run.selection,
        identifier: n.identifier,
        attribute: n.attribute,
        judge: run.judge,
        sample: n.sample,
        necessity,
        disclosure,
        guidance,
        detail: JSON.stringify({
          necessity: { ...nAnswer, verbatim: n.verbatim },
          disclosure_guidance: { ...dgAnswer, verbatim: dg.verbatim },
          template: run.templateVersion,
          repository_fact: n.attribute === "name" ? (filesAtBase === null ? "not measured" : filesAtBase) : null,
        }),
      },
    ];
  });
  await writeTurn(db)(() =>
    db.$transaction(async (tx) => {
      for (const row of rows)
        await tx.judgeScore.upsert({
          where: {
            benchmarkId_instanceExternalId_selection_identifier_attribute_judge_sample: {
              benchmarkId: row.benchmarkId,
              instanceExternalId: row.instanceExternalId,
              selection: row.selection,
              identifier: row.identifier,
              attribute: row.attribute,
              judge: row.judge,
              sample: row.sample,
            },
          },
          create: row,
          update: row,
        });
    }),
  );
}
