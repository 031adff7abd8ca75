import type { HintLine } from "../../export/hint-lines";
import { inferredFieldMap, NATIVE_FORMATS, nativeHintFields, nativeRecord } from "../../export/native-records";
import { decodeStructured } from "../../ingest/field-values";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { readRecord } from "../stored-json";

/* A published version's lines as the benchmark's own records: what the native export and the experiment kit write. */

/** What a native record is written from: the record as imported, and the fields the import read from it. */
export const NATIVE_ROW_SELECT = {
  externalId: true,
  original: true,
  sourceFormat: true,
  repo: true,
  baseCommit: true,
  goldPatch: true,
  testPatch: true,
  problemStatement: true,
  interfaceText: true,
  requirements: true,
} as const;

/**
 * The record's own names for the fields its format reads, where it was imported with `--map` (found by the
 * values the import stored), so its native export reads back as it was imported. Multi-SWE-bench's schema is
 * read as it is.
 */
export function importedFieldMap(
  row: {
    sourceFormat: string;
    externalId: string;
    repo: string;
    baseCommit: string;
    goldPatch: string;
    testPatch: string;
    problemStatement: string;
    interfaceText: string | null;
    requirements: string | null;
  },
  original: Record<string, unknown>,
): Record<string, string> {
  if (row.sourceFormat === "multi-swe-bench") return {};
  return inferredFieldMap(original, {
    instance_id: row.externalId,
    repo: row.repo,
    base_commit: row.baseCommit || null,
    patch: row.goldPatch,
    test_patch: row.testPatch || null,
    problem_statement: row.problemStatement || null,
    ...(row.sourceFormat === "swebench-pro" ? { interface: row.interfaceText, requirements: row.requirements } : {}),
  });
}

/** A published version's lines as the benchmark's own records (see native-records.ts), one JSON line each. */
export async function* nativeLines(
  db: Database,
  lines: HintLine[],
  benchmark: string,
  /** told the fields each record carries the curated hint in (for the manifest) */
  onFields?: (fields: readonly string[]) => void,
  /** a field of its own for the hint instead of the agent's task text (`--hint-field`) */
  hintField: string | null = null,
): AsyncGenerator<string> {
  const found = await db.benchmark.findUnique({ where: { name: benchmark }, select: { id: true } });
  if (!found) throw new AppError("conflict", `no benchmark named "${benchmark}": its instances are needed`);
  const parse = (text: string) => decodeStructured(text, "resolved_issues");
  for (let start = 0; start < lines.length; start += 500) {
    const page = lines.slice(start, start + 500);
    const rows = await db.instance.findMany({
      where: { benchmarkId: found.id, externalId: { in: page.map((l) => l.instance_id) } },
      select: NATIVE_ROW_SELECT,
    });
    const byId = new Map(rows.map((r) => [r.externalId, r]));
    for (const line of page) {
      const row = byId.get(line.instance_id);
      if (!row)
        throw new AppError("conflict", `${line.instance_id}: no longer imported in ${benchmark}; publish again`);
      if (!NATIVE_FORMATS.has(row.sourceFormat)) {
        throw new AppError(
          "conflict",
          `${line.instance_id}: imported as ${row.sourceFormat}, which has no native record form`,
        );
      }
      const original = readRecord(row.original);
      const fieldMap = importedFieldMap(row, original);
      onFields?.(nativeHintFields(row.sourceFormat, line.projection, hintField, fieldMap));
      let record: Record<string, unknown>;
      try {
        record = nativeRecord(original, row.sourceFormat, line, { benchmark, hintField, fieldMap }, parse);
      } catch (error) {
        throw new AppError("conflict", (error as Error).message);
      }
      yield `${JSON.stringify(record)}\n`;
    }
  }
}
