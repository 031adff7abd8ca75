import { type HintLine, parseLine } from "./hint-lines";

export interface HintSetDiff {
  instances_added: string[];
  instances_removed: string[];
  /** instances in both whose hint text, status, or identifiers differ */
  hints_changed: Array<{
    instance_id: string;
    status: [string, string] | null;
    text_changed: boolean;
    identifiers_added: string[];
    identifiers_removed: string[];
  }>;
  identical: boolean;
}

type Change = HintSetDiff["hints_changed"][number];

/** How one instance's line changed between two versions, or null where it did not. */
function lineChange(id: string, old: HintLine, now: HintLine): Change | null {
  const oldNames = new Set(old.identifiers.map((i) => i.name));
  const newNames = new Set(now.identifiers.map((i) => i.name));
  const change = {
    instance_id: id,
    status: old.status === now.status ? null : ([old.status, now.status] as [string, string]),
    text_changed: old.hint !== now.hint,
    identifiers_added: [...newNames].filter((n) => !oldNames.has(n)).sort(),
    identifiers_removed: [...oldNames].filter((n) => !newNames.has(n)).sort(),
  };
  return change.status || change.text_changed || change.identifiers_added.length || change.identifiers_removed.length
    ? change
    : null;
}

/** Compares two hint sets (or two versions of one) line by line, keyed by instance. */
export function compareHintSets(before: Iterable<HintLine>, after: Iterable<HintLine>): HintSetDiff {
  const a = new Map([...before].map((line) => [line.instance_id, line]));
  const b = new Map([...after].map((line) => [line.instance_id, line]));
  const changed: Array<[string, HintLine, HintLine]> = [];
  for (const [id, old] of a) {
    const now = b.get(id);
    if (now !== undefined) changed.push([id, old, now]);
  }
  return diffOfParts(
    [...a.keys()].filter((id) => !b.has(id)),
    [...b.keys()].filter((id) => !a.has(id)),
    changed,
  );
}

/**
 * Compares two versions from what differs between them, as compareHintSets compares their lines: the
 * instances only one holds, and the texts of the lines both hold whose texts differ (as the database hands
 * them over: a line whose text is the same in both is never read). Only those lines are parsed.
 */
export function compareDifferingLines(parts: {
  onlyBefore: readonly string[];
  onlyAfter: readonly string[];
  changed: ReadonlyArray<{ before: string; after: string }>;
}): HintSetDiff {
  return diffOfParts(
    parts.onlyBefore,
    parts.onlyAfter,
    parts.changed.map((pair) => {
      const old = parseLine(pair.before);
      return [old.instance_id, old, parseLine(pair.after)];
    }),
  );
}

/** The diff of the instances only one version holds and the pairs of lines both hold (instance, old, new). */
function diffOfParts(
  removed: readonly string[],
  added: readonly string[],
  pairs: ReadonlyArray<readonly [string, HintLine, HintLine]>,
): HintSetDiff {
  const hints_changed = [...pairs]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([id, old, now]) => lineChange(id, old, now))
    .filter((change) => change !== null);
  const diff: HintSetDiff = {
    instances_added: [...added].sort(),
    instances_removed: [...removed].sort(),
    hints_changed,
    identical: false,
  };
  diff.identical =
    diff.instances_added.length === 0 && diff.instances_removed.length === 0 && diff.hints_changed.length === 0;
  return diff;
}
