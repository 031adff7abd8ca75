// Over 300 lines: the research data read per instance (base, runs, judge) and composed into the views' parts, one loader per part.
import { policyStatsOfCounts } from "../../analysis/policy-stats";
import { isSelection, SELECTIONS, type Selection } from "../../domain/hint-vocabulary";
import type { InstanceEvidence } from "../../evidence/evidence";
import type { Rating } from "../../stats/curator-agreement";
import type { Verdict } from "../../stats/design-constraints";
import { type JudgeSample, ratedValues, sampleOfScore } from "../../stats/judge-summary";
import { InstanceNumbering, type NumberedOutcomes, outcomeOf } from "../../stats/numbered-outcomes";
import type { RunOutcomes } from "../../stats/resolve-rates";
import { type TalliedRun, tallyBenchmark } from "../../stats/run-tallies";
import { countColumn } from "../analysis/stored-counts";
import { readIntList, readJsonTexts, selectRows } from "../db/bulk-sql";
import { bulkTarget, type Database, engineOf, getDb } from "../db/client";
import { readByKeys } from "../db/rows-of-instances";
import { readEvidence, readSummary } from "../stored-json";
import type { ResearchGround, ResearchRunsPart } from "./research-counts";
import { loadResearchFrontier } from "./research-frontier";
import { runInstances } from "./run-instances";

export { runInstances };

import { runNumberedOutcomes } from "./run-outcomes";

/*
 * What the research views compute from, in parts a view loads only when it needs them: the base (benchmarks,
 * instance ids, and each instance's identifier count per selection, stored by the analysis), the runs (with
 * their outcomes and design verdicts), the judge (its samples and the curators' ratings), and the frontier
 * (every identifier's name and selections, every instance's stored evidence, the published hint sets). The
 * page's sections each ask for the parts they show (research-request.ts), so the resolve rates never wait
 * for the frontier's reading of every identifier and piece of evidence.
 */

/** The parts beyond the base. */
export type ResearchPart = "runs" | "judge" | "frontier";
export const RESEARCH_PARTS: readonly ResearchPart[] = ["runs", "judge", "frontier"];

const instanceKey = (benchmarkId: number, externalId: string) => `${benchmarkId}\u0000${externalId}`;

/** A benchmark's instances numbered, with their internal ids and identifier counts per selection in that numbering. */
interface Numbered {
  instances: InstanceNumbering;
  ids: Int32Array;
  counts: Record<Selection, Int32Array> | null;
}

/** The places of `ids` in code-unit order (the numbering's); null where they are in that order already. */
function codeUnitOrder(ids: readonly string[]): number[] | null {
  for (let n = 1; n < ids.length; n++)
    if ((ids[n - 1] as string) > (ids[n] as string))
      return ids.map((_, i) => i).sort((a, b) => ((ids[a] as string) < (ids[b] as string) ? -1 : 1));
  return null;
}

