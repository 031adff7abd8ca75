import { scaleLevel } from "../../domain/judge-scales";
import {
  type DisclosureGuidanceAnswer,
  type JudgeCallKind,
  type NecessityAnswer,
  parseAnswer,
  quotesVerbatim,
  responseFormat,
} from "../../judge/answers";
import { type ChatUsage, chatCompletion, EndpointRefusal, EndpointUnavailable } from "../../judge/chat-client";
import { cacheKey, callMessages, costOf } from "../../judge/plan";
import { type Database, writeTurn } from "../db/client";
import { readByKeys } from "../db/rows-of-instances";
import { readEvidence } from "../stored-json";
import { type RunStatus, runStatus, type ValueToRate, valuesToRate } from "./judge-runs";

/*
 * Carrying a judge run out (lib/server/judge/judge-runs.ts makes and follows runs): its pending calls, each
 * answer cached, parsed, checked and recorded; usage and cost summed; the budget and a refusing endpoint
 * stop it; the scores written to the judge-score store.
 */

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
  /** no call is begun after this many milliseconds: the run stays running, its pending calls left (a queue job's slice) */
  stopAfterMs?: number;
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
  const deadline = options.stopAfterMs === undefined ? undefined : performance.now() + options.stopAfterMs;
  const worker = async () => {
    for (;;) {
      if (halted) return;
      if (deadline !== undefined && performance.now() > deadline) return;
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
      await readByKeys([...new Set(calls.map((c) => c.instanceId))], (chunk) =>
        db.instance.findMany({ where: { id: { in: chunk } }, select: { id: true, evidence: true } }),
      )
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
