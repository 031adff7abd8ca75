/**
 * Issue 22's research figures end to end: small files written here, imported into a real SQLite file, read
 * back through the research query layer the page and `hints report` share.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ImportError } from "../../ingest/import-error";
import { jsonl, swebenchProRecord } from "../../testing/fixtures";
import { openTempDatabase, snapshotDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { loadResearchData } from "./research";
import { judgeRows, policyRows, resolveRateRows } from "./research-report";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const BENCH = "SWE-bench Pro";
const ids = [1, 2, 3].map((i) => swebenchProRecord(i).instance_id as string);

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("pro.jsonl", jsonl([1, 2, 3].map((i) => swebenchProRecord(i))))], {
    benchmark: BENCH,
  });
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

const judgeLine = (fields: Record<string, unknown>) => ({
  instance_id: ids[0],
  benchmark: BENCH,
  identifier: "get_best_parsable_locale",
  attribute: "signature",
  judge: "gpt-4.1",
  disclosure: 0,
  guidance: 0,
  ...fields,
});

describe("judge samples", () => {
  test("lines without a sample number are samples in order of appearance, not one overwritten sample", async () => {
    const file = env.tmp.write(
      "judge-unnumbered.jsonl",
      jsonl([judgeLine({ necessity: 3 }), judgeLine({ necessity: 3 }), judgeLine({ necessity: 0 })]),
    );
    const summary = await importFiles(env.db, [file]);
    expect(summary.files[0]).toMatchObject({ added: 3 });
    const stored = await env.db.judgeScore.findMany({ where: { judge: "gpt-4.1" }, orderBy: { sample: "asc" } });
    expect(stored.map((s) => [s.sample, s.necessity])).toEqual([
      [1, 3],
      [2, 3],
      [3, 0],
    ]);
    const [row] = judgeRows(await loadResearchData(env.db), BENCH);
    // Median of 3, 3, 0 is 3; three samples that disagree: unanimity 0 of 1 value.
    expect(row).toMatchObject({ judge: "gpt-4.1", n: 1, N: 3, unanimity: 0, unanimity_values: 1, samples_max: 3 });
    // The same file again changes nothing.
    expect((await importFiles(env.db, [file])).files[0]).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
  });

  test("a sample number given twice with other ratings is refused at its line, and nothing is written", async () => {
    const before = await snapshotDatabase(env.db);
    const file = env.tmp.write(
      "judge-repeated.jsonl",
      jsonl([judgeLine({ necessity: 2, sample: 1, judge: "j2" }), judgeLine({ necessity: 1, sample: 1, judge: "j2" })]),
    );
    const error = await rejected(importFiles(env.db, [file]));
    expect(error.line).toBe(2);
    expect(error.message).toContain("line 1 says N 2, D 0, G 0, this line N 1, D 0, G 0");
    expect(await snapshotDatabase(env.db)).toBe(before);
  });
});

describe("results", () => {
  test("plain results that list an id twice with other outcomes are refused at the second line", async () => {
    const row = (resolved: boolean) => ({
      instance_id: ids[0],
      model: "m",
      selection: "defuse",
      projection: "name",
      resolved,
      benchmark: BENCH,
    });
    const before = await snapshotDatabase(env.db);
    const error = await rejected(
      importFiles(env.db, [env.tmp.write("plain-dup.jsonl", jsonl([row(true), row(false), row(true)]))]),
    );
    expect(error.line).toBe(2);
    expect(error.message).toContain("line 1 says resolved, this line not resolved");
    expect(await snapshotDatabase(env.db)).toBe(before);
    // The same outcome twice is a harmless repeat.
    const same = await importFiles(env.db, [env.tmp.write("plain-same.jsonl", jsonl([row(true), row(true)]))]);
    expect(same.files[0]).toMatchObject({ added: 1 });
  });

  test.each([
    ["one line (read as JSON Lines)", (text: string) => text.replace(/\n\s*/g, " ")],
    ["pretty-printed", (text: string) => text],
  ])("a repeated key is found in a document on %s", async (_how, shape) => {
    const text = shape(`{\n  "${ids[0]}": true,\n  "${ids[0]}": false\n}`);
    const error = await rejected(
      importFiles(env.db, [env.tmp.write("dup2.eval_results.json", text)], { benchmark: BENCH }),
    );
    expect(error.message).toContain(`key "${ids[0]}" is given again with another value`);
  });

  test("an eval_results map that repeats a key with another value is refused at that key's line", async () => {
    const text = `{\n  "${ids[0]}": true,\n  "${ids[1]}": false,\n  "${ids[0]}": false\n}\n`;
    const error = await rejected(
      importFiles(env.db, [env.tmp.write("dup.eval_results.json", text)], { benchmark: BENCH }),
    );
    expect(error.line).toBe(4);
    expect(error.message).toContain(`key "${ids[0]}" is given again with another value (first on line 2)`);
    // Repeated with the same value: imported, once.
    const same = `{\n  "${ids[0]}": true,\n  "${ids[0]}": true\n}\n`;
    const summary = await importFiles(env.db, [env.tmp.write("same.eval_results.json", same)], { benchmark: BENCH });
    expect(summary.files[0]).toMatchObject({ added: 1 });
  });

  test("a harness report of a partial run: the rate is over what it attempted, not-run ids are not failures", async () => {
    const report = {
      total_instances: 3,
      submitted_instances: 2,
      completed_instances: 2,
      resolved_instances: 1,
      unresolved_instances: 1,
      completed_ids: [ids[0], ids[1]],
      incomplete_ids: [ids[2]],
      empty_patch_ids: [],
      error_ids: [],
      submitted_ids: [ids[0], ids[1]],
      resolved_ids: [ids[0]],
      unresolved_ids: [ids[1]],
    };
    await importFiles(env.db, [env.tmp.write("partial.results.json", JSON.stringify(report))], { benchmark: BENCH });
    const data = await loadResearchData(env.db);
    const row = resolveRateRows(data, BENCH).find((r) => r.model === "partial");
    // 1 of the 2 attempted (50%), not 1 of 3; the third shown as not run; the stated counts agree with the rows.
    expect(row).toMatchObject({ resolved: 1, n: 2, rate: 0.5, not_run: 1, error: 0, mismatch: null });
  });

  test("a stated pass_rate of 1.0 against rows of 1 in 2 is flagged; the literal's precision is kept", async () => {
    const summary = {
      total: 2,
      passed: 1,
      pass_rate: 1.0,
      instances: [
        { instance_id: ids[0], resolved: true },
        { instance_id: ids[1], resolved: false },
      ],
    };
    // JSON.stringify writes 1.0 as 1: write the literal as a harness would.
    const text = JSON.stringify(summary).replace('"pass_rate":1', '"pass_rate":1.0');
    await importFiles(env.db, [env.tmp.write("stated.results_summary.json", text)], { benchmark: BENCH });
    const run = await env.db.run.findFirstOrThrow({ where: { model: "stated" } });
    expect(JSON.parse(run.summary as string).stated_literals).toEqual({ pass_rate: "1.0" });
    const row = resolveRateRows(await loadResearchData(env.db), BENCH).find((r) => r.model === "stated");
    expect(row?.mismatch).toBe("stated 100.0%, rows give 50.0%");
  });
});

