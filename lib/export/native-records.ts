import type { HintLine } from "./hint-lines";

/** The field a native record names itself by: what Hintscope changed, so reading it back restores the original. */
export const NATIVE_MARKER = "hintscope_native";

/** What a native record says of itself: the fields the curated hint replaced (with their values) or added. */
export interface NativeMarker {
  format_version: 1;
  /** fields whose value the hint replaced, with the value the benchmark's record had (null: it had none) */
  replaced: Record<string, unknown>;
  /** fields the hint added to the record */
  added: string[];
}

/**
 * A hint set as the benchmark's own records, ready for its harness: the original record as it was
 * imported, with the curated hint where that benchmark reads hints, and nothing of the record clobbered.
 *
 * - SWE-bench Pro (`swebench-pro`): `interface` is replaced by the curated hint text. Under the Pro
 *   projection, whose hint states behaviour too, `requirements` is replaced by the hint's behaviour lines
 *   (what the curated hint says about behaviour), so nothing beyond the curated hint reaches the agent.
 * - SWE-bench-style (`swebench`) and Multi-SWE-bench (`multi-swe-bench`) records: the record as it was,
 *   plus the rendered hint in `hints` (or, where the record has a `hints` field of its own, an
 *   environment's hints, in `hintscope_hint`); the problem statement is left untouched.
 *
 * Each record carries `hintscope_native`: the fields it replaced (with the record's own values) and added,
 * so importing the export back restores the benchmark's record exactly and changes nothing. The record keeps
 * its own key order (a replaced field stays where it was, added ones come last): the same bytes every time.
 */
export function nativeRecord(original: Record<string, unknown>, sourceFormat: string, line: HintLine) {
  const own = (key: string) => (Object.hasOwn(original, key) ? original[key] : null);
  if (sourceFormat === "swebench-pro") {
    const record: Record<string, unknown> = { ...original, interface: line.hint };
    const replaced: Record<string, unknown> = { interface: own("interface") };
    if (line.projection === "pro") {
      replaced.requirements = own("requirements");
      record.requirements = line.hint
        .split("\n")
        .filter((text) => text.startsWith("Behaviour: "))
        .map((text) => text.slice("Behaviour: ".length))
        .join("\n");
    }
    const marker: NativeMarker = { format_version: 1, replaced, added: [] };
    return { ...record, [NATIVE_MARKER]: marker };
  }
  const field = nativeHintField(original);
  const marker: NativeMarker = { format_version: 1, replaced: {}, added: [field] };
  return { ...original, [field]: line.hint, [NATIVE_MARKER]: marker };
}

/** Where a SWE-bench-style record gets the curated hint: `hints`, unless the record has a field of that name. */
export const nativeHintField = (original: Record<string, unknown>) =>
  Object.hasOwn(original, "hints") ? "hintscope_hint" : "hints";

/** The fields a native export puts the curated hint in, for its manifest. */
export function nativeHintFields(sourceFormat: string, original: Record<string, unknown>, projection: string) {
  if (sourceFormat === "swebench-pro") return projection === "pro" ? ["interface", "requirements"] : ["interface"];
  return [nativeHintField(original)];
}

/**
 * A record read back from a native export, as the benchmark had it: added fields removed, replaced ones
 * restored, the marker dropped (key order kept). Null for a record that is no native export.
 */
export function originalOfNative(record: Record<string, unknown>): Record<string, unknown> | null {
  const marker = record[NATIVE_MARKER];
  if (typeof marker !== "object" || marker === null || Array.isArray(marker)) return null;
  const { replaced, added } = marker as Partial<NativeMarker>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === NATIVE_MARKER || (Array.isArray(added) && added.includes(key))) continue;
    if (replaced && typeof replaced === "object" && Object.hasOwn(replaced, key)) {
      const was = (replaced as Record<string, unknown>)[key];
      if (was !== null)
        Object.defineProperty(out, key, { value: was, enumerable: true, writable: true, configurable: true });
      continue;
    }
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The formats a native export can write. */
export const NATIVE_FORMATS = new Set(["swebench-pro", "swebench", "multi-swe-bench"]);
