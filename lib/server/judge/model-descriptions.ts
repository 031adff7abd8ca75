// Over 300 lines: the descriptions a model writes, one flow: what lacks one, its plan and cost, the writing with its retries, and the counts the page shows.
import { parseInterfaceText } from "../../analysis/benchmark-hints";
import { describeIdentifiers, type ModelWritten } from "../../analysis/render-hint";
import { ANALYSIS_VERSION } from "../../domain/analysis-version";
import { hintSourceHash } from "../../hint/fingerprint";
import {
  type ChatUsage,
  chatCompletion,
  EndpointRefusal,
  EndpointUnavailable,
  readParameters,
} from "../../judge/chat-client";
import {
  DESCRIBE_RESPONSE_FORMAT,
  DESCRIBE_TEMPLATE_VERSION,
  type DescribeTarget,
  type DescriptionAnswer,
  describeMessages,
  parseDescription,
} from "../../judge/describe-prompt";
import { ANSWER_TOKENS, cacheKey, costOf, estimateTokens } from "../../judge/plan";
import { type Database, type Tx, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";
import { MODEL_WRITTEN_SELECT } from "../hint-source-select";
import { benchmarkNamed, endpointNamed } from "./named-rows";

export { MODEL_WRITTEN_SELECT };

/**
 * Descriptions where the benchmark has none: for every identifier a selection picks whose benchmark gives
 * it no description (nor behaviour), a model on a judge endpoint writes one sentence and a behaviour
 * paragraph from the reference patch and the tests. Each is stored with who wrote it and the template, goes
 * into the instance's hint source (decisions made on the text before are stale), and is read wherever a
 * hint is composed, rated or exported; a curator trims or replaces it like the benchmark's.
 */

/** One identifier to describe. */
export interface ToDescribe {
  instanceId: number;
  instanceExternalId: string;
  target: DescribeTarget;
}

/**
 * The identifiers a selection picks on a benchmark that nothing describes yet: the benchmark gives neither
 * a description nor a behaviour, and no model has written one (files aside, as the judge has them). A name
 * defined in two files is described in each.
 */
export async function identifiersToDescribe(db: Database, benchmark: string, selection: string): Promise<ToDescribe[]> {
  const instances = await db.instance.findMany({
    where: { benchmarkId: (await benchmarkNamed(db, benchmark)).id, analysisStatus: "done" },
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
  const out: ToDescribe[] = [];
  for (const instance of instances) {
    const picked = instance.identifiers;
    const written = new Set(instance.modelWritten.map((m) => `${m.identifier}\u0000${m.path}`));
    const seen = new Set<string>();
    const items = describeIdentifiers(picked, {
      interfaceEntries: parseInterfaceText(instance.interfaceText),
      requirements: instance.requirements,
    });
    for (const [index, item] of items.entries()) {
      const key = `${item.identifier.name}\u0000${item.identifier.path}`;
      if (item.description !== null && item.behaviour !== null) continue;
      if (written.has(key) || seen.has(key)) continue;
      seen.add(key);
      const identifier = picked[index] as (typeof picked)[number];
      out.push({
        instanceId: instance.id,
        instanceExternalId: instance.externalId,
        target: {
          repo: instance.repo,
          name: identifier.name,
          kind: identifier.kind,
          path: identifier.path,
          signature: identifier.signature,
          goldPatch: instance.goldPatch,
          testPatch: instance.testPatch,
        },
      });
    }
  }
  return out;
}

export interface DescribePlan {
  identifiers: number;
  instances: number;
  /** one call each (a second for an answer that does not fit) */
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** US dollars at the endpoint's prices; null when it has none */
  cost: number | null;
}

/** What describing would cost, before it runs: calls, and tokens and dollars from the rendered messages. */
export async function planDescriptions(
  db: Database,
  options: { benchmark: string; selection: string; endpoint: string },
): Promise<DescribePlan> {
  const endpoint = await endpointNamed(db, options.endpoint);
  const todo = await identifiersToDescribe(db, options.benchmark, options.selection);
  const promptTokens = todo.reduce(
    (sum, t) =>
      sum +
      estimateTokens(
        describeMessages(t.target)
          .map((m) => m.content)
          .join("\n"),
      ),
    0,
  );
  // A description and a paragraph: about twice a judge's answer.
  const completionTokens = todo.length * ANSWER_TOKENS * 2;
  return {
    identifiers: todo.length,
    instances: new Set(todo.map((t) => t.instanceId)).size,
    calls: todo.length,
    promptTokens,
    completionTokens,
    cost:
      endpoint.inputPrice === null && endpoint.outputPrice === null
        ? null
        : costOf({ prompt: promptTokens, completion: completionTokens }, endpoint),
  };
}

export interface DescribeSummary {
  /** who wrote them: endpoint/model@template */
  model: string;
  written: number;
  /** answered from the cache: they cost nothing */
  cached: number;
  /** identifiers whose answers did not fit twice, or whose endpoint kept failing: still undescribed */
  failed: Array<{ instance_id: string; identifier: string; path: string; error: string }>;
  usage: ChatUsage;
  cost: number;
  /** why it stopped before the end (the endpoint refused, or the budget was reached); null when it finished */
  stopped: string | null;
}

/**
 * Writes the descriptions a selection's identifiers lack on a benchmark (the first `limit` only, for a
 * trial), `concurrency` at a time on the endpoint, each answer that fits cached (a second run costs
 * nothing) and checked (one sentence of at most 20 words; two to four sentences), an answer that does not fit asked
 * again once. Stops when the endpoint refuses or the budget is spent; what is written stays written, so a
 * second run takes up the rest.
 */
export async function writeDescriptions(
  db: Database,
  options: { benchmark: string; selection: string; endpoint: string; limit?: number; budget?: number | null },
  run: {
    onProgress?: (progress: { done: number; failed: number; total: number; cost: number }) => void;
    backoffMs?: number;
    timeoutMs?: number;
  } = {},
): Promise<DescribeSummary> {
  const endpoint = await endpointNamed(db, options.endpoint);
  const all = await identifiersToDescribe(db, options.benchmark, options.selection);
  const todo = options.limit === undefined ? all : all.slice(0, options.limit);
  const model = `${endpoint.name}/${endpoint.model}@${DESCRIBE_TEMPLATE_VERSION}`;
  const summary: DescribeSummary = {
    model,
    written: 0,
    cached: 0,
    failed: [],
    usage: { prompt: 0, completion: 0, cached: 0, reasoning: 0 },
    cost: 0,
    stopped: null,
  };
  const budget = options.budget ?? null;

  /** One answer: from the cache, or asked. `attempt` 2 is the second ask after a misfit. */
  const ask = async (target: DescribeTarget, attempt: number) => {
    const messages = describeMessages(target);
    const key = cacheKey({
      baseUrl: endpoint.baseUrl,
      model: endpoint.model,
      templateVersion: DESCRIBE_TEMPLATE_VERSION,
      messages,
      parameters: {
        ...readParameters(endpoint.parameters),
        ...(endpoint.supportsJsonSchema ? { response_format: "json_schema" } : {}),
      },
      sample: attempt,
    });
    const hit = await db.judgeCache.findUnique({ where: { key } });
    if (hit) return { key, content: hit.content, cached: true, usage: null };
    const result = await chatCompletion(
      {
        baseUrl: endpoint.baseUrl,
        apiKey: endpoint.apiKey,
        model: endpoint.model,
        parameters: readParameters(endpoint.parameters),
      },
      { messages, ...(endpoint.supportsJsonSchema ? { responseFormat: DESCRIBE_RESPONSE_FORMAT } : {}) },
      { backoffMs: run.backoffMs, timeoutMs: run.timeoutMs ?? endpoint.timeoutMs },
    );
    const content = result.contents[0] ?? "";
    for (const k of Object.keys(summary.usage) as Array<keyof ChatUsage>) summary.usage[k] += result.usage[k];
    summary.cost += costOf(result.usage, endpoint);
    if (budget !== null && summary.cost >= budget && !summary.stopped)
      summary.stopped = `budget reached: $${summary.cost.toFixed(4)} of $${budget.toFixed(4)}`;
    return { key, content, cached: false, usage: result.usage };
  };
  // Only an answer that fits is kept: one that does not is asked for afresh on the next run.
  const remember = (answer: { key: string; content: string; cached: boolean; usage: ChatUsage | null }) =>
    answer.cached
      ? Promise.resolve()
      : writeTurn(db)(() =>
          db.judgeCache.upsert({
            where: { key: answer.key },
            create: { key: answer.key, content: answer.content, usage: JSON.stringify(answer.usage) },
            update: {},
          }),
        );

  const store = async (item: ToDescribe, answer: DescriptionAnswer, usage: ChatUsage | null) => {
    await writeTurn(db)(() =>
      db.$transaction(
        async (tx) => {
          const where = {
            instanceId_identifier_path: {
              instanceId: item.instanceId,
              identifier: item.target.name,
              path: item.target.path,
            },
          };
          const data = {
            description: answer.description,
            behaviour: answer.behaviour,
            model,
            template: DESCRIBE_TEMPLATE_VERSION,
            promptTokens: usage?.prompt ?? 0,
            completionTokens: usage?.completion ?? 0,
          };
          await tx.modelDescription.upsert({
            where,
            create: { instanceId: item.instanceId, identifier: item.target.name, path: item.target.path, ...data },
            update: data,
          });
          await restampHintSource(tx, item.instanceId);
        },
        transactionTimeouts({ rows: 1, msPerRow: 0 }),
      ),
    );
  };

  let done = 0;
  const queue = [...todo];
  const worker = async () => {
    for (;;) {
      if (summary.stopped) return;
      const item = queue.shift();
      if (!item) return;
      try {
        let answer = await ask(item.target, 1);
        let parsed = parseDescription(answer.content);
        if (!parsed.ok) {
          answer = await ask(item.target, 2);
          parsed = parseDescription(answer.content);
        }
        if (parsed.ok) {
          await remember(answer);
          await store(item, parsed.answer, answer.usage);
          summary.written++;
          if (answer.cached) summary.cached++;
        } else
          summary.failed.push({
            instance_id: item.instanceExternalId,
            identifier: item.target.name,
            path: item.target.path,
            error: `${parsed.error} (asked twice)`,
          });
      } catch (error) {
        if (error instanceof EndpointRefusal) {
          summary.stopped ??= `the endpoint refused: ${error.message}`;
          return;
        }
        if (!(error instanceof EndpointUnavailable)) throw error;
        summary.failed.push({
          instance_id: item.instanceExternalId,
          identifier: item.target.name,
          path: item.target.path,
          error: error.message,
        });
      }
      done++;
      run.onProgress?.({ done, failed: summary.failed.length, total: todo.length, cost: summary.cost });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, endpoint.concurrency) }, worker));
  return summary;
}

/**
 * An instance's hint source again, with its model-written descriptions: as the analysis stamps it (its
 * version, read whole or from hunks), so a later analysis of the same content gives the same value.
 */
async function restampHintSource(tx: Tx, instanceId: number) {
  const instance = await tx.instance.findUniqueOrThrow({
    where: { id: instanceId },
    include: { modelWritten: { select: MODEL_WRITTEN_SELECT } },
  });
  const exact = instance.analysisStatus === "done" && instance.approximateReason === null;
  await tx.instance.update({
    where: { id: instanceId },
    data: { hintSource: hintSourceHash({ ...instance, modelWritten: instance.modelWritten }, ANALYSIS_VERSION, exact) },
  });
}

/** Every model-written description of a benchmark, for `hints describe list` and an export beside the hints. */
export async function listModelDescriptions(
  db: Database,
  benchmark: string,
): Promise<Array<ModelWritten & { instance_id: string; template: string }>> {
  const rows = await db.modelDescription.findMany({
    where: { instance: { benchmark: { name: benchmark } } },
    orderBy: [{ instanceId: "asc" }, { id: "asc" }],
    include: { instance: { select: { externalId: true } } },
  });
  return rows.map((r) => ({
    instance_id: r.instance.externalId,
    identifier: r.identifier,
    path: r.path,
    description: r.description,
    behaviour: r.behaviour,
    model: r.model,
    template: r.template,
  }));
}

/** How many descriptions each model has written, per benchmark (for the judge page). */
export async function modelDescriptionCounts(db: Database) {
  const benchmarks = await db.benchmark.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
  const out: Array<{ benchmark: string; model: string; count: number }> = [];
  for (const benchmark of benchmarks) {
    const groups = await db.modelDescription.groupBy({
      by: ["model"],
      where: { instance: { benchmarkId: benchmark.id } },
      _count: { _all: true },
      orderBy: { model: "asc" },
    });
    for (const g of groups) out.push({ benchmark: benchmark.name, model: g.model, count: g._count._all });
  }
  return out;
}
