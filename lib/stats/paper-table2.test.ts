// Table 2 counted as the paper did, on real SWE-bench Pro records (lib/testing/real-data/swebench-pro-sample.jsonl):
// FEA is FEA-Bench's selection over the gold and the test patch. The expected names are counted by hand from
// the records' patches, as feabench/get_dataset.py would list them (functions and classes new to their file,
// nested ones by dotted name).
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { analyzeInstance, type InstanceAnalysis } from "../analysis/analyze-instance";
import { readPatches } from "../bench/defuse-labels";
import { runStatsCommand } from "../cli/analyze-command";
import { REAL_DATA } from "../testing/real-data";
import { paperFeaIdentifiers, paperTable2 } from "./paper-table2";

const file = path.join(REAL_DATA, "swebench-pro-sample.jsonl");
const QUTEBROWSER =
  "instance_qutebrowser__qutebrowser-7f9713b20f623fc40473b7167a082d6db0f0fd40-va0fd88aac89cde702ec1ba84877234da33adce8a";
const OPENLIBRARY_LCCN =
  "instance_internetarchive__openlibrary-c12943be1db80cf1114bc267ddf4f9933aca9b28-v2c55207218fb8a0138425cbf7d9675272e240b90";
const OPENLIBRARY_ASIN =
  "instance_internetarchive__openlibrary-d8162c226a9d576f094dc1830c4c1ffd0be2dd17-v76304ecdb3a5954fcf13feb710e8c40fcf24b73c";
const ELEMENT = "instance_element-hq__element-web-6205c70462e0ce2e1e77afb3a70b55d0fdfe1b31-vnan";

// By hand from the patches: the gold patch's new definitions, then the test patch's.
const BY_HAND: Record<string, string[]> = {
  [QUTEBROWSER]: [
    "extra_suffixes_workaround",
    "suffix_mocks",
    "suffix_mocks.guess",
    "suffix_mocks.version",
    "test_suffixes_workaround_extras_returned",
    "test_suffixes_workaround_choosefiles_args",
  ],
  // normalize_record_isbns is renamed normalize_record_bibids: new by name, as FEA-Bench compares names
  [OPENLIBRARY_LCCN]: [
    "normalize_record_bibids",
    "normalize_lccn",
    "test_normalize_lccn_prenormalized",
    "test_normalize_lccn",
  ],
  [OPENLIBRARY_ASIN]: [
    "get_non_isbn_asin",
    "is_asin_only",
    "queue_asin_for_import",
    "test_get_non_isbn_asin",
    "test_is_asin_only",
  ],
  // the test file's describe/it callbacks are anonymous: nothing of the test patch
  [ELEMENT]: ["determineVoiceBroadcastLiveness"],
};

describe("Table 2 as the paper counted it, on real records", () => {
  const analyses = new Map<string, InstanceAnalysis>();
  beforeAll(async () => {
    const patches = await readPatches([file]);
    for (const id of Object.keys(BY_HAND)) {
      const patch = patches.get(id);
      if (!patch) throw new Error(`${file}: no record ${id}`);
      analyses.set(id, await analyzeInstance({ instanceId: id, ...patch }));
    }
  });

  it("takes FEA-Bench's definitions from both patches, nested test helpers included", () => {
    for (const [id, names] of Object.entries(BY_HAND)) {
      const analysis = analyses.get(id) as InstanceAnalysis;
      expect(
        paperFeaIdentifiers(analysis.identifiers).map((i) => i.name),
        id,
      ).toEqual(names);
    }
  });

  it("keeps the other selections, and counts the gold patch's FEA apart", () => {
    const instances = [...analyses.values()].map((analysis) => ({
      benchmark: "SWE-bench Pro",
      language: "python",
      identifiers: analysis.identifiers,
    }));
    const table = paperTable2(instances);
    expect(table.kept).toBe(4);
    const fea = table.rows.find((r) => r.selection === "fea");
    expect(fea).toMatchObject({ instances: 4, total: 16, non_empty_instances: 4 });
    expect(table.goldOnlyFea).toBe(7);
    expect(table.testPatchFea).toBe(9);
    const defuse = (analysis: InstanceAnalysis) => analysis.identifiers.filter((i) => i.policies.includes("defuse"));
    const defuseTotal = [...analyses.values()].reduce((n, a) => n + defuse(a).length, 0);
    expect(table.rows.find((r) => r.selection === "defuse")?.total).toBe(defuseTotal);
    expect(table.how.join("\n")).toContain("over the gold and the test patch");
  });
});

describe("hints stats --paper-subset on a real records file", () => {
  afterEach(() => vi.restoreAllMocks());

  it("prints the paper's FEA (gold and test patches) and says how it counted", async () => {
    let out = "";
    let err = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      err += String(chunk);
      return true;
    });
    const code = await runStatsCommand([file], { json: true, paperSubset: true, store: null });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const rows = JSON.parse(out) as Array<{ selection: string; language?: string; total: number; instances: number }>;
    // the three Python records: 6 + 4 + 5 by hand (the gold patches alone give 1 + 2 + 3)
    expect(rows.find((r) => r.selection === "fea" && r.language === "python")).toMatchObject({
      instances: 3,
      total: 15,
    });
    expect(err).toContain("counted as the paper did: FEA is FEA-Bench's selection");
    expect(err).toMatch(/paper subset: \d+ of 8 instances/);
  });
});
