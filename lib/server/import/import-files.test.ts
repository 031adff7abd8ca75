import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ImportError } from "../../ingest/import-error";
import { jsonl, swebenchProRecord, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase, snapshotDatabase } from "../../testing/temp-database";
import { importFiles } from "./import-files";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

const rejected = async (promise: Promise<unknown>): Promise<ImportError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
};

describe("importing instances", () => {
  test("adds, then reports the same file as unchanged and writes nothing", async () => {
    const file = env.tmp.write("swebench-lite-a.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)]));
    const first = await importFiles(env.db, [file]);
    expect(first.files[0]).toMatchObject({
      format: "swebench",
      benchmark: "SWE-bench Lite",
      added: 2,
      updated: 0,
      unchanged: 0,
    });
    expect(first.changed).toBe(true);

    const before = await snapshotDatabase(env.db);
    const again = await importFiles(env.db, [file]);
    expect(again.files[0]).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(again.changed).toBe(false);
    expect(await snapshotDatabase(env.db)).toBe(before);
  });

  test("a newer version of an instance updates it and keeps the new original record", async () => {
    const was = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-2" } });
    const newer = swebenchRecord(2, { problem_statement: "Widget 2 is missing (edited)" });
    const file = env.tmp.write("swebench-lite-b.jsonl", jsonl([swebenchRecord(1), newer, swebenchRecord(3)]));
    const summary = await importFiles(env.db, [file]);
    expect(summary.files[0]).toMatchObject({ added: 1, updated: 1, unchanged: 1 });
    const stored = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-2" } });
    // The same row (id, first import), every imported column rewritten, and analysed again.
    expect(stored).toMatchObject({ id: was.id, importedAt: was.importedAt, analysisStatus: "pending" });
    expect(stored.contentHash).not.toBe(was.contentHash);
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(was.updatedAt.getTime());
    expect(stored.problemStatement).toBe("Widget 2 is missing (edited)");
    expect(JSON.parse(stored.original)).toEqual(newer);
    expect(JSON.parse(stored.failToPass)).toEqual(["tests/test_core.py::test_widget_2"]);
  });

  test("--benchmark names the benchmark of a file that does not say it", async () => {
    const file = env.tmp.write("pro-like.jsonl", jsonl([swebenchProRecord(1)]));
    await importFiles(env.db, [file], { benchmark: "My Pro subset" });
    const instance = await env.db.instance.findFirstOrThrow({
      where: { externalId: "instance_acme__gadgets-1" },
      include: { benchmark: true },
    });
    expect(instance.benchmark.name).toBe("My Pro subset");
    expect(instance.problemStatement).toBe('# Gadget 1\n\nIt "breaks".');
  });
});

describe("all or nothing", () => {
  test("a broken last line writes nothing of the file", async () => {
    const before = await snapshotDatabase(env.db);
    const text = `${jsonl([swebenchRecord(10), swebenchRecord(11)])}${JSON.stringify(swebenchRecord(12)).slice(0, 80)}\n`;
    const error = await rejected(importFiles(env.db, [env.tmp.write("swebench-lite-broken.jsonl", text)]));
    expect(error.line).toBe(3);
    expect(await snapshotDatabase(env.db)).toBe(before);
    expect(await env.db.instance.count({ where: { externalId: "acme__widgets-10" } })).toBe(0);
  });

  test("a bad second file rolls back the good first file", async () => {
    const before = await snapshotDatabase(env.db);
    const good = env.tmp.write("swebench-lite-good.jsonl", jsonl([swebenchRecord(20)]));
    const bad = env.tmp.write("mystery.jsonl", jsonl([{ what: "is this" }]));
    const error = await rejected(importFiles(env.db, [good, bad]));
    expect(error.message).toMatch(/mystery\.jsonl:1: unknown format/);
    expect(await snapshotDatabase(env.db)).toBe(before);
  });

  test("a failure after hundreds of rows (several batches) leaves nothing", async () => {
    const before = await snapshotDatabase(env.db);
    const records = Array.from({ length: 950 }, (_, i) => swebenchRecord(1000 + i));
    const text = `${jsonl(records)}{"instance_id": \n`;
    const error = await rejected(importFiles(env.db, [env.tmp.write("swebench-lite-big.jsonl", text)]));
    expect(error.line).toBe(951);
    expect(await snapshotDatabase(env.db)).toBe(before);
  });

  test("results without a benchmark ask for --benchmark and write nothing", async () => {
    const before = await snapshotDatabase(env.db);
    const file = env.tmp.write("plain.csv", "instance_id,model,selection,projection,resolved\na,m,defuse,name,true\n");
    const error = await rejected(importFiles(env.db, [file]));
    expect(error.message).toMatch(/plain\.csv:2: .*--benchmark/);
    expect(await snapshotDatabase(env.db)).toBe(before);
  });
});

describe("results", () => {
  test("unmatched ids are kept and reported; they match once the instance arrives", async () => {
    const results = env.tmp.write(
      "runs.csv",
      "instance_id,model,selection,projection,resolved\nacme__widgets-1,m1,defuse,declaration,true\nacme__widgets-99,m1,defuse,declaration,false\n",
    );
    const summary = await importFiles(env.db, [results], { benchmark: "SWE-bench Lite" });
    expect(summary.files[0]).toMatchObject({ format: "plain-results", added: 2, unmatched_ids: ["acme__widgets-99"] });
    expect(await env.db.runResult.count({ where: { instanceExternalId: "acme__widgets-99" } })).toBe(1);

    await importFiles(env.db, [env.tmp.write("swebench-lite-99.jsonl", jsonl([swebenchRecord(99)]))]);
    const again = await importFiles(env.db, [results], { benchmark: "SWE-bench Lite" });
    expect(again.files[0]).toMatchObject({ added: 0, unchanged: 2, unmatched_ids: [] });
  });

  test("a changed outcome is refused as another import's result; with --replace it updates it, summary kept", async () => {
    const first = {
      total: 1,
      passed: 0,
      pass_rate: 0,
      instances: [{ instance_id: "acme__widgets-1", resolved: false, patch_applied: true }],
    };
    const file = env.tmp.write("swebench-lite-run.results_summary.json", JSON.stringify(first));
    expect((await importFiles(env.db, [file])).files[0]).toMatchObject({ added: 1 });
    const second = {
      ...first,
      passed: 1,
      pass_rate: 100,
      instances: [{ instance_id: "acme__widgets-1", resolved: true, patch_applied: true }],
    };
    env.tmp.write("swebench-lite-run.results_summary.json", JSON.stringify(second));
    // Issue 42: an import never silently replaces what another import gave.
    await expect(importFiles(env.db, [file])).rejects.toThrow(/would replace what another import gave: 1 row/);
    expect((await importFiles(env.db, [file], { replace: true })).files[0]).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 0,
    });
    const run = await env.db.run.findFirstOrThrow({
      where: { model: "swebench-lite-run" },
      include: { results: true },
    });
    expect(run.results.map((r) => r.resolved)).toEqual([true]);
    expect(JSON.parse(run.summary ?? "{}")).toEqual({ total: 1, passed: 1, pass_rate: 100 });
  });

  test("judge scores attach to their instance and re-import unchanged", async () => {
    const scores = jsonl(
      [1, 2, 3].map((sample) => ({
        instance_id: "acme__widgets-1",
        identifier: "widget_1",
        attribute: "signature",
        sample,
        necessity: "LOAD-BEARING",
        disclosure: 0,
        guidance: { label: "DECLARATIVE", evidence: "", rationale: "", confidence: 1 },
      })),
    );
    const file = env.tmp.write("scores.jsonl", scores);
    expect((await importFiles(env.db, [file], { benchmark: "SWE-bench Lite" })).files[0]).toMatchObject({
      added: 3,
      unmatched_ids: [],
    });
    expect((await importFiles(env.db, [file], { benchmark: "SWE-bench Lite" })).files[0]).toMatchObject({
      added: 0,
      unchanged: 3,
    });
    const rows = await env.db.judgeScore.findMany({ where: { identifier: "widget_1" }, include: { instance: true } });
    expect(rows.map((r) => [r.sample, r.necessity, r.guidance, r.instance?.externalId])).toEqual([
      [1, 3, 0, "acme__widgets-1"],
      [2, 3, 0, "acme__widgets-1"],
      [3, 3, 0, "acme__widgets-1"],
    ]);
  });
});

