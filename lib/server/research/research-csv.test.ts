/**
 * The resolve-rate table assembled once (issue 44, item 12): the research page's download
 * (/api/research/csv/resolve-rates, researchCsv) and `hints report resolve-rates` agree cell by cell, with the
 * same column names, on a real SQLite file holding the turn's cases: a stated 0.6 % for 3 of 500, a run that
 * attempted 1 of the benchmark's instances, a stated mismatch, unmatched ids.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runReportCommand } from "../../cli/report-command";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { researchCsv } from "./research-csv";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const BENCH = "Widgets";
const N = 500;
const ids = Array.from({ length: N }, (_, i) => `acme__widgets-${i + 1}`);

/** A results summary as a harness writes it: counts, a rate, and the per-instance rows. */
const summary = (resolvedOf: (i: number) => boolean, count: number, stated: Record<string, unknown>) => ({
  ...stated,
  instances: ids.slice(0, count).map((id, i) => ({ instance_id: id, resolved: resolvedOf(i) })),
});

beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("widgets.jsonl", jsonl(ids.map((_, i) => swebenchRecord(i + 1))))], {
    benchmark: BENCH,
  });
  const files = [
    // 3 of 500, stated in percent as 0.6: no mismatch.
    ["low.results_summary.json", summary((i) => i < 3, N, { total: N, passed: 3, pass_rate: 0.6 })],
    // 1 attempted of 500: 100 % of those, 0.2 % of the benchmark.
    ["one.results_summary.json", summary(() => true, 1, { total: 1, passed: 1, pass_rate: 1.0 })],
    // A stated figure that disagrees with the rows.
    ["doctored.results_summary.json", summary((i) => i % 2 === 0, N, { total: N, pass_rate: 76.0 })],
  ] as const;
  for (const [name, body] of files) {
    await importFiles(env.db, [env.tmp.write(name, JSON.stringify(body))], { benchmark: BENCH });
  }
  // Rows for ids no instance has: counted as unmatched.
  const plain = [...ids.slice(0, 10), "acme__widgets-9001", "acme__widgets-9002"].map((id, i) => ({
    instance_id: id,
    model: "plain",
    selection: "defuse",
    projection: "declaration",
    resolved: i % 3 === 0,
  }));
  await importFiles(env.db, [env.tmp.write("plain-results.jsonl", jsonl(plain))], { benchmark: BENCH });
});
afterAll(() => env.close());

/** What `hints report resolve-rates --json` prints, parsed. */
async function cliRows(args: { benchmark?: string } = {}): Promise<Array<Record<string, unknown>>> {
  const written: string[] = [];
  const stdout = process.stdout.write;
  process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
  try {
    expect(await runReportCommand(env.db, "resolve-rates", { ...args, json: true })).toBe(0);
  } finally {
    process.stdout.write = stdout;
  }
  return JSON.parse(written.join(""));
}

/** What the page's download holds, parsed by a CSV parser as a spreadsheet would read it. */
async function pageCsv(query = ""): Promise<string[][]> {
  const result = await researchCsv(env.db, "resolve-rates", new URLSearchParams(query));
  if (!result.ok) throw new Error(result.error);
  return parse(result.csv, { relaxColumnCount: false });
}

/** A JSON value as a CSV cell: none is the empty cell, numbers and booleans as JavaScript writes them. */
const asCell = (value: unknown) => (value === null || value === undefined ? "" : String(value));

test("the page's resolve-rate CSV and `hints report resolve-rates` agree cell by cell, column names included", async () => {
  const [header, ...cells] = await pageCsv();
  const rows = await cliRows();
  expect(rows).toHaveLength(4);
  expect(header).toEqual(Object.keys(rows[0] ?? {}));
  expect(cells).toHaveLength(rows.length);
  let compared = 0;
  rows.forEach((row, r) => {
    (header as string[]).forEach((column, c) => {
      expect({ row: r, column, cell: cells[r]?.[c] }).toEqual({ row: r, column, cell: asCell(row[column]) });
      compared++;
    });
  });
  expect(compared).toBe(4 * (header as string[]).length);
  // The divergent names are gone from both: one set of column names.
  expect(header).not.toContain("ci95_low");
  expect(header).not.toContain("unmatched_ids");
  expect(header).toEqual(expect.arrayContaining(["low", "high", "unmatched", "stated_rate", "stated_total"]));
});

test("the figures in both: 0.6 % stated for 3 of 500 accepted, 1 of 500 attempted shown over all 500", async () => {
  const byModel = new Map((await cliRows()).map((row) => [row.model, row]));
  expect(byModel.get("low")).toMatchObject({ resolved: 3, n: 500, stated_rate: 0.006, mismatch: null, partial: false });
  expect(byModel.get("one")).toMatchObject({ resolved: 1, n: 1, rate: 1, instances: 500, partial: true });
  expect(byModel.get("one")?.rate_over_instances).toBeCloseTo(1 / 500, 12);
  expect(byModel.get("doctored")?.mismatch).toBe("stated 76.0%, rows give 50.0%");
  expect(byModel.get("plain")).toMatchObject({ n: 10, unmatched: 2, stated_rate: null, partial: true });
});

test("the page's filters narrow the download to the rows shown; a name that is no table is refused", async () => {
  const [header, ...cells] = await pageCsv("benchmark=Widgets&model=plain");
  expect(cells).toHaveLength(1);
  expect(cells[0]?.[(header as string[]).indexOf("model")]).toBe("plain");
  expect(await researchCsv(env.db, "no-such-table", new URLSearchParams())).toMatchObject({ ok: false, status: 404 });
  expect(await researchCsv(env.db, "paired", new URLSearchParams())).toMatchObject({ ok: false, status: 400 });
});
