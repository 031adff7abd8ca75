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
    analyses.map((a) => ({
      benchmark: a.benchmark,
      count: (selection: Selection) => a.identifiers.filter((i) => i.policies.includes(selection)).length,
    })),
  );
}

/**
 * The same table from each instance's number of identifiers per selection (as the analysis stores them on
 * the instance): per benchmark and selection, the instances, the identifiers, the instances with any.
 */
export function policyStatsOfCounts(
  instances: Array<{ benchmark: string; count: (selection: Selection) => number }>,
): PolicyStatsRow[] {
  const benchmarks = [...new Set(instances.map((a) => a.benchmark))].sort();
  const rows: PolicyStatsRow[] = [];
  for (const benchmark of benchmarks) {
    const mine = instances.filter((a) => a.benchmark === benchmark);
    for (const selection of SELECTIONS) {
      const counts = mine.map((a) => a.count(selection));
      const total = counts.reduce((sum, n) => sum + n, 0);
      const nonEmpty = counts.filter((n) => n > 0).length;
      rows.push({
        benchmark,
        selection,
        instances: mine.length,
        total,
        mean_per_instance: mine.length === 0 ? 0 : total / mine.length,
        non_empty_instances: nonEmpty,
        mean_per_non_empty: nonEmpty === 0 ? 0 : total / nonEmpty,
      });
    }
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
