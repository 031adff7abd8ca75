import type { RawRecord } from "../field-values";
import type { InputFormat } from "../import-items";
import { designVerdictsFormat } from "./design-verdicts";
import {
  finalReportFormat,
  instanceResultsFormat,
  nocodeEvaluationFormat,
  swebenchModelReportFormat,
} from "./evaluation-reports";
import { judgeScoresFormat } from "./judge-scores";
import { agentlessClassificationFormat, openAiAnnotationsFormat } from "./labels";
import { multiSwebenchFormat } from "./multi-swe-bench";
import {
  multiSwebenchPredictionsFormat,
  openHandsOutputFormat,
  predictionsFormat,
  predictionsMapFormat,
  trajectoryFormat,
} from "./predictions";
import {
  evalResultsMapFormat,
  harnessReportFormat,
  plainResultsFormat,
  polybenchResultFormat,
  resultsSummaryFormat,
} from "./run-results";
import { instanceReportFormat, sweSmithFormat, sweSmithReportFormat } from "./swe-smith";
import { swebenchFormat, swebenchProFormat } from "./swebench";

/** Every known format, most specific first: the first whose `detect` accepts a file's first record wins. */
export const INPUT_FORMATS: readonly InputFormat[] = [
  swebenchProFormat,
  swebenchFormat,
  sweSmithFormat,
  multiSwebenchPredictionsFormat,
  multiSwebenchFormat,
  judgeScoresFormat,
  designVerdictsFormat,
  openAiAnnotationsFormat,
  agentlessClassificationFormat,
  plainResultsFormat,
  nocodeEvaluationFormat,
  openHandsOutputFormat,
  predictionsFormat,
  resultsSummaryFormat,
  harnessReportFormat,
  swebenchModelReportFormat,
  finalReportFormat,
  sweSmithReportFormat,
  polybenchResultFormat,
  instanceReportFormat,
  predictionsMapFormat,
  trajectoryFormat,
  evalResultsMapFormat,
  instanceResultsFormat,
];

/**
 * The format of a file from its first record (or its whole document), or null when none fits. A JSON
 * document that is no document format may be one record of a record format (a SWE-bench record written
 * with `indent=2`, a SWE-smith task instance): then it is read as that one record.
 */
export function detectFormat(first: RawRecord, shape: "records" | "document" | "either"): InputFormat | null {
  const find = (of: "records" | "document" | "either") =>
    INPUT_FORMATS.find((format) => (of === "either" || format.shape === of) && format.detect(first)) ?? null;
  return shape === "document" ? (find("document") ?? find("records")) : find(shape);
}

/** How near a record is to a format: which of its fields it has, and which it lacks. */
export interface NearMiss {
  format: InputFormat;
  present: string[];
  missing: string[];
}

/**
 * The format a record that matches none comes closest to: the one with the most of its fields present
 * (and at least two), the fewest missing breaking ties. Null when nothing is close.
 */
export function closestFormat(record: RawRecord): NearMiss | null {
  let best: NearMiss | null = null;
  for (const format of INPUT_FORMATS) {
    if (!format.fields) continue;
    const present = format.fields.filter((f) => Object.hasOwn(record, f));
    const missing = format.fields.filter((f) => !Object.hasOwn(record, f));
    if (present.length < 2) continue;
    if (
      !best ||
      present.length > best.present.length ||
      (present.length === best.present.length && missing.length < best.missing.length)
    )
      best = { format, present, missing };
  }
  return best;
}
