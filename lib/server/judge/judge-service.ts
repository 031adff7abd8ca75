// Over 300 lines: one class, a judge run's calls (asked, cached, budget reserved and charged, recorded), whose parts share the run's counts.
import { type JudgeCallKind, responseFormat } from "../../judge/answers";
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
import { check, type Outcome } from "./judge-answer-check";
import { endpointAbilities } from "./judge-endpoints";
import type { ValueToRate } from "./judge-runs";

/*
 * The judge run's service (the job, lib/server/judge/judge-execute.ts, takes a run's pending calls and hands
 * them here, as Langfuse's evalQueue hands a job to its evalService): each value's samples asked of the
 * endpoint, each answer parsed, checked, recorded and, when it parsed, cached; usage and cost summed over
 * every request sent; each request reserved against the budget before it is sent; a refusing endpoint or one
 * that keeps timing out halts the run. Every sample is its own answer: an endpoint that returns fewer choices
 * than `n` asked is asked once per sample from then on, and the run says so.
 */

/** A run as the service reads it: with its endpoint. */
export const loadRun = (db: Database, runId: number) =>
  db.judgeRun.findUnique({ where: { id: runId }, include: { endpoint: true } });
export type RunWithEndpoint = NonNullable<Awaited<ReturnType<typeof loadRun>>>;

export type CallRow = Awaited<ReturnType<Database["judgeCall"]["findMany"]>>[number];

/** A value's call group: the samples of one kind of one value still pending. */
export interface Group {
  kind: JudgeCallKind;
  value: ValueToRate;
  calls: CallRow[];
}

/** A request's estimate: its prompt once, an answer per choice, and their cost. */
type Guess = { prompt: number; completion: number; cost: number };

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

/** Why the run stops asking: its next state and the reason it says. */
export type Halt = { state: string; reason: string };

/** Rates a run's call groups; `halted` says why it stopped asking, if it did. */
export class JudgeRunService {
  halted: Halt | null = null;
  private cost: number;
  /** the estimated cost of the requests in flight, reserved against the budget */
  private reserved = 0;
  private done = 0;
  private failed = 0;
  private readonly abilities;
  /** What the endpoint does, as measured (or set); a run that finds it returns fewer choices stops using n. */
  private takesN: boolean;
  private readonly client;
  private readonly clientOptions;
  private readonly usageOf = new Map<number, ChatUsage>();
  private readonly recorded = new Set<number>();

  constructor(
    private readonly db: Database,
    private readonly run: RunWithEndpoint,
    private readonly pendingCount: number,
    private readonly options: RunOptions = {},
  ) {
    const endpoint = run.endpoint;
    this.cost = run.cost;
    this.abilities = endpointAbilities(endpoint);
    this.takesN = this.abilities.takesN;
    this.client = {
      baseUrl: endpoint.baseUrl,
      apiKey: endpoint.apiKey,
      model: endpoint.model,
      parameters: readParameters(endpoint.parameters),
    };
    this.clientOptions = {
      backoffMs: options.backoffMs,
      timeoutMs: options.timeoutMs ?? endpoint.timeoutMs,
      maxAnswerBytes: options.maxAnswerBytes,
    };
  }

  /**
   * Rates one group, saying what stops the run: an endpoint that refuses or keeps timing out halts it (its
   * calls stay pending); one out of reach fails the group's calls and the run goes on.
   */
  async rateOrHalt(group: Group): Promise<"go on" | "halt"> {
    try {
      await this.rate(group);
      return "go on";
    } catch (error) {
      if (error instanceof EndpointRefusal) {
        this.halted ??= { state: "paused", reason: `the endpoint refused: ${error.message}` };
        return "halt";
      }
      // Timeouts after their retries pause the run (a slow endpoint, or a deadline too short): its calls stay pending.
      if (error instanceof EndpointUnavailable && error.timedOut) {
        this.halted ??= {
          state: "paused",
          reason: `the endpoint timed out: ${error.message}; raise the endpoint's timeout or resume later`,
        };
        return "halt";
      }
      if (error instanceof EndpointUnavailable) {
        for (const call of group.calls)
          if (!this.recorded.has(call.id))
            await this.record(call, { ok: false, error: error.message, raw: "" }, false, null);
        return "go on";
      }
      throw error;
    }
  }

