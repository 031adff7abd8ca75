import { type LeakShareRow, leakSharesOfCounts } from "../../evidence/evidence-summary";
import { lineInstanceId, parseLine } from "../../export/hint-lines";
import { readFrontierBasis } from "../../instance-analysis/research-facts";
import {
  type FrontierBasis,
  type FrontierPoint,
  frontierOfTotals,
  type HintSetLines,
  hintSetPoint,
  type SelectionFacts,
} from "../../stats/frontier";
import { backfillResearchFacts } from "../analysis/research-fact-rows";
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database } from "../db/client";
import type { ResearchBase } from "./research";

/**
 * The frontier per benchmark and the leak shares, summed by the database from the facts the analysis stores
 * per instance (research-fact-rows.ts), and the published hint sets on the frontier, each measured against the
 * stored frontier basis of its benchmark's instances: no identifier or evidence is read.
 */
export async function loadResearchFrontier(db: Database, base: ResearchBase) {
  await backfillResearchFacts(db);
  const target = bulkTarget(db, db);
  const [sums, known, leaks, hintSets] = await Promise.all([
    selectRows(
      target,
      `SELECT "benchmarkId", "selection", COUNT(*) AS "n", SUM("guessworkLeft") AS "guesswork",
              SUM("beyondDefuse") AS "beyond", SUM("transcriptionSum") AS "copied",
              SUM("transcriptionCount") AS "copiedCount"
       FROM "SelectionFact" GROUP BY "benchmarkId", "selection"`,
      [],
    ),
    // Instances whose evidence was computed (the analysis stores its leak count with it): the leak shares' denominator.
    selectRows(
      target,
      `SELECT "benchmarkId", COUNT(*) AS "n" FROM "Instance" WHERE "leakCount" IS NOT NULL GROUP BY "benchmarkId"`,
      [],
    ),
    selectRows(
      target,
      `SELECT "benchmarkId", "channel", COUNT(*) AS "n" FROM "LeakFact" GROUP BY "benchmarkId", "channel"`,
      [],
    ),
    // Each hint set's latest published version, for the frontier.
    db.hintSet.findMany({
      select: {
        name: true,
        benchmark: true,
        projection: true,
        versions: { orderBy: { version: "desc" }, take: 1, select: { version: true, lines: true } },
      },
    }),
  ]);
  const names = [...new Set(base.benchmarkName.values())].sort((a, b) => a.localeCompare(b));
  const nameOf = (row: Record<string, unknown>) => base.benchmarkName.get(Number(row.benchmarkId)) ?? "";
  const totals = new Map<string, { instances: number; bySelection: Map<string, Omit<SelectionFacts, "selection">> }>();
  for (const row of sums) {
    const entry = totals.get(nameOf(row)) ?? { instances: 0, bySelection: new Map() };
    // Every instance with anything test-facing has facts under every selection.
    entry.instances = Math.max(entry.instances, Number(row.n));
    entry.bySelection.set(String(row.selection), {
      guessworkLeft: Number(row.guesswork),
      beyondDefuse: Number(row.beyond),
      transcriptionSum: Number(row.copied),
      transcriptionCount: Number(row.copiedCount),
    });
    totals.set(nameOf(row), entry);
  }
  const knownOf = new Map(known.map((row) => [nameOf(row), Number(row.n)]));
  const leakCount = new Map(leaks.map((row) => [`${nameOf(row)}\u0000${String(row.channel)}`, Number(row.n)]));

  /**
   * The frontier basis of a benchmark's instances with anything test-facing, by their own ids (a line on any
   * other instance is not measured): read when a published set of it is measured.
   */
  const basisOf = async (benchmark: string) => {
    const benchmarkId = [...base.benchmarkName].find(([, name]) => name === benchmark)?.[0];
    if (benchmarkId === undefined) return new Map<string, FrontierBasis>();
    const rows = await selectRows(
      target,
      `SELECT "externalId", "basis" FROM "FrontierBasis" WHERE "benchmarkId" = $1`,
      [benchmarkId],
    );
    return new Map(rows.map((r) => [String(r.externalId), readFrontierBasis(String(r.basis))]));
  };
  const published = await Promise.all(
    hintSets.map(async (set) => {
      const latest = set.versions[0];
      if (!latest) return null;
      const basis = await basisOf(set.benchmark);
      const lines = new Map<string, string[]>();
      const texts = new Map<string, string>();
      for (const text of latest.lines.split("\n")) {
        if (text.trim() === "") continue;
        // Only lines on instances with anything test-facing are measured: the others are not parsed (a line
        // starts with its instance's id, as every line is written).
        const id = lineInstanceId(text);
        if (id !== null && !basis.has(id)) continue;
        const line = parseLine(text);
        // Flagged lines are not handed out.
        if (line.status === "flagged") continue;
        lines.set(
          line.instance_id,
          line.identifiers.map((i) => i.name),
        );
        texts.set(line.instance_id, line.hint);
      }
      const measured: HintSetLines = {
        name: set.name,
        version: latest.version,
        benchmark: set.benchmark,
        projection: set.projection,
        lines,
        texts,
      };
      return hintSetPoint(measured, basis);
    }),
  );
  return {
    /** every benchmark's frontier (selection × projection), benchmarks by name */
    frontierPoints: (): FrontierPoint[] =>
      names.flatMap((name) => frontierOfTotals(name, totals.get(name) ?? { instances: 0, bySelection: new Map() })),
    /** the published hint sets (latest version each) on the frontier */
    hintSetPoints: () => published.filter((point) => point !== null),
    /** per benchmark (by name) and leak channel, the share of instances with evidence that show it */
    leakShares: (): LeakShareRow[] =>
      names.flatMap((name) =>
        leakSharesOfCounts(name, knownOf.get(name) ?? 0, (channel) => leakCount.get(`${name}\u0000${channel}`) ?? 0),
      ),
  };
}
