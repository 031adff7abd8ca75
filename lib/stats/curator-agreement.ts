import { weightedKappa } from "./agreement";

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
}

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
      const kappa = (scale: "necessity" | "disclosure" | "guidance") =>
        weightedKappa(
          shared.map((item) => (a.get(item) as Rating)[scale]),
          shared.map((item) => (b.get(item) as Rating)[scale]),
        );
      rows.push({
        first: raters[i] as string,
        second: raters[j] as string,
        items: shared.length,
        necessity: kappa("necessity"),
        disclosure: kappa("disclosure"),
        guidance: kappa("guidance"),
      });
    }
  }
  return rows;
}
