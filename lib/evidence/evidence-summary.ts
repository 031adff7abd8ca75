import type { JudgeSample } from "../stats/judge-summary";
import type { InstanceEvidence } from "./evidence";

/** The leak channels, in the order the research page lists them, with what each means. */
export const LEAK_CHANNELS = [
  { id: "id_commit", label: "the id embeds another commit" },
  { id: "solution_in_issue", label: "the issue pastes the fix" },
  { id: "tests_in_issue", label: "the issue quotes the tests" },
  { id: "hint_quotes_code", label: "the benchmark's hint quotes the code" },
] as const;

export interface LeakShareRow {
  benchmark: string;
  channel: string;
  /** instances whose evidence was computed (analysed since evidence existed) */
  instances: number;
  /** of those, how many show the channel */
  with_channel: number;
  share: number;
}

/** Per benchmark and leak channel: the share of its instances that show it (instances without evidence left out). */
export function leakShares(benchmark: string, evidence: ReadonlyArray<InstanceEvidence | null>): LeakShareRow[] {
  const known = evidence.filter((e): e is InstanceEvidence => e !== null);
  return leakSharesOfCounts(
    benchmark,
    known.length,
    (channel) => known.filter((e) => e.leaks.some((l) => l.channel === channel)).length,
  );
}

/** The same shares from counts: the instances with evidence, and how many of them show each channel. */
export function leakSharesOfCounts(
  benchmark: string,
  known: number,
  withChannel: (channel: string) => number,
): LeakShareRow[] {
  return LEAK_CHANNELS.map(({ id }) => {
    const count = withChannel(id);
    return { benchmark, channel: id, instances: known, with_channel: count, share: known === 0 ? 0 : count / known };
  });
}

export interface EvidenceJudgeCheck {
  benchmark: string;
  judge: string;
  /** what is compared */
  check: "necessity_when_stated" | "disclosure_vs_transcription";
  /** rated identifiers (or identifier attributes) the check rests on */
  n: number;
  /** necessity: mean judge N of names the issue states, and of the others; disclosure: Spearman's ρ */
  stated_mean: number | null;
  unstated_mean: number | null;
  rho: number | null;
  /** the evidence and the judge point the same way (stated names rated less necessary; more copying rated more disclosing) */
  agrees: boolean | null;
}

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** Ranks with ties averaged (1-based). */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) out[(order[k] as readonly [number, number])[1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation; null with fewer than three pairs or no spread on either side. */
export function spearman(pairs: ReadonlyArray<readonly [number, number]>): number | null {
  if (pairs.length < 3) return null;
  const x = ranks(pairs.map((p) => p[0]));
  const y = ranks(pairs.map((p) => p[1]));
  const mx = mean(x) as number;
  const my = mean(y) as number;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += ((x[i] as number) - mx) * ((y[i] as number) - my);
    sxx += ((x[i] as number) - mx) ** 2;
    syy += ((y[i] as number) - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/**
 * Where judge scores exist, the evidence checked against them, per benchmark and judge: (1) the judge's
 * necessity N for the `name` attribute of names the issue already states should be lower than for the
 * others; (2) the judge's disclosure D for an identifier's semantics should rise with how much of its hint
 * copies the gold patch (Spearman's ρ between transcription share and mean D). `evidenceOf` gives an
 * instance's stored evidence by the samples' instance key.
 */
export function evidenceAgainstJudge(
  samples: readonly JudgeSample[],
  evidenceOf: (instance: string) => InstanceEvidence | null,
): EvidenceJudgeCheck[] {
  const groups = new Map<string, JudgeSample[]>();
  for (const s of samples) {
    const key = `${s.benchmark ?? ""}\u0000${s.judge ?? ""}`;
    const group = groups.get(key) ?? [];
    group.push(s);
    groups.set(key, group);
  }
  const out: EvidenceJudgeCheck[] = [];
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [benchmark, judge] = key.split("\u0000") as [string, string];
    const byIdentifier = new Map<
      string,
      { evidence: InstanceEvidence["identifiers"][number]; n: number[]; d: number[] }
    >();
    for (const s of group) {
      const evidence = evidenceOf(s.instance)?.identifiers.find((e) => e.name === s.identifier);
      if (!evidence) continue;
      const id = `${s.instance}\u0000${s.identifier}`;
      const entry = byIdentifier.get(id) ?? { evidence, n: [], d: [] };
      if (s.attribute === "name") entry.n.push(s.necessity);
      if (s.attribute === "weak_semantics" || s.attribute === "strong_semantics") entry.d.push(s.disclosure);
      byIdentifier.set(id, entry);
    }
    const rated = [...byIdentifier.values()];
    const withN = rated.filter((r) => r.n.length > 0);
    const stated = withN.filter((r) => r.evidence.stated_in_issue).map((r) => mean(r.n) as number);
    const unstated = withN.filter((r) => !r.evidence.stated_in_issue).map((r) => mean(r.n) as number);
    const statedMean = mean(stated);
    const unstatedMean = mean(unstated);
    out.push({
      benchmark,
      judge,
      check: "necessity_when_stated",
      n: withN.length,
      stated_mean: statedMean,
      unstated_mean: unstatedMean,
      rho: null,
      agrees: statedMean === null || unstatedMean === null ? null : statedMean < unstatedMean,
    });
    const pairs = rated
      .filter((r) => r.d.length > 0)
      .map((r) => [r.evidence.transcription_share, mean(r.d) as number] as const);
    const rho = spearman(pairs);
    out.push({
      benchmark,
      judge,
      check: "disclosure_vs_transcription",
      n: pairs.length,
      stated_mean: null,
      unstated_mean: null,
      rho,
      agrees: rho === null ? null : rho > 0,
    });
  }
  return out;
}
