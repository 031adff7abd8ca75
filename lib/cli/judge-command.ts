import type { Database } from "../server/db/client";
import { stopJobQueues } from "../server/db/job-queue";
import { JUDGE_QUEUE, workJudgeQueue } from "../server/judge/judge-queue";
import {
  createRun,
  listEndpoints,
  planRun,
  type RunStatus,
  resumeRun,
  runStatus,
  saveEndpoint,
  setEndpointOptions,
  stopRun,
  testEndpoint,
} from "../server/judge/judge-runs";
import { listModelDescriptions, planDescriptions, writeDescriptions } from "../server/judge/model-descriptions";
import { queueOf } from "../server/queued-work";

const USAGE = `usage: hints judge endpoint add NAME --url BASE_URL --model MODEL [--key-env VAR] [--n] [--json-schema]
                     [--seed] [--concurrency N] [--input-price USD_PER_MTOK] [--output-price USD_PER_MTOK]
       hints judge endpoint test NAME [--json]   (one tiny question: choices for n, JSON schema, usage; the runner follows it)
       hints judge endpoint set NAME KEY=VALUE...   (body fields sent with every request, e.g. reasoning_effort=medium;
                     KEY= removes one; timeout_ms=300000 sets the endpoint's deadline per request)
       hints judge endpoint list [--json]
       hints judge plan --benchmark B --selection S --endpoint E [--samples N]   (calls, tokens, cost; nothing sent)
       hints judge run --benchmark B --selection S --endpoint E [--samples N] [--budget USD] [--limit VALUES]
                     [--without-repository-fact]   (names rated without the measured fact: another judge)
       hints judge status RUN [--json] | hints judge resume RUN [--budget USD] | hints judge stop RUN
       hints judge retry-failed RUN   (as resume: a run's failed calls are asked again)
       hints judge describe plan|run --benchmark B --selection S --endpoint E [--budget USD] [--limit N]
                     (descriptions where the benchmark has none, written from the reference patch)
       hints judge describe list --benchmark B   (every model-written description, JSON Lines)
The key is read from the environment variable --key-env names (OPENAI_API_KEY, say), never from the command line.`;

export interface JudgeOptions {
  json: boolean;
  benchmark?: string;
  selection?: string;
  endpoint?: string;
  url?: string;
  model?: string;
  keyEnv?: string;
  n?: boolean;
  jsonSchema?: boolean;
  seed?: boolean;
  concurrency?: string;
  inputPrice?: string;
  outputPrice?: string;
  samples?: string;
  budget?: string;
  limit?: string;
  withoutRepositoryFact?: boolean;
}

/** A number option: undefined when absent, an error naming it when it is not a number. */
function numberOption(name: string, value: string | undefined, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n)))
    throw new Error(`--${name} must be a ${integer ? "whole " : ""}number, not "${value}"`);
  return n;
}

function describeStatus(s: RunStatus): string {
  const total = s.calls.pending + s.calls.done + s.calls.failed;
  return [
    `run ${s.id} · ${s.judge} · ${s.selection} · ${s.state}${s.reason ? ` (${s.reason})` : ""}`,
    `  calls: ${s.calls.done} done (${s.calls.cached} from the cache), ${s.calls.failed} failed, ${s.calls.pending} pending, of ${total}`,
    `  tokens: ${s.usage.prompt} prompt (${s.usage.cached} cached), ${s.usage.completion} completion (${s.usage.reasoning} reasoning)`,
    `  cost: $${s.cost.toFixed(4)}${s.budget !== null ? ` of a $${s.budget.toFixed(2)} budget` : ""} · ${s.scores} scores stored`,
    ...(s.notes ? s.notes.split("\n").map((line) => `  note: ${line}`) : []),
  ].join("\n");
}

/**
 * Runs a run to its end (or pause, stop), with progress on stderr. The run is a job of the judge queue, which
 * this process works while it waits: a server or worker already running it goes on with it, and the endpoint
 * is never asked twice for a call.
 */
