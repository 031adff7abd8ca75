import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { importFiles } from "../server/import/import-files";
import { jsonl, swebenchRecord } from "../testing/fixtures";
import { openTempDatabase } from "../testing/temp-database";
import { runReportCommand, textTable } from "./report-command";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [
    env.tmp.write("swebench-lite-r.jsonl", jsonl([1, 2, 3, 4].map((n) => swebenchRecord(n)))),
  ]);
  const rows = [
    "instance_id,model,selection,projection,resolved",
    ...["none/none/0,0,0,0", "defuse/declaration/1,1,1,0"].flatMap((spec) => {
      const [selection, projection, outcomes] = [
        spec.split("/")[0],
        spec.split("/")[1],
        spec.split("/")[2]?.split(","),
      ];
      return (outcomes ?? []).map((ok, i) => `acme__widgets-${i + 1},m,${selection},${projection},${ok === "1"}`);
    }),
  ];
  await importFiles(env.db, [env.tmp.write("runs.csv", `${rows.join("\n")}\n`)], { benchmark: "SWE-bench Lite" });
});
afterAll(() => env.close());

async function report(name: string, options = {}) {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    const code = await runReportCommand(env.db, name, { json: true, ...options });
    return { code, rows: code === 0 ? JSON.parse(String(out.mock.calls[0]?.[0])) : null };
  } finally {
    out.mockRestore();
  }
}

test("report resolve-rates and policies print snake_case rows from the research query layer", async () => {
  const rates = await report("resolve-rates");
  expect(rates.rows.map((r: Record<string, unknown>) => [r.selection, r.resolved, r.n, r.mismatch])).toEqual([
    ["defuse", 3, 4, null],
    ["none", 0, 4, null],
  ]);
  expect(Object.keys(rates.rows[0])).toEqual(
    expect.arrayContaining(["benchmark", "model", "selection", "projection", "resolved", "n", "rate", "low", "high"]),
  );
  const policies = await report("policies");
  expect(policies.rows.map((r: Record<string, unknown>) => [r.selection, r.baseline, r.difference])).toEqual([
    ["none", true, null],
    ["defuse", false, 0.75],
  ]);
  // Three discordant pairs, all one way: exact McNemar p = 0.25.
  expect(policies.rows[1].p).toBeCloseTo(0.25, 12);
  const paired = await report("paired", { first: "m/defuse/declaration", second: "m/none/none" });
  expect(paired.rows[0]).toMatchObject({ n: 4, both: 0, first_only: 3, second_only: 0, neither: 1 });
});

test("an unknown report or configuration is a usage error", async () => {
  const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    expect((await report("nope")).code).toBe(2);
    expect((await report("paired", { first: "x/y/z", second: "m/none/none" })).code).toBe(2);
  } finally {
    err.mockRestore();
  }
});

test("text tables print p below 1e-4 as a bound and no negative zero", () => {
  expect(textTable([{ p: 3.2e-12, p_holm: 0.00012, kappa: -0.00004, exact_mcnemar_p: 0.00009 }])).toBe(
    [
      "       p  p_holm   kappa  exact_mcnemar_p",
      "--------  ------  ------  ---------------",
      "< 0.0001  0.0001  0.0000         < 0.0001",
    ].join("\n"),
  );
});

test("a paired comparison of runs with no instance in common prints no p", async () => {
  const rows = [1, 2].map((n) => `acme__widgets-${n + 2},solo,defuse,name,${n === 1}`);
  const other = [1, 2].map((n) => `acme__widgets-${n},solo-other,defuse,name,${n === 1}`);
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "apart.csv",
        `instance_id,model,selection,projection,resolved\n${[...rows, ...other].join("\n")}\n`,
      ),
    ],
    { benchmark: "SWE-bench Lite" },
  );
  const paired = await report("paired", { first: "solo/defuse/name", second: "solo-other/defuse/name" });
  expect(paired.rows[0]).toMatchObject({ n: 0, both: 0, first_only: 0, second_only: 0, p: null });
});

test("text tables align numbers right and the rest left", () => {
  expect(
    textTable([
      { model: "m", n: 4, rate: 0.75 },
      { model: "long-model", n: 12, rate: null },
    ]),
  ).toBe(
    ["model        n    rate", "----------  --  ------", "m            4  0.7500", "long-model  12       –"].join("\n"),
  );
});