  /** A group's samples: from the cache where an answer that parsed is kept, else asked (an unparsable answer once again). */
  private async rate(group: Group) {
    const messages = callMessages(group.kind, group.value.target);
    const keys = new Map(group.calls.map((call) => [call.id, this.keyOf(messages, call.sample)]));
    const hits = new Map(
      (await this.db.judgeCache.findMany({ where: { key: { in: [...keys.values()] } } })).map((h) => [
        h.key,
        h.content,
      ]),
    );
    const toAsk: CallRow[] = [];
    for (const call of group.calls) {
      const hit = hits.get(keys.get(call.id) as string);
      // Only answers that parsed are cached; one that does not (kept by an older version) is asked again.
      const outcome = hit === undefined ? null : check(group, hit);
      if (outcome?.ok) await this.record(call, outcome, true, null);
      else toAsk.push(call);
    }
    if (toAsk.length === 0) return;
    const retry: CallRow[] = [];
    await this.askFresh(group, messages, toAsk, async (call, content) => {
      const outcome = check(group, content);
      if (outcome.ok) await this.record(call, outcome, false, keys.get(call.id) as string);
      else retry.push(call);
    });
    // An answer that does not parse is asked again once, then recorded as failed (and not cached).
    if (retry.length > 0)
      await this.askFresh(group, messages, retry, (call, content) =>
        this.record(call, check(group, content), false, keys.get(call.id) as string),
      );
  }

  /** A sample's cache key: the judge (endpoint name, model, parameters, template), the URL, the messages, the sample. */
  private keyOf(messages: ChatMessage[], sample: number) {
    return cacheKey({
      judge: this.run.judge,
      baseUrl: this.run.endpoint.baseUrl,
      model: this.run.endpoint.model,
      templateVersion: this.run.templateVersion,
      messages,
      parameters: {
        temperature: this.run.temperature,
        ...this.client.parameters,
        ...(this.abilities.jsonSchema ? { response_format: "json_schema" } : {}),
      },
      sample,
    });
  }

  /**
   * Asks the endpoint for these samples' answers: in one request through `n` where the endpoint takes it,
   * else one request each; samples a request left unanswered (fewer choices than asked) are asked on their
   * own. Each answer is handed to `onAnswer` as soon as its request returns (recorded at once, so a process
   * killed mid-way loses at most the requests in flight). Samples the budget leaves unasked stay pending.
   */
  private async askFresh(
    group: Group,
    messages: ChatMessage[],
    calls: CallRow[],
    onAnswer: (call: CallRow, content: string) => Promise<void>,
  ) {
    let queue = [...calls];
    while (queue.length > 0) {
      const slice = queue.slice(0, this.takesN ? queue.length : 1);
      const guess = this.estimate(messages, slice.length);
      if (!this.reserve(guess.cost)) break;
      let result: ChatResult;
      await this.book(guess, 1);
      try {
        result = await chatCompletion(
          this.client,
          {
            messages,
            n: slice.length,
            temperature: this.run.temperature,
            ...(this.abilities.jsonSchema ? { responseFormat: responseFormat(group.kind) } : {}),
          },
          this.clientOptions,
        );
      } catch (error) {
        // No answer: not billed as far as can be known (a refusal, an outage, an answer cut off).
        await this.book(guess, -1);
        throw error;
      } finally {
        this.reserved -= guess.cost;
      }
      await this.charge(result, slice, guess);
      const got = result.contents.slice(0, slice.length);
      for (const [i, content] of got.entries()) await onAnswer(slice[i] as CallRow, content);
      // Never a copy: the samples left unanswered are asked again, each its own request.
      if (got.length < slice.length) await this.fallBack(slice.length, got.length);
      queue = queue.slice(got.length);
    }
  }

  /** Says something the run found on the run (once). */
  private note(line: string) {
    // Read and written in one write turn: two workers noting at once keep both lines.
    return writeTurn(this.db)(async () => {
      const current = await this.db.judgeRun.findUnique({ where: { id: this.run.id }, select: { notes: true } });
      const lines = current?.notes ? current.notes.split("\n") : [];
      if (!lines.includes(line))
        await this.db.judgeRun.update({ where: { id: this.run.id }, data: { notes: [...lines, line].join("\n") } });
    });
  }

