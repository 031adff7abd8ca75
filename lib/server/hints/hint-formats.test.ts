// One schema for a hint line in every format and version: JSONL, CSV, Parquet and the Hugging Face datasets
// layout carry the same fields with the same types (null where absent, always present), read back by DuckDB (a
// reader that is not the project's own); an empty version is refused, never a 0-byte file.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, expect, test } from "vitest";
import { HF_CARD, HF_PARQUET } from "../../export/hf-dataset";
import { HINT_CSV_COLUMNS } from "../../export/hint-csv";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { createHintSet, publishHintSet } from "./hint-sets";
import { recordDecision } from "./record-decision";
import { assembleVersionExport, writeVersionExport } from "./version-export";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let duck: Awaited<ReturnType<DuckDBInstance["connect"]>>;
const BENCH = "SWE-bench Lite";
const policy = { selection: "defuse", projection: "declaration_doc" } as const;

const describeParquet = async (file: string) =>
  (await duck.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file.replace(/'/g, "''")}')`))
    .getRowObjects()
    .map((r) => `${r.column_name}: ${r.column_type}`);

async function decide(externalId: string, action: "accept" | "flag", extra: Record<string, unknown> = {}) {
  const instance = await env.db.instance.findFirstOrThrow({ where: { externalId } });
  const current = await env.db.hint.findFirst({ where: { instanceId: instance.id, ...policy } });
  const result = await recordDecision(
    env.db,
    {
      instanceId: instance.id,
      ...policy,
      action,
      expectedVersion: current?.version ?? 0,
      sourceHash: instance.hintSource,
      ...extra,
    },
    "ada",
  );
  expect(result).toMatchObject({ ok: true });
}

beforeAll(async () => {
  env = await openTempDatabase();
  duck = await (await DuckDBInstance.create(":memory:")).connect();
  await importFiles(env.db, [env.tmp.write("swebench-lite.jsonl", jsonl([1, 2, 3].map((n) => swebenchRecord(n))))]);
  // A label on one instance: the other lines carry an empty list, never no field.
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "labels.csv",
        "instance_id,underspecified,underspecified_notes,false_negative,false_negative_notes,other_major_issues,other_notes,difficulty,underspecified_decided_by,false_negative_decided_by,other_major_issues_decided_by,difficulty_decided_by,difficulty_ensemble_decision_procedure,filter_out\nacme__widgets-2,1.0,vague,0.0,,0.0,,<15 min fix,1,1,1,1,majority,False\n",
      ),
    ],
    { benchmark: BENCH },
  );
  await analyzePendingInstances(env.db);
  await createHintSet(env.db, { name: "lite doc", benchmark: BENCH, ...policy });
  // Version 1: every hint accepted, no note or flag anywhere (those columns all null).
  for (const n of [1, 2, 3]) await decide(`acme__widgets-${n}`, "accept");
  await publishHintSet(env.db, "lite doc", "ada");
  // Version 2: a flag with its reason and a note.
  await decide("acme__widgets-3", "flag", { reason: "spoiler", note: "gives the return value away" });
  await publishHintSet(env.db, "lite doc", "ada");
});
afterAll(() => env.close());

test("JSONL, CSV, Parquet and the datasets layout: the same fields with the same types in every version", async () => {
  const schemas: string[][] = [];
  for (const version of [1, 2]) {
    const out = path.join(env.tmp.dir, `v${version}`);
    const exported = await assembleVersionExport(env.db, "lite doc", version, {
      includeFlagged: true,
      native: false,
      parquet: true,
      hf: true,
      csv: true,
    });
    await writeVersionExport(exported, out, true);
    const lines = exported.jsonl
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const keys = Object.keys(lines[0] as object);
    expect(keys).toEqual([
      "instance_id",
      "benchmark",
      "selection",
      "projection",
      "status",
      "flag_reason",
      "note",
      "hint",
      "identifiers",
      "labels",
    ]);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(keys);
      expect(Array.isArray(line.labels)).toBe(true);
      for (const i of line.identifiers as Array<Record<string, unknown>>)
        expect(Object.keys(i)).toEqual([
          "name",
          "kind",
          "path",
          "new_file",
          "signature",
          "attributes",
          "described_by",
          "written_by",
        ]);
    }
    const labelled = lines.find((l) => l.instance_id === "acme__widgets-2");
    expect((labelled?.labels as unknown[] | undefined)?.length).toBeGreaterThan(0);
    // The CSV: the JSONL's fields in its order (structures as JSON text), and the names for reading by eye.
    const rows = parseCsv(readFileSync(path.join(out, `${exported.baseName}.csv`), "utf8"), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(Object.keys(rows[0] as object)).toEqual([...HINT_CSV_COLUMNS]);
    expect(HINT_CSV_COLUMNS.slice(0, keys.length)).toEqual(keys);
    for (const [index, row] of rows.entries()) {
      expect(JSON.parse(row.identifiers as string)).toEqual(lines[index]?.identifiers);
      expect(JSON.parse(row.labels as string)).toEqual(lines[index]?.labels);
    }
    // The Parquet, read by DuckDB: the same columns, the same values, the same types in both versions.
    const parquet = path.join(out, `${exported.baseName}.parquet`);
    const schema = await describeParquet(parquet);
    expect(schema.map((c) => c.split(":")[0])).toEqual(keys);
    schemas.push(schema);
    const read = (
      await duck.runAndReadAll(
        `SELECT instance_id, note, flag_reason, hint FROM read_parquet('${parquet}') ORDER BY instance_id`,
      )
    ).getRowObjects();
    expect(read.map((r) => [r.instance_id, r.note, r.flag_reason, r.hint])).toEqual(
      lines.map((l) => [l.instance_id, l.note, l.flag_reason, l.hint]),
    );
    // The datasets layout: the same Parquet under data/, a card whose features are its columns.
    expect(readFileSync(path.join(out, HF_PARQUET))).toEqual(readFileSync(parquet));
    const card = readFileSync(path.join(out, HF_CARD), "utf8");
    expect(card.startsWith("---\n")).toBe(true);
    expect(card).toContain("  data_files:\n  - split: test\n    path: data/test-*\n");
    const topFeatures = [...card.matchAll(/^ {2}- name: (\w+)$/gm)].map((m) => m[1]);
    expect(topFeatures).toEqual([...keys, "test"]);
    expect(card).toContain(`num_examples: ${lines.length}`);
    expect(exported.manifest.hf).toEqual({
      card: HF_CARD,
      file: HF_PARQUET,
      sha256: exported.parquet?.sha256,
      rows: lines.length,
    });
    // The manifest names what was written and nothing else.
    expect(exported.manifest.csv_cells).toBeDefined();
    expect(exported.manifest.native).toBeUndefined();
  }
  expect(schemas[1]).toEqual(schemas[0]);
  expect(schemas[0]).toContain(
    'identifiers: STRUCT("name" VARCHAR, kind VARCHAR, path VARCHAR, new_file BOOLEAN, signature VARCHAR, attributes VARCHAR[], described_by VARCHAR, written_by VARCHAR)[]',
  );
  expect(schemas[0]).toContain('labels: STRUCT("source" VARCHAR, "name" VARCHAR, "value" VARCHAR)[]');
});

test("a version whose lines hold no identifier still types its lists as lists of structs", async () => {
  const out = path.join(env.tmp.dir, "names");
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "plain.jsonl",
        jsonl([swebenchRecord(9, { patch: swebenchRecord(9).patch.replace("def widget_9(): return 9", "x = 2") })]),
      ),
    ],
    { benchmark: "Plain" },
  );
  await analyzePendingInstances(env.db);
  const instance = await env.db.instance.findFirstOrThrow({
    where: { externalId: "acme__widgets-9", benchmark: { name: "Plain" } },
  });
  await recordDecision(
    env.db,
    { instanceId: instance.id, ...policy, action: "accept", expectedVersion: 0, sourceHash: instance.hintSource },
    "ada",
  );
  await createHintSet(env.db, { name: "plain", benchmark: "Plain", ...policy });
  await publishHintSet(env.db, "plain", "ada");
  const exported = await assembleVersionExport(env.db, "plain", 1, {
    includeFlagged: false,
    native: false,
    parquet: true,
  });
  expect(exported.jsonl).toContain('"identifiers":[]');
  await writeVersionExport(exported, out, false);
  const schema = await describeParquet(path.join(out, `${exported.baseName}.parquet`));
  expect(schema.find((c) => c.startsWith("identifiers:"))).toMatch(/^identifiers: STRUCT\(.*\)\[\]$/);
  expect(schema.find((c) => c.startsWith("labels:"))).toMatch(/^labels: STRUCT\(.*\)\[\]$/);
});

test("a version with nothing to export is refused, and no file is written", async () => {
  await createHintSet(env.db, { name: "nothing", benchmark: BENCH, selection: "fea", projection: "name" });
  await publishHintSet(env.db, "nothing", "ada");
  await expect(
    assembleVersionExport(env.db, "nothing", 1, { includeFlagged: false, native: true, parquet: true }),
  ).rejects.toThrow(/version 1 of "nothing" has no line to export/);
  expect(existsSync(path.join(env.tmp.dir, "nothing-v1.jsonl"))).toBe(false);
});
