import type { RawRecord } from "../field-values";
import type { InputFormat } from "../import-items";
import { designVerdictsFormat } from "./design-verdicts";
import { judgeScoresFormat } from "./judge-scores";
import { multiSwebenchFormat } from "./multi-swe-bench";
import { evalResultsMapFormat, harnessReportFormat, plainResultsFormat, resultsSummaryFormat } from "./run-results";
import { swebenchFormat, swebenchProFormat } from "./swebench";

/** Every known format, most specific first: the first whose `detect` accepts a file's first record wins. */
export const INPUT_FORMATS: readonly InputFormat[] = [
  swebenchProFormat,
  swebenchFormat,
  multiSwebenchFormat,
  judgeScoresFormat,
  designVerdictsFormat,
  plainResultsFormat,
  resultsSummaryFormat,
  harnessReportFormat,
  evalResultsMapFormat,
];

/** The format of a file from its first record (or its whole document), or null when none fits. */
export function detectFormat(first: RawRecord, shape: "records" | "document" | "either"): InputFormat | null {
  return INPUT_FORMATS.find((format) => (shape === "either" || format.shape === shape) && format.detect(first)) ?? null;
}
