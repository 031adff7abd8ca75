import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, test } from "vitest";
import { jsonl, makeTempDir, multiSwebenchRecord, swebenchProRecord, swebenchRecord } from "../testing/fixtures";
import { ImportError } from "./import-error";
import type { ImportItem } from "./import-items";
import { openImportFile } from "./read-import-file";

const tmp = makeTempDir();
afterAll(tmp.cleanup);

async function readAll(file: string) {
  const opened = await openImportFile(file);
  const items: ImportItem[] = [];
  for await (const { item } of opened.items) items.push(item);
  return { format: opened.format.id, benchmark: opened.defaultBenchmark, items };
}

async function failure(file: string): Promise<ImportError> {
  try {
    await readAll(file);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error(`${file} was read without an error`);
}

const instanceData = (item: ImportItem | undefined) => {
  if (item?.kind !== "instance") throw new Error(`expected an instance item, got ${item?.kind}`);
  return item.data;
};

describe("formats", () => {
  test("SWE-bench JSONL: JSON-encoded test lists, benchmark from the file name", async () => {
    const file = tmp.write("swebench-lite-mini.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)]));
    const { format, benchmark, items } = await readAll(file);
    expect([format, benchmark, items.length]).toEqual(["swebench", "SWE-bench Lite", 2]);
    const data = instanceData(items[0]);
    expect(data.failToPass).toEqual(["tests/test_core.py::test_widget_1"]);
    expect(data.language).toBe("python");
    expect(data.original).toEqual(swebenchRecord(1));
  });

  test("SWE-bench Pro: double-encoded text, Python-repr lists, no-interface sentence", async () => {
    const file = tmp.write("pro.jsonl", jsonl([swebenchProRecord(7)]));
    const { format, benchmark, items } = await readAll(file);
    expect([format, benchmark]).toEqual(["swebench-pro", "SWE-bench Pro"]);
    const data = instanceData(items[0]);
    expect(data.problemStatement).toBe('# Gadget 7\n\nIt "breaks".');
    expect(data.requirements).toBe("- Gadget7 must return 7.");
    expect(data.failToPass).toEqual(["TestGadget7", "TestGadget7Twice"]);
    expect(data.interfaceText).toBeNull();
    expect(data.language).toBe("go");
  });

  test("Multi-SWE-bench: Python-repr base and issues; issue text from the resolved issues", async () => {
    const file = tmp.write("multi-swe-bench-java-mini.jsonl", jsonl([multiSwebenchRecord(3)]));
    const { format, benchmark, items } = await readAll(file);
    expect([format, benchmark]).toEqual(["multi-swe-bench", "Multi-SWE-bench Java"]);
    const data = instanceData(items[0]);
    expect(data.repo).toBe("acme/gizmo");
    expect(data.baseCommit).toBe("d".repeat(40));
    expect(data.problemStatement).toBe("# Gizmo 3 crashes\n\nIt's broken");
    expect(data.failToPass).toEqual(["GizmoTest#gizmo3"]);
    expect(data.passToPass).toEqual(["GizmoTest#other"]);
    expect(data.language).toBe("java");
  });

  test("a JSON array of instances", async () => {
    const file = tmp.write("instances.json", JSON.stringify([swebenchRecord(1), swebenchRecord(2)], null, 2));
    const { format, items } = await readAll(file);
    expect(format).toBe("swebench");
    expect(items.map((i) => instanceData(i).externalId)).toEqual(["acme__widgets-1", "acme__widgets-2"]);
  });

  test("Parquet as Hugging Face ships it", async () => {
    const rows = [swebenchRecord(1), swebenchRecord(2), swebenchRecord(3)];
    const columns = Object.keys(rows[0] as object).map((name) => ({
      name,
      data: rows.map((r) => String((r as Record<string, unknown>)[name])),
      type: "STRING" as const,
    }));
    const file = tmp.write("test-00000-of-00001.parquet", new Uint8Array(parquetWriteBuffer({ columnData: columns })));
    const { format, items } = await readAll(file);
    expect(format).toBe("swebench");
    expect(items.map((i) => instanceData(i).externalId)).toEqual([
      "acme__widgets-1",
      "acme__widgets-2",
      "acme__widgets-3",
    ]);
  });

  test("a Parquet footer that disagrees with its row groups is refused, not read short", async () => {
    const rows = [1, 2, 3, 4, 5].map((n) => swebenchRecord(n));
    const columns = Object.keys(rows[0] as object).map((name) => ({
      name,
      data: rows.map((r) => String((r as Record<string, unknown>)[name])),
      type: "STRING" as const,
    }));
    const bytes = new Uint8Array(parquetWriteBuffer({ columnData: columns }));
    // The footer (Thrift compact): FileMetaData's num_rows is field 3, an i64 right after the schema list
    // (header 0x16), 5 as a zigzag varint (0x0a): its first such pair. Made to say 2 (0x04), as a damaged or
    // hand-edited file would; the row group inside still holds 5.
    const footerLength = new DataView(bytes.buffer).getUint32(bytes.length - 8, true);
    const footerStart = bytes.length - 8 - footerLength;
    let at = -1;
    for (let i = footerStart; i < bytes.length - 9 && at < 0; i++)
      if (bytes[i] === 0x16 && bytes[i + 1] === 0x0a) at = i + 1;
    expect(at).toBeGreaterThan(0);
    bytes[at] = 0x04;
    const file = tmp.write("damaged.parquet", bytes);
    await expect(readAll(file)).rejects.toThrow(/footer says 2 rows, its row groups hold 5/);
  });

  test("SWE-bench Pro eval_results map: one result per id, model from the file name", async () => {
    const file = tmp.write("gpt-9.eval_results.json", JSON.stringify({ a: true, b: false }));
    const { format, benchmark, items } = await readAll(file);
    expect([format, benchmark]).toEqual(["eval-results-map", "SWE-bench Pro"]);
    expect(items).toEqual([
      {
        kind: "result",
        data: {
          model: "gpt-9",
          selection: "official",
          projection: "official",
          instanceExternalId: "a",
          resolved: true,
          status: null,
          patchApplied: null,
        },
      },
      {
        kind: "result",
        data: {
          model: "gpt-9",
          selection: "official",
          projection: "official",
          instanceExternalId: "b",
          resolved: false,
          status: null,
          patchApplied: null,
        },
      },
    ]);
  });

  test("results summary keeps the stated pass rate", async () => {
    const summary = {
      total: 2,
      passed: 1,
      failed: 1,
      pass_rate: 50,
      instances: [
        { instance_id: "x", resolved: true, patch_applied: true },
        { instance_id: "y", resolved: false, patch_applied: false },
      ],
    };
    const file = tmp.write("swebench-verified-run.results_summary.json", JSON.stringify(summary, null, 2));
    const { format, benchmark, items } = await readAll(file);
    expect([format, benchmark]).toEqual(["results-summary", "SWE-bench Verified"]);
    expect(items.filter((i) => i.kind === "result")).toHaveLength(2);
    expect(items.at(-1)).toMatchObject({
      kind: "run-summary",
      data: { summary: { total: 2, passed: 1, pass_rate: 50 } },
    });
  });

  test("harness report: resolved, unresolved, empty-patch, error and incomplete ids (incomplete ones were never run)", async () => {
    const report = {
      total_instances: 5,
      resolved_instances: 1,
      resolved: ["r"],
      unresolved_ids: ["u"],
      empty_patch_ids: ["e"],
      error_ids: ["x"],
      completed_ids: ["r", "u"],
      incomplete_ids: ["i"],
    };
    const file = tmp.write("swebench-java-verified-run.results.json", JSON.stringify(report));
    const { format, items } = await readAll(file);
    expect(format).toBe("harness-report");
    const results = items.flatMap((i) =>
      i.kind === "result" ? [[i.data.instanceExternalId, i.data.resolved, i.data.status]] : [],
    );
    expect(results).toEqual([
      ["r", true, "resolved"],
      ["u", false, "unresolved"],
      ["e", false, "empty_patch"],
      ["x", false, "error"],
      ["i", false, "not_run"],
    ]);
  });

  test("plain results CSV with quoted fields", async () => {
    const file = tmp.write(
      "runs.csv",
      'instance_id,model,selection,projection,resolved\n"a,1",m1,DefUse,Declaration,true\nb,m1,defuse,declaration,0\n',
    );
    const { format, benchmark, items } = await readAll(file);
    expect([format, benchmark]).toEqual(["plain-results", null]);
    expect(
      items.map((i) => (i.kind === "result" ? [i.data.instanceExternalId, i.data.selection, i.data.resolved] : null)),
    ).toEqual([
      ["a,1", "defuse", true],
      ["b", "defuse", false],
    ]);
  });

  test("judge scores: labels, integers and the judge's objects", async () => {
    const file = tmp.write(
      "scores.jsonl",
      jsonl([
        {
          instance_id: "a",
          identifier: "f",
          attribute: "Entity type",
          sample: 2,
          necessity: { label: "LOAD-BEARING", evidence: "e", rationale: "r", confidence: 0.9 },
          disclosure: 0,
          guidance: "orienting",
        },
      ]),
    );
    const { format, items } = await readAll(file);
    expect(format).toBe("judge-scores");
    expect(items[0]).toMatchObject({
      kind: "judge-score",
      data: { attribute: "kind", selection: "defuse", sample: 2, necessity: 3, disclosure: 0, guidance: 1 },
    });
  });
});

describe("bad input names the file and the line", () => {
  test.each([
    [
      "malformed line",
      "bad.jsonl",
      `${JSON.stringify(swebenchRecord(1))}\n{"instance_id": oops}\n`,
      2,
      /not valid JSON/,
    ],
    [
      "truncated last line",
      "cut.jsonl",
      `${JSON.stringify(swebenchRecord(1))}\n${JSON.stringify(swebenchRecord(2)).slice(0, 50)}`,
      2,
      /truncated/,
    ],
    [
      "wrong type",
      "type.jsonl",
      jsonl([swebenchRecord(1), swebenchRecord(2, { patch: ["not", "text"] })]),
      2,
      /"patch" must be a non-empty string/,
    ],
    ["unknown format", "what.jsonl", jsonl([{ hello: "world" }]), 1, /unknown format.*hello/],
    [
      "a line that is not an object",
      "array.jsonl",
      `${JSON.stringify(swebenchRecord(1))}\n[1, 2]\n`,
      2,
      /expected a JSON object/,
    ],
    [
      "CSV with a short row",
      "short.csv",
      "instance_id,model,selection,projection,resolved\na,m,s,p\n",
      2,
      /expected 5 columns/,
    ],
    [
      "unclosed JSON array",
      "open.json",
      `[${JSON.stringify(swebenchRecord(1))},\n${JSON.stringify(swebenchRecord(2))}`,
      2,
      /not closed/,
    ],
    [
      "bad resolved flag",
      "flag.csv",
      "instance_id,model,selection,projection,resolved\na,m,s,p,maybe\n",
      2,
      /"resolved" must be true or false/,
    ],
    [
      "bad score",
      "score.jsonl",
      jsonl([{ instance_id: "a", identifier: "f", attribute: "name", necessity: 7, disclosure: 0, guidance: 0 }]),
      1,
      /"necessity" must be 0–3/,
    ],
    ["binary junk", "junk.jsonl", new Uint8Array([0x7b, 0x0a, 0x00, 0xff, 0x13, 0x37]), 2, /binary content/],
    ["not UTF-8", "latin.jsonl", new Uint8Array([0x7b, 0x22, 0xe9, 0xff, 0xfe, 0x22, 0x7d]), 1, /not UTF-8/],
  ])("%s", async (_name, fileName, content, line, message) => {
    const error = await failure(tmp.write(fileName, content));
    expect(error.line).toBe(line);
    expect(error.message).toContain(`${fileName}:${line}: `);
    expect(error.reason).toMatch(message);
  });

  test.each([
    ["empty file", "empty.jsonl", "", /empty/],
    ["white space only", "blank.jsonl", "\n  \n", /empty/],
    ["a corrupt Parquet file", "bad.parquet", "PAR1 this is not parquet", /Parquet/],
  ])("%s", async (_name, fileName, content, message) => {
    const error = await failure(tmp.write(fileName, content));
    expect(error.message).toContain(fileName);
    expect(error.reason).toMatch(message);
  });

  test("a missing file", async () => {
    expect((await failure(`${tmp.dir}/nope.jsonl`)).reason).toBe("no such file");
  });
});

test("a harness report that lists an id under two outcomes is refused, naming both lists", async () => {
  const tmp2 = makeTempDir();
  try {
    const report = { resolved_ids: ["a", "b"], unresolved_ids: ["b"], completed_ids: ["a", "b"], resolved: ["a"] };
    const opened = await openImportFile(tmp2.write("run.results.json", JSON.stringify(report)));
    const read = async () => {
      for await (const _ of opened.items);
    };
    await expect(read()).rejects.toThrow(
      /"b" is listed as resolved \(resolved_ids\) and as unresolved \(unresolved_ids\)/,
    );
  } finally {
    tmp2.cleanup();
  }
});

describe("near misses say what they lack", () => {
  test.each([
    [
      "a SWE-bench record without its test patch",
      { instance_id: "a__b-1", repo: "a/b", base_commit: "c", patch: "p", problem_statement: "s", FAIL_TO_PASS: "[]" },
      /closest: SWE-bench instances \(swebench\) — missing test_patch; --map cannot help/,
    ],
    [
      "a SWE-bench record whose patch is named otherwise",
      { instance_id: "a__b-1", repo: "a/b", base_commit: "c", fix: "p", test_patch: "t", problem_statement: "s" },
      /closest: SWE-bench instances \(swebench\) — missing patch, FAIL_TO_PASS; if the file names them otherwise, say which with --map \(e\.g\. --map patch=fix\)/,
    ],
    [
      "plain results without a projection",
      { instance_id: "x", model: "m", selection: "defuse", resolved: true, policy: "name" },
      /closest: plain results .* — missing projection; .*--map projection=policy/,
    ],
    [
      // Issue 42: a results_summary.csv of instance_id, resolved, patch_applied (no model): CSV writes booleans as
      // text, and a boolean is never suggested as a model's name.
      "per-instance results without a model",
      { instance_id: "x", resolved: "True", patch_applied: "False" },
      /— missing model, selection, projection; say the run of a file that does not name it with --model NAME --selection SELECTION --projection PROJECTION$/,
    ],
    ["nothing like any format", { hello: "world" }, /matches no known instance, results or score format/],
  ])("%s", async (_what, record, message) => {
    const { unknownFormatReason } = await import("./read-import-file");
    expect(unknownFormatReason(record)).toMatch(message);
  });
});

test.each([
  ["javascript-tasks.jsonl", "SWE-bench"],
  ["swebench-java-verified.jsonl", "SWE-bench-java Verified"],
  ["java8_tasks.jsonl", "SWE-bench-java Verified"],
  ["elite-set.jsonl", "SWE-bench"],
  ["swebench_lite_test.jsonl", "SWE-bench Lite"],
  ["SWE-bench_Verified.parquet", "SWE-bench Verified"],
  ["multilingual.jsonl", "SWE-bench Multilingual"],
])("the benchmark from the file name %s is read by word: %s", async (name, benchmark) => {
  const { swebenchBenchmarkFromPath } = await import("./formats/swebench");
  expect(swebenchBenchmarkFromPath(`data/${name}`)).toBe(benchmark);
});

test("a single JSON object holding one SWE-bench record (indent=2) is that record", async () => {
  const tmp3 = makeTempDir();
  try {
    const file = tmp3.write("one.json", JSON.stringify(swebenchRecord(5), null, 2));
    const opened = await openImportFile(file);
    expect(opened.format.id).toBe("swebench");
    const items: ImportItem[] = [];
    for await (const { item } of opened.items) items.push(item);
    expect(items).toHaveLength(1);
    expect(items[0]?.kind).toBe("instance");
  } finally {
    tmp3.cleanup();
  }
});
