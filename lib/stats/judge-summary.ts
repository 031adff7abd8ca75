import { hintValueMargin } from "../domain/judge-scales";
import { type BootstrapInterval, clusteredBootstrapMean } from "./bootstrap";
import { median } from "./median";

/** One judge sample of one attribute of one identifier. */
export interface JudgeSample {
  instance: string;
  identifier: string;
  attribute: string;
  necessity: number;
  disclosure: number;
  guidance: number;
}

export interface AttributeSummary {
  attribute: string;
  /** rated values: identifier–attribute pairs */
  n: number;
  necessity: BootstrapInterval;
  disclosure: BootstrapInterval;
  guidance: BootstrapInterval;
  hvm: BootstrapInterval;
  /** share of rated values whose samples all agree on N, D and G */
  unanimity: number;
}

/**
 * SPEC §6 per attribute: the median of each value's samples, then means of N, D, G and HVM (HVM per rated
 * value, then averaged) with instance-clustered bootstrap intervals, seeded so the page is stable.
 */
export function summariseJudgeScores(samples: JudgeSample[], seed = 2026): AttributeSummary[] {
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
      necessity: of((r) => r.n),
      disclosure: of((r) => r.d),
      guidance: of((r) => r.g),
      hvm: of((r) => hintValueMargin(r.n, r.d, r.g)),
      unanimity: all.filter((r) => r.unanimous).length / all.length,
    };
  });
}
