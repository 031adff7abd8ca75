import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { EvidenceInput } from "../../evidence/evidence";
import type { AnalysisRecord } from "../../instance-analysis/analysis-record";
import type { WorkAnswer, WorkRequest } from "../../instance-analysis/analysis-worker";
import type { Availability } from "../../repository-store/repository-store";

/** Analyses instances on worker threads (piscina's pool). */

/** Instances a worker is handed ahead (it analyses them one after another). */
const DEPTH = 4;

export type WorkResponse = { id: number; record: AnalysisRecord } | { id: number; failure: string };

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
  // The command line's bundle has the worker's beside it (lib/build/cli-bundle.mjs).
  if (import.meta.url.startsWith("file:") && import.meta.url.endsWith("/hints.mjs")) {
    const beside = new URL(/*turbopackIgnore: true*/ ["analysis-worker.mjs"].join("/"), import.meta.url);
    if (existsSync(beside)) return beside;
  }
  const bundle = path.join(/*turbopackIgnore: true*/ process.cwd(), ".next", "analysis-worker.mjs");
  return existsSync(bundle) ? pathToFileURL(bundle) : null;
}

/**
 * A pool of `size` analysis workers on piscina, or null where workers cannot start (see workerScript): then
 * the analysis runs in the caller's process and yields between instances instead.
 */
export function analysisPool(size: number, entry: URL | null = workerScript()): AnalysisPool | null {
  const script = size < 1 ? null : entry;
  if (!script) return null;
  const pool = new Piscina<WorkRequest, WorkAnswer>({
    filename: script.href,
    minThreads: size,
    maxThreads: size,
    // Each worker holds a few instances ahead: one that finishes starts the next without waiting for this
    // thread, which is often busy writing the previous batch, to hand it over.
    concurrentTasksPerWorker: DEPTH,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  const answeredBy = new Set<number>();
  let next = 0;
  return {
    size,
    answeredBy,
    // A task that throws, or a worker that dies, fails only its own instances (piscina starts a new worker):
    // each is answered as a failure, and the others go on.
    run: (instance, found) => {
      const id = next++;
      return pool.run({ instance, found }).then(
        (answer): WorkResponse => {
          answeredBy.add(answer.thread);
          return { id, record: answer.record };
        },
        (error: unknown): WorkResponse => ({
          id,
          failure: `an analysis worker failed: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
    },
    close: () => pool.destroy(),
  };
}
