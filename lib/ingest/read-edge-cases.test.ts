// Valid files the reader once lost records from or rejected, and bad files it once reported at the wrong place.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { jsonl, makeTempDir, swebenchProRecord, swebenchRecord } from "../testing/fixtures";
import { REAL_DATA } from "../testing/real-data";
import { ImportError } from "./import-error";
import type { ImportItem } from "./import-items";
import { openImportFile } from "./read-import-file";

const tmp = makeTempDir();
afterAll(tmp.cleanup);

async function readAll(file: string, map?: Record<string, string>) {
  const opened = await openImportFile(file, { fieldMap: map });
  const items: ImportItem[] = [];
  for await (const { item } of opened.items) items.push(item);
  return { format: opened.format.id, items };
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

const instances = (items: ImportItem[]) =>
  items.map((item) => {
    if (item.kind !== "instance") throw new Error(`expected an instance, got ${item.kind}`);
    return item.data;
  });

/** A record whose problem statement is `size` characters long. */
const bigRecord = (n: number, size: number) => swebenchRecord(n, { problem_statement: "x".repeat(size) });

describe("records the reader must not lose", () => {
  test("a JSON array whose records straddle the 1 MiB read chunk keeps every record", async () => {
    // Three records of 700 KB: the second starts in the first chunk and ends in the second, the third
    // spans the second and third chunks.
    const records = [bigRecord(1, 700_000), bigRecord(2, 700_000), bigRecord(3, 700_000)];
    const file = tmp.write("straddle.json", JSON.stringify(records));
    const { items } = await readAll(file);
    expect(instances(items).map((d) => [d.externalId, d.problemStatement.length])).toEqual([
      ["acme__widgets-1", 700_000],
      ["acme__widgets-2", 700_000],
      ["acme__widgets-3", 700_000],
    ]);
  });

  test("a JSON array of two records, the second crossing the chunk edge, reports both", async () => {
    const file = tmp.write("two.json", JSON.stringify([bigRecord(1, 1_040_000), bigRecord(2, 50_000)]));
    expect(instances((await readAll(file)).items)).toHaveLength(2);
  });

  test("CSV keeps every byte of a field: trailing blank lines, leading spaces, CRLF inside a patch", async () => {
    const patch = "diff --git a/x.py b/x.py\r\n--- a/x.py\n+++ b/x.py\n@@ -1 +1,2 @@\n x = 1\n+y = 2\n\n\n";
    const header = "instance_id,repo,base_commit,patch,test_patch,problem_statement,FAIL_TO_PASS";
    const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
    const row = ["acme__widgets-1", "acme/widgets", "a".repeat(40), patch, "  t\n", "  Widget is missing  ", "[]"];
    const file = tmp.write("lite.csv", `${header}\r\n${row.map(quote).join(",")}\r\n`);
    const [data] = instances((await readAll(file)).items);
    expect(data?.goldPatch).toBe(patch);
    expect(data?.testPatch).toBe("  t\n");
    expect(data?.problemStatement).toBe("  Widget is missing  ");
  });
});

describe("valid files the reader must accept", () => {
  test("JSON Lines whose first record is over 1 MB", async () => {
    const file = tmp.write("big-first.jsonl", jsonl([bigRecord(1, 1_100_000), swebenchRecord(2)]));
    const { format, items } = await readAll(file);
    expect(format).toBe("swebench");
    expect(items).toHaveLength(2);
  });

  test("a one-record JSON Lines file over 64 KiB", async () => {
    const file = tmp.write("one.jsonl", jsonl([bigRecord(1, 200_000)]));
    expect((await readAll(file)).items).toHaveLength(1);
  });

  test.each([
    ["jsonl", jsonl([swebenchRecord(1)])],
    ["json", JSON.stringify([swebenchRecord(1)])],
    [
      "csv",
      "instance_id,repo,base_commit,patch,test_patch,problem_statement,FAIL_TO_PASS\nacme__widgets-1,acme/widgets,aaa,p,t,s,[]\n",
    ],
  ])("a UTF-8 byte-order mark before %s", async (extension, text) => {
    const file = tmp.write(`bom.${extension}`, `\uFEFF${text}`);
    const { items } = await readAll(file);
    expect(instances(items)[0]?.externalId).toBe("acme__widgets-1");
  });

  test("SWE-bench Pro with its patch field named gold_patch (a documented alias)", async () => {
    const { patch, ...rest } = swebenchProRecord(7);
    const file = tmp.write("pro-renamed.jsonl", jsonl([{ ...rest, gold_patch: patch }]));
    const { format, items } = await readAll(file);
    expect(format).toBe("swebench-pro");
    expect(instances(items)[0]?.goldPatch).toBe(patch);
    // The record is kept exactly as it arrived.
    expect(instances(items)[0]?.original).toHaveProperty("gold_patch", patch);
  });

  test("a field map names the fields a format wants: --map patch=fix,instance_id=task", async () => {
    const { patch, instance_id, ...rest } = swebenchRecord(4);
    const file = tmp.write("odd.jsonl", jsonl([{ ...rest, fix: patch, task: instance_id }]));
    await expect(readAll(file)).rejects.toThrow(/unknown format/);
    const { format, items } = await readAll(file, { patch: "fix", instance_id: "task" });
    expect(format).toBe("swebench");
    expect(instances(items)[0]?.externalId).toBe("acme__widgets-4");
  });
});

describe("errors that name the right place", () => {
  test("invalid UTF-8 on line 3 is reported at line 3", async () => {
    const good = Buffer.from(jsonl([swebenchRecord(1), swebenchRecord(2)]));
    const bad = Buffer.concat([good, Buffer.from('{"instance_id": "x\xff"}\n', "latin1")]);
    const error = await failure(tmp.write("bad-utf8.jsonl", bad));
    expect(error.line).toBe(3);
    expect(error.reason).toMatch(/UTF-8/);
  });

  test("invalid UTF-8 far past the first 64 KiB is rejected at its line, not stored as U+FFFD", async () => {
    const records = Array.from({ length: 40 }, (_, i) => bigRecord(i, 3_000));
    const bad = Buffer.concat([Buffer.from(jsonl(records)), Buffer.from('{"instance_id": "\xc3("}\n', "latin1")]);
    const error = await failure(tmp.write("late-bad-utf8.jsonl", bad));
    expect(error.line).toBe(41);
    expect(error.reason).toMatch(/UTF-8/);
  });

  test("a patch that is a number is a type error at its line", async () => {
    const file = tmp.write("typed.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2, { patch: 12345 })]));
    const error = await failure(file);
    expect(error.line).toBe(2);
    expect(error.reason).toMatch(/"patch" must be a non-empty string/);
  });

  test("JSON nested 5,000 deep fails with a located sentence, not a stack overflow", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const text = `${JSON.stringify(swebenchRecord(1))}\n{"instance_id": "x", "patch": "p", "test_patch": "t", "problem_statement": "s", "FAIL_TO_PASS": ${deep}}\n`;
    const error = await failure(tmp.write("deep.jsonl", text));
    expect(error.line).toBe(2);
    expect(error.reason).not.toMatch(/call stack/);
  });

  test.each([
    ["JSON Lines", (text: string) => `${JSON.stringify(swebenchRecord(1))}\n${text}\n`, 2],
    ["a JSON array", (text: string) => `[${JSON.stringify(swebenchRecord(1))},\n${text}]`, 2],
    ["one JSON document", (text: string) => text, 1],
  ])("a field nested 100,000 deep in %s is a located error, never a stack overflow", async (_how, shape, line) => {
    const depth = 100_000;
    const record = JSON.stringify(swebenchRecord(2)).replace(
      /}$/,
      `, "deep": ${"[".repeat(depth)}${"]".repeat(depth)}}`,
    );
    const error = await failure(tmp.write(`deep-${line}-${_how.length}.json`, shape(record)));
    expect(error.line).toBe(line);
    expect(error.reason).toBe('field "deep" nests values more than 64 levels deep');
  });

  test.each([
    ["the id", { instance_id: "acme__widgets-\u0000-1" }, "instance_id"],
    ["the issue", { problem_statement: "before\u0000after" }, "problem_statement"],
    ["the patch", { patch: "diff --git a/x b/x\n\u0000" }, "patch"],
  ])(
    "a NUL character in %s is refused at its line on both engines (PostgreSQL cannot store it)",
    async (_what, override, field) => {
      // The NUL is a real character in the value: JSON writes it as the escape \u0000.
      const text = jsonl([swebenchRecord(1), swebenchRecord(2, override)]);
      expect(text).toContain("\\u0000");
      const error = await failure(tmp.write(`nul-${field}.jsonl`, text));
      expect(error.line).toBe(2);
      expect(error.reason).toContain(`field "${field}" holds a NUL character`);
    },
  );

  test("a line longer than the reader's bound is an error at its line, however many chunks it spans", async () => {
    const { MAX_LINE_CHARS, readJsonLines } = await import("./text-records");
    expect(MAX_LINE_CHARS).toBe(256 * 1024 * 1024);
    // The bound scaled down to 1.5 MiB, so the test need not write 256 MB: a 3 MiB line spans three chunks.
    const long = `{"instance_id": "x", "patch": "${"y".repeat(3 * 1024 * 1024)}"}`;
    const file = tmp.write("long-line.jsonl", `${JSON.stringify(swebenchRecord(1))}\n${long}\n`);
    const read: number[] = [];
    const error = await (async () => {
      try {
        for await (const record of readJsonLines(file, 1.5 * 1024 * 1024)) read.push(record.line);
      } catch (e) {
        return e as ImportError;
      }
      return null;
    })();
    expect(read).toEqual([1]);
    expect(error?.line).toBe(2);
    expect(error?.reason).toMatch(/a line longer than 2 MB/);
  });

  test("up to 20 errors per file are reported, each with its line", async () => {
    const records = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? swebenchRecord(i) : { instance_id: `x${i}` }));
    const lines = jsonl(records).split("\n");
    lines[4] = "{ truncated";
    const error = await failure(tmp.write("many.jsonl", lines.join("\n")));
    const reported = error.message.split("\n").filter((line) => /many\.jsonl:\d+: /.test(line));
    expect(reported).toHaveLength(20);
    expect(reported[0]).toMatch(/many\.jsonl:2: /);
    expect(reported[1]).toMatch(/many\.jsonl:4: /);
    expect(reported[2]).toMatch(/many\.jsonl:5: not valid JSON/);
  });
});

