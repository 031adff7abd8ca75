/**
 * A hint set's export on a real SQLite file: one assembly for the page and the command line, what the manifest
 * says was left out, a colleague's set read back (and refused with the file and the field), Parquet.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runExport } from "../../cli/hint-set-commands";
import { serialiseManifest } from "../../export/hint-lines";
import { type CurationDatabase, decideAsAda, openCurationDatabase } from "../../testing/curation-database";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { importHintSet } from "./hint-set-import";
import { createHintSet, publishHintSet } from "./hint-sets";
import { assembleVersionExport } from "./version-export";

let env: CurationDatabase;
const instanceIds: number[] = [];
const BENCH = "SWE-bench Lite";

beforeAll(async () => {
  env = await openCurationDatabase([1, 2, 3, 4, 5, 6].map((n) => swebenchRecord(n)));
  const rows = await env.db.instance.findMany({ orderBy: { externalId: "asc" } });
  instanceIds.push(...rows.map((r) => r.id));
});
afterAll(() => env.close());

describe("one export for the page and the command line", () => {
  test("the manifest counts what was left out (flagged, stale), and the CLI writes the page's bytes", async () => {
    await createHintSet(env.db, { name: "excluded", benchmark: BENCH, selection: "defuse", projection: "name" });
    const [a, b, c, d] = instanceIds as [number, number, number, number];
    const at = (instanceId: number, action: string, extra: Record<string, unknown> = {}) =>
      decideAsAda(env, instanceId, { selection: "defuse", projection: "name", action }, extra);
    await at(a, "accept");
    await at(b, "flag", { reason: "spoiler" });
    await at(c, "flag", { reason: "guesswork" });
    await at(d, "accept");
    // The fourth instance changes after its decision: stale.
    const changed = swebenchRecord(4, { patch: swebenchRecord(4).patch.replace("return 4", "return 40") });
    await importFiles(env.db, [env.tmp.write("swebench-lite-changed.jsonl", jsonl([changed]))]);
    await analyzePendingInstances(env.db);
    await publishHintSet(env.db, "excluded", "ada");
    const page = await assembleVersionExport(env.db, "excluded", 1, { includeFlagged: false, native: false });
    expect(page.manifest.counts).toMatchObject({ instances: 1, accepted: 1 });
    expect(page.manifest.excluded).toMatchObject({ flagged: 2, stale: 1 });
    // The CSV's formula guard rewrites a Name-projection hint ("- name" → "'- name"): the manifest says so.
    expect(page.csv).toContain("'- ");
    // The page's manifest says what the CSV does to cells only when a CSV goes with it.
    expect(page.manifest.csv_cells).toBeUndefined();
    const withCsv = await assembleVersionExport(env.db, "excluded", 1, {
      includeFlagged: false,
      native: false,
      csv: true,
    });
    expect(withCsv.manifest.csv_cells).toMatch(/leading ' .*the JSONL .* keep the exact text/);
    const out = path.join(env.tmp.dir, "cli-export");
    const print = process.stdout.write;
    process.stdout.write = () => true;
    try {
      await runExport(env.db, { set: "excluded", version: "1", out, includeFlagged: false, csv: true, json: true });
    } finally {
      process.stdout.write = print;
    }
    expect(readFileSync(path.join(out, "excluded-v1.jsonl"), "utf8")).toBe(page.jsonl);
    expect(readFileSync(path.join(out, "excluded-v1.manifest.json"), "utf8")).toBe(serialiseManifest(withCsv.manifest));
    expect(readFileSync(path.join(out, "excluded-v1.csv"), "utf8")).toBe(page.csv);
  });
});

describe("a colleague's hint set", () => {
  const write = async (name: string, mutate: (m: Record<string, unknown>, lines: string[]) => void) => {
    const exported = await assembleVersionExport(env.db, "excluded", 1, { includeFlagged: false, native: false });
    const lines = exported.jsonl.split("\n").filter(Boolean);
    const manifest = JSON.parse(serialiseManifest(exported.manifest)) as Record<string, unknown>;
    mutate(manifest, lines);
    const text = lines.map((l) => `${l}\n`).join("");
    if (manifest.sha256 === exported.manifest.sha256) manifest.sha256 = createHash("sha256").update(text).digest("hex");
    const file = env.tmp.write(`${name}.jsonl`, text);
    env.tmp.write(`${name}.manifest.json`, JSON.stringify(manifest));
    return file;
  };
  type Mutate = (m: Record<string, unknown>, lines: string[]) => void;
  const CASES: Array<[string, Mutate, RegExp]> = [
    [
      "a manifest whose selection is not one",
      (m) => {
        m.selection = "everything";
      },
      /manifest.json: not a Hintscope hint-set manifest: field "selection"/,
    ],
    [
      "a manifest without a benchmark",
      (m) => {
        delete m.benchmark;
      },
      /field "benchmark"/,
    ],
    [
      "a manifest of another format",
      (m) => {
        m.format = "other";
      },
      /field "format"/,
    ],
    [
      "a line with an unknown status",
      (_m, lines) => {
        lines[0] = (lines[0] as string).replace('"status":"accepted"', '"status":"approved"');
      },
      /colleague-4\.jsonl:1: field "status"/,
    ],
    [
      "a line of another projection than its manifest's",
      (_m, lines) => {
        lines[0] = (lines[0] as string).replace('"projection":"name"', '"projection":"pro"');
      },
      /colleague-5\.jsonl:1: field "projection" is "pro", the manifest's is "name"/,
    ],
  ];
  test.each(CASES)("%s is refused, naming the file and the field", async (what, mutate, message) => {
    const index = CASES.findIndex((c) => c[0] === what);
    const file = await write(`colleague-${index + 1}`, mutate);
    const before = await env.db.hintSetVersion.count();
    await expect(importHintSet(env.db, file, `imported-${index}`)).rejects.toThrow(message);
    expect(await env.db.hintSetVersion.count()).toBe(before);
  });

  test("a missing manifest says so", async () => {
    const file = env.tmp.write("lonely.jsonl", "");
    await expect(importHintSet(env.db, file)).rejects.toThrow(/lonely\.manifest\.json: no such file \(its manifest/);
  });

  test("a good one is taken in", async () => {
    const file = await write("colleague-good", () => undefined);
    const version = await importHintSet(env.db, file, "from-a-colleague");
    expect(version.version).toBe(1);
  });
});

test("a version as Parquet: the same lines, identifiers a nested list, read back by the project's own reader", async () => {
  const { readParquet } = await import("../../ingest/parquet-records");
  const exported = await assembleVersionExport(env.db, "excluded", 1, {
    includeFlagged: true,
    native: false,
    parquet: true,
  });
  expect(exported.parquet).not.toBeNull();
  const file = env.tmp.write("excluded-v1.parquet", exported.parquet?.bytes as Uint8Array);
  const rows: unknown[] = [];
  for await (const located of readParquet(file)) if (!located.error) rows.push(located.record);
  const lines = exported.jsonl
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(rows).toHaveLength(lines.length);
  expect(lines.some((l) => l.identifiers.length > 0)).toBe(true);
  // Every line, field by field, with identifiers as the same nested list (a field the line lacks is null).
  const normalise = (line: Record<string, unknown>) => ({
    ...line,
    identifiers: (line.identifiers as Array<Record<string, unknown>>).map((i) => ({
      signature: null,
      described_by: null,
      written_by: null,
      ...i,
    })),
  });
  // The JSONL holds every field in every line (labels a list, empty where none), and so does the Parquet.
  for (const line of lines) expect(line.labels).toEqual([]);
  expect(rows).toEqual(lines.map(normalise));
  expect(exported.manifest.parquet).toEqual({
    file: "excluded-v1.parquet",
    sha256: exported.parquet?.sha256,
    rows: lines.length,
  });
});
