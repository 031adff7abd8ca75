import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
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
    const entry = ["..", "analysis", "analysis-worker-entry.mjs"].join("/");
    return new URL(/*turbopackIgnore: true*/ entry, import.meta.url);
  }
  const bundle = path.join(/*turbopackIgnore: true*/ process.cwd(), ".next", "analysis-worker.mjs");
  return existsSync(bundle) ? pathToFileURL(bundle) : null;
}

/**
 * A pool of `size` analysis workers, or null where workers cannot start (see workerScript): then the
 * analysis runs in the caller's process and yields between instances instead.
 */
export function analysisPool(size: number): AnalysisPool | null {
  const script = size < 1 ? null : workerScript();
  if (!script) return null;
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
