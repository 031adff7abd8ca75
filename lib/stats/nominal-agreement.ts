/**
 * Agreement between raters who each put items into one of a few categories (curators deciding hints:
 * accept, trim, flag; or flag reasons). Cohen's κ for two raters who rated the same items; Fleiss' κ for
 * any number of ratings per item (the same number for every item), with a κ per category.
 */

export interface NominalAgreement {
  method: "cohen" | "fleiss";
  items: number;
  raters_per_item: number;
  /** share of items on which every rating agrees */
  percent_agreement: number;
  /** observed agreement P̄ (Fleiss: mean pairwise agreement per item; Cohen: share agreeing) */
  observed: number;
  /** agreement expected by chance */
  expected: number;
  /** (observed − expected) / (1 − expected); null when every rating is in one category (expected = 1) */
  kappa: number | null;
  /** why κ has no interval: none is given for a round's κ, and this says so with the reason */
  interval_note: string;
  /** per category: how often it was used, and its κ (Fleiss: per-category κ; Cohen: κ of it versus the rest) */
  categories: Array<{ category: string; share: number; kappa: number | null }>;
}

/**
 * A round's κ has no interval: a weighted κ interval covered under 0.93 in simulation below 30 instances
 * (docs/reference/intervals.md), and none has been measured for curators' decisions at any size, so none is
 * printed under a "95 %" label; the note says so beside κ. The overall rater-agreement table (curator-agreement.ts)
 * says it of its rated items (`unit`), whose κ intervals are per attribute, clustered by instance.
 */
export function kappaIntervalNote(items: number, unit = "hint"): string {
  const size = `${items} ${unit}${items === 1 ? "" : "s"}`;
  return items < 30
    ? `no interval: ${size}; below 30 a κ interval covered under 0.93 in simulation`
    : unit === "hint"
      ? `no interval: ${size}; a κ interval's coverage is not measured for curators' decisions`
      : `no interval: ${size}; per attribute, with instances as clusters, in the table below`;
}

const kappaOf = (observed: number, expected: number) => (expected >= 1 ? null : (observed - expected) / (1 - expected));

/** Cohen's κ for two raters over the same items: one [first, second] pair per item. */
export function cohenKappa(pairs: ReadonlyArray<readonly [string, string]>): NominalAgreement | null {
  if (pairs.length === 0) return null;
  const n = pairs.length;
  const categories = [...new Set(pairs.flat())].sort();
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agree = 0;
  for (const [a, b] of pairs) {
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
    if (a === b) agree++;
  }
  const observed = agree / n;
  const expected = categories.reduce((sum, c) => sum + ((first.get(c) ?? 0) / n) * ((second.get(c) ?? 0) / n), 0);
  return {
    method: "cohen",
    items: n,
    interval_note: kappaIntervalNote(n),
    raters_per_item: 2,
    percent_agreement: observed,
    observed,
    expected,
    kappa: kappaOf(observed, expected),
    categories: categories.map((c) => {
      // One category against the rest: a 2×2 table.
      const binary = pairs.map(([a, b]) => [a === c ? c : "other", b === c ? c : "other"] as const);
      const inner = categories.length > 2 ? cohenKappa(binary) : null;
      return {
        category: c,
        share: ((first.get(c) ?? 0) + (second.get(c) ?? 0)) / (2 * n),
        kappa: categories.length > 2 ? (inner?.kappa ?? null) : kappaOf(observed, expected),
      };
    }),
  };
}

/**
 * Fleiss' κ: `items` holds each item's ratings (any raters, the same number per item). Per category j,
 * κ_j = 1 − Σ_i n_ij (m − n_ij) / (N m (m − 1) p_j (1 − p_j)).
 */
export function fleissKappa(items: ReadonlyArray<readonly string[]>): NominalAgreement | null {
  if (items.length === 0) return null;
  const m = items[0]?.length ?? 0;
  if (m < 2) return null;
  if (items.some((ratings) => ratings.length !== m))
    throw new Error("Fleiss' κ needs the same number of ratings per item");
  const n = items.length;
  const categories = [...new Set(items.flat())].sort();
  const counts = items.map((ratings) => {
    const row = new Map<string, number>();
    for (const r of ratings) row.set(r, (row.get(r) ?? 0) + 1);
    return row;
  });
  const share = new Map(
    categories.map((c) => [c, counts.reduce((sum, row) => sum + (row.get(c) ?? 0), 0) / (n * m)] as const),
  );
  const perItem = counts.map(
    (row) => ([...row.values()].reduce((sum, k) => sum + k * (k - 1), 0) as number) / (m * (m - 1)),
  );
  const observed = perItem.reduce((a, b) => a + b, 0) / n;
  const expected = categories.reduce((sum, c) => sum + (share.get(c) ?? 0) ** 2, 0);
  return {
    method: "fleiss",
    items: n,
    interval_note: kappaIntervalNote(n),
    raters_per_item: m,
    percent_agreement: counts.filter((row) => row.size === 1).length / n,
    observed,
    expected,
    kappa: kappaOf(observed, expected),
    categories: categories.map((c) => {
      const p = share.get(c) ?? 0;
      const disagreement = counts.reduce((sum, row) => sum + (row.get(c) ?? 0) * (m - (row.get(c) ?? 0)), 0);
      return {
        category: c,
        share: p,
        kappa: p <= 0 || p >= 1 ? null : 1 - disagreement / (n * m * (m - 1) * p * (1 - p)),
      };
    }),
  };
}