describe("design-constraint verdicts", () => {
  test("import as verdicts on the run, report unmatched ids, re-import unchanged", async () => {
    const file = env.tmp.write(
      "verdicts.csv",
      "instance_id,model,constraint_id,verdict\nacme__widgets-1,m1,C1,Satisfied\nacme__widgets-1,m1,C2,violated\nnobody-42,m1,C1,Neutral\n",
    );
    const first = await importFiles(env.db, [file], { benchmark: "SWE-bench Lite" });
    expect(first.files[0]).toMatchObject({ format: "design-verdicts", added: 3, unmatched_ids: ["nobody-42"] });
    const run = await env.db.run.findFirstOrThrow({
      where: { model: "m1", selection: "official" },
      include: { verdicts: { orderBy: { constraintId: "asc" } } },
    });
    expect(run.verdicts.map((v) => [v.instanceExternalId, v.constraintId, v.verdict])).toEqual([
      ["acme__widgets-1", "C1", "satisfied"],
      ["nobody-42", "C1", "neutral"],
      ["acme__widgets-1", "C2", "violated"],
    ]);
    expect((await importFiles(env.db, [file], { benchmark: "SWE-bench Lite" })).files[0]).toMatchObject({
      added: 0,
      unchanged: 3,
    });
  });

  test("a verdict that is not one of the three is an error at its line", async () => {
    const file = env.tmp.write(
      "bad-verdicts.csv",
      "instance_id,model,constraint_id,verdict\na,m,C1,Satisfied\na,m,C2,maybe\n",
    );
    const error = await rejected(importFiles(env.db, [file], { benchmark: "SWE-bench Lite" }));
    expect(error.message).toMatch(/bad-verdicts\.csv:3: field "verdict" must be Satisfied, Violated or Neutral/);
  });
});

