import { Worker } from "node:worker_threads";
import type { WorkRequest, WorkResponse } from "../analysis/analysis-worker";
import type { EvidenceInput } from "../evidence/evidence";

/** Analyses instances on worker threads. */

/** Instances a worker is handed ahead (it analyses them one after another). */
const DEPTH = 4;
export interface AnalysisPool {
  size: number;
  run(instance: EvidenceInput): Promise<WorkResponse>;
  close(): Promise<void>;
}

/**
 * A pool of `size` analysis workers, or null where workers cannot start: they load the TypeScript sources
 * through tsx, as the command line and the benches run; inside the Next server (bundled code) the analysis
 * stays in the request's process and yields between instances instead.
 */
export function analysisPool(size: number): AnalysisPool | null {
  if (size < 1 || !import.meta.url.endsWith(".ts")) return null;
  // Built from parts, so that the app's bundler does not try to bundle the worker (the server never starts it).
  const entry = ["..", "analysis", "analysis-worker-entry.mjs"].join("/");
  const script = new URL(/*turbopackIgnore: true*/ entry, import.meta.url);
  const workers = Array.from({ length: size }, () => new Worker(/*turbopackIgnore: true*/ script));
  const waiting = new Map<number, (response: WorkResponse) => void>();
  const queue: WorkRequest[] = [];
  let next = 0;
  // Requests each worker holds (at most DEPTH): a worker that finishes one starts the next without waiting
  // for this thread, which is often busy writing the previous batch, to answer its message.
  const load = new Map(workers.map((w) => [w, 0]));
  const feed = () => {
    for (;;) {
      const worker = workers.reduce((a, b) => ((load.get(a) ?? 0) <= (load.get(b) ?? 0) ? a : b));
      const request = (load.get(worker) ?? 0) < DEPTH ? queue.shift() : undefined;
      if (!request) return;
      load.set(worker, (load.get(worker) ?? 0) + 1);
      worker.postMessage(request);
    }
  };
  for (const worker of workers) {
    // A worker that fails fails the instances it holds (and the analysis run, loudly), never hangs it.
    worker.on("error", (error) => {
      for (const [id, resolve] of waiting) resolve({ id, failure: `an analysis worker failed: ${error.message}` });
      waiting.clear();
    });
    worker.on("message", (response: WorkResponse) => {
      waiting.get(response.id)?.(response);
      waiting.delete(response.id);
      load.set(worker, (load.get(worker) ?? 1) - 1);
      feed();
    });
  }
  const dispatch = (request: WorkRequest) =>
    new Promise<WorkResponse>((resolve) => {
      waiting.set(request.id, resolve);
      queue.push(request);
      feed();
    });
  return {
    size,
    run: (instance) => dispatch({ id: next++, instance }),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
