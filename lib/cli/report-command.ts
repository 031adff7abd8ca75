import { ownValue } from "../domain/own-keys";
import { backfillResearchFacts } from "../server/analysis/research-fact-rows";
import type { Database } from "../server/db/client";
import { evidenceLabelRows } from "../server/research/evidence-labels";
import { guessworkRows } from "../server/research/guesswork";
import { loadResearchData } from "../server/research/research";
import { REPORTS, type ReportName, type ReportRow, researchReport } from "../server/research/research-report";
import { figureText, pValueText } from "../stats/figure-text";

export interface ReportOptions {
  benchmark?: string;
  first?: string;
  second?: string;
  json: boolean;
}

/** p-values by their column's name (`p`, `p_holm`, `exact_mcnemar_p`…): "< 0.0001" below 1e-4, not 0.0000. */
const isPColumn = (key: string) => /(^|_)p(_|$)/.test(key);

const cell = (key: string, value: ReportRow[string]) =>
  value === null || value === undefined
    ? "–"
    : typeof value === "number"
      ? isPColumn(key)
        ? pValueText(value)
        : Number.isInteger(value)
          ? String(value)
          : figureText(value, 4)
      : String(value);

/** Rows as an aligned text table: numbers to the right, everything else to the left. */
export function textTable(rows: ReportRow[]): string {
  if (rows.length === 0) return "(no rows)";
  const keys = Object.keys(rows[0] as ReportRow);
  const cells = rows.map((row) => keys.map((key) => cell(key, ownValue(row, key) ?? null)));
  const widths = keys.map((key, i) => Math.max(key.length, ...cells.map((c) => (c[i] as string).length)));
  const numeric = keys.map((key) =>
    rows.every((row) => typeof ownValue(row, key) === "number" || ownValue(row, key) === null),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i] as number) : v.padEnd(widths[i] as number)))
      .join("  ")
      .trimEnd();
  return [line(keys), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

/** `hints report NAME`: one research table, as JSON rows or an aligned text table. */
export async function runReportCommand(db: Database, name: string | undefined, o: ReportOptions): Promise<number> {
  // Observed guesswork analyses agents' patches: its own query (lib/server/research/guesswork.ts).
  if (name === "guesswork") {
    const rows = await guessworkRows(db, o.benchmark);
    process.stdout.write(o.json ? `${JSON.stringify(rows)}\n` : `${textTable(rows)}\n`);
    return 0;
  }
  // The evidence against published labels: its own query too (lib/server/research/evidence-labels.ts).
  if (name === "evidence-labels") {
    const rows = await evidenceLabelRows(db, o.benchmark);
    process.stdout.write(
      o.json ? `${JSON.stringify(rows)}\n` : `${textTable(rows.map(({ ids: _ids, ...row }) => row))}\n`,
    );
    return 0;
  }
  if (!name || !(REPORTS as readonly string[]).includes(name)) {
    process.stderr.write(
      `usage: hints report ${[...REPORTS, "guesswork", "evidence-labels"].join("|")} [--benchmark NAME] [--json]\n` +
        "       hints report paired --first MODEL/SELECTION/PROJECTION --second MODEL/SELECTION/PROJECTION\n",
    );
    return 2;
  }
  // The command, not the read, makes the facts of instances analysed before them (a server does at its start).
  await backfillResearchFacts(db);
  const data = await loadResearchData(db);
  let rows: ReportRow[];
  try {
    rows = researchReport(data, name as ReportName, o);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  process.stdout.write(o.json ? `${JSON.stringify(rows)}\n` : `${textTable(rows)}\n`);
  return 0;
}
