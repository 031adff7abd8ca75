import type { ImportItem } from "./import-items";

/** Where a record said something earlier: its line, and what it said. */
interface Seen {
  line: number;
  value: string;
  said: string;
}

/** A record that repeats an earlier one's key with other values: the line of each, and what each said. */
export class RepeatConflict extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A judge score's sample number, where the record gave none: numbered by order of appearance (sample 0 = absent). */
export const UNNUMBERED_SAMPLE = 0;

const resolvedWord = (data: { resolved: boolean; status: string | null }) =>
  data.status && data.status !== (data.resolved ? "resolved" : "unresolved")
    ? `${data.resolved ? "resolved" : "not resolved"} (${data.status})`
    : data.resolved
      ? "resolved"
      : "not resolved";

/**
 * The records of one import, checked for repeats as they are read: a record that repeats an earlier one's
 * key with the same values is a harmless repeat; with other values (a result true on one line and false on
 * another, a judge sample given twice with different ratings) it is refused, naming both lines, instead of
 * the last line silently winning. Judge samples without a number are numbered by order of appearance.
 */
export class RepeatedRecords {
  private readonly seen = new Map<string, Seen>();
  private readonly samples = new Map<string, number>();
  private repeated = 0;
  private firstRepeat: string | null = null;

  /** Records given again with the same values (each counted once), in words; null when there were none. */
  get sameRepeats(): string | null {
    if (this.repeated === 0) return null;
    return `${this.repeated} ${this.repeated === 1 ? "record is" : "records are"} given again with the same values, each counted once (${this.firstRepeat})`;
  }

  /** Checks one item read at `line` (under `benchmark`); numbers its judge sample if it has none. */
  check(item: ImportItem, line: number, benchmark: string): void {
    const entry = this.keyOf(item, benchmark);
    if (!entry) return;
    const previous = this.seen.get(entry.key);
    if (!previous) {
      this.seen.set(entry.key, { line, value: entry.value, said: entry.said });
      return;
    }
    if (previous.value === entry.value) {
      this.repeated++;
      this.firstRepeat ??=
        previous.line === line
          ? `the first: ${entry.what}, listed twice`
          : `the first: ${entry.what}, on lines ${previous.line} and ${line}`;
      return;
    }
    throw new RepeatConflict(
      line,
      `${entry.what} is given again with other values: line ${previous.line} says ${previous.said}, this line ${entry.said}`,
    );
  }

  private keyOf(
    item: ImportItem,
    benchmark: string,
  ): { key: string; value: string; said: string; what: string } | null {
    switch (item.kind) {
      case "result": {
        const d = item.data;
        return {
          key: JSON.stringify(["result", benchmark, d.model, d.selection, d.projection, d.instanceExternalId]),
          value: JSON.stringify([d.resolved, d.status, d.patchApplied, d.tests ?? null]),
          said: resolvedWord(d),
          what: `the result of "${d.instanceExternalId}" for ${d.model} (${d.selection} × ${d.projection})`,
        };
      }
      case "prediction": {
        const d = item.data;
        return {
          key: JSON.stringify(["prediction", benchmark, d.model, d.selection, d.projection, d.instanceExternalId]),
          value: d.patch,
          said: `a patch of ${d.patch.length} characters`,
          what: `the prediction for "${d.instanceExternalId}" by ${d.model}`,
        };
      }
      case "judge-score": {
        const d = item.data;
        const valueKey = JSON.stringify([
          benchmark,
          d.instanceExternalId,
          d.selection,
          d.identifier,
          d.attribute,
          d.judge,
        ]);
        const count = (this.samples.get(valueKey) ?? 0) + 1;
        this.samples.set(valueKey, count);
        if (d.sample === UNNUMBERED_SAMPLE) d.sample = count;
        return {
          key: JSON.stringify(["judge", valueKey, d.sample]),
          value: JSON.stringify([d.necessity, d.disclosure, d.guidance]),
          said: `N ${d.necessity}, D ${d.disclosure}, G ${d.guidance}`,
          what: `sample ${d.sample} of ${d.judge}'s rating of ${d.identifier} ${d.attribute} on "${d.instanceExternalId}" (${d.selection})`,
        };
      }
      case "curator-score": {
        const d = item.data;
        return {
          key: JSON.stringify(["curator", benchmark, d.instanceExternalId, d.identifier, d.attribute, d.curator]),
          value: JSON.stringify([d.necessity, d.disclosure, d.guidance]),
          said: `N ${d.necessity}, D ${d.disclosure}, G ${d.guidance}`,
          what: `${d.curator}'s rating of ${d.identifier} ${d.attribute} on "${d.instanceExternalId}"`,
        };
      }
      case "design-verdict": {
        const d = item.data;
        return {
          key: JSON.stringify([
            "verdict",
            benchmark,
            d.model,
            d.selection,
            d.projection,
            d.instanceExternalId,
            d.constraintId,
          ]),
          value: d.verdict,
          said: d.verdict,
          what: `the verdict on constraint ${d.constraintId} of "${d.instanceExternalId}" for ${d.model}`,
        };
      }
      default:
        return null;
    }
  }
}