  /** The endpoint returned fewer choices than asked: one request per sample from now on, said on the run and the endpoint. */
  private async fallBack(asked: number, returned: number) {
    if (!this.takesN) return;
    this.takesN = false;
    await this.note(
      `the endpoint returned ${returned} of ${asked} choices asked through n: each sample was asked in its own request`,
    );
    const endpointId = this.run.endpoint.id;
    const current = await this.db.judgeEndpoint.findUnique({ where: { id: endpointId } });
    const measure = readMeasure(current?.measured);
    await writeTurn(this.db)(() =>
      this.db.judgeEndpoint.update({
        where: { id: endpointId },
        data: measure
          ? {
              measured: JSON.stringify({
                ...measure,
                takesN: false,
                nReturned: returned,
                notes: [...measure.notes, `judge run ${this.run.id}: n = ${asked} returned ${returned}`],
              }),
            }
          : { supportsN: false },
      }),
    );
  }

  /** A request's estimated cost: its prompt once, an answer per choice. */
  private estimate(messages: ChatMessage[], n: number): Guess {
    const prompt = estimateTokens(messages.map((m) => m.content).join("\n"));
    const completion = ANSWER_TOKENS * n;
    return { prompt, completion, cost: costOf({ prompt, completion }, this.run.endpoint) };
  }

  /**
   * Reserves a request's estimated cost before it is sent: refused once what is spent and in flight reaches
   * the budget, so a run stops within one request's cost of it, however many workers.
   */
  private reserve(amount: number): boolean {
    if (this.halted) return false;
    const budget = this.run.budget;
    if (budget !== null && this.cost + this.reserved >= budget) {
      this.halted = {
        state: "stopped",
        reason: `budget reached: $${this.cost.toFixed(4)} spent and about $${this.reserved.toFixed(4)} in flight, of $${budget.toFixed(4)}`,
      };
      return false;
    }
    this.reserved += amount;
    return true;
  }

  /**
   * A request's estimate booked on the run before it is sent (sign 1), taken back when it brought no answer
   * (-1): a request in flight when the process dies stays in the run's totals, as the endpoint bills it.
   */
  private book(guess: Guess, sign: 1 | -1) {
    return writeTurn(this.db)(() =>
      this.db.judgeRun.update({
        where: { id: this.run.id },
        data: {
          promptTokens: { increment: sign * guess.prompt },
          completionTokens: { increment: sign * guess.completion },
          cost: { increment: sign * guess.cost },
        },
      }),
    );
  }

  /** Adds a request's usage to the run in place of its booked estimate (split over the samples it answered), and checks the budget. */
  private async charge(result: ChatResult, samples: CallRow[], guess: Guess) {
    // An endpoint that reports no usage is charged what the request was estimated to cost.
    const usage = result.usageReported
      ? result.usage
      : { prompt: guess.prompt, completion: guess.completion, cached: 0, reasoning: 0 };
    if (!result.usageReported) await this.note("the endpoint reported no usage: tokens and cost are estimated");
    for (const call of samples)
      this.usageOf.set(call.id, {
        prompt: Math.round(usage.prompt / samples.length),
        completion: Math.round(usage.completion / samples.length),
        cached: Math.round(usage.cached / samples.length),
        reasoning: Math.round(usage.reasoning / samples.length),
      });
    const spent = costOf(usage, this.run.endpoint);
    this.cost += spent;
    await writeTurn(this.db)(() =>
      this.db.judgeRun.update({
        where: { id: this.run.id },
        data: {
          promptTokens: { increment: usage.prompt - guess.prompt },
          completionTokens: { increment: usage.completion - guess.completion },
          cachedTokens: { increment: usage.cached },
          reasoningTokens: { increment: usage.reasoning },
          cost: { increment: spent - guess.cost },
        },
      }),
    );
    const budget = this.run.budget;
    if (budget !== null && this.cost >= budget && !this.halted)
      this.halted = { state: "stopped", reason: `budget reached: $${this.cost.toFixed(4)} of $${budget.toFixed(4)}` };
  }

  /** Records a sample's outcome; a fresh answer that parsed is cached (a failure never is). */
  private async record(call: CallRow, outcome: Outcome, cached: boolean, key: string | null) {
    const usage = this.usageOf.get(call.id) ?? { prompt: 0, completion: 0, cached: 0, reasoning: 0 };
    this.recorded.add(call.id);
    const db = this.db;
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
    if (outcome.ok) this.done++;
    else this.failed++;
    this.options.onProgress?.({
      done: this.done,
      failed: this.failed,
      pending: this.pendingCount - this.done - this.failed,
      cost: this.cost,
    });
  }
}
