import { createHash } from "node:crypto";
import { type HintLine, readStoredLine } from "./hint-lines";

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

export type Change = HintSetDiff["hints_changed"][number];

/** What a comparison reads of a line: its status, its hint text, its identifiers' names. */
export interface ComparedLine {
  status: string;
  hint: string;
  names: readonly string[];
}

export const comparedLine = (line: HintLine): ComparedLine => ({
  status: line.status,
  hint: line.hint,
  names: line.identifiers.map((i) => i.name),
});

/**
 * What a comparison reads of a line, hashed (stored with each line: HintSetLine.digest): two lines have the
 * same digest exactly where lineChange finds no change between them (the names as a set).
 */
export function comparedDigest(line: ComparedLine): string {
  const names = [...new Set(line.names)].sort();
  return createHash("sha256")
    .update(JSON.stringify([line.status, line.hint, names]))
    .digest("hex")
    .slice(0, 32);
}

/** How one instance's line changed between two versions, or null where it did not. */
export function lineChange(id: string, old: ComparedLine, now: ComparedLine): Change | null {
  const oldNames = new Set(old.names);
  const newNames = new Set(now.names);
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
  const changed: Array<[string, ComparedLine, ComparedLine]> = [];
  for (const [id, old] of a) {
    const now = b.get(id);
    if (now !== undefined) changed.push([id, comparedLine(old), comparedLine(now)]);
  }
  return diffOfParts(
    [...a.keys()].filter((id) => !b.has(id)),
    [...b.keys()].filter((id) => !a.has(id)),
    changed,
  );
}

/** The order a diff lists its changes in: by instance id. */
export const changeOrder = (x: string, y: string) => x.localeCompare(y);

/**
 * A diff from its parts as a database comparison finds them: the instances only one version holds, and the
 * changes of the instances both hold (in changeOrder), the first of `changedCount` where not all are listed.
 */
export function diffOfChanges(
  removed: readonly string[],
  added: readonly string[],
  changes: readonly Change[],
  changedCount = changes.length,
): HintSetDiff {
  const diff: HintSetDiff = {
    instances_added: [...added].sort(),
    instances_removed: [...removed].sort(),
    hints_changed: [...changes],
    identical: false,
  };
  diff.identical = diff.instances_added.length === 0 && diff.instances_removed.length === 0 && changedCount === 0;
  return diff;
}

/** How two stored lines' texts of one instance differ (readStoredLine), or null where they do not. */
export function storedLineChange(before: string, after: string): Change | null {
  const old = readStoredLine(before);
  return lineChange(old.instanceId, old, readStoredLine(after));
}

/** The diff of the instances only one version holds and the pairs of lines both hold (instance, old, new). */
function diffOfParts(
  removed: readonly string[],
  added: readonly string[],
  pairs: ReadonlyArray<readonly [string, ComparedLine, ComparedLine]>,
): HintSetDiff {
  const changes = [...pairs]
    .sort(([x], [y]) => changeOrder(x, y))
    .map(([id, old, now]) => lineChange(id, old, now))
    .filter((change) => change !== null);
  return diffOfChanges(removed, added, changes);
}
