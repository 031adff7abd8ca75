/**
 * A SQLite checkpoint (the write-ahead log copied back into the database file) off the request thread.
 * SQLite runs one when a commit leaves the log past 1,000 pages, inside that commit and on its thread: after
 * an import of 100 MB that is half a second in which the process answers nothing and holds the write lock.
 * An import therefore turns that off on its own connection and has a worker thread checkpoint once it has
 * committed; a checkpoint of this kind waits for no reader or writer, and a commit meanwhile skips its own.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
parentPort.once("message", () => {
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error) });
  } finally {
    db.close();
  }
});
parentPort.postMessage({ ready: true });
`;

export interface Checkpointer {
  /** runs the checkpoint; resolves with the pages copied back, or null where the worker could not run it */
  run(): Promise<number | null>;
  /** ends the worker, run or not (an import that failed has nothing to checkpoint) */
  stop(): Promise<void>;
}

/**
 * A worker opened on the database `file` and ready to checkpoint it: started before the import commits, so
 * the checkpoint follows the commit at once (a save committing in between would otherwise run it itself).
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
  return {
    async run() {
      if (!worker || !(await ready)) {
        await worker?.terminate();
        return null;
      }
      const running = worker;
      const answer = new Promise<{ ok: boolean; result?: { checkpointed: number } }>((resolve) => {
        running.once("message", resolve);
        running.once("error", () => resolve({ ok: false }));
        running.once("exit", () => resolve({ ok: false }));
      });
      running.postMessage("checkpoint");
      const { ok, result } = await answer;
      await running.terminate();
      return ok ? (result?.checkpointed ?? 0) : null;
    },
    async stop() {
      await worker?.terminate();
    },
  };
}
