// A curated hint set goes back to the benchmark as its own records, and the importer reads them back.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runExport } from "../../cli/hint-set-commands";
import { openImportFile } from "../../ingest/read-import-file";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { WITH_SELECTIONS, withPolicies } from "../stored-json";
import { createHintSet, publishHintSet } from "./hint-sets";
import { recordDecision } from "./record-decision";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const policy = { selection: "defuse", projection: "declaration" } as const;

/** Accepts the hint of every instance of a benchmark (the first one trimmed of its signature). */
async function acceptAll(benchmark: string) {
  const instances = await env.db.instance.findMany({
    where: { benchmark: { name: benchmark } },
    include: { identifiers: { include: WITH_SELECTIONS } },
    orderBy: { id: "asc" },
  });
  for (const [index, instance] of instances.entries()) {
    const first = instance.identifiers.map(withPolicies).find((i) => i.policies.includes("defuse"));
    const trim = index === 0 && first ? { identifiers: [], attributes: { [first.name]: ["signature"] } } : undefined;
    const result = await recordDecision(
      env.db,
      {
        instanceId: instance.id,
        ...policy,
        action: trim ? "trim" : "accept",
        trimmed: trim,
        expectedVersion: 0,
        sourceHash: instance.hintSource,
      },
      "ada",
    );
    expect(result).toMatchObject({ ok: true });
  }
  return instances.length;
}

const exportNative = async (set: string, out: string) => {
  const options = { set, out, format: "native", includeFlagged: false, csv: false, json: true };
  expect(await runExport(env.db, options)).toBe(0);
};

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [path.join(REAL_DATA, "swebench-pro-sample.jsonl")]);
  await importFiles(env.db, [
    env.tmp.write("swebench-lite-native.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)])),
  ]);
  await analyzePendingInstances(env.db);
});
afterAll(() => env.close());

test("SWE-bench Pro: records with the curated hint in `interface`, the same bytes twice; imported back, they change nothing", async () => {
  expect(await acceptAll("SWE-bench Pro")).toBe(8);
  await createHintSet(env.db, { name: "pro-defuse", benchmark: "SWE-bench Pro", ...policy });
  await publishHintSet(env.db, "pro-defuse", "ada");
  const a = path.join(env.tmp.dir, "native-a");
  const b = path.join(env.tmp.dir, "native-b");
  await exportNative("pro-defuse", a);
  await exportNative("pro-defuse", b);
  const bytes = readFileSync(path.join(a, "pro-defuse-v1.native.jsonl"));
  expect(bytes.equals(readFileSync(path.join(b, "pro-defuse-v1.native.jsonl")))).toBe(true);
  const manifest = JSON.parse(readFileSync(path.join(a, "pro-defuse-v1.manifest.json"), "utf8"));
  const { createHash } = await import("node:crypto");
  expect(manifest.native).toEqual({
    file: "pro-defuse-v1.native.jsonl",
    sha256: createHash("sha256").update(bytes).digest("hex"),
    records: 8,
    hint_fields: ["interface"],
  });

  const curated = new Map(
    readFileSync(path.join(a, "pro-defuse-v1.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { instance_id: string; hint: string })
      .map((line) => [line.instance_id, line.hint]),
  );
  const opened = await openImportFile(path.join(a, "pro-defuse-v1.native.jsonl"));
  expect(opened.format.id).toBe("swebench-pro");
  const stored = new Map(
    (await env.db.instance.findMany({ where: { benchmark: { name: "SWE-bench Pro" } } })).map((i) => [i.externalId, i]),
  );
  let read = 0;
  for await (const { item } of opened.items) {
    if (item.kind !== "instance") throw new Error(item.kind);
    const before = stored.get(item.data.externalId);
    expect(item.data.goldPatch).toBe(before?.goldPatch);
    expect(item.data.testPatch).toBe(before?.testPatch);
    expect(item.data.problemStatement).toBe(before?.problemStatement);
    // The record says what the export replaced: read back, it is the benchmark's own record again.
    expect(item.data.interfaceText).toBe(before?.interfaceText);
    expect(item.note).toMatch(/native export: read as the benchmark's records/);
    read++;
  }
  expect(read).toBe(8);
  const nativeLine = JSON.parse(bytes.toString("utf8").split("\n")[0] as string);
  expect(nativeLine.interface).toBe(curated.get(nativeLine.instance_id));
  // Importing the export back into its own database: nothing updated, no decision goes stale.
  const again = await importFiles(env.db, [path.join(a, "pro-defuse-v1.native.jsonl")], { benchmark: "SWE-bench Pro" });
  expect(again.files[0]).toMatchObject({ added: 0, updated: 0, unchanged: 8 });
  expect(await env.db.instance.count({ where: { analysisStatus: "pending" } })).toBe(0);
});

test("SWE-bench-style records keep everything, the hint appended to the problem statement the agent reads", async () => {
  await acceptAll("SWE-bench Lite");
  await createHintSet(env.db, { name: "lite-defuse", benchmark: "SWE-bench Lite", ...policy });
  await publishHintSet(env.db, "lite-defuse", "ada");
  const out = path.join(env.tmp.dir, "native-lite");
  await exportNative("lite-defuse", out);
  const records = readFileSync(path.join(out, "lite-defuse-v1.native.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const marker = (n: number) => ({
    hintscope_native: {
      format_version: 2,
      replaced: { problem_statement: `Widget ${n} is missing` },
      added: [],
      benchmark: "SWE-bench Lite",
      placement: "task",
    },
  });
  expect(records[0]).toEqual({
    ...swebenchRecord(1),
    problem_statement: "Widget 1 is missing\n\n## Hints\n\n### `widget_1` (function) -- `widgets/core.py`\n",
    ...marker(1),
  });
  expect(records[1]).toEqual({
    ...swebenchRecord(2),
    problem_statement:
      "Widget 2 is missing\n\n## Hints\n\n### `widget_2` (function) -- `widgets/core.py`\nSignature: `widget_2()`\n",
    ...marker(2),
  });
});
