import { parquetWriteBuffer } from "hyparquet-writer";
import type { HintLine } from "./hint-lines";

const text = (name: string, required = true) => ({
  name,
  type: "BYTE_ARRAY" as const,
  converted_type: "UTF8" as const,
  repetition_type: required ? ("REQUIRED" as const) : ("OPTIONAL" as const),
});

/**
 * The one Parquet schema of a hint set version, whatever its lines hold (the same column types in every
 * version): the line's fields as columns, `identifiers` a nested list of structs (each with its own list of
 * `attributes`), as pandas and pyarrow read lists of structs. Optional fields are nullable columns.
 */
const SCHEMA = [
  { name: "root", num_children: 10 },
  text("instance_id"),
  text("benchmark"),
  text("selection"),
  text("projection"),
  text("status"),
  text("flag_reason", false),
  text("note", false),
  text("hint"),
  { name: "identifiers", repetition_type: "REQUIRED" as const, converted_type: "LIST" as const, num_children: 1 },
  { name: "list", repetition_type: "REPEATED" as const, num_children: 1 },
  { name: "element", repetition_type: "REQUIRED" as const, num_children: 8 },
  text("name"),
  text("kind"),
  text("path"),
  { name: "new_file", type: "BOOLEAN" as const, repetition_type: "REQUIRED" as const },
  text("signature", false),
  { name: "attributes", repetition_type: "REQUIRED" as const, converted_type: "LIST" as const, num_children: 1 },
  { name: "list", repetition_type: "REPEATED" as const, num_children: 1 },
  text("element"),
  text("described_by", false),
  text("written_by", false),
  { name: "labels", repetition_type: "REQUIRED" as const, converted_type: "LIST" as const, num_children: 1 },
  { name: "list", repetition_type: "REPEATED" as const, num_children: 1 },
  { name: "element", repetition_type: "REQUIRED" as const, num_children: 3 },
  text("source"),
  text("name"),
  text("value"),
];

/** A version's exported lines as one Parquet file (the exact texts, as the JSONL has them). */
export function hintSetParquet(lines: readonly HintLine[]): Uint8Array {
  const column = <K extends keyof HintLine>(name: K) => lines.map((line) => line[name] ?? null);
  const buffer = parquetWriteBuffer({
    schema: SCHEMA,
    columnData: [
      { name: "instance_id", data: column("instance_id") },
      { name: "benchmark", data: column("benchmark") },
      { name: "selection", data: column("selection") },
      { name: "projection", data: column("projection") },
      { name: "status", data: column("status") },
      { name: "flag_reason", data: column("flag_reason") },
      { name: "note", data: column("note") },
      { name: "hint", data: column("hint") },
      {
        name: "identifiers",
        data: lines.map((line) =>
          line.identifiers.map((i) => ({
            name: i.name,
            kind: i.kind,
            path: i.path,
            new_file: i.new_file,
            signature: i.signature ?? null,
            attributes: [...i.attributes],
            described_by: i.described_by ?? null,
            written_by: i.written_by ?? null,
          })),
        ),
      },
      {
        name: "labels",
        data: lines.map((line) => (line.labels ?? []).map((l) => ({ source: l.source, name: l.name, value: l.value }))),
      },
    ],
  });
  return new Uint8Array(buffer);
}
