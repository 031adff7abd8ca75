import { expect, test } from "vitest";
import { parseListState } from "../../review/list-state";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { listFacets, listIds } from "../list/review-list";
import { importFiles } from "./import-files";
import { importSubset, listSubsets } from "./subsets";

test("an id list becomes a named subset: a list facet (and so a hint set's view); bad lists are refused, located", async () => {
  const { db, close } = await openTempDatabase();
  const tmp = makeTempDir("hintscope-subsets-");
  try {
    await importFiles(db, [tmp.write("swebench-lite-sub.jsonl", jsonl([1, 2, 3].map((n) => swebenchRecord(n))))]);
    // As FEA-Bench publishes its lite ids: a JSON array (one of them not imported here).
    const file = tmp.write("lite-ids.json", JSON.stringify(["acme__widgets-1", "acme__widgets-3", "acme__widgets-9"]));
    expect(await importSubset(db, file, "SWE-bench Lite", "lite")).toEqual({
      benchmark: "SWE-bench Lite",
      subset: "lite",
      ids: 3,
      unmatched: ["acme__widgets-9"],
    });
    const view = (query: string) => listIds(db, parseListState(new URLSearchParams(query)));
    expect((await view("subset=lite")).map((r) => r.externalId)).toEqual(["acme__widgets-1", "acme__widgets-3"]);
    expect((await listFacets(db)).subset).toEqual(["lite"]);
    // One id a line (comments and blank lines aside) replaces the subset of that name.
    await importSubset(db, tmp.write("lite.txt", "# the new list\nacme__widgets-2\n\n"), "SWE-bench Lite", "lite");
    expect((await view("subset=lite")).map((r) => r.externalId)).toEqual(["acme__widgets-2"]);
    expect(await listSubsets(db)).toEqual([{ benchmark: "SWE-bench Lite", subset: "lite", ids: 1 }]);
    await expect(importSubset(db, tmp.write("bad.json", '["a", 3.5]'), "SWE-bench Lite", "x")).rejects.toThrow(
      /bad\.json: element 1 is 3\.5, not an instance id/,
    );
    await expect(importSubset(db, tmp.write("bad.txt", "a b\n"), "SWE-bench Lite", "x")).rejects.toThrow(
      /bad\.txt:1: "a b" is not an instance id/,
    );
  } finally {
    await close();
    tmp.cleanup();
  }
});