test("the paired view opens on the first pair that shares instances, never an empty pair, and follows the URL's runs", async () => {
  const { loadResearchData } = await import("../server/research/research");
  const { pairedView } = await import("../server/research/research-report");
  const data = await loadResearchData(env.db);
  const view = pairedView(data);
  expect(view?.n).toBe(4);
  const runs = view?.configurations.map((c) => c.runId) ?? [];
  // Asking for the same run twice, or a run that does not exist, falls back to an overlapping pair.
  expect(pairedView(data, runs[0], runs[0])?.n).toBe(4);
  expect(pairedView(data, 999, 998)?.n).toBe(4);
  const swapped = pairedView(data, runs[1], runs[0]);
  expect([swapped?.first, swapped?.second]).toEqual([runs[1], runs[0]]);
  expect(swapped?.cells.firstOnly).toBe(view?.cells.secondOnly);
});

test("report leaks: per benchmark and channel, over the instances whose evidence was computed", async () => {
  const { analyzePendingInstances } = await import("../server/analysis/analyze-stored-instances");
  await analyzePendingInstances(env.db);
  const leaks = await report("leaks");
  // The fixture ids embed no commit and its issues paste nothing: four instances, no channel.
  expect(leaks.rows.map((r: Record<string, unknown>) => [r.benchmark, r.channel, r.with_channel, r.instances])).toEqual(
    [
      ["SWE-bench Lite", "id_commit", 0, 4],
      ["SWE-bench Lite", "solution_in_issue", 0, 4],
      ["SWE-bench Lite", "tests_in_issue", 0, 4],
      ["SWE-bench Lite", "hint_quotes_code", 0, 4],
    ],
  );
  expect((await report("evidence-judge")).rows).toEqual([]);
});

test("report rater-agreement: a curator against the judge per attribute, κ with clustered limits and confusion", async () => {
  // widget_N is the one identifier of instance N. The judge rates name and signature on all four instances;
  // the curator agrees on every name and is one level off on one signature.
  const lines: Array<Record<string, unknown>> = [];
  for (const n of [1, 2, 3, 4])
    for (const attribute of ["name", "signature"]) {
      const level = (n + (attribute === "name" ? 0 : 1)) % 4;
      const base = { instance_id: `acme__widgets-${n}`, identifier: `widget_${n}`, attribute };
      lines.push({ ...base, judge: "j", sample: 1, necessity: level, disclosure: 0, guidance: 0 });
      const off = attribute === "signature" && n === 2 ? 1 : 0;
      lines.push({ ...base, curator: "bo", necessity: (level + off) % 4, disclosure: 0, guidance: 0 });
    }
  await importFiles(env.db, [env.tmp.write("judge-scores.jsonl", jsonl(lines))], { benchmark: "SWE-bench Lite" });
  const { code, rows } = await report("rater-agreement");
  expect(code).toBe(0);
  expect(rows.map((r: Record<string, unknown>) => [r.first, r.second, r.attribute, r.items, r.instances])).toEqual([
    ["bo", "judge: j (defuse)", "name", 4, 4],
    ["bo", "judge: j (defuse)", "signature", 4, 4],
    ["bo", "judge: j (defuse)", "all", 8, 4],
  ]);
  const [name, signature] = rows;
  expect(name.kappa_necessity).toBe(1);
  expect(JSON.parse(name.confusion_necessity)).toEqual([
    [1, 0, 0, 0],
    [0, 1, 0, 0],
    [0, 0, 1, 0],
    [0, 0, 0, 1],
  ]);
  // Signature: the judge's levels 2, 3, 0, 1; the curator's 2, 0 (one up from 3, wrapped), 0, 1. Rows are the
  // first rater's (the curator's) levels, columns the judge's.
  expect(JSON.parse(signature.confusion_necessity)).toEqual([
    [1, 0, 0, 1],
    [0, 1, 0, 0],
    [0, 0, 1, 0],
    [0, 0, 0, 0],
  ]);
  expect(signature.kappa_necessity).toBeLessThan(1);
  // Four instances: no "95 %" limits (below 30 a κ interval covered under 0.93), and the row says so.
  expect(signature.kappa_necessity_low).toBeNull();
  expect(signature.kappa_necessity_high).toBeNull();
  expect(signature.kappa_necessity_note).toBe(
    "4 instances: no interval below 30 (one covered under 0.93 in simulation)",
  );
  // Disclosure and guidance: both raters at one level throughout: κ = 0/0, undefined, and the row says so.
  expect(name.kappa_disclosure).toBeNull();
  expect(name.kappa_disclosure_note).toMatch(/one and the same level throughout: κ = 0\/0/);
  expect(name.kappa_necessity_note).toMatch(/^4 instances: no interval below 30/);
});
