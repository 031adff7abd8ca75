import { PROJECTIONS } from "../../domain/hint-vocabulary";
import { type LeakShareRow, leakSharesOfCounts } from "../../evidence/evidence-summary";
import { readStoredLine } from "../../export/hint-lines";
import { readFrontierBasis } from "../../instance-analysis/research-facts";
import {
  type FrontierBasis,
  type FrontierPoint,
  frontierOfTotals,
  type HintSetLines,
  hintSetPoint,
  type SelectionFacts,
} from "../../stats/frontier";
import { disclosureColumn } from "../analysis/research-fact-rows";
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database } from "../db/client";

/**
 * The frontier per benchmark and the leak shares, summed by the database from the facts the analysis stores
 * per instance (research-fact-rows.ts), and the published hint sets on the frontier, each measured against the
 * stored frontier basis of its benchmark's instances: no identifier or evidence is read.
 */
export async function loadResearchFrontier(db: Database, base: { benchmarkName: ReadonlyMap<number, string> }) {
  // Read only: the facts are written by the analysis that makes them, and those of instances analysed before
  // them (or under another version) at a server's start (resume-analysis.ts).
  const target = bulkTarget(db, db);
  const [sums, known, leaks, hintSets] = await Promise.all([
    selectRows(
      target,
      `SELECT "benchmarkId", "selection", COUNT(*) AS "n", SUM("guessworkLeft") AS "guesswork",
              SUM("beyondDefuse") AS "beyond", SUM("transcriptionSum") AS "copied",
              SUM("transcriptionCount") AS "copiedCount",
              ${PROJECTIONS.map((p) => `SUM("${disclosureColumn(p)}") AS "${p}"`).join(", ")}
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
        versions: { orderBy: { version: "desc" }, take: 1, select: { id: true, version: true } },
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
      solutionDisclosed: Object.fromEntries(
        PROJECTIONS.map((p) => [p, Number(row[p])]),
      ) as SelectionFacts["solutionDisclosed"],
    });
    totals.set(nameOf(row), entry);
  }
  const knownOf = new Map(known.map((row) => [nameOf(row), Number(row.n)]));
  const leakCount = new Map(leaks.map((row) => [`${nameOf(row)}\u0000${String(row.channel)}`, Number(row.n)]));

  /**
   * A version's lines measured on the frontier with the basis of their instances: the lines of instances with
   * anything test-facing (the database picks them, joining the stored basis), flagged lines left out (they
   * are not handed out).
   */
  const measuredLines = async (versionId: number, benchmark: string) => {
    const benchmarkId = [...base.benchmarkName].find(([, name]) => name === benchmark)?.[0];
    const basis = new Map<string, FrontierBasis>();
    const lines = new Map<string, string[]>();
    const texts = new Map<string, string>();
    if (benchmarkId === undefined) return { basis, lines, texts };
    const rows = await selectRows(
      target,
      `SELECT l."line", f."externalId", f."basis" FROM "HintSetLine" l
       JOIN "FrontierBasis" f ON f."benchmarkId" = $2 AND f."externalId" = l."instanceId"
       WHERE l."versionId" = $1 AND l."status" <> 'flagged'`,
      [versionId, benchmarkId],
    );
    for (const row of rows) {
      const line = readStoredLine(String(row.line));
      basis.set(String(row.externalId), readFrontierBasis(String(row.basis)));
      lines.set(line.instanceId, line.names);
      texts.set(line.instanceId, line.hint);
    }
    return { basis, lines, texts };
  };
  const published = await Promise.all(
    hintSets.map(async (set) => {
      const latest = set.versions[0];
      if (!latest) return null;
      const { basis, lines, texts } = await measuredLines(latest.id, set.benchmark);
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
