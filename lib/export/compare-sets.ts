import { type HintLine, lineInstanceId, parseLine } from "./hint-lines";

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

/** The diff of two maps of lines by instance, `read` making a line of what they hold. */
function diffOf<T>(
  a: ReadonlyMap<string, T>,
  b: ReadonlyMap<string, T>,
  changed: (old: T, now: T) => boolean,
  read: (line: T) => HintLine,
): HintSetDiff {
  const diff: HintSetDiff = {
    instances_added: [...b.keys()].filter((id) => !a.has(id)).sort(),
    instances_removed: [...a.keys()].filter((id) => !b.has(id)).sort(),
    hints_changed: [],
    identical: false,
  };
  for (const [id, old] of [...a].sort(([x], [y]) => x.localeCompare(y))) {
    const now = b.get(id);
    if (now === undefined || !changed(old, now)) continue;
    const change = lineChange(id, read(old), read(now));
    if (change) diff.hints_changed.push(change);
  }
  diff.identical =
    diff.instances_added.length === 0 && diff.instances_removed.length === 0 && diff.hints_changed.length === 0;
  return diff;
}

/** Compares two hint sets (or two versions of one) line by line, keyed by instance. */
export function compareHintSets(before: Iterable<HintLine>, after: Iterable<HintLine>): HintSetDiff {
  const a = new Map([...before].map((line) => [line.instance_id, line]));
  const b = new Map([...after].map((line) => [line.instance_id, line]));
  return diffOf(
    a,
    b,
    () => true,
    (line) => line,
  );
}

/** A version's JSONL text as its lines' texts by instance id (a line read whole only where it does not start with its id). */
function lineTexts(text: string): Map<string, string> {
  const byId = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    byId.set(lineInstanceId(line) ?? parseLine(line).instance_id, line);
  }
  return byId;
}

/**
 * Compares two versions from their JSONL texts, as compareHintSets compares their lines: a line whose text is
 * the same in both is not parsed, so two versions of 50,000 lines that differ in a few cost a few parses.
 */
export function compareHintSetTexts(before: string, after: string): HintSetDiff {
  return diffOf(lineTexts(before), lineTexts(after), (old, now) => old !== now, parseLine);
}
