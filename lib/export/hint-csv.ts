import type { HintLine } from "./hint-lines";
import { csvLine } from "./text-formats";

/** The one column set of a hint set as CSV, for the page's download and the command line alike. */
export const HINT_CSV_COLUMNS = [
  "instance_id",
  "benchmark",
  "selection",
  "projection",
  "status",
  "flag_reason",
  "note",
  "identifiers",
  "hint",
] as const;

export const HINT_CSV_HEADER = csvLine([...HINT_CSV_COLUMNS]);

/** One hint line as a CSV row (formula-safe, CRLF-terminated). */
export const hintCsvLine = (line: HintLine) =>
  csvLine([
    line.instance_id,
    line.benchmark,
    line.selection,
    line.projection,
    line.status,
    line.flag_reason,
    line.note,
    line.identifiers.map((i) => i.name).join("; "),
    line.hint,
  ]);