async function execute(db: Database, runId: number, json: boolean): Promise<number> {
  await workJudgeQueue(db);
  await queueOf(db).request(JUDGE_QUEUE, String(runId));
  let status = await runStatus(db, runId);
  while (status.state === "running") {
    process.stderr.write(
      `\rjudge run ${runId}: ${status.calls.done} done, ${status.calls.failed} failed, ${status.calls.pending} pending, $${status.cost.toFixed(4)}\x1b[K`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = await runStatus(db, runId);
  }
  // The last slice writes the run's scores after its state: wait for this process's to end.
  await stopJobQueues();
  status = await runStatus(db, runId);
  process.stderr.write("\n");
  process.stdout.write(`${json ? JSON.stringify(status) : describeStatus(status)}\n`);
  return status.state === "done" && status.calls.failed === 0 ? 0 : 1;
}

/** `hints judge …`: endpoints, plans, runs (see USAGE). */
export async function runJudgeCommand(db: Database, args: string[], o: JudgeOptions): Promise<number> {
  const [verb, ...rest] = args;
  try {
    if (verb === "endpoint" && rest[0] === "add" && rest[1]) {
      if (!o.url || !o.model) throw new Error("endpoint add needs --url BASE_URL and --model MODEL");
      const key = o.keyEnv ? process.env[o.keyEnv] : undefined;
      if (o.keyEnv && !key) throw new Error(`the environment variable ${o.keyEnv} is not set`);
      await saveEndpoint(db, {
        name: rest[1],
        baseUrl: o.url,
        apiKey: key ?? null,
        model: o.model,
        supportsN: o.n,
        supportsJsonSchema: o.jsonSchema,
        supportsSeed: o.seed,
        concurrency: numberOption("concurrency", o.concurrency, true),
        inputPrice: numberOption("input-price", o.inputPrice),
        outputPrice: numberOption("output-price", o.outputPrice),
      });
      process.stdout.write(`Saved judge endpoint ${rest[1]} (${o.model} at ${o.url}${key ? ", with a key" : ""}).\n`);
      return 0;
    }
    if (verb === "endpoint" && rest[0] === "test" && rest[1]) {
      const measure = await testEndpoint(db, rest[1]);
      process.stdout.write(
        o.json
          ? `${JSON.stringify(measure)}\n`
          : `${[
              `Endpoint ${rest[1]}: n ${measure.takesN ? "taken" : "ignored"} (${measure.nReturned} of ${measure.nAsked} choices), JSON schema ${measure.jsonSchema ? "honoured" : "not honoured"}, usage ${measure.usageReported ? "reported" : "not reported"}, prices ${measure.priced ? "set" : "not set"}.`,
              ...measure.notes.map((line) => `  ${line}`),
              "Runs on it follow this measure (over --n and --json-schema).",
            ].join("\n")}\n`,
      );
      return 0;
    }
    if (verb === "endpoint" && rest[0] === "set" && rest[1]) {
      if (rest.length < 3) throw new Error("endpoint set needs KEY=VALUE words, e.g. reasoning_effort=medium");
      const saved = await setEndpointOptions(db, rest[1], rest.slice(2));
      process.stdout.write(
        `Endpoint ${rest[1]}: parameters ${JSON.stringify(saved.parameters)}, ${saved.timeoutMs} ms a request. Its judge's name says the parameters; \`hints judge endpoint test ${rest[1]}\` measures it again.\n`,
      );
      return 0;
    }
    if (verb === "endpoint" && rest[0] === "list") {
      const endpoints = await listEndpoints(db);
      const said = (e: (typeof endpoints)[number]) =>
        [
          `${e.name}  ${e.model}  ${e.baseUrl}${e.hasKey ? "  (key set)" : ""}`,
          Object.keys(e.parameters).length > 0 ? `  parameters ${JSON.stringify(e.parameters)}` : "",
          e.measured
            ? `  measured ${e.measured.at}: n ${e.measured.takesN ? "taken" : "ignored"}, JSON schema ${e.measured.jsonSchema ? "honoured" : "not honoured"}, usage ${e.measured.usageReported ? "reported" : "not reported"}`
            : "  not tested (`hints judge endpoint test`)",
        ].join("");
      process.stdout.write(
        o.json ? `${JSON.stringify(endpoints)}\n` : `${endpoints.map(said).join("\n") || "no judge endpoints"}\n`,
      );
      return 0;
    }
    const target = () => {
      if (!o.benchmark || !o.selection || !o.endpoint)
        throw new Error(`${verb} needs --benchmark NAME --selection S --endpoint NAME`);
      return {
        benchmark: o.benchmark,
        selection: o.selection,
        endpoint: o.endpoint,
        samples: numberOption("samples", o.samples, true),
        repositoryFact: !o.withoutRepositoryFact,
      };
    };
    if (verb === "describe") return await describeCommand(db, rest[0], o);
    if (verb === "plan") {
      const plan = await planRun(db, target());
      process.stdout.write(
        o.json
          ? `${JSON.stringify(plan)}\n`
          : `${plan.values} values of ${plan.identifiers} identifiers on ${plan.instances} instances: ${plan.calls} calls in ${plan.requests} requests (${plan.takesN ? "samples through n" : "one per sample"}, ${plan.abilities === "measured" ? "as the endpoint test measured" : "as set; `hints judge endpoint test` measures it"}), about ${plan.promptTokens} prompt and ${plan.completionTokens} completion tokens${plan.cost !== null ? `, about $${plan.cost.toFixed(2)}` : " (no prices set)"}${plan.withoutRepositoryFact > 0 ? `; ${plan.withoutRepositoryFact} names rated without the measured repository fact (left out, or no repository store)` : ""}\n`,
      );
      return 0;
    }
    if (verb === "run") {
      const runId = await createRun(db, {
        ...target(),
        budget: numberOption("budget", o.budget) ?? null,
        limit: numberOption("limit", o.limit, true),
      });
      process.stderr.write(`judge run ${runId} created\n`);
      return await execute(db, runId, o.json);
    }
    const runId = Number(rest[0]);
    if (!Number.isInteger(runId) || runId < 1) throw new Error(USAGE);
    if (verb === "status") {
      const status = await runStatus(db, runId);
      process.stdout.write(`${o.json ? JSON.stringify(status) : describeStatus(status)}\n`);
      return 0;
    }
    if (verb === "resume" || verb === "retry-failed") {
      const again = await resumeRun(db, runId, numberOption("budget", o.budget));
      if (again > 0) process.stderr.write(`judge run ${runId}: ${again} failed calls asked again\n`);
      return await execute(db, runId, o.json);
    }
    if (verb === "stop") {
      await stopRun(db, runId);
      process.stdout.write(`Stopped judge run ${runId}; \`hints judge resume ${runId}\` takes it up again.\n`);
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return 2;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
}

/** `hints judge describe …`: descriptions a model writes where the benchmark has none. */
async function describeCommand(db: Database, verb: string | undefined, o: JudgeOptions): Promise<number> {
  if (verb === "list") {
    if (!o.benchmark) throw new Error("describe list needs --benchmark NAME");
    for (const row of await listModelDescriptions(db, o.benchmark)) process.stdout.write(`${JSON.stringify(row)}\n`);
    return 0;
  }
  if (verb !== "plan" && verb !== "run") throw new Error(USAGE);
  if (!o.benchmark || !o.selection || !o.endpoint)
    throw new Error(`describe ${verb} needs --benchmark NAME --selection S --endpoint NAME`);
  const target = { benchmark: o.benchmark, selection: o.selection, endpoint: o.endpoint };
  if (verb === "plan") {
    const plan = await planDescriptions(db, target);
    process.stdout.write(
      o.json
        ? `${JSON.stringify(plan)}\n`
        : `${plan.identifiers} identifiers on ${plan.instances} instances lack a description: ${plan.calls} calls, about ${plan.promptTokens} prompt and ${plan.completionTokens} completion tokens${plan.cost !== null ? `, about $${plan.cost.toFixed(2)}` : " (no prices set)"}\n`,
    );
    return 0;
  }
  const summary = await writeDescriptions(
    db,
    { ...target, budget: numberOption("budget", o.budget) ?? null, limit: numberOption("limit", o.limit, true) },
    {
      onProgress: (p) =>
        process.stderr.write(`\rdescribing: ${p.done} of ${p.total}, ${p.failed} failed, $${p.cost.toFixed(4)}\x1b[K`),
    },
  );
  process.stderr.write("\n");
  if (o.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else {
    const lines = [
      `${summary.written} descriptions written by ${summary.model} (${summary.cached} from the cache), ${summary.failed.length} failed · ${summary.usage.prompt} prompt and ${summary.usage.completion} completion tokens, $${summary.cost.toFixed(4)}`,
      ...summary.failed.map((f) => `  ${f.instance_id} ${f.identifier} (${f.path}): ${f.error}`),
      ...(summary.stopped ? [`Stopped: ${summary.stopped}. Run it again to take up the rest.`] : []),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return summary.stopped || summary.failed.length > 0 ? 1 : 0;
}
