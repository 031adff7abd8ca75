"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { EndpointRefusal, EndpointUnavailable } from "../../judge/chat-client";
import { type ActionResult, AppError, actionResult } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { requestJudgeRun } from "../judge/judge-queue";
import { createRun, planRun, resumeRun, saveEndpoint, stopRun, testEndpoint } from "../judge/judge-runs";
import { identifiersToDescribe, planDescriptions, writeDescriptions } from "../judge/model-descriptions";

export type JudgeActionResult = ActionResult<{ message: string; runId?: number }>;

/**
 * An endpoint that refused or did not answer (lib/judge/chat-client.ts, pure code beneath the vocabulary):
 * said as unavailable. lib/server/judge throws AppErrors for a refused request (no such run, a bad option);
 * anything else (a TypeError, a database error) is a fault.
 */
const judgeRefusal = (error: unknown): AppError | null =>
  error instanceof EndpointRefusal || error instanceof EndpointUnavailable
    ? new AppError("unavailable", error.message)
    : null;

async function attempt(work: () => Promise<{ message: string; runId?: number }>): Promise<JudgeActionResult> {
  return actionResult(async () => {
    const done = await work();
    revalidatePath("/admin/judge");
    return { ok: true as const, ...done };
  }, judgeRefusal);
}

/**
 * Asks for a run as a job of the queue (this server, another, or a worker takes it); its state and every
 * call are rows, so any server shows it. Pages read runs and scores per request: nothing to revalidate.
 */
async function inBackground(runId: number) {
  await requestJudgeRun(await getDb(), runId);
}

const price = z.number().min(0).nullable();

/** Adds or replaces a judge endpoint (admins). The key stays on the server. */
export const saveEndpointAction = guardedAction(
  {
    role: "admin",
    input: z.object({
      name: z.string().trim().min(1).max(100),
      baseUrl: z.string().trim().url(),
      apiKey: z.string().max(500).nullable(),
      model: z.string().trim().min(1).max(200),
      supportsN: z.boolean(),
      supportsJsonSchema: z.boolean(),
      supportsSeed: z.boolean(),
      concurrency: z.number().int().min(1).max(64),
      inputPrice: price,
      outputPrice: price,
    }),
  },
  async (input) =>
    attempt(async () => {
      await saveEndpoint(await getDb(), { ...input, apiKey: input.apiKey || null });
      return { message: `Saved judge endpoint ${input.name}.` };
    }),
);

/** Asks an endpoint one tiny question and records what it does (n, a JSON schema, usage); runs follow it. */
export const testEndpointAction = guardedAction(
  { role: "admin", input: z.object({ name: z.string().trim().min(1).max(100) }) },
  async ({ name }) =>
    attempt(async () => {
      const measure = await testEndpoint(await getDb(), name);
      return { message: `Endpoint ${name} tested: ${measure.notes.join("; ")}.` };
    }),
);

const RunInput = z.object({
  benchmark: z.string().min(1).max(200),
  selection: z.string().min(1).max(50),
  endpoint: z.string().min(1).max(100),
  samples: z.number().int().min(1).max(10),
  budget: z.number().positive().nullable(),
  limit: z.number().int().positive().nullable(),
  /** false: the N call of a name is not told the measured repository fact */
  repositoryFact: z.boolean().default(true),
});

/** What a run would cost, before anything is sent. */
export const planRunAction = guardedAction({ role: "admin", input: RunInput }, async (input) =>
  attempt(async () => {
    const plan = await planRun(await getDb(), input);
    const values = input.limit === null ? plan.values : Math.min(plan.values, input.limit);
    const share = plan.values === 0 ? 0 : values / plan.values;
    return {
      message: `${values} values (${plan.identifiers} identifiers on ${plan.instances} instances): ${values * 2 * input.samples} calls in ${Math.round(plan.requests * share)} requests (${plan.takesN ? "samples through n" : "one per sample"}, ${plan.abilities === "measured" ? "as measured" : "as set: test the endpoint to measure it"}), about ${Math.round(plan.promptTokens * share).toLocaleString("en")} prompt and ${Math.round(plan.completionTokens * share).toLocaleString("en")} completion tokens${plan.cost === null ? " (no prices set)" : `, about $${(plan.cost * share).toFixed(2)}`}.`,
    };
  }),
);

/** Creates a run and starts it on this server. */
export const startRunAction = guardedAction({ role: "admin", input: RunInput }, async (input) =>
  attempt(async () => {
    const runId = await createRun(await getDb(), { ...input, limit: input.limit ?? undefined });
    await inBackground(runId);
    return { message: `Judge run ${runId} started.`, runId };
  }),
);

const RunId = z.object({ runId: z.number().int().positive() });

export const stopRunAction = guardedAction({ role: "admin", input: RunId }, async ({ runId }) =>
  attempt(async () => {
    await stopRun(await getDb(), runId);
    return { message: `Judge run ${runId} stopped; its pending calls wait for a resume.` };
  }),
);

export const resumeRunAction = guardedAction(
  { role: "admin", input: RunId.extend({ budget: z.number().positive().nullable() }) },
  async ({ runId, budget }) =>
    attempt(async () => {
      await resumeRun(await getDb(), runId, budget ?? undefined);
      await inBackground(runId);
      return { message: `Judge run ${runId} resumed.` };
    }),
);

const DescribeInput = z.object({
  benchmark: z.string().min(1).max(200),
  selection: z.string().min(1).max(50),
  endpoint: z.string().min(1).max(100),
  budget: z.number().positive().nullable(),
  limit: z.number().int().positive().nullable(),
});

/** What writing the missing descriptions would cost, before anything is sent. */
export const planDescriptionsAction = guardedAction({ role: "admin", input: DescribeInput }, async (input) =>
  attempt(async () => {
    const plan = await planDescriptions(await getDb(), input);
    const share = plan.identifiers === 0 || input.limit === null ? 1 : Math.min(1, input.limit / plan.identifiers);
    const identifiers = Math.round(plan.identifiers * share);
    return {
      message: `${identifiers} identifiers (on ${plan.instances} instances) lack a description: ${identifiers} calls, about ${Math.round(plan.promptTokens * share).toLocaleString("en")} prompt and ${Math.round(plan.completionTokens * share).toLocaleString("en")} completion tokens${plan.cost === null ? " (no prices set)" : `, about $${(plan.cost * share).toFixed(2)}`}.`,
    };
  }),
);

/**
 * Starts writing the missing descriptions on this server. Each one written is a row at once, so the page's
 * counts (on any server) follow it, and a run stopped halfway is taken up by starting again.
 */
export const writeDescriptionsAction = guardedAction({ role: "admin", input: DescribeInput }, async (input) =>
  attempt(async () => {
    const db = await getDb();
    const todo = (await identifiersToDescribe(db, input.benchmark, input.selection)).length;
    const count = input.limit === null ? todo : Math.min(todo, input.limit);
    void writeDescriptions(db, { ...input, limit: input.limit ?? undefined })
      .then((summary) => {
        if (summary.stopped || summary.failed.length > 0)
          process.stderr.write(
            `hintscope: descriptions on ${input.benchmark}: ${summary.written} written, ${summary.failed.length} failed${summary.stopped ? `; stopped: ${summary.stopped}` : ""}\n`,
          );
      })
      .catch((error: Error) => process.stderr.write(`hintscope: writing descriptions failed: ${error.message}\n`));
    return { message: `Writing ${count} descriptions on ${input.benchmark}; the counts below follow.` };
  }),
);