describe("policies", () => {
  test("the no-hint baseline is recognised however it is spelled; a fallback reference is not called baseline", async () => {
    const rows = [
      ...ids.map((id, i) => ({
        instance_id: id,
        model: "p",
        selection: "No-Hint",
        projection: "none",
        resolved: i === 0,
      })),
      ...ids.map((id) => ({ instance_id: id, model: "p", selection: " DefUse ", projection: "Name", resolved: true })),
      ...ids.map((id) => ({ instance_id: id, model: "q", selection: "defuse", projection: "name", resolved: true })),
      ...ids.map((id) => ({ instance_id: id, model: "q", selection: "fea", projection: "name", resolved: false })),
    ].map((r) => ({ ...r, benchmark: BENCH }));
    const summary = await importFiles(env.db, [env.tmp.write("policies.jsonl", jsonl(rows))]);
    expect(summary.files[0]?.warnings).toEqual([]);
    const runs = await env.db.run.findMany({ where: { model: { in: ["p", "q"] } }, orderBy: { id: "asc" } });
    expect(runs.map((r) => `${r.model}/${r.selection}/${r.projection}`)).toEqual([
      "p/none/none",
      "p/defuse/name",
      "q/defuse/name",
      "q/fea/name",
    ]);
    const table = policyRows(await loadResearchData(env.db), BENCH);
    const p = table.filter((r) => r.model === "p");
    expect(p.map((r) => [r.selection, r.baseline, r.reference])).toEqual([
      ["none", true, true],
      ["defuse", false, false],
    ]);
    const q = table.filter((r) => r.model === "q");
    expect(q.map((r) => [r.selection, r.baseline, r.reference])).toEqual([
      ["defuse", false, true],
      ["fea", false, false],
    ]);
  });

  test("an unknown selection is kept and said", async () => {
    const row = { instance_id: ids[0], model: "r", selection: "no-hints-v2", projection: "name", resolved: true };
    const summary = await importFiles(env.db, [env.tmp.write("unknown.jsonl", jsonl([{ ...row, benchmark: BENCH }]))]);
    expect(summary.files[0]?.warnings).toEqual([expect.stringContaining('unknown selection "no_hints_v2"')]);
  });
});

