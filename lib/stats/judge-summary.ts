import { HINT_ATTRIBUTES, hintValueMargin } from "../domain/judge-scales";
import { clusteredMeanInterval, type MeanInterval } from "./cluster-interval";
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
  /** the sample's number (1, 2, 3 …), where known */
  sample?: number;
  necessity: number;
  disclosure: number;
  guidance: number;
}

/** A stored judge score as a sample of `instance` (the fields every reader of scores passes on). */
export const sampleOfScore = (
  score: Omit<JudgeSample, "benchmark" | "instance"> & { selection: string; judge: string },
  instance: string,
): JudgeSample => ({
  selection: score.selection,
  judge: score.judge,
  instance,
  identifier: score.identifier,
  attribute: score.attribute,
  sample: score.sample,
  necessity: score.necessity,
  disclosure: score.disclosure,
  guidance: score.guidance,
});

/** Samples needed before a value's agreement counts as "three-sample unanimity" (the paper's three samples). */
export const UNANIMITY_SAMPLES = 3;

/** One rated value: one judge's samples of one attribute of one identifier, under one selection. */
export interface RatedValue {
  benchmark: string;
  selection: string;
  judge: string;
  instance: string;
  identifier: string;
  attribute: string;
  /** medians of the samples, and HVM = N − max(D, G) of those medians (SPEC §6) */
  necessity: number;
  disclosure: number;
  guidance: number;
  hvm: number;
  samples: JudgeSample[];
  /** every sample agrees on N, D and G; null below UNANIMITY_SAMPLES samples (one sample agrees with nothing) */
  unanimous: boolean | null;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The paper's attribute order (name, kind, path, new file, signature, weak and strong semantics), then others. */
const attributeRank = (attribute: string) => {
  const index = (HINT_ATTRIBUTES as readonly string[]).indexOf(attribute);
  return index < 0 ? HINT_ATTRIBUTES.length : index;
};
export const compareAttributes = (a: string, b: string) => attributeRank(a) - attributeRank(b) || compareText(a, b);

/**
 * The one place judge samples become rated values, for every surface (research table, agreement, the review
 * page): samples are grouped by benchmark, selection, judge, instance, identifier and attribute, never across
 * any of them, and each group's medians and HVM are taken. Values come out in a fixed order (by those keys,
 * attributes in the paper's order), whatever order the samples came in.
 */
export function ratedValues(samples: readonly JudgeSample[]): RatedValue[] {
  const groups = new Map<string, JudgeSample[]>();
  for (const sample of samples) {
    const key = JSON.stringify([
      sample.benchmark ?? "",
      sample.selection ?? "",
      sample.judge ?? "",
      sample.instance,
      sample.identifier,
      sample.attribute,
    ]);
    const group = groups.get(key);
    if (group) group.push(sample);
    else groups.set(key, [sample]);
  }
  const values: RatedValue[] = [];
  for (const [key, group] of groups) {
    const [benchmark, selection, judge, instance, identifier, attribute] = JSON.parse(key) as string[];
    group.sort((a, b) => (a.sample ?? 0) - (b.sample ?? 0));
    const necessity = median(group.map((s) => s.necessity));
    const disclosure = median(group.map((s) => s.disclosure));
    const guidance = median(group.map((s) => s.guidance));
    const first = group[0] as JudgeSample;
    values.push({
      benchmark: benchmark as string,
      selection: selection as string,
      judge: judge as string,
      instance: instance as string,
      identifier: identifier as string,
      attribute: attribute as string,
      necessity,
      disclosure,
      guidance,
      hvm: hintValueMargin(necessity, disclosure, guidance),
      samples: group,
      unanimous:
        group.length < UNANIMITY_SAMPLES
          ? null
          : group.every(
              (s) =>
                s.necessity === first.necessity && s.disclosure === first.disclosure && s.guidance === first.guidance,
            ),
    });
  }
  return values.sort(
    (a, b) =>
      compareText(a.benchmark, b.benchmark) ||
      compareText(a.selection, b.selection) ||
      compareText(a.judge, b.judge) ||
      compareText(a.instance, b.instance) ||
      compareText(a.identifier, b.identifier) ||
      compareAttributes(a.attribute, b.attribute),
  );
}

export interface AttributeSummary {
  benchmark: string;
  selection: string;
  judge: string;
  attribute: string;
  /** rated values: identifier–attribute pairs */
  n: number;
  /** instances the rated values come from (the interval's clusters) */
  instances: number;
  necessity: MeanInterval;
  disclosure: MeanInterval;
  guidance: MeanInterval;
  hvm: MeanInterval;
  /** the fewest and the most samples any rated value has */
  samplesMin: number;
  samplesMax: number;
  /** rated values with at least UNANIMITY_SAMPLES samples: what unanimity is a share of */
  unanimityValues: number;
  /** share of those values whose samples all agree on N, D and G; null when no value has enough samples */
  unanimity: number | null;
}

/** Groups of rated values by benchmark, selection, judge, then the paper's attribute order. */
const compareGroups = (a: readonly RatedValue[], b: readonly RatedValue[]) => {
  const [x, y] = [a[0] as RatedValue, b[0] as RatedValue];
  return (
    compareText(x.benchmark, y.benchmark) ||
    compareText(x.selection, y.selection) ||
    compareText(x.judge, y.judge) ||
    compareAttributes(x.attribute, y.attribute)
  );
};

/**
 * SPEC §6 per benchmark × selection × judge × attribute: the median of each value's samples, then means of
 * N, D, G and HVM (HVM per rated value, then averaged) with instance-clustered t intervals
 * (cluster-interval.ts). Scores of different judges, selections or benchmarks are never pooled: a second
 * judge's samples are another row, not more samples of the first judge's items. Rows come in a fixed order
 * (benchmark, selection, judge, then the paper's attribute order), whatever order the samples came in.
 */
export function summariseJudgeScores(samples: readonly JudgeSample[]): AttributeSummary[] {
  const groups = new Map<string, RatedValue[]>();
  for (const value of ratedValues(samples)) {
    const key = JSON.stringify([value.benchmark, value.selection, value.judge, value.attribute]);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  // Each group's values are in order; the groups are put in the paper's attribute order per judge below
  // (the order attributes first appear in depends on which instance comes first).
  return [...groups.values()].sort(compareGroups).map((values) => {
    const first = values[0] as RatedValue;
    const byInstance = new Map<string, RatedValue[]>();
    for (const value of values) byInstance.get(value.instance)?.push(value) ?? byInstance.set(value.instance, [value]);
    const of = (pick: (v: RatedValue) => number, range: readonly [number, number]) =>
      clusteredMeanInterval(
        [...byInstance.entries()].map(([key, group]) => ({ key, values: group.map(pick) })),
        0.95,
        range,
      );
    const counted = values.filter((v) => v.unanimous !== null);
    const sampleCounts = values.map((v) => v.samples.length);
    return {
      benchmark: first.benchmark,
      selection: first.selection,
      judge: first.judge,
      attribute: first.attribute,
      n: values.length,
      instances: byInstance.size,
      necessity: of((v) => v.necessity, [0, 3]),
      disclosure: of((v) => v.disclosure, [0, 3]),
      guidance: of((v) => v.guidance, [0, 3]),
      hvm: of((v) => v.hvm, [-3, 3]),
      samplesMin: Math.min(...sampleCounts),
      samplesMax: Math.max(...sampleCounts),
      unanimityValues: counted.length,
      unanimity: counted.length === 0 ? null : counted.filter((v) => v.unanimous).length / counted.length,
    };
  });
}