/** Benchmarks, instances and their identifier counts per selection: every view's ground. */
export async function loadResearchBase(db: Database) {
  // One row whose columns are the instances' ids, external ids, benchmarks and counts, each one text, read
  // from the list's covering index: 50,000 rows one by one through the driver adapter took 0.3 s, and a JSON
  // array per row made 50,000 arrays to read; grouped by benchmark in SQL, SQLite read the table's wide rows
  // instead of the index (0.36 s against 0.04 s).
  const { sql } = engineOf(db);
  const [benchmarks, [columns]] = await Promise.all([
    db.benchmark.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    selectRows(
      bulkTarget(db, db),
      `SELECT ${sql.jsonTexts(`"externalId"`)} AS "externalIds", ${sql.intList(`"id"`)} AS "ids",
              ${sql.intList(`"benchmarkId"`)} AS "benchmarkIds",
              ${SELECTIONS.map((s) => `${sql.intList(`"${countColumn(s)}"`)} AS "${countColumn(s)}"`).join(", ")}
       FROM "Instance"`,
      [],
    ),
  ]);
  const benchmarkName = new Map(benchmarks.map((b) => [b.id, b.name]));
  const benchmarkIdOf = new Map(benchmarks.map((b) => [b.name, b.id]));
  const externalIds = readJsonTexts(columns?.externalIds);
  const ids = readIntList(columns?.ids);
  const benchmarkIds = readIntList(columns?.benchmarkIds);
  const counts = SELECTIONS.map((selection) => readIntList(columns?.[countColumn(selection)]));
  if ([ids, benchmarkIds, ...counts].some((column) => column.length !== externalIds.length))
    throw new Error("the instances were read in columns of different lengths");
  // Each benchmark's instances numbered (numbered-outcomes.ts), with their internal ids and each selection's
  // identifier counts as arrays in that numbering: what the runs' outcomes are read over, the disclosure
  // chart averages, and the links and the judge's samples look up.
  const placesOf = new Map<number, number[]>();
  for (let n = 0; n < benchmarkIds.length; n++) {
    const benchmarkId = benchmarkIds[n] as number;
    const places = placesOf.get(benchmarkId);
    if (places) places.push(n);
    else placesOf.set(benchmarkId, [n]);
  }
  const numbered = new Map<number, Numbered>();
  for (const [benchmarkId, read] of placesOf) {
    // In id order (code units, as the numbering): usually already, read by the index.
    const order = codeUnitOrder(read.map((n) => externalIds[n] as string));
    const places = order ? order.map((k) => read[k] as number) : read;
    const column = (values: Int32Array) => Int32Array.from(places, (n) => values[n] as number);
    numbered.set(benchmarkId, {
      // The database holds each id once per benchmark, so each instance's number is its place.
      instances: new InstanceNumbering(places.map((n) => externalIds[n] as string)),
      ids: column(ids),
      counts: Object.fromEntries(
        SELECTIONS.map((selection, s) => [selection, column(counts[s] as Int32Array)]),
      ) as Record<Selection, Int32Array>,
    });
  }
  const NONE: Numbered = { instances: new InstanceNumbering([]), ids: new Int32Array(0), counts: null };
  const numberedOf = (benchmark: string) => {
    const id = benchmarkIdOf.get(benchmark);
    return (id === undefined ? undefined : numbered.get(id)) ?? NONE;
  };
  /** the internal id of an instance of a benchmark, by the benchmark's id */
  const instanceIdOfId = (benchmarkId: number, externalId: string) => {
    const { instances, ids } = numbered.get(benchmarkId) ?? NONE;
    const n = instances.numberOf(externalId);
    return n === undefined ? undefined : ids[n];
  };
  // SPEC §4's table (lib/analysis/policy-stats.ts) from the stored counts: per benchmark and selection, the
  // instances, the identifiers picked, and the instances where the selection picks any.
  const specTable = [...numbered]
    .map(([id, { ids, counts }]) => ({ name: benchmarkName.get(id) ?? "", ids, counts }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap(({ name, ids, counts }) =>
      policyStatsOfCounts(
        ids.keys(),
        () => name,
        (n, selection) => counts?.[selection][n] ?? 0,
      ),
    );
  return {
    benchmarkName,
    /** a benchmark's imported instances, numbered (none for a name that is no benchmark) */
    instancesOf: (benchmark: string) => numberedOf(benchmark).instances,
    /** the same by the benchmark's id */
    instancesOfId: (benchmarkId: number) => (numbered.get(benchmarkId) ?? NONE).instances,
    instanceIdOfId,
    /** the internal id of an instance, to link to it */
    instanceIdOf: (benchmark: string, externalId: string) => {
      const benchmarkId = benchmarkIdOf.get(benchmark);
      return benchmarkId === undefined ? undefined : instanceIdOfId(benchmarkId, externalId);
    },
    /**
     * how many identifiers a selection picks on each of a benchmark's instances, at its number in
     * `instancesOf(benchmark)`; null for a name that is no selection of the analysis
     */
    disclosedBy: (benchmark: string, selection: string): Int32Array | null => {
      if (!isSelection(selection)) return null;
      return numberedOf(benchmark).counts?.[selection] ?? new Int32Array(0);
    },
    /** a benchmark's name by its id as rated items name it */
    benchmarkNameOf: (id: string) => benchmarkName.get(Number(id)) ?? id,
    specTable,
  };
}
export type ResearchBase = Awaited<ReturnType<typeof loadResearchBase>>;

/** Every run with its outcomes per instance, and its design-constraint verdicts where any were imported. */
export async function loadResearchRuns(db: Database, base: ResearchBase) {
  // Each run's results from its stored outcomes (a text per run, made again after its results change), and
  // the design verdicts straight from the driver.
  const [runs, verdictRows] = await Promise.all([
    db.run.findMany({ orderBy: [{ model: "asc" }] }),
    selectRows(
      bulkTarget(db, db),
      `SELECT "runId", "instanceExternalId", "verdict" FROM "DesignVerdict" ORDER BY "id"`,
      [],
    ),
  ]);
  const outcomes = await runNumberedOutcomes(db, runs, base.instancesOfId);
  const runOutcomes: RunOutcomes[] = runs.map((run) => ({
    runId: run.id,
    benchmark: base.benchmarkName.get(run.benchmarkId) ?? "",
    model: run.model,
    selection: run.selection,
    projection: run.projection,
    ...(outcomes.get(run.id) as NumberedOutcomes),
    summary: readSummary(run.summary),
  }));
  const verdicts = new Map<number, Map<string, Verdict[]>>();
  for (const row of verdictRows) {
    const runId = Number(row.runId);
    const byInstance = verdicts.get(runId) ?? new Map<string, Verdict[]>();
    const id = String(row.instanceExternalId);
    const list = byInstance.get(id);
    if (list) list.push(row.verdict as Verdict);
    else byInstance.set(id, [row.verdict as Verdict]);
    verdicts.set(runId, byInstance);
  }
  // The counts the tables are made from (lib/stats/run-tallies.ts), counted here from every instance: the
  // same the page reads as kept (research-counts.ts).
  const byBenchmark = new Map<string, RunOutcomes[]>();
  for (const run of runOutcomes) byBenchmark.set(run.benchmark, [...(byBenchmark.get(run.benchmark) ?? []), run]);
  const tallies = new Map(
    [...byBenchmark].map(([benchmark, runs]) => {
      const counts = Object.fromEntries(
        SELECTIONS.map((s) => [s, base.disclosedBy(benchmark, s) ?? new Int32Array(0)]),
      ) as Record<Selection, Int32Array>;
      return [benchmark, tallyBenchmark(base.instancesOf(benchmark).size, runs, counts)] as const;
    }),
  );
  const talliedRuns = runOutcomes.map(
    (run): TalliedRun => ({
      runId: run.runId,
      benchmark: run.benchmark,
      model: run.model,
      selection: run.selection,
      projection: run.projection,
      summary: run.summary,
      tally: tallies.get(run.benchmark)?.runs.find((r) => r.runId === run.runId) as TalliedRun["tally"],
      instances: run.codes.length,
    }),
  );
  const byId = new Map(runOutcomes.map((run) => [run.runId, run]));
  const part: ResearchRunsPart & { runOutcomes: RunOutcomes[] } = {
    runOutcomes,
    tallyOf: (benchmark: string) => tallies.get(benchmark),
    talliedRuns,
    verdicts,
    verdictOutcome: (runId, externalId) => {
      const run = byId.get(runId);
      return { known: run?.instances.has(externalId) ?? false, passed: run ? outcomeOf(run, externalId) : undefined };
    },
  };
  return part;
}

/** The judge's samples (of imported instances), the ids it scored that match none, and every rater's ratings. */
export async function loadResearchJudge(db: Database, base: { benchmarkName: ReadonlyMap<number, string> }) {
  const [scores, curatorScores, judgedRows] = await Promise.all([
    db.judgeScore.findMany({
      select: {
        benchmarkId: true,
        instanceExternalId: true,
        identifier: true,
        attribute: true,
        judge: true,
        selection: true,
        sample: true,
        necessity: true,
        disclosure: true,
        guidance: true,
      },
    }),
    db.curatorScore.findMany({ include: { instance: { select: { benchmarkId: true, externalId: true } } } }),
    // The internal ids of the instances the judge scored: rows of scores, not of every instance.
    selectRows(
      bulkTarget(db, db),
      `SELECT DISTINCT s."benchmarkId", s."instanceExternalId", i."id" FROM "JudgeScore" s
       JOIN "Instance" i ON i."benchmarkId" = s."benchmarkId" AND i."externalId" = s."instanceExternalId"`,
      [],
    ),
  ]);
  const idOfScored = new Map(
    judgedRows.map((row) => [instanceKey(Number(row.benchmarkId), String(row.instanceExternalId)), Number(row.id)]),
  );
  // Scores of ids that match no imported instance are left out (as resolve rates and design verdicts leave
  // out such results), and listed per benchmark.
  const judgeSamples: JudgeSample[] = [];
  const unmatchedJudgeIds = new Map<string, Set<string>>();
  // The internal id of each judged instance, by the samples' instance key.
  const judgedIds = new Map<string, number>();
  for (const s of scores) {
    const benchmark = base.benchmarkName.get(s.benchmarkId) ?? "";
    const id = idOfScored.get(instanceKey(s.benchmarkId, s.instanceExternalId));
    if (id === undefined) {
      unmatchedJudgeIds.set(benchmark, (unmatchedJudgeIds.get(benchmark) ?? new Set()).add(s.instanceExternalId));
      continue;
    }
    const key = instanceKey(s.benchmarkId, s.instanceExternalId);
    judgedIds.set(key, id);
    judgeSamples.push({ benchmark, ...sampleOfScore(s, key) });
  }
  // Ratings for agreement: each curator's, and each judge's median over its samples per rated item, one rater
  // per judge and selection (a judge's DefUse and Pro samples of one attribute are two ratings, not one).
  const itemOf = (benchmarkId: number | string, externalId: string, identifier: string, attribute: string) =>
    JSON.stringify([String(benchmarkId), externalId, identifier, attribute]);
  const roundedMedian = (value: number) => Math.round(value);
  const ratings: Rating[] = [
    ...curatorScores.map((c) => ({
      item: itemOf(c.instance.benchmarkId, c.instance.externalId, c.identifier, c.attribute),
      rater: c.curator,
      necessity: c.necessity,
      disclosure: c.disclosure,
      guidance: c.guidance,
    })),
    ...(curatorScores.length === 0
      ? []
      : ratedValues(judgeSamples).map((v) => {
          const cut = v.instance.indexOf("\u0000");
          return {
            item: itemOf(v.instance.slice(0, cut), v.instance.slice(cut + 1), v.identifier, v.attribute),
            rater: `judge: ${v.judge} (${v.selection})`,
            necessity: roundedMedian(v.necessity),
            disclosure: roundedMedian(v.disclosure),
            guidance: roundedMedian(v.guidance),
          };
        })),
  ];
  // The stored evidence of the instances the judge scored (and only of those), for checking one against the other.
  const judged = [...new Set(judgedIds.values())];
  const evidence = new Map<number, InstanceEvidence | null>();
  const rows = await readByKeys(judged, (chunk) =>
    db.instance.findMany({ where: { id: { in: chunk } }, select: { id: true, evidence: true } }),
  );
  for (const row of rows) evidence.set(row.id, readEvidence(row.evidence));
  return {
    judgeSamples,
    /** an instance's stored evidence by the judge samples' instance key (null: not judged, or no evidence) */
    evidenceOfKey: (key: string) => {
      const id = judgedIds.get(key);
      return id === undefined ? null : (evidence.get(id) ?? null);
    },
    /** per benchmark: ids that judge scores name but no imported instance has (left out of every judge figure) */
    unmatchedJudgeIds: [...unmatchedJudgeIds.entries()]
      .map(([benchmark, ids]) => ({ benchmark, ids: [...ids].sort() }))
      .sort((a, b) => a.benchmark.localeCompare(b.benchmark)),
    ratings,
  };
}

type Loaded<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;

/** The research data of the parts loaded; a part not loaded throws, naming it, where a view reads it. */
export function composeResearchData<
  B extends Omit<ResearchGround, "tallyOf">,
  R extends ResearchRunsPart & { runOutcomes?: RunOutcomes[] },
>(
  base: B,
  parts: {
    runs?: R;
    judge?: Loaded<typeof loadResearchJudge>;
    frontier?: Loaded<typeof loadResearchFrontier>;
  },
) {
  const need = <T>(part: T | undefined, name: ResearchPart): T => {
    if (part === undefined) throw new Error(`research data: the ${name} part was not loaded for this view`);
    return part;
  };
  return {
    ...base,
    /** every run's outcome per instance: only where the runs were read per instance (loadResearchRuns) */
    get runOutcomes(): RunOutcomes[] {
      const { runOutcomes } = need(parts.runs, "runs");
      if (!runOutcomes) throw new Error("research data: the runs were read as counts, not per instance");
      return runOutcomes;
    },
    /** every run with its counts (lib/stats/run-tallies.ts): what the tables are made from */
    get talliedRuns() {
      return need(parts.runs, "runs").talliedRuns;
    },
    get verdicts() {
      return need(parts.runs, "runs").verdicts;
    },
    verdictOutcome: (runId: number, externalId: string) => need(parts.runs, "runs").verdictOutcome(runId, externalId),
    tallyOf: (benchmark: string) => need(parts.runs, "runs").tallyOf(benchmark),
    get judgeSamples() {
      return need(parts.judge, "judge").judgeSamples;
    },
    get unmatchedJudgeIds() {
      return need(parts.judge, "judge").unmatchedJudgeIds;
    },
    get ratings() {
      return need(parts.judge, "judge").ratings;
    },
    frontierPoints: () => need(parts.frontier, "frontier").frontierPoints(),
    hintSetPoints: () => need(parts.frontier, "frontier").hintSetPoints(),
    leakShares: () => need(parts.frontier, "frontier").leakShares(),
    evidenceOfKey: (key: string) => need(parts.judge, "judge").evidenceOfKey(key),
  };
}

/** The research data, the parts asked for (all of them by default: `hints report` and the tests). */
export async function loadResearchData(given?: Database, parts: readonly ResearchPart[] = RESEARCH_PARTS) {
  const db = given ?? (await getDb());
  const base = await loadResearchBase(db);
  const [runs, judge, frontier] = await Promise.all([
    parts.includes("runs") ? loadResearchRuns(db, base) : undefined,
    parts.includes("judge") ? loadResearchJudge(db, base) : undefined,
    parts.includes("frontier") ? loadResearchFrontier(db, base) : undefined,
  ]);
  return composeResearchData(base, { runs, judge, frontier });
}
