/**
 * A batch of the analysis whose transaction runs out of time is written again, smaller, and the analysis
 * finishes (issue 45: a 50k analysis on a loaded PostgreSQL died with P2028 after 5.2 s of a batch's write).
 * On a real throwaway PostgreSQL cluster: another connection holds one instance's row, so the batch's claim
 * waits on it past the transaction's time; nothing here measures wall-clock time against a limit (the hold
 * is released only once PostgreSQL shows the batch waiting, and the timeout has surely passed by then).
 * Run once, in the SQLite stage, on a cluster of its own (a row lock that outlasts a transaction's time is
 * PostgreSQL's: SQLite's one writer is met by the busy retry instead).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../../testing/postgres-cluster";
import { TEST_ENGINE } from "../../testing/temp-database";
import { openDatabase } from "../db/client";
import { withPostgresSession } from "../db/postgres-admin";
import type { TimeoutRetry } from "../db/transactions";
import { importFiles } from "../import/import-files";
import { analyzePendingInstances } from "./analyze-stored-instances";

const RUN = TEST_ENGINE === "sqlite" && POSTGRES_AVAILABLE;
let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null = null;
beforeAll(async () => {
  if (RUN) cluster = await startPostgresCluster();
});
afterAll(() => cluster?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.skipIf(!RUN)(
  "a batch write held past its time by another connection's row lock is written again in halves: all analysed, none failed",
  async () => {
    const c = cluster as NonNullable<typeof cluster>;
    const url = c.createDatabase("slowbatch");
    const tmp = makeTempDir("hintscope-slow-");
    const db = await openDatabase(`${url}?application_name=analysis`);
    try {
      const records = Array.from({ length: 6 }, (_, k) => swebenchRecord(k + 1));
      await importFiles(db, [tmp.write("widgets.jsonl", jsonl(records))], { benchmark: "widgets" });
      const held = await db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-4" } });
      // The first transaction is given 300 ms (a loaded machine's 5 s in small), every one after it two minutes.
      const FIRST_MS = 300;
      let transactions = 0;
      const retries: TimeoutRetry[] = [];
      const analysis = withPostgresSession(url, async (holder) => {
        await holder.query("BEGIN");
        await holder.query(`SELECT "id" FROM "Instance" WHERE "id" = $1 FOR UPDATE`, [held.id]);
        const running = analyzePendingInstances(db, undefined, {
          store: null,
          writeTimeouts: {
            timeoutMs: () => (transactions++ === 0 ? FIRST_MS : 120_000),
            onTimeout: (retry) => retries.push(retry),
          },
        });
        let settled = false;
        running.then(
          () => (settled = true),
          () => (settled = true),
        );
        // Until the batch's claim waits on the held row (PostgreSQL says so), then past its time: it began
        // before it waited, so FIRST_MS from now it has surely run out. (An analysis that ended first fails below.)
        while (!settled) {
          // From a session of its own: inside the holder's transaction, pg_stat_activity stays as first read.
          const rows = await withPostgresSession(
            url,
            async (watcher) =>
              (
                await watcher.query(
                  `SELECT 1 FROM pg_stat_activity WHERE "application_name" = 'analysis' AND "wait_event_type" = 'Lock'`,
                )
              ).rows,
          );
          if (rows.length > 0) break;
          await sleep(20);
        }
        await sleep(FIRST_MS * 2);
        await holder.query("COMMIT");
        return running;
      });
      const summary = await analysis;
      expect(summary).toMatchObject({ analysed: 6, failed: [] });
      expect(retries[0]).toEqual({ items: 6, next: "halves" });
      expect(transactions).toBeGreaterThanOrEqual(3);
      const statuses = await db.instance.findMany({ select: { analysisStatus: true }, orderBy: { id: "asc" } });
      expect(statuses.map((s) => s.analysisStatus)).toEqual(Array(6).fill("done"));
      // Each instance's identifiers written once (the batch that timed out was rolled back whole).
      const twice = await db.$queryRawUnsafe<unknown[]>(
        `SELECT "instanceId", "position" FROM "Identifier" GROUP BY "instanceId", "position" HAVING COUNT(*) > 1`,
      );
      expect(twice).toEqual([]);
      expect(await db.identifier.count()).toBeGreaterThan(0);
    } finally {
      await db.$disconnect();
      tmp.cleanup();
    }
  },
);
