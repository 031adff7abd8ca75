// A file staged in a temporary database (SQLite, past the read-ahead size) lands exactly as one read ahead.
import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import type { Database } from "../db/client";
import { importFiles } from "./import-files";

let ahead: Awaited<ReturnType<typeof openTempDatabase>>;
let staged: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  ahead = await openTempDatabase();
  staged = await openTempDatabase();
});
afterAll(async () => {
  await ahead.close();
  await staged.close();
});

/** What an import leaves, but ids and times: every instance's columns, every result. */
async function contents(db: Database) {
  const instances = await db.instance.findMany({ orderBy: { externalId: "asc" }, include: { benchmark: true } });
  const results = await db.runResult.findMany({ orderBy: { instanceExternalId: "asc" } });
  return {
    // Each import's key is its own random one: both paths mark the rows they add.
    instances: instances.map(({ id, importedAt, updatedAt, benchmarkId, benchmark, importKey, ...row }) => ({
      ...row,
      keyed: importKey !== null,
      benchmark: benchmark.name,
      changedSinceImport: updatedAt.getTime() !== importedAt.getTime(),
    })),
    results: results.map(({ id, runId, importKey, ...row }) => ({ ...row, keyed: importKey !== null })),
  };
}

const withoutPath = (summary: { file: string } | undefined) => ({ ...summary, file: summary?.file.split("/").pop() });

test("new, repeated, changed and unchanged instances, and results, land alike staged and read ahead", async () => {
  const files = [
    // three instances, the second repeated with a change (the later line wins)
    jsonl([swebenchRecord(1), swebenchRecord(2), swebenchRecord(3), swebenchRecord(2, { hints_text: "later" })]),
    // one unchanged, one changed, one new
    jsonl([swebenchRecord(1), swebenchRecord(3, { problem_statement: "Changed." }), swebenchRecord(4)]),
  ];
  const results =
    "instance_id,model,selection,projection,resolved\nacme__widgets-1,m1,defuse,name,true\nacme__widgets-4,m1,defuse,name,false\nghost-9,m1,defuse,name,true\n";
  const summaries: Record<string, unknown[]> = { ahead: [], staged: [] };
  for (const [label, env] of [
    ["ahead", ahead],
    ["staged", staged],
  ] as const) {
    const readAheadBytes = label === "ahead" ? undefined : 0;
    for (const [n, text] of files.entries()) {
      const file = env.tmp.write(`swebench-lite-${n}.jsonl`, text);
      summaries[label]?.push(withoutPath((await importFiles(env.db, [file], { readAheadBytes })).files[0]));
    }
    const resultFile = env.tmp.write("runs.csv", results);
    summaries[label]?.push(
      withoutPath((await importFiles(env.db, [resultFile], { readAheadBytes, benchmark: "SWE-bench Lite" })).files[0]),
    );
  }
  expect(summaries.staged).toEqual(summaries.ahead);
  expect(summaries.staged).toMatchObject([
    { added: 3, updated: 0, unchanged: 0 },
    { added: 1, updated: 1, unchanged: 1 },
    { added: 3, unmatched_ids: ["ghost-9"] },
  ]);
  const stagedContents = await contents(staged.db);
  expect(stagedContents).toEqual(await contents(ahead.db));
  expect(stagedContents.instances.map((i) => [i.externalId, i.hintsText, i.analysisStatus])).toEqual([
    ["acme__widgets-1", null, "pending"],
    ["acme__widgets-2", "later", "pending"],
    ["acme__widgets-3", null, "pending"],
    ["acme__widgets-4", null, "pending"],
  ]);
  expect(stagedContents.instances.find((i) => i.externalId === "acme__widgets-3")).toMatchObject({
    problemStatement: "Changed.",
    changedSinceImport: true,
  });
});
