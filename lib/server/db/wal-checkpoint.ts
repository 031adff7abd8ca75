/**
 * SQLite checkpoints (the write-ahead log copied back into the database file) off the request thread.
 * SQLite runs one when a commit leaves the log past 1,000 pages, inside that commit and on its thread: after
 * an import of 100 MB that is half a second in which the process answers nothing and holds the write lock,
 * and the analysis, which rewrites every instance's row, would pay it every batch. Both therefore turn that
 * off on their own connection and have a worker thread checkpoint after their commits; a checkpoint of this
 * kind waits for no reader or writer, and a commit meanwhile skips its own.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
parentPort.on("message", () => {
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  }
});
parentPort.postMessage({ ready: true });
`;

export interface Checkpointer {
  /** runs a checkpoint (after the one running, if any); resolves with the pages copied back, or null where the worker could not */
  run(): Promise<number | null>;
  /** starts a checkpoint unless one is running already; does not wait for it */
  nudge(): void;
  /** ends the worker, once the checkpoint running (if any) is done */
  stop(): Promise<void>;
  /** checkpoints started so far (each one runs on the one worker) */
  readonly checkpoints: number;
  /** the worker's thread id, or null where none started */
  readonly threadId: number | null;
}

type Answer = { ok: boolean; result?: { checkpointed: number } };

/**
 * A worker opened on the database `file` and ready to checkpoint it: started before the work whose commits
 * it follows, so a checkpoint follows a commit at once (a save committing in between would run it itself).
 */
export function startCheckpointer(file: string): Checkpointer {
  let worker: Worker | null = null;
  let ready: Promise<boolean> = Promise.resolve(false);
  try {
    // Resolved here, where the app's own modules resolve it (a bundled server, tsx, Vitest alike).
    const driver = createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3");
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    worker = started;
    ready = new Promise((resolve) => {
      started.once("message", () => resolve(true));
      started.once("error", () => resolve(false));
      started.once("exit", () => resolve(false));
    });
  } catch {
    worker = null;
  }
  let running: Promise<number | null> | null = null;
  let stopped = false;
  let checkpoints = 0;
  const checkpoint = async (): Promise<number | null> => {
    if (!worker || stopped || !(await ready)) return null;
    checkpoints++;
    const current = worker;
    const { ok, result } = await new Promise<Answer>((resolve) => {
      const done = (answer: Answer) => {
        current.off("message", done);
        current.off("exit", gone);
        resolve(answer);
      };
      const gone = () => done({ ok: false });
      current.on("message", done);
      current.once("exit", gone);
      current.postMessage("checkpoint");
    });
    return ok ? (result?.checkpointed ?? 0) : null;
  };
  const run = () => {
    const after = running ?? Promise.resolve(null);
    const next: Promise<number | null> = after.then(checkpoint, checkpoint).finally(() => {
      if (running === next) running = null;
    });
    running = next;
    return next;
  };
  return {
    run,
    get checkpoints() {
      return checkpoints;
    },
    get threadId() {
      return worker?.threadId ?? null;
    },
    nudge() {
      if (!running) void run();
    },
    async stop() {
      await running;
      stopped = true;
      await worker?.terminate();
    },
  };
}
