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
import { selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database } from "../db/client";
import { type BenchmarkFacts, benchmarkFactsFromRows } from "../runs/research-tallies";

/**
 * Every benchmark's sums of the analysis's facts: the kept text where it is as new as their last change
 * (ResearchTally.facts, made by the write path: lib/server/runs/research-tallies.ts), else summed from the rows
 * for that benchmark by the same statements. Never written here.
 */
async function researchFacts(db: Database): Promise<Map<number, BenchmarkFacts>> {
  const rows = await selectRows(
    bulkTarget(db, db),
    `SELECT b."id", t."facts" FROM "Benchmark" b
     LEFT JOIN "ResearchTally" t ON t."benchmarkId" = b."id" AND t."factsTalliedAt" = t."factChanges"`,
    [],
  );
  const facts = new Map<number, BenchmarkFacts>();
  await Promise.all(
    rows.map(async (row) => {
      const id = Number(row.id);
      const kept = typeof row.facts === "string" ? (JSON.parse(row.facts) as BenchmarkFacts) : null;
      facts.set(id, kept ?? (await benchmarkFactsFromRows(db, id)));
    }),
  );
  return facts;
}

/**
 * The frontier per benchmark and the leak shares, summed by the database from the facts the analysis stores
 * per instance (research-fact-rows.ts), and the published hint sets on the frontier, each measured against the
 * stored frontier basis of its benchmark's instances: no identifier or evidence is read.
 */
export async function loadResearchFrontier(db: Database, base: { benchmarkName: ReadonlyMap<number, string> }) {
  // Read only: the facts are written by the analysis that makes them, and those of instances analysed before
  // them (or under another version) at a server's start (resume-analysis.ts).
  const target = bulkTarget(db, db);
  const [facts, hintSets] = await Promise.all([
    researchFacts(db),
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
  const sums = [...facts].flatMap(([benchmarkId, f]) =>
    f.sums.map((row): Record<string, unknown> => ({ ...row, benchmarkId })),
  );
  const known = [...facts].map(([benchmarkId, f]) => ({ benchmarkId, n: f.known }));
  const leaks = [...facts].flatMap(([benchmarkId, f]) => f.leaks.map(([channel, n]) => ({ benchmarkId, channel, n })));
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
