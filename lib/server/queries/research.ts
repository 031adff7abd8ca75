import { policyStatsOfCounts } from "../../analysis/policy-stats";
import { isSelection, type Selection } from "../../domain/hint-vocabulary";
import type { InstanceEvidence } from "../../evidence/evidence";
import { parseLine } from "../../export/hint-lines";
import type { Rating } from "../../stats/curator-agreement";
import type { Verdict } from "../../stats/design-constraints";
import type { FrontierInstance, HintSetLines } from "../../stats/frontier";
import { type JudgeSample, ratedValues, sampleOfScore } from "../../stats/judge-summary";
import { type RunOutcomes, runRows } from "../../stats/resolve-rates";
import { resultStatus } from "../../stats/result-status";
import { type Database, getDb } from "../db/client";
import { readEvidence, readPolicies, readSummary, readTestCounts } from "../stored-json";
import { countColumn } from "./list-sql";

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

/** Benchmarks, instances and their identifier counts per selection: every view's ground. */
export async function loadResearchBase(db: Database) {
  const [benchmarks, instances] = await Promise.all([
    db.benchmark.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.instance.findMany({
      select: {
        id: true,
        externalId: true,
        benchmarkId: true,
        countDefuse: true,
        countDoc2feat: true,
        countFea: true,
        countPro: true,
      },
    }),
  ]);
  const benchmarkName = new Map(benchmarks.map((b) => [b.id, b.name]));
  const benchmarkIdOf = new Map(benchmarks.map((b) => [b.name, b.id]));
  const instanceIds = new Map(instances.map((i) => [instanceKey(i.benchmarkId, i.externalId), i.id]));
  const instancesByBenchmark = new Map<string, Set<string>>();
  for (const i of instances) {
    const name = benchmarkName.get(i.benchmarkId) ?? "";
    instancesByBenchmark.set(name, (instancesByBenchmark.get(name) ?? new Set()).add(i.externalId));
  }
  const countsOf = new Map(instances.map((i) => [i.id, i]));
  // SPEC §4's table (lib/analysis/policy-stats.ts) from the stored counts: per benchmark and selection, the
  // instances, the identifiers picked, and the instances where the selection picks any.
  const specTable = policyStatsOfCounts(
    instances.map((i) => ({
      benchmark: benchmarkName.get(i.benchmarkId) ?? "",
      count: (selection: Selection) => i[countColumn(selection)],
    })),
  );
  return {
    benchmarkName,
    instanceIds,
    instancesOf: (benchmark: string) => instancesByBenchmark.get(benchmark) ?? new Set<string>(),
    /** the internal id of an instance, to link to it */
    instanceIdOf: (benchmark: string, externalId: string) => {
      const benchmarkId = benchmarkIdOf.get(benchmark);
      return benchmarkId === undefined ? undefined : instanceIds.get(instanceKey(benchmarkId, externalId));
    },
    /** how many identifiers a selection picks on an instance (0 for a name that is no selection of the analysis) */
    disclosedBy: (benchmark: string, externalId: string, selection: string) => {
      const benchmarkId = benchmarkIdOf.get(benchmark);
      const id = benchmarkId === undefined ? undefined : instanceIds.get(instanceKey(benchmarkId, externalId));
      const counts = id === undefined ? undefined : countsOf.get(id);
      return counts && isSelection(selection) ? counts[countColumn(selection)] : 0;
    },
    /** a benchmark's name by its id as rated items name it */
    benchmarkNameOf: (id: string) => benchmarkName.get(Number(id)) ?? id,
    specTable,
  };
}
type ResearchBase = Awaited<ReturnType<typeof loadResearchBase>>;

/** Every run with its outcomes per instance, and its design-constraint verdicts where any were imported. */
export async function loadResearchRuns(db: Database, base: ResearchBase) {
  const runs = await db.run.findMany({
    include: {
      results: { select: { instanceExternalId: true, resolved: true, status: true } },
      verdicts: { select: { instanceExternalId: true, verdict: true } },
    },
    orderBy: [{ model: "asc" }],
  });
  const runOutcomes: RunOutcomes[] = runs.map((run) => ({
    runId: run.id,
    benchmark: base.benchmarkName.get(run.benchmarkId) ?? "",
    model: run.model,
    selection: run.selection,
    projection: run.projection,
    ...runRows(run.results.map((r) => [r.instanceExternalId, r.resolved, r.status] as const)),
    summary: readSummary(run.summary),
  }));
  const verdicts = new Map<number, Map<string, Verdict[]>>();
  for (const run of runs) {
    if (run.verdicts.length === 0) continue;
    const byInstance = new Map<string, Verdict[]>();
    for (const v of run.verdicts) {
      const list = byInstance.get(v.instanceExternalId);
      if (list) list.push(v.verdict as Verdict);
      else byInstance.set(v.instanceExternalId, [v.verdict as Verdict]);
    }
    verdicts.set(run.id, byInstance);
  }
  return { runOutcomes, verdicts };
}

