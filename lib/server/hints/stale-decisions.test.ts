// A decision binds to what was decided: a re-import that changes the instance makes it stale, everywhere.
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { listWindow } from "../list/review-list";
import { currentHintLines } from "./hint-export";
import { createHintSet, publishHintSet, versionLines } from "./hint-sets";
import { recordDecision } from "./record-decision";
import { exportFilter, writeHintExport } from "./version-export";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let instanceId = 0;
const policy = { selection: "defuse", projection: "declaration" } as const;

/** Imports (or re-imports) instance 1 as given, and analyses what changed. */
async function importInstance(record: object, name = "swebench-lite-stale.jsonl") {
  const summary = await importFiles(env.db, [env.tmp.write(name, jsonl([record]))]);
  await analyzePendingInstances(env.db);
  return summary.files[0];
}

/** The instance's status in the list, under the list's default policy (DefUse × Declaration). */
const statusNow = async () =>
  (await listWindow(env.db, parseListState({}), { offset: 0, limit: 10 })).rows.find((r) => r.id === instanceId)
    ?.review;

const linesNow = async () => {
  const lines = [];
  for await (const line of currentHintLines(env.db, "SWE-bench Lite", policy.selection, policy.projection))
    lines.push(line);
  return lines;
};

beforeAll(async () => {
  env = await openTempDatabase();
  await importInstance(swebenchRecord(1));
  instanceId = (await env.db.instance.findFirstOrThrow()).id;
  const { hintSource } = await env.db.instance.findUniqueOrThrow({ where: { id: instanceId } });
  const accepted = await recordDecision(
    env.db,
    {
      instanceId,
      ...policy,
      action: "accept",
      expectedVersion: 0,
      sourceHash: hintSource,
    },
    "ada",
  );
  expect(accepted).toMatchObject({ ok: true, status: "accepted" });
  await createHintSet(env.db, { name: "lite", benchmark: "SWE-bench Lite", ...policy });
});
afterAll(() => env.close());

test("re-importing identical content keeps the decision as it is", async () => {
  expect(await importInstance(swebenchRecord(1))).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
  expect(await statusNow()).toBe("accepted");
  expect((await linesNow())[0]?.status).toBe("accepted");
});

test("a changed test patch makes the decision stale: list, export and published version say so", async () => {
  // The test now also calls a second new function: DefUse, and so the hint, changes.
  const changed = swebenchRecord(1, {
    patch:
      "diff --git a/widgets/core.py b/widgets/core.py\n--- a/widgets/core.py\n+++ b/widgets/core.py\n@@ -1 +1,3 @@\n x = 1\n+def widget_1(): return 1\n+def widget_extra(): return 2\n",
    test_patch:
      "diff --git a/tests/test_core.py b/tests/test_core.py\n--- a/tests/test_core.py\n+++ b/tests/test_core.py\n@@ -1 +1,3 @@\n x = 1\n+assert widget_1() == 1\n+assert widget_extra() == 2\n",
  });
  expect(await importInstance(changed)).toMatchObject({ updated: 1 });
  expect(await statusNow()).toBe("stale");

  const [line] = await linesNow();
  expect(line?.status).toBe("stale");
  expect(line?.hint).toContain("widget_extra");
  // The text decided on is kept beside the new one.
  const hint = await env.db.hint.findFirstOrThrow({ where: { instanceId } });
  expect(hint.renderedText).not.toContain("widget_extra");

  await publishHintSet(env.db, "lite", "ada");
  const { lines } = await versionLines(env.db, "lite");
  expect(lines.map((l) => l.status)).toEqual(["stale"]);
  // Nothing left to export once the stale line is left out: refused, saying why, never an empty file.
  await expect(
    writeHintExport(lines, {
      dir: path.join(env.tmp.dir, "out"),
      baseName: "lite-v1",
      header: { name: "lite", version: 1, benchmark: "SWE-bench Lite", ...policy, include_flagged: false },
      keep: exportFilter(false),
    }),
  ).rejects.toThrow(/nothing to export: none of 1 hints is decided \(1 stale\)/);
});

test("a decision sent against the old content is refused; re-confirming takes one action", async () => {
  const hint = await env.db.hint.findFirstOrThrow({ where: { instanceId } });
  const old = await recordDecision(
    env.db,
    {
      instanceId,
      ...policy,
      action: "accept",
      expectedVersion: hint.version,
      sourceHash: hint.sourceHash ?? "",
    },
    "grace",
  );
  expect(old).toMatchObject({ ok: false, conflict: { changed: true } });

  const { hintSource } = await env.db.instance.findUniqueOrThrow({ where: { id: instanceId } });
  const again = await recordDecision(
    env.db,
    {
      instanceId,
      ...policy,
      action: "reconfirm",
      expectedVersion: hint.version,
      sourceHash: hintSource,
    },
    "grace",
  );
  expect(again).toMatchObject({ ok: true, status: "accepted" });
  expect(await statusNow()).toBe("accepted");
  const audit = await env.db.decision.findMany({ orderBy: { id: "asc" } });
  expect(audit.map((d) => [d.curator, d.action])).toEqual([
    ["ada", "accept"],
    ["grace", "reconfirm"],
  ]);
  expect(audit[1]?.hintText).toContain("widget_extra");
});