describe("curator scores", () => {
  test("a line with a curator is a person's rating of an imported instance", async () => {
    const file = env.tmp.write(
      "curator.jsonl",
      jsonl([
        {
          instance_id: "acme__widgets-1",
          identifier: "widget_1",
          attribute: "name",
          curator: "ada",
          necessity: 3,
          disclosure: 0,
          guidance: "ORIENTING",
        },
      ]),
    );
    expect((await importFiles(env.db, [file], { benchmark: "SWE-bench Lite" })).files[0]).toMatchObject({
      format: "judge-scores",
      added: 1,
    });
    expect(await env.db.curatorScore.findFirstOrThrow({ where: { curator: "ada" } })).toMatchObject({
      identifier: "widget_1",
      necessity: 3,
      guidance: 1,
    });
  });

  test("rating an instance that is not imported is an error at its line, and nothing is written", async () => {
    const before = await snapshotDatabase(env.db);
    const file = env.tmp.write(
      "curator-bad.jsonl",
      jsonl([
        {
          instance_id: "acme__widgets-1",
          identifier: "widget_1",
          attribute: "kind",
          curator: "ada",
          necessity: 1,
          disclosure: 0,
          guidance: 0,
        },
        {
          instance_id: "ghost-7",
          identifier: "x",
          attribute: "name",
          curator: "ada",
          necessity: 1,
          disclosure: 0,
          guidance: 0,
        },
      ]),
    );
    const error = await rejected(importFiles(env.db, [file], { benchmark: "SWE-bench Lite" }));
    expect(error.message).toMatch(/curator-bad\.jsonl:2: curator scores rate imported instances: "ghost-7"/);
    expect(await snapshotDatabase(env.db)).toBe(before);
  });
});

describe("results filed under another benchmark", () => {
  test("ids that are all one other benchmark's instances are reported with that suggestion; --benchmark applies it", async () => {
    await importFiles(
      env.db,
      [env.tmp.write("verified-ids.jsonl", jsonl([swebenchRecord(501), swebenchRecord(502)]))],
      {
        benchmark: "SWE-bench Verified (suggest)",
      },
    );
    const results = env.tmp.write(
      "lite-run.csv",
      "instance_id,model,selection,projection,resolved\nacme__widgets-501,m,defuse,name,true\nacme__widgets-502,m,defuse,name,false\n",
    );
    const wrong = await importFiles(env.db, [results], { benchmark: "SWE-bench Lite (suggest)" });
    expect(wrong.files[0]).toMatchObject({
      unmatched_ids: ["acme__widgets-501", "acme__widgets-502"],
      suggested_benchmark: "SWE-bench Verified (suggest)",
    });
    const right = await importFiles(env.db, [results], { benchmark: "SWE-bench Verified (suggest)" });
    expect(right.files[0]).toMatchObject({ added: 2, unmatched_ids: [] });
    expect(right.files[0]).not.toHaveProperty("suggested_benchmark");
  });
});