/** The judge's samples (of imported instances), the ids it scored that match none, and every rater's ratings. */
export async function loadResearchJudge(db: Database, base: ResearchBase) {
  const [scores, curatorScores] = await Promise.all([
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
  ]);
  // Scores of ids that match no imported instance are left out (as resolve rates and design verdicts leave
  // out such results), and listed per benchmark.
  const judgeSamples: JudgeSample[] = [];
  const unmatchedJudgeIds = new Map<string, Set<string>>();
  for (const s of scores) {
    const benchmark = base.benchmarkName.get(s.benchmarkId) ?? "";
    if (!base.instanceIds.has(instanceKey(s.benchmarkId, s.instanceExternalId))) {
      unmatchedJudgeIds.set(benchmark, (unmatchedJudgeIds.get(benchmark) ?? new Set()).add(s.instanceExternalId));
      continue;
    }
    judgeSamples.push({ benchmark, ...sampleOfScore(s, instanceKey(s.benchmarkId, s.instanceExternalId)) });
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
  return {
    judgeSamples,
    /** per benchmark: ids that judge scores name but no imported instance has (left out of every judge figure) */
    unmatchedJudgeIds: [...unmatchedJudgeIds.entries()]
      .map(([benchmark, ids]) => ({ benchmark, ids: [...ids].sort() }))
      .sort((a, b) => a.benchmark.localeCompare(b.benchmark)),
    ratings,
  };
}

/** Every identifier's name and selections, every instance's stored evidence, and the published hint sets. */
export async function loadResearchFrontier(db: Database, base: ResearchBase) {
  const [instances, identifiers, hintSets] = await Promise.all([
    db.instance.findMany({ select: { id: true, externalId: true, benchmarkId: true, evidence: true } }),
    db.identifier.findMany({ select: { instanceId: true, name: true, policies: true } }),
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
  const { benchmarkName, instanceIds } = base;
  const identifierGroups = new Map<number, Array<{ name: string; policies: string[] }>>();
  for (const identifier of identifiers) {
    const policies = readPolicies(identifier.policies);
    const group = identifierGroups.get(identifier.instanceId);
    if (group) group.push({ name: identifier.name, policies });
    else identifierGroups.set(identifier.instanceId, [{ name: identifier.name, policies }]);
  }
  // The spoiler–guesswork frontier per benchmark, from the identifiers and the stored evidence: parsed
  // when a table asks for it (the reports that do not need it never read every instance's evidence).
  let parsedEvidence: Map<number, InstanceEvidence | null> | undefined;
  const evidenceOf = (id: number) => {
    parsedEvidence ??= new Map(instances.map((i) => [i.id, readEvidence(i.evidence)]));
    return parsedEvidence.get(id) ?? null;
  };
  // Per benchmark, its instances for the frontier by their own ids: built once, when first asked for.
  let frontierByBenchmark: Map<string, Map<string, FrontierInstance>> | undefined;
  const frontierInstancesById = (benchmark: string) => {
    if (!frontierByBenchmark) {
      frontierByBenchmark = new Map();
      for (const i of instances) {
        const name = benchmarkName.get(i.benchmarkId) ?? "";
        const byId = frontierByBenchmark.get(name) ?? new Map<string, FrontierInstance>();
        const evidence = evidenceOf(i.id);
        byId.set(i.externalId, {
          identifiers: identifierGroups.get(i.id) ?? [],
          transcription: new Map((evidence?.identifiers ?? []).map((e) => [e.name, e.transcription_share])),
          messages: (evidence?.literals ?? [])
            .filter((l) => l.introduced_by_gold && !l.stated_in_issue && !l.stated_in_benchmark_hint)
            .map((l) => l.text),
        });
        frontierByBenchmark.set(name, byId);
      }
    }
    return frontierByBenchmark.get(benchmark) ?? new Map<string, FrontierInstance>();
  };
  const frontierInstances = () =>
    new Map(
      [...new Set(benchmarkName.values())].map((name) => [name, [...frontierInstancesById(name).values()]] as const),
    );
  /** The published hint sets (latest version each) as the frontier reads them: flagged lines are not handed out. */
  const publishedHintSets = (): HintSetLines[] =>
    hintSets.flatMap((set) => {
      const latest = set.versions[0];
      if (!latest) return [];
      const lines = new Map<string, string[]>();
      const texts = new Map<string, string>();
      for (const text of latest.lines.split("\n")) {
        if (text.trim() === "") continue;
        const line = parseLine(text);
        if (line.status === "flagged") continue;
        lines.set(
          line.instance_id,
          line.identifiers.map((i) => i.name),
        );
        texts.set(line.instance_id, line.hint);
      }
      return [
        { name: set.name, version: latest.version, benchmark: set.benchmark, projection: set.projection, lines, texts },
      ];
    });
  /** Each benchmark's instances' stored evidence (null where not computed yet), parsed when asked for. */
  const evidenceByBenchmark = () => {
    const byBenchmark = new Map<string, Array<InstanceEvidence | null>>();
    for (const i of instances) {
      const name = benchmarkName.get(i.benchmarkId) ?? "";
      const list = byBenchmark.get(name) ?? [];
      list.push(evidenceOf(i.id));
      byBenchmark.set(name, list);
    }
    return byBenchmark;
  };
  return {
    frontierInstances,
    frontierInstancesById,
    publishedHintSets,
    evidenceByBenchmark,
    /** an instance's stored evidence by the judge samples' instance key */
    evidenceOfKey: (key: string) => {
      const id = instanceIds.get(key);
      return id === undefined ? null : evidenceOf(id);
    },
  };
}

type Loaded<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;

/** The research data of the parts loaded; a part not loaded throws, naming it, where a view reads it. */
export function composeResearchData(
  base: ResearchBase,
  parts: {
    runs?: Loaded<typeof loadResearchRuns>;
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
    get runOutcomes() {
      return need(parts.runs, "runs").runOutcomes;
    },
    get verdicts() {
      return need(parts.runs, "runs").verdicts;
    },
    get judgeSamples() {
      return need(parts.judge, "judge").judgeSamples;
    },
    get unmatchedJudgeIds() {
      return need(parts.judge, "judge").unmatchedJudgeIds;
    },
    get ratings() {
      return need(parts.judge, "judge").ratings;
    },
    frontierInstances: () => need(parts.frontier, "frontier").frontierInstances(),
    frontierInstancesById: (benchmark: string) => need(parts.frontier, "frontier").frontierInstancesById(benchmark),
    publishedHintSets: () => need(parts.frontier, "frontier").publishedHintSets(),
    evidenceByBenchmark: () => need(parts.frontier, "frontier").evidenceByBenchmark(),
    evidenceOfKey: (key: string) => need(parts.frontier, "frontier").evidenceOfKey(key),
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

/**
 * One run's instances with their outcome, for the resolve-rate table's drill-down: the imported instances of
 * its benchmark it has a result for (as the rate counts them), in id order, each with its page id. Fetched
 * when a row is opened, so the page never ships every run's outcomes.
 */
export async function runInstances(db: Database, runId: number) {
  const run = await db.run.findUnique({ where: { id: runId }, select: { benchmarkId: true } });
  if (!run) return null;
  const [results, instances] = await Promise.all([
    db.runResult.findMany({
      where: { runId },
      select: { instanceExternalId: true, resolved: true, status: true, testCounts: true },
    }),
    db.instance.findMany({ where: { benchmarkId: run.benchmarkId }, select: { id: true, externalId: true } }),
  ]);
  const idOf = new Map(instances.map((i) => [i.externalId, i.id]));
  return results
    .filter((r) => idOf.has(r.instanceExternalId))
    .map((r) => ({
      externalId: r.instanceExternalId,
      resolved: r.resolved,
      status: resultStatus(r.resolved, r.status),
      /** per-test outcome counts, where a per-instance report gave them */
      tests: readTestCounts(r.testCounts),
      id: idOf.get(r.instanceExternalId) ?? null,
    }))
    .sort((a, b) => a.externalId.localeCompare(b.externalId));
}
