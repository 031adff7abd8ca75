import type { HintLine } from "./hint-lines";

/**
 * A hint set as the benchmark's own records, ready for its harness: the original record as it was
 * imported, with the curated hint where that benchmark reads hints.
 *
 * - SWE-bench Pro (`swebench-pro`): `interface` is replaced by the curated hint text. Under the Pro
 *   projection, whose hint states behaviour too, `requirements` is replaced by the hint's behaviour lines
 *   (what the curated hint says about behaviour), so nothing beyond the curated hint reaches the agent.
 * - SWE-bench-style (`swebench`) and Multi-SWE-bench (`multi-swe-bench`) records: the record as it was,
 *   plus a `hints` field with the rendered text; the problem statement is left untouched.
 *
 * The record keeps its own key order (a replaced field stays where it was, an added one comes last), so
 * the same version always gives the same bytes.
 */
export function nativeRecord(original: Record<string, unknown>, sourceFormat: string, line: HintLine) {
  if (sourceFormat === "swebench-pro") {
    const record: Record<string, unknown> = { ...original, interface: line.hint };
    if (line.projection === "pro") {
      record.requirements = line.hint
        .split("\n")
        .filter((text) => text.startsWith("Behaviour: "))
        .map((text) => text.slice("Behaviour: ".length))
        .join("\n");
    }
    return record;
  }
  return { ...original, hints: line.hint };
}

/** The formats a native export can write. */
export const NATIVE_FORMATS = new Set(["swebench-pro", "swebench", "multi-swe-bench"]);
