import { policyStats } from "../../analysis/policy-stats";
import { ownValue, setOwn } from "../../domain/own-keys";
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

/** Everything the research views compute from: runs with outcomes, imported instances, identifiers, judge scores. */
export async function loadResearchData(given?: Database) {
  // Shared by the research page and `hints report` (which passes its own client).
  const db = given ?? (await getDb());
  const [benchmarks, instances, runs, identifiers, scores, curatorScores, hintSets] = await Promise.all([
    db.benchmark.findMany({ select: { id: true, name: true } }),
    db.instance.findMany({ select: { id: true, externalId: true, benchmarkId: true, evidence: true } }),
    db.run.findMany({
      include: {
        results: { select: { instanceExternalId: true, resolved: true, status: true } },
        verdicts: { select: { instanceExternalId: true, verdict: true } },
      },
      orderBy: [{ model: "asc" }],
    }),
    db.identifier.findMany({ select: { instanceId: true, name: true, policies: true } }),
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
  const benchmarkName = new Map(benchmarks.map((b) => [b.id, b.name]));
  const instanceKey = (benchmarkId: number, externalId: string) => `${benchmarkId}\u0000${externalId}`;
  const instanceIds = new Map(instances.map((i) => [instanceKey(i.benchmarkId, i.externalId), i.id]));
  const instancesByBenchmark = new Map<string, Set<string>>();
  for (const i of instances) {
    const name = benchmarkName.get(i.benchmarkId) ?? "";
    instancesByBenchmark.set(name, (instancesByBenchmark.get(name) ?? new Set()).add(i.externalId));
  }
  // Each identifier's selections, parsed once: counted per instance here, listed per instance for SPEC §4's table.
  const disclosed = new Map<number, Record<string, number>>();
  const identifierGroups = new Map<number, Array<{ name: string; policies: string[] }>>();
  for (const identifier of identifiers) {
    const policies = readPolicies(identifier.policies);
    const group = identifierGroups.get(identifier.instanceId);
    if (group) group.push({ name: identifier.name, policies });
    else identifierGroups.set(identifier.instanceId, [{ name: identifier.name, policies }]);
    const counts = disclosed.get(identifier.instanceId) ?? {};
    for (const policy of policies) setOwn(counts, policy, (ownValue(counts, policy) ?? 0) + 1);
    disclosed.set(identifier.instanceId, counts);
  }
  const runOutcomes: RunOutcomes[] = runs.map((run) => ({
    runId: run.id,
    benchmark: benchmarkName.get(run.benchmarkId) ?? "",
    model: run.model,
    selection: run.selection,
    projection: run.projection,
    ...runRows(run.results.map((r) => [r.instanceExternalId, r.resolved, r.status] as const)),
    summary: readSummary(run.summary),
  }));
  // Design-constraint verdicts per run and instance, where any were imported.
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
  const specTable = policyStats(
    instances.map((i) => ({
      benchmark: benchmarkName.get(i.benchmarkId) ?? "",
      identifiers: identifierGroups.get(i.id) ?? [],
    })),
  );
  // Scores of ids that match no imported instance are left out (as resolve rates and design verdicts leave
  // out such results), and listed per benchmark.
  const judgeSamples: JudgeSample[] = [];
  const unmatchedJudgeIds = new Map<string, Set<string>>();
  for (const s of scores) {
    const benchmark = benchmarkName.get(s.benchmarkId) ?? "";
    if (!instanceIds.has(instanceKey(s.benchmarkId, s.instanceExternalId))) {
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
    ratings,
    /** a benchmark's name by its id as rated items name it */
    benchmarkNameOf: (id: string) => benchmarkName.get(Number(id)) ?? id,
    runOutcomes,
    instancesOf: (benchmark: string) => instancesByBenchmark.get(benchmark) ?? new Set<string>(),
    /** the internal id of an instance, to link to it */
    instanceIdOf: (benchmark: string, externalId: string) => {
      const benchmarkId = benchmarks.find((b) => b.name === benchmark)?.id;
      return benchmarkId === undefined ? undefined : instanceIds.get(instanceKey(benchmarkId, externalId));
    },
    disclosedBy: (benchmark: string, externalId: string, selection: string) => {
      const id = benchmarks.find((b) => b.name === benchmark)?.id;
      const instanceId = id === undefined ? undefined : instanceIds.get(instanceKey(id, externalId));
      return instanceId === undefined ? 0 : (ownValue(disclosed.get(instanceId), selection) ?? 0);
    },
    specTable,
    judgeSamples,
    /** per benchmark: ids that judge scores name but no imported instance has (left out of every judge figure) */
    unmatchedJudgeIds: [...unmatchedJudgeIds.entries()]
      .map(([benchmark, ids]) => ({ benchmark, ids: [...ids].sort() }))
      .sort((a, b) => a.benchmark.localeCompare(b.benchmark)),
    verdicts,
  };
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
