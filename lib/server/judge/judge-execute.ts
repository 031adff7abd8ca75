import { scaleLevel } from "../../domain/judge-scales";
import {
  type DisclosureGuidanceAnswer,
  type JudgeCallKind,
  type NecessityAnswer,
  parseAnswer,
  quotesVerbatim,
  responseFormat,
} from "../../judge/answers";
import {
  type ChatResult,
  type ChatUsage,
  chatCompletion,
  EndpointRefusal,
  EndpointUnavailable,
  readParameters,
} from "../../judge/chat-client";
import { ANSWER_TOKENS, cacheKey, callMessages, costOf, estimateTokens } from "../../judge/plan";
import { readMeasure } from "../../judge/probe";
import type { ChatMessage } from "../../judge/prompts";
import { type Database, writeTurn } from "../db/client";
import { readByKeys } from "../db/rows-of-instances";
import { transactionTimeouts } from "../db/transactions";
import { readEvidence } from "../stored-json";
import { endpointAbilities, judgeName, type RunStatus, runStatus, type ValueToRate, valuesToRate } from "./judge-runs";

/*
 * Carrying a judge run out (lib/server/judge/judge-runs.ts makes and follows runs): its pending calls, each
 * answer parsed, checked, recorded and, when it parsed, cached; usage and cost summed over every request
 * sent; each request reserved against the budget before it is sent; a refusing endpoint pauses it; the
 * scores written to the judge-score store. Every sample is its own answer: an endpoint that returns fewer
 * choices than `n` asked is asked once per sample from then on, and the run says so.
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
  /** one request's deadline (the endpoint's own unless set) */
  timeoutMs?: number;
  /** the largest answer read, in bytes (the client's 4 MiB unless set) */
  maxAnswerBytes?: number;
  /** no call is begun after this many milliseconds: the run stays running, its pending calls left (a queue job's slice) */
  stopAfterMs?: number;
}

/** The raw text of a failed sample kept on its row, at most this long (an endpoint's answer can be any size). */
const RAW_KEPT = 20_000;

/**
 * Runs a run's pending calls until none is left, the budget is reached, the run is stopped, or the endpoint
 * refuses or keeps timing out (the run is then paused with the reason). A run that ends with failed calls is
 * stopped, not done: `resumeRun` asks them again. Returns the run's status.
 */
