import { hintValueMargin } from "../domain/judge-scales";
import { type BootstrapInterval, clusteredBootstrapMean } from "./bootstrap";
import { median } from "./median";

/** One judge sample of one attribute of one identifier. */
export interface JudgeSample {
  /** what the sample is a sample of: which benchmark, under which selection, by which judge */
  benchmark?: string;
  selection?: string;
  judge?: string;
  instance: string;
  identifier: string;
  attribute: string;
  necessity: number;
  disclosure: number;
  guidance: number;
}

export interface AttributeSummary {
  benchmark: string;
  selection: string;
  judge: string;
  attribute: string;
  /** rated values: identifier–attribute pairs */
  n: number;
  /** instances the rated values come from (the bootstrap's clusters) */
  instances: number;
  necessity: BootstrapInterval;
  disclosure: BootstrapInterval;
  guidance: BootstrapInterval;
  hvm: BootstrapInterval;
  /** share of rated values whose samples all agree on N, D and G */
  unanimity: number;
}

/**
 * SPEC §6 per benchmark × selection × judge × attribute: the median of each value's samples, then means of
 * N, D, G and HVM (HVM per rated value, then averaged) with instance-clustered bootstrap intervals, seeded so
 * the page is stable. Scores of different judges, selections or benchmarks are never pooled: a second
 * judge's samples are another row, not more samples of the first judge's items.
 */
export function summariseJudgeScores(samples: JudgeSample[], seed = 2026): AttributeSummary[] {
  const groups = new Map<string, JudgeSample[]>();
  for (const sample of samples) {
    const key = JSON.stringify([sample.benchmark ?? "", sample.selection ?? "", sample.judge ?? ""]);
    const group = groups.get(key);
    if (group) group.push(sample);
    else groups.set(key, [sample]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([key, group]) => {
      const [benchmark, selection, judge] = JSON.parse(key) as [string, string, string];
      return summariseOneJudge(group, seed).map((row) => ({ benchmark, selection, judge, ...row }));
    });
}

function summariseOneJudge(
  samples: JudgeSample[],
  seed: number,
): Array<Omit<AttributeSummary, "benchmark" | "selection" | "judge">> {
  // Group by attribute, then instance, then identifier: nested maps, so no id can collide with a separator.
  const grouped = new Map<string, Map<string, Map<string, JudgeSample[]>>>();
  for (const sample of samples) {
    const instances = grouped.get(sample.attribute) ?? new Map<string, Map<string, JudgeSample[]>>();
    const identifiers = instances.get(sample.instance) ?? new Map<string, JudgeSample[]>();
    const group = identifiers.get(sample.identifier);
    if (group) group.push(sample);
    else identifiers.set(sample.identifier, [sample]);
    instances.set(sample.instance, identifiers);
    grouped.set(sample.attribute, instances);
  }
  const byAttribute = new Map<string, Array<Array<{ n: number; d: number; g: number; unanimous: boolean }>>>();
  for (const [attribute, instances] of grouped) {
    const clusters = [...instances.values()].map((identifiers) =>
      [...identifiers.values()].map((group) => ({
        n: median(group.map((s) => s.necessity)),
        d: median(group.map((s) => s.disclosure)),
        g: median(group.map((s) => s.guidance)),
        unanimous: group.every(
          (s) =>
            s.necessity === group[0]?.necessity &&
            s.disclosure === group[0]?.disclosure &&
            s.guidance === group[0]?.guidance,
        ),
      })),
    );
    byAttribute.set(attribute, clusters);
  }
  return [...byAttribute.entries()].map(([attribute, clusters]) => {
    const all = clusters.flat();
    const of = (pick: (r: (typeof all)[number]) => number) =>
      clusteredBootstrapMean(
        clusters.map((c) => c.map(pick)),
        seed,
      );
    return {
      attribute,
      n: all.length,
      instances: clusters.length,
      necessity: of((r) => r.n),
      disclosure: of((r) => r.d),
      guidance: of((r) => r.g),
      hvm: of((r) => hintValueMargin(r.n, r.d, r.g)),
      unanimity: all.filter((r) => r.unanimous).length / all.length,
    };
  });
}
