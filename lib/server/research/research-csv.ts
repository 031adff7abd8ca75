import { csvLine } from "../../export/text-formats";
import type { Database } from "../db/client";
import { composeResearchData, loadResearchJudge, RESEARCH_PARTS, type ResearchPart } from "./research";
import { loadResearchGround, loadResearchRunCounts } from "./research-counts";
import { loadResearchFrontier } from "./research-frontier";
import { REPORTS, type ReportName, type ReportRow, researchReport } from "./research-report";

/** The research tables the page downloads as CSV, with the parts of the research data each reads. */
const CSV_PARTS: Partial<Record<ReportName, readonly ResearchPart[]>> = {
  "resolve-rates": ["runs"],
  policies: ["runs"],
  design: ["runs"],
};
/** Columns a download may be narrowed by, beside the benchmark (the page's filters). */
const ROW_FILTERS = ["model", "selection", "projection"] as const;

/** Report rows as CSV text (CRLF lines, a header of the rows' keys): what `hints report NAME --json` prints, as cells. */
export function reportCsv(rows: readonly ReportRow[]): string {
  const header = Object.keys(rows[0] ?? {});
  return [csvLine(header), ...rows.map((row) => csvLine(header.map((key) => row[key])))].join("");
}

/**
 * A research table as the page's download (`/api/research/csv/NAME?benchmark=&model=&selection=&projection=`):
 * the rows `hints report NAME` prints, from the same row builder (research-report.ts), narrowed by the
 * page's filters; a name that is no table is a 404, a table that cannot be made (paired without its runs) a 400.
 */
export async function researchCsv(
  db: Database,
  name: string,
  query: URLSearchParams,
): Promise<{ ok: true; csv: string } | { ok: false; status: number; error: string }> {
  if (!(REPORTS as readonly string[]).includes(name)) {
    return { ok: false, status: 404, error: `no research table "${name}": one of ${REPORTS.join(", ")}` };
  }
  const table = name as ReportName;
  // The page's own reads: the counts the database keeps (research-counts.ts).
  const ground = await loadResearchGround(db);
  const parts = CSV_PARTS[table] ?? RESEARCH_PARTS;
  const [runs, judge, frontier] = await Promise.all([
    parts.includes("runs") ? loadResearchRunCounts(db, ground) : undefined,
    parts.includes("judge") ? loadResearchJudge(db, ground) : undefined,
    parts.includes("frontier") ? loadResearchFrontier(db, ground) : undefined,
  ]);
  const data = composeResearchData(ground, { runs, judge, frontier });
  let rows: ReportRow[];
  try {
    rows = researchReport(data, table, {
      benchmark: query.get("benchmark") || undefined,
      first: query.get("first") || undefined,
      second: query.get("second") || undefined,
    });
  } catch (error) {
    return { ok: false, status: 400, error: (error as Error).message };
  }
  for (const key of ROW_FILTERS) {
    const wanted = query.get(key);
    if (wanted) rows = rows.filter((row) => row[key] === wanted);
  }
  return { ok: true, csv: reportCsv(rows) };
}
