import { weightedKappa, whyNoKappa } from "./agreement";
import { kappaIntervalNote } from "./nominal-agreement";

/** One rating of one item (an identifier's attribute on an instance) on the three scales. */
export interface Rating {
  item: string;
  rater: string;
  necessity: number;
  disclosure: number;
  guidance: number;
}

export interface AgreementRow {
  first: string;
  second: string;
  /** items both rated */
  items: number;
  necessity: number | null;
  disclosure: number | null;
  guidance: number | null;
  /** why a scale's κ is undefined (one item, one level throughout), or null */
  note: string | null;
  /** why the κ have no interval, said as a round's κ says it (nominal-agreement.ts's kappaIntervalNote) */
  interval_note: string;
}

const SCALE_LETTERS = { necessity: "N", disclosure: "D", guidance: "G" } as const;

/**
 * Quadratic weighted kappa per scale for every pair of raters over the items both rated: curator with
 * curator, and each curator with the judge (whose several samples are given as their rounded median).
 */
export function raterAgreement(ratings: Rating[]): AgreementRow[] {
  const byRater = new Map<string, Map<string, Rating>>();
  for (const r of ratings) byRater.set(r.rater, (byRater.get(r.rater) ?? new Map()).set(r.item, r));
  const raters = [...byRater.keys()].sort();
  const rows: AgreementRow[] = [];
  for (let i = 0; i < raters.length; i++) {
    for (let j = i + 1; j < raters.length; j++) {
      const a = byRater.get(raters[i] as string) as Map<string, Rating>;
      const b = byRater.get(raters[j] as string) as Map<string, Rating>;
      const shared = [...a.keys()].filter((item) => b.has(item));
      const levels = (scale: keyof typeof SCALE_LETTERS) =>
        [
          shared.map((item) => (a.get(item) as Rating)[scale]),
          shared.map((item) => (b.get(item) as Rating)[scale]),
        ] as const;
      const kappa = (scale: keyof typeof SCALE_LETTERS) => weightedKappa(...levels(scale));
      // Scales undefined for the same reason are named together: "κ D, κ G: both raters gave one … level".
      const reasons = new Map<string, string[]>();
      for (const scale of ["necessity", "disclosure", "guidance"] as const) {
        const why = whyNoKappa(...levels(scale));
        if (why) reasons.set(why, [...(reasons.get(why) ?? []), `κ ${SCALE_LETTERS[scale]}`]);
      }
      rows.push({
        first: raters[i] as string,
        second: raters[j] as string,
        items: shared.length,
        necessity: kappa("necessity"),
        disclosure: kappa("disclosure"),
        guidance: kappa("guidance"),
        note:
          reasons.size === 0
            ? null
            : [...reasons.entries()].map(([why, scales]) => `${scales.join(", ")}: ${why}`).join("; "),
        interval_note: kappaIntervalNote(shared.length, "rated item"),
      });
    }
  }
  return rows;
}

/** A rated value where a curator and a judge are two or more levels apart on a scale. */
export interface Disagreement {
  /** the item as the ratings name it: JSON [benchmark id, instance id, identifier, attribute] */
  item: string;
  curator: string;
  judge: string;
  scale: "necessity" | "disclosure" | "guidance";
  curatorLevel: number;
  judgeLevel: number;
}

/**
 * The disagreements between curators and judges (raters named `judge: …`): every item both rated where a
 * scale differs by two levels or more, the largest first. What a review round can take up.
 */
export function curatorJudgeDisagreements(ratings: readonly Rating[], gap = 2): Disagreement[] {
  const judges = ratings.filter((r) => r.rater.startsWith("judge: "));
  const curators = ratings.filter((r) => !r.rater.startsWith("judge: "));
  const out: Disagreement[] = [];
  for (const c of curators)
    for (const j of judges) {
      if (j.item !== c.item) continue;
      for (const scale of ["necessity", "disclosure", "guidance"] as const)
        if (Math.abs(c[scale] - j[scale]) >= gap)
          out.push({
            item: c.item,
            curator: c.rater,
            judge: j.rater,
            scale,
            curatorLevel: c[scale],
            judgeLevel: j[scale],
          });
    }
  return out.sort(
    (a, b) =>
      Math.abs(b.curatorLevel - b.judgeLevel) - Math.abs(a.curatorLevel - a.judgeLevel) || a.item.localeCompare(b.item),
  );
}
