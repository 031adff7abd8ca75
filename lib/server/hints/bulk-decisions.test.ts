import { expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { decideView } from "./bulk-decisions";
import { recordDecision } from "./record-decision";

test("a whole view decided at once: each open hint an audited decision, decided ones left, a changed count refused", async () => {
  const { db, close } = await openTempDatabase();
  const tmp = makeTempDir("hintscope-bulk-");
  try {
    await importFiles(db, [tmp.write("swebench-lite-bulk.jsonl", jsonl([1, 2, 3, 4].map((n) => swebenchRecord(n))))]);
    await analyzePendingInstances(db, undefined, { store: null });
    const [first] = await db.instance.findMany({ orderBy: { externalId: "asc" }, take: 1 });
    await recordDecision(
      db,
      { instanceId: first?.id, selection: "defuse", projection: "declaration", action: "accept", expectedVersion: 0 },
      "grace",
    );
    const view = parseListState(new URLSearchParams("ids=acme__widgets-1,acme__widgets-2,acme__widgets-3"));
    // The curator confirmed 3 open hints, but the view holds 2: nothing is decided.
    await expect(decideView(db, view, { action: "accept" }, "ada", 3)).rejects.toThrow(
      /the view now holds 2 open hint\(s\), not the 3 confirmed: nothing was decided/,
    );
    expect(await db.decision.count({ where: { curator: "ada" } })).toBe(0);
    const outcome = await decideView(db, view, { action: "flag", reason: "tests_too_narrow", note: "bulk" }, "ada", 2);
    expect(outcome).toEqual({ decided: 2, alreadyDecided: 1, refused: [] });
    const hints = await db.hint.findMany({
      include: { instance: true, decisions: true },
      orderBy: { instanceId: "asc" },
    });
    expect(
      hints.map((h) => [h.instance.externalId, h.status, h.flagReason, h.decisions.map((d) => d.curator)]),
    ).toEqual([
      ["acme__widgets-1", "accepted", null, ["grace"]],
      ["acme__widgets-2", "flagged", "tests_too_narrow", ["ada"]],
      ["acme__widgets-3", "flagged", "tests_too_narrow", ["ada"]],
    ]);
  } finally {
    await close();
    tmp.cleanup();
  }
});
