import { type HintLine, serialiseExportLine } from "./hint-lines";
import { csvLine } from "./text-formats";

/**
 * The one column set of a hint set as CSV, for the page's download and the command line alike: the fields of
 * the JSONL line, in its order. `identifiers` and `labels` hold the same structures as the JSONL, as JSON text
 * (a spreadsheet shows them; `json.loads` reads them back); `identifier_names` lists the names for reading by eye.
 */
export const HINT_CSV_COLUMNS = [
  "instance_id",
  "benchmark",
  "selection",
  "projection",
  "status",
  "flag_reason",
  "note",
  "hint",
  "identifiers",
  "labels",
  "identifier_names",
] as const;

export const HINT_CSV_HEADER = csvLine([...HINT_CSV_COLUMNS]);

/** One hint line as a CSV row (formula-safe, CRLF-terminated), from the same fields the JSONL writes. */
export function hintCsvLine(line: HintLine): string {
  const full = JSON.parse(serialiseExportLine(line)) as Record<string, unknown>;
  return csvLine([
    full.instance_id,
    full.benchmark,
    full.selection,
    full.projection,
    full.status,
    full.flag_reason,
    full.note,
    full.hint,
    JSON.stringify(full.identifiers),
    JSON.stringify(full.labels),
    line.identifiers.map((i) => i.name).join("; "),
  ]);
}