describe("real records committed with the tests", () => {
  test("the longest real SWE-bench Pro record (517 KB on one line) reads whole", async () => {
    const file = path.join(REAL_DATA, "swebench-pro-long.jsonl");
    const { format, items } = await readAll(file);
    expect(format).toBe("swebench-pro");
    const [data] = instances(items);
    expect(data?.externalId).toBe("instance_future-architect__vuls-4a72295de7b91faa59d90a5bee91535bbe76755d");
    expect(data?.goldPatch.length).toBeGreaterThan(100_000);
    expect(data?.goldPatch.startsWith("diff --git ")).toBe(true);
  });

  test("as one JSON array, and as CSV, the same real records read to the same instances", async () => {
    const jsonlFile = path.join(REAL_DATA, "swebench-pro-sample.jsonl");
    const records = readFileSync(jsonlFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const fromJsonl = instances((await readAll(jsonlFile)).items);
    const arrayFile = tmp.write("pro-array.json", JSON.stringify(records));
    const fromArray = instances((await readAll(arrayFile)).items);
    expect(fromArray.map((d) => [d.externalId, d.goldPatch, d.testPatch])).toEqual(
      fromJsonl.map((d) => [d.externalId, d.goldPatch, d.testPatch]),
    );
    const columns = [
      "instance_id",
      "repo",
      "base_commit",
      "patch",
      "test_patch",
      "problem_statement",
      "fail_to_pass",
      "requirements",
    ];
    const cell = (value: unknown) => `"${String(value ?? "").replaceAll('"', '""')}"`;
    const csv = [columns.join(","), ...records.map((r) => columns.map((c) => cell(r[c])).join(","))].join("\r\n");
    const fromCsv = instances((await readAll(tmp.write("pro.csv", csv))).items);
    expect(fromCsv.map((d) => [d.externalId, d.goldPatch, d.testPatch])).toEqual(
      fromJsonl.map((d) => [d.externalId, d.goldPatch, d.testPatch]),
    );
  });
});

describe("a JSON array whose elements are not all records", () => {
  test("a string between two records is an error naming the element, not dropped", async () => {
    const text = `[\n${JSON.stringify(swebenchRecord(1))},\n"acme__widgets-9",\n${JSON.stringify(swebenchRecord(2))}\n]`;
    const error = await failure(tmp.write("mixed.json", text));
    expect(error.line).toBe(3);
    expect(error.reason).toBe(
      'element 2 of the array is a string ("acme__widgets-9"), not a record: every element must be a JSON object',
    );
  });

  test.each([
    ["a number", "42"],
    ["null", "null"],
    ["a boolean", "true"],
  ])("%s as an element is named as such", async (kind, value) => {
    const error = await failure(tmp.write(`mixed-${kind}.json`, `[${JSON.stringify(swebenchRecord(1))}, ${value}]`));
    expect(error.reason).toContain(`element 2 of the array is ${kind}`);
  });

  test("a file that is a list of ids says so, and what to do", async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `django__django-${11000 + i}`);
    const error = await failure(tmp.write("fea-bench-ids.json", JSON.stringify(ids, null, 2)));
    expect(error.line).toBe(1);
    expect(error.reason).toBe(
      "a list of 200 instance ids, not records: import the instances themselves, or use it as a subset (npm run hints -- subsets import FILE --name NAME --benchmark B)",
    );
  });
});

test("a field map reaches nested fields: an OpenHands output record read as instances", async () => {
  const inner = swebenchRecord(3);
  const record = {
    instance_id: inner.instance_id,
    instance: { ...inner, instance_id: undefined },
    test_result: { git_patch: "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n" },
    metrics: { accumulated_cost: 0.5 },
  };
  const file = tmp.write("output.jsonl", jsonl([record]));
  const map = {
    repo: "instance.repo",
    base_commit: "instance.base_commit",
    patch: "instance.patch",
    test_patch: "instance.test_patch",
    problem_statement: "instance.problem_statement",
    FAIL_TO_PASS: "instance.FAIL_TO_PASS",
  };
  const { format, items } = await readAll(file, map);
  expect(format).toBe("swebench");
  const data = (items[0] as Extract<ImportItem, { kind: "instance" }>).data;
  expect(data).toMatchObject({
    externalId: "acme__widgets-3",
    repo: "acme/widgets",
    problemStatement: "Widget 3 is missing",
  });
  expect(data.goldPatch).toBe(inner.patch);
});
