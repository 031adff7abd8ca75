import { SELECTIONS, type Selection } from "./select-identifiers";

export interface PolicyStatsRow {
  benchmark: string;
  selection: Selection;
  instances: number;
  total: number;
  mean_per_instance: number;
  non_empty_instances: number;
  mean_per_non_empty: number;
}

/** SPEC §4's table (the paper's Table 2): per benchmark and selection, identifiers disclosed. */
export function policyStats(
  analyses: Array<{ benchmark: string; identifiers: Array<{ policies: readonly string[] }> }>,
): PolicyStatsRow[] {
  const benchmarks = [...new Set(analyses.map((a) => a.benchmark))].sort();
  const rows: PolicyStatsRow[] = [];
  for (const benchmark of benchmarks) {
    const mine = analyses.filter((a) => a.benchmark === benchmark);
    for (const selection of SELECTIONS) {
      const counts = mine.map((a) => a.identifiers.filter((i) => i.policies.includes(selection)).length);
      const total = counts.reduce((sum, n) => sum + n, 0);
      const nonEmpty = counts.filter((n) => n > 0).length;
      rows.push({
        benchmark,
        selection,
        instances: mine.length,
        total,
        mean_per_instance: mine.length === 0 ? 0 : round(total / mine.length),
        non_empty_instances: nonEmpty,
        mean_per_non_empty: nonEmpty === 0 ? 0 : round(total / nonEmpty),
      });
    }
  }
  return rows;
}

const round = (value: number) => Math.round(value * 100) / 100;
