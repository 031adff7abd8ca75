import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { EvidenceInput } from "../../evidence/evidence";
import type { WorkRequest, WorkResponse } from "../../instance-analysis/analysis-worker";
import type { Availability } from "../../repository-store/repository-store";

/** Analyses instances on worker threads. */

/** Instances a worker is handed ahead (it analyses them one after another). */
const DEPTH = 4;
export interface AnalysisPool {
  size: number;
  run(instance: EvidenceInput, found?: Availability): Promise<WorkResponse>;
  /** the worker threads that have answered a request (their thread ids): proof the work left this thread */
  answeredBy: ReadonlySet<number>;
  close(): Promise<void>;
}

/**
 * Where a worker thread starts: under tsx (the command line, the benches, the tests) the TypeScript entry
 * beside this file; in the built server the worker bundle `npm run build` writes beside Next's build
 * (lib/build/bundle-analysis-worker.mjs). Null where neither is there: the analysis then stays in process.
 */
function workerScript(): URL | null {
  // Under tsx or Vitest, TypeScript loads as it is; the built server's modules also name their .ts sources
  // in import.meta.url, but there nothing would compile the worker's.
  const typescriptLoads = process.execArgv.some((arg) => arg.includes("tsx")) || process.env.VITEST !== undefined;
  if (typescriptLoads && import.meta.url.endsWith(".ts")) {
    // Built from parts, so that the app's bundler does not try to bundle the worker.
    const entry = ["..", "..", "instance-analysis", "analysis-worker-entry.mjs"].join("/");
    return new URL(/*turbopackIgnore: true*/ entry, import.meta.url);
  }
  const bundle = path.join(/*turbopackIgnore: true*/ process.cwd(), ".next", "analysis-worker.mjs");
  return existsSync(bundle) ? pathToFileURL(bundle) : null;
}

/**
 * A pool of `size` analysis workers, or null where workers cannot start (see workerScript): then the
 * analysis runs in the caller's process and yields between instances instead.
 */
export function analysisPool(size: number, entry: URL | null = workerScript()): AnalysisPool | null {
  const script = size < 1 ? null : entry;
  if (!script) return null;
  const workers: Worker[] = [];
  const waiting = new Map<number, (response: WorkResponse) => void>();
  const queue: WorkRequest[] = [];
  const answeredBy = new Set<number>();
  let next = 0;
  let closing = false;
  // The requests each worker holds (at most DEPTH): a worker that finishes one starts the next without
  // waiting for this thread, which is often busy writing the previous batch, to answer its message.
  const held = new Map<Worker, Set<number>>();
  const feed = () => {
    for (;;) {
      if (workers.length === 0) return;
      const worker = workers.reduce((a, b) => ((held.get(a)?.size ?? 0) <= (held.get(b)?.size ?? 0) ? a : b));
      const request = (held.get(worker)?.size ?? 0) < DEPTH ? queue.shift() : undefined;
      if (!request) return;
      held.get(worker)?.add(request.id);
      worker.postMessage(request);
    }
  };
  const start = () => {
    const worker = new Worker(/*turbopackIgnore: true*/ script);
    workers.push(worker);
    held.set(worker, new Set());
    // A worker that fails fails only the instances it holds, loudly, and a new worker takes its place: the
    // other workers' instances go on.
    worker.on("error", (error) => {
      for (const id of held.get(worker) ?? []) {
        waiting.get(id)?.({ id, failure: `an analysis worker failed: ${error.message}` });
        waiting.delete(id);
      }
      held.delete(worker);
      workers.splice(workers.indexOf(worker), 1);
      if (!closing) start();
      feed();
    });
    worker.on("message", (response: WorkResponse) => {
      answeredBy.add(worker.threadId);
      waiting.get(response.id)?.(response);
      waiting.delete(response.id);
      held.get(worker)?.delete(response.id);
      feed();
    });
  };
  for (let i = 0; i < size; i++) start();
  const dispatch = (request: WorkRequest) =>
    new Promise<WorkResponse>((resolve) => {
      waiting.set(request.id, resolve);
      queue.push(request);
      feed();
    });
  return {
    size,
    answeredBy,
    run: (instance, found) => dispatch({ id: next++, instance, found }),
    close: async () => {
      closing = true;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