export async function executeRun(db: Database, runId: number, options: RunOptions = {}): Promise<RunStatus> {
  const run = await db.judgeRun.findUnique({ where: { id: runId }, include: { endpoint: true } });
  if (!run) throw new Error(`no judge run ${runId}`);
  if (run.state !== "running") return runStatus(db, runId);
  const endpoint = run.endpoint;
  // The scores carry the judge's name as the run began: an endpoint since given another model or other
  // parameters would answer as another judge under that name.
  const now = judgeName(endpoint, run.templateVersion, run.repositoryFact);
  if (now !== run.judge) {
    await writeTurn(db)(() =>
      db.judgeRun.updateMany({
        where: { id: runId, state: "running" },
        data: {
          state: "paused",
          reason: `the endpoint changed since the run began: its judge was ${run.judge}, it is now ${now}; start a new run (or set the endpoint back)`,
        },
      }),
    );
    return runStatus(db, runId);
  }
  const values = new Map(
    (await valuesToRate(db, run.benchmarkId, run.selection, run.repositoryFact)).map((v) => [
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
  /** the estimated cost of the requests in flight, reserved against the budget */
  let reserved = 0;
  let done = 0;
  let failed = 0;
  const abilities = endpointAbilities(endpoint);
  // What the endpoint does, as measured (or set); a run that finds it returns fewer choices stops using n.
  let takesN = abilities.takesN;
  const client = {
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    model: endpoint.model,
    parameters: readParameters(endpoint.parameters),
  };
  const clientOptions = {
    backoffMs: options.backoffMs,
    timeoutMs: options.timeoutMs ?? endpoint.timeoutMs,
    maxAnswerBytes: options.maxAnswerBytes,
  };

  /** A sample's cache key: the judge (endpoint name, model, parameters, template), the URL, the messages, the sample. */
  const keyOf = (messages: ChatMessage[], sample: number) =>
    cacheKey({
      judge: run.judge,
      baseUrl: endpoint.baseUrl,
      model: endpoint.model,
      templateVersion: run.templateVersion,
      messages,
      parameters: {
        temperature: run.temperature,
        ...client.parameters,
        ...(abilities.jsonSchema ? { response_format: "json_schema" } : {}),
      },
      sample,
    });

  /** Says something the run found on the run (once). */
  const note = (line: string) =>
    // Read and written in one write turn: two workers noting at once keep both lines.
    writeTurn(db)(async () => {
      const current = await db.judgeRun.findUnique({ where: { id: runId }, select: { notes: true } });
      const lines = current?.notes ? current.notes.split("\n") : [];
      if (!lines.includes(line))
        await db.judgeRun.update({ where: { id: runId }, data: { notes: [...lines, line].join("\n") } });
    });

  /** The endpoint returned fewer choices than asked: one request per sample from now on, said on the run and the endpoint. */
  const fallBack = async (asked: number, returned: number) => {
    if (!takesN) return;
    takesN = false;
    await note(
      `the endpoint returned ${returned} of ${asked} choices asked through n: each sample was asked in its own request`,
    );
    const current = await db.judgeEndpoint.findUnique({ where: { id: endpoint.id } });
    const measure = readMeasure(current?.measured);
    await writeTurn(db)(() =>
      db.judgeEndpoint.update({
        where: { id: endpoint.id },
        data: measure
          ? {
              measured: JSON.stringify({
                ...measure,
                takesN: false,
                nReturned: returned,
                notes: [...measure.notes, `judge run ${runId}: n = ${asked} returned ${returned}`],
              }),
            }
          : { supportsN: false },
      }),
    );
  };

  /** A request's estimated cost: its prompt once, an answer per choice. */
  const estimate = (messages: ChatMessage[], n: number) => {
    const prompt = estimateTokens(messages.map((m) => m.content).join("\n"));
    return { prompt, completion: ANSWER_TOKENS * n, cost: costOf({ prompt, completion: ANSWER_TOKENS * n }, endpoint) };
  };

  /**
   * Reserves a request's estimated cost before it is sent: refused once what is spent and in flight reaches
   * the budget, so a run stops within one request's cost of it, however many workers.
   */
  const reserve = (amount: number): boolean => {
    if (halted) return false;
    if (run.budget !== null && cost + reserved >= run.budget) {
      halted = {
        state: "stopped",
        reason: `budget reached: $${cost.toFixed(4)} spent and about $${reserved.toFixed(4)} in flight, of $${run.budget.toFixed(4)}`,
      };
      return false;
    }
    reserved += amount;
    return true;
  };

  /** Adds a request's usage to the run (split over the samples it answered) and checks the budget. */
  const usageOf = new Map<number, ChatUsage>();
  /**
   * A request's estimate booked on the run before it is sent (sign 1), taken back when it brought no answer
   * (-1): a request in flight when the process dies stays in the run's totals, as the endpoint bills it.
   */
  const book = (guess: { prompt: number; completion: number; cost: number }, sign: 1 | -1) =>
    writeTurn(db)(() =>
      db.judgeRun.update({
        where: { id: runId },
        data: {
          promptTokens: { increment: sign * guess.prompt },
          completionTokens: { increment: sign * guess.completion },
          cost: { increment: sign * guess.cost },
        },
      }),
    );

  /** Adds a request's usage to the run in place of its booked estimate, and checks the budget. */
  const charge = async (
    result: ChatResult,
    samples: CallRow[],
    guess: { prompt: number; completion: number; cost: number },
  ) => {
    // An endpoint that reports no usage is charged what the request was estimated to cost.
    const usage = result.usageReported
      ? result.usage
      : { prompt: guess.prompt, completion: guess.completion, cached: 0, reasoning: 0 };
    if (!result.usageReported) await note("the endpoint reported no usage: tokens and cost are estimated");
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
          promptTokens: { increment: usage.prompt - guess.prompt },
          completionTokens: { increment: usage.completion - guess.completion },
          cachedTokens: { increment: usage.cached },
          reasoningTokens: { increment: usage.reasoning },
          cost: { increment: spent - guess.cost },
        },
      }),
    );
    if (run.budget !== null && cost >= run.budget && !halted)
      halted = { state: "stopped", reason: `budget reached: $${cost.toFixed(4)} of $${run.budget.toFixed(4)}` };
  };

  /**
   * Asks the endpoint for these samples' answers: in one request through `n` where the endpoint takes it,
   * else one request each; samples a request left unanswered (fewer choices than asked) are asked on their
   * own. Each answer is handed to `onAnswer` as soon as its request returns (recorded at once, so a process
   * killed mid-way loses at most the requests in flight). Samples the budget leaves unasked stay pending.
   */
  const askFresh = async (
    group: Group,
    messages: ChatMessage[],
    calls: CallRow[],
    onAnswer: (call: CallRow, content: string) => Promise<void>,
  ) => {
    let queue = [...calls];
    while (queue.length > 0) {
      const slice = queue.slice(0, takesN ? queue.length : 1);
      const guess = estimate(messages, slice.length);
      if (!reserve(guess.cost)) break;
      let result: ChatResult;
      await book(guess, 1);
      try {
        result = await chatCompletion(
          client,
          {
            messages,
            n: slice.length,
            temperature: run.temperature,
            ...(abilities.jsonSchema ? { responseFormat: responseFormat(group.kind) } : {}),
          },
          clientOptions,
        );
      } catch (error) {
        // No answer: not billed as far as can be known (a refusal, an outage, an answer cut off).
        await book(guess, -1);
        throw error;
      } finally {
        reserved -= guess.cost;
      }
      await charge(result, slice, guess);
      const got = result.contents.slice(0, slice.length);
      for (const [i, content] of got.entries()) await onAnswer(slice[i] as CallRow, content);
      // Never a copy: the samples left unanswered are asked again, each its own request.
      if (got.length < slice.length) await fallBack(slice.length, got.length);
      queue = queue.slice(got.length);
    }
  };

  const check = (group: Group, content: string): Outcome => {
    const parsed = parseAnswer(group.kind, content);
    if (!parsed.ok) return { ok: false, error: parsed.error, raw: content.slice(0, RAW_KEPT) };
    const quoted =
      group.kind === "N" ? group.value.target.issue : (group.value.target.values[group.value.attribute] ?? "");
    return { ok: true, answer: parsed.answer, raw: content, verbatim: quotesVerbatim(parsed.answer.evidence, quoted) };
  };

  const recorded = new Set<number>();
  /** Records a sample's outcome; a fresh answer that parsed is cached (a failure never is). */
  const record = async (call: CallRow, outcome: Outcome, cached: boolean, key: string | null) => {
    const usage = usageOf.get(call.id) ?? { prompt: 0, completion: 0, cached: 0, reasoning: 0 };
    recorded.add(call.id);
    await writeTurn(db)(async () => {
      if (outcome.ok && !cached && key !== null)
        await db.judgeCache.upsert({
          where: { key },
          create: { key, content: outcome.raw, usage: JSON.stringify(usage) },
          update: { content: outcome.raw, usage: JSON.stringify(usage) },
        });
      await db.judgeCall.update({
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
          : {
              state: "failed",
              raw: outcome.raw,
              error: outcome.error,
              cached: false,
              promptTokens: usage.prompt,
              completionTokens: usage.completion,
            },
      });
    });
    if (outcome.ok) done++;
    else failed++;
    options.onProgress?.({ done, failed, pending: pending.length - done - failed, cost });
  };

  const rate = async (group: Group) => {
    const messages = callMessages(group.kind, group.value.target);
    const keys = new Map(group.calls.map((call) => [call.id, keyOf(messages, call.sample)]));
    const hits = new Map(
      (await db.judgeCache.findMany({ where: { key: { in: [...keys.values()] } } })).map((h) => [h.key, h.content]),
    );
    const toAsk: CallRow[] = [];
    for (const call of group.calls) {
      const hit = hits.get(keys.get(call.id) as string);
      // Only answers that parsed are cached; one that does not (kept by an older version) is asked again.
      const outcome = hit === undefined ? null : check(group, hit);
      if (outcome?.ok) await record(call, outcome, true, null);
      else toAsk.push(call);
    }
    if (toAsk.length === 0) return;
    const retry: CallRow[] = [];
    await askFresh(group, messages, toAsk, async (call, content) => {
      const outcome = check(group, content);
      if (outcome.ok) await record(call, outcome, false, keys.get(call.id) as string);
      else retry.push(call);
    });
    // An answer that does not parse is asked again once, then recorded as failed (and not cached).
    if (retry.length > 0)
      await askFresh(group, messages, retry, (call, content) =>
        record(call, check(group, content), false, keys.get(call.id) as string),
      );
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
        // Timeouts after their retries pause the run (a slow endpoint, or a deadline too short): its calls stay pending.
        if (error instanceof EndpointUnavailable && error.timedOut) {
          halted ??= {
            state: "paused",
            reason: `the endpoint timed out: ${error.message}; raise the endpoint's timeout or resume later`,
          };
          return;
        }
        if (error instanceof EndpointUnavailable) {
          for (const call of group.calls)
            if (!recorded.has(call.id)) await record(call, { ok: false, error: error.message, raw: "" }, false, null);
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
  else if (stillPending === 0) {
    // A run with failed calls is not done: it stops, saying how to ask them again.
    const failedCalls = await db.judgeCall.count({ where: { runId, state: "failed" } });
    const lastError =
      failedCalls > 0
        ? (await db.judgeCall.findFirst({ where: { runId, state: "failed" }, orderBy: { id: "desc" } }))?.error
        : null;
    await writeTurn(db)(() =>
      db.judgeRun.updateMany({
        where: { id: runId, state: "running" },
        data:
          failedCalls > 0
            ? {
                state: "stopped",
                reason: `${failedCalls} call${failedCalls === 1 ? "" : "s"} failed (last: ${(lastError ?? "").slice(0, 200)}); resuming asks them again`,
              }
            : { state: "done", finishedAt: new Date() },
      }),
    );
  }
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
          repository_fact:
            n.attribute !== "name"
              ? null
              : !run.repositoryFact
                ? "left out"
                : filesAtBase === null
                  ? "not measured"
                  : filesAtBase,
        }),
      },
    ];
  });
  await writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
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
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
}
