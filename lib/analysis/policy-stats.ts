import { SELECTIONS, type Selection } from "./select-identifiers";

export interface PolicyStatsRow {
  benchmark: string;
  /** present on the per-language rows of a benchmark whose instances span several languages */
  language?: string;
  selection: Selection;
  instances: number;
  total: number;
  mean_per_instance: number;
  non_empty_instances: number;
  mean_per_non_empty: number;
}

/**
 * SPEC §4's table (the paper's Table 2): per benchmark and selection, identifiers disclosed; and, for a
 * benchmark of several languages (SWE-bench Multilingual), the same per language.
 */
export function policyStatsByLanguage(
  analyses: Array<{ benchmark: string; language: string | null; identifiers: Array<{ policies: readonly string[] }> }>,
): PolicyStatsRow[] {
  const rows: PolicyStatsRow[] = [];
  for (const overall of policyStats(analyses)) {
    rows.push(overall);
    if (overall.selection !== SELECTIONS[SELECTIONS.length - 1]) continue;
    const mine = analyses.filter((a) => a.benchmark === overall.benchmark);
    const languages = [...new Set(mine.map((a) => a.language ?? "unknown"))].sort();
    if (languages.length < 2) continue;
    for (const language of languages) {
      const rowsOf = policyStats(mine.filter((a) => (a.language ?? "unknown") === language));
      rows.push(...rowsOf.map((r) => ({ ...r, language })));
    }
  }
  return rows;
}

export function policyStats(
  analyses: Array<{ benchmark: string; identifiers: Array<{ policies: readonly string[] }> }>,
): PolicyStatsRow[] {
  return policyStatsOfCounts(
    analyses,
    (a) => a.benchmark,
    (a, selection) => a.identifiers.filter((i) => i.policies.includes(selection)).length,
  );
}

/**
 * The same table from each instance's number of identifiers per selection (as the analysis stores them on
 * the instance): per benchmark and selection, the instances, the identifiers, the instances with any. One
 * pass over the instances, `benchmarkOf` and `count` read from each.
 */
export function policyStatsOfCounts<T>(
  instances: Iterable<T>,
  benchmarkOf: (instance: T) => string,
  count: (instance: T, selection: Selection) => number,
): PolicyStatsRow[] {
  const sums = new Map<string, { instances: number; total: number[]; nonEmpty: number[] }>();
  for (const instance of instances) {
    const benchmark = benchmarkOf(instance);
    let sum = sums.get(benchmark);
    if (!sum) {
      sum = { instances: 0, total: SELECTIONS.map(() => 0), nonEmpty: SELECTIONS.map(() => 0) };
      sums.set(benchmark, sum);
    }
    sum.instances++;
    for (let s = 0; s < SELECTIONS.length; s++) {
      const n = count(instance, SELECTIONS[s] as Selection);
      sum.total[s] = (sum.total[s] as number) + n;
      if (n > 0) sum.nonEmpty[s] = (sum.nonEmpty[s] as number) + 1;
    }
  }
  const rows: PolicyStatsRow[] = [];
  for (const benchmark of [...sums.keys()].sort()) {
    const sum = sums.get(benchmark) as { instances: number; total: number[]; nonEmpty: number[] };
    SELECTIONS.forEach((selection, s) => {
      const total = sum.total[s] as number;
      const nonEmpty = sum.nonEmpty[s] as number;
      rows.push({
        benchmark,
        selection,
        instances: sum.instances,
        total,
        mean_per_instance: sum.instances === 0 ? 0 : total / sum.instances,
        non_empty_instances: nonEmpty,
        mean_per_non_empty: nonEmpty === 0 ? 0 : total / nonEmpty,
      });
    });
  }
  return rows;
}

/**
 * The paper's Table 2 restriction: the instances on which Doc2Feat and FEA (brief) both select something,
 * the shared subset every selection is compared on (so the figures compare with the paper's).
 */
export function paperSubset<T extends { identifiers: ReadonlyArray<{ policies: readonly string[] }> }>(
  analyses: readonly T[],
): T[] {
  const selects = (a: T, selection: Selection) => a.identifiers.some((i) => i.policies.includes(selection));
  return analyses.filter((a) => selects(a, "doc2feat") && selects(a, "fea"));
}