describe("judge scores and agreement", () => {
  test("scores for ids that match no imported instance are left out of the judge table and listed", async () => {
    const file = env.tmp.write(
      "judge-unmatched.jsonl",
      jsonl([
        judgeLine({ judge: "j3", necessity: 3, instance_id: ids[1] }),
        judgeLine({ judge: "j3", necessity: 0, instance_id: "not__an-instance-1" }),
      ]),
    );
    await importFiles(env.db, [file]);
    const data = await loadResearchData(env.db);
    const [row] = judgeRows(data, BENCH).filter((r) => r.judge === "j3");
    expect(row).toMatchObject({ n: 1, instances: 1, N: 3 });
    expect(data.unmatchedJudgeIds).toEqual([{ benchmark: BENCH, ids: ["not__an-instance-1"] }]);
  });

  test("curator–judge agreement keeps a judge's selections apart", async () => {
    const lines = [];
    for (const [i, id] of ids.entries()) {
      for (const attribute of ["name", "signature"]) {
        const curator = (i + (attribute === "name" ? 0 : 1)) % 4;
        lines.push({
          ...judgeLine({ instance_id: id, attribute }),
          judge: undefined,
          curator: "ann",
          necessity: curator,
        });
        // The judge agrees with the curator under DefUse and says the opposite under Pro.
        lines.push(judgeLine({ judge: "j4", selection: "defuse", instance_id: id, attribute, necessity: curator }));
        lines.push(judgeLine({ judge: "j4", selection: "pro", instance_id: id, attribute, necessity: 3 - curator }));
      }
    }
    await importFiles(env.db, [env.tmp.write("agreement.jsonl", jsonl(lines))]);
    const { ratings } = await loadResearchData(env.db);
    const raters = [...new Set(ratings.map((r) => r.rater))].filter((r) => r.includes("j4")).sort();
    expect(raters).toEqual(["judge: j4 (defuse)", "judge: j4 (pro)"]);
    const { raterAgreement } = await import("../../stats/curator-agreement");
    const rows = raterAgreement(ratings).filter((r) => r.first === "ann" || r.second === "ann");
    const defuse = rows.find((r) => r.second === "judge: j4 (defuse)");
    const pro = rows.find((r) => r.second === "judge: j4 (pro)");
    // Pooled, the two selections' medians would have been one rating of 1.5 per item.
    expect(defuse).toMatchObject({ items: 6, necessity: 1 });
    expect(pro).toMatchObject({ items: 6, necessity: -1 });
  });
});
