import type { HintLine } from "./hint-lines";

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

/** Compares two hint sets (or two versions of one) line by line, keyed by instance. */
export function compareHintSets(before: Iterable<HintLine>, after: Iterable<HintLine>): HintSetDiff {
  const a = new Map([...before].map((line) => [line.instance_id, line]));
  const b = new Map([...after].map((line) => [line.instance_id, line]));
  const diff: HintSetDiff = {
    instances_added: [...b.keys()].filter((id) => !a.has(id)).sort(),
    instances_removed: [...a.keys()].filter((id) => !b.has(id)).sort(),
    hints_changed: [],
    identical: false,
  };
  for (const [id, old] of [...a].sort(([x], [y]) => x.localeCompare(y))) {
    const now = b.get(id);
    if (!now) continue;
    const oldNames = new Set(old.identifiers.map((i) => i.name));
    const newNames = new Set(now.identifiers.map((i) => i.name));
    const change = {
      instance_id: id,
      status: old.status === now.status ? null : ([old.status, now.status] as [string, string]),
      text_changed: old.hint !== now.hint,
      identifiers_added: [...newNames].filter((n) => !oldNames.has(n)).sort(),
      identifiers_removed: [...oldNames].filter((n) => !newNames.has(n)).sort(),
    };
    if (change.status || change.text_changed || change.identifiers_added.length || change.identifiers_removed.length)
      diff.hints_changed.push(change);
  }
  diff.identical =
    diff.instances_added.length === 0 && diff.instances_removed.length === 0 && diff.hints_changed.length === 0;
  return diff;
}
