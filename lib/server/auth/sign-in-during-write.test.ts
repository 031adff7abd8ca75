/**
 * On PostgreSQL a sign-in does not wait behind another feature's long write (issue 45: behind the per-process
 * write queue, a sign-in waited 1.6–1.9 s for a queued 2 s write). Two clients on a real throwaway cluster, as
 * two servers: one runs another feature's write (the research-fact backfill) held up by a row another
 * connection holds until the test lets it go, and sign-ins on both clients complete meanwhile. Nothing is timed: the long write ends only after the sign-ins have (or, where they
 * cannot, after a minute, and the order of events then fails the test).
 * Run once, in the SQLite stage, on a cluster of its own (SQLite has one writer: its writes take turns).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../../testing/postgres-cluster";
import { TEST_ENGINE } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { backfillResearchFacts } from "../analysis/research-fact-rows";
import { openDatabase } from "../db/client";
import { withPostgresSession } from "../db/postgres-admin";
import { importFiles } from "../import/import-files";
import { startSession, userOfSession } from "./sessions";
import { addUser } from "./users";

const RUN = TEST_ENGINE === "sqlite" && POSTGRES_AVAILABLE;
let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null = null;
beforeAll(async () => {
  if (RUN) cluster = await startPostgresCluster();
});
afterAll(() => cluster?.stop());

test.skipIf(!RUN)(
  "sign-ins on both servers complete while another feature's write is held up by a row lock",
  async () => {
    const c = cluster as NonNullable<typeof cluster>;
    const url = c.createDatabase("signin");
    const one = await openDatabase(url);
    const two = await openDatabase(url);
    try {
      const ada = await addUser(one, { name: "ada", role: "curator", password: "a long enough password" });
      // Another feature's write made long: the research-fact backfill, whose claim waits for an instance row
      // another connection holds (the test lets it go once both sign-ins are in).
      const tmp = makeTempDir("hintscope-signin-");
      const records = Array.from({ length: 3 }, (_, k) => swebenchRecord(k + 1));
      await importFiles(one, [tmp.write("widgets.jsonl", jsonl(records))], { benchmark: "widgets" });
      await analyzePendingInstances(one, undefined, { store: null });
      await one.instance.updateMany({ data: { researchFacts: 0 } });
      const events: string[] = [];
      const result = await withPostgresSession(url, async (holder) => {
        await holder.query("BEGIN");
        await holder.query(`SELECT "id" FROM "Instance" ORDER BY "id" LIMIT 1 FOR UPDATE`);
        const long = backfillResearchFacts(one).then(() => events.push("long write done"));
        // Until PostgreSQL shows the backfill waiting on the row (from a session of its own: inside the
        // holder's transaction pg_stat_activity stays as first read).
        for (;;) {
          const waiting = await withPostgresSession(
            url,
            async (watcher) =>
              (await watcher.query(`SELECT 1 FROM pg_stat_activity WHERE "wait_event_type" = 'Lock'`)).rows.length,
          );
          if (waiting > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // The fallback only matters where the sign-ins cannot complete: the long write then ends first.
        const fallback = setTimeout(() => void holder.query("COMMIT"), 60_000);
        const sessions = await Promise.all([
          startSession(one, ada.id).then((s) => {
            events.push("sign-in on one");
            return s;
          }),
          startSession(two, ada.id).then((s) => {
            events.push("sign-in on two");
            return s;
          }),
        ]);
        clearTimeout(fallback);
        await holder.query("COMMIT").catch(() => undefined);
        await long;
        return sessions;
      });
      tmp.cleanup();
      const [onOne, onTwo] = result;
      expect(events.slice(0, 2).sort()).toEqual(["sign-in on one", "sign-in on two"]);
      expect(events[2]).toBe("long write done");
      expect((await userOfSession(two, onOne.token))?.name).toBe("ada");
      expect((await userOfSession(one, onTwo.token))?.name).toBe("ada");
    } finally {
      await one.$disconnect();
      await two.$disconnect();
    }
  },
);
