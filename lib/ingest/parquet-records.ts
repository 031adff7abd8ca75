import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from "hyparquet";
import { compressors } from "hyparquet-compressors";
import type { RawRecord } from "./field-values";
import { ImportError } from "./import-error";
import type { LocatedRecord } from "./text-records";

const ROWS_PER_BATCH = 500;

/** The most rows a Parquet file may say it holds: far above any benchmark, far below a file that never ends. */
export const MAX_PARQUET_ROWS = 10_000_000;

/** Parquet rows as objects, read a batch at a time so memory stays flat; "line" is the 1-based row number. */
export async function* readParquet(file: string): AsyncGenerator<LocatedRecord> {
  let total: number;
  let buffer: Awaited<ReturnType<typeof asyncBufferFromFile>>;
  try {
    buffer = await asyncBufferFromFile(file);
    const metadata = await parquetMetadataAsync(buffer);
    total = Number(metadata.num_rows);
    // The footer's count and its row groups' must agree: a file that says 2 rows and holds 5 would import 2
    // and drop 3 without a word, and one that claims billions would be read until killed.
    const grouped = metadata.row_groups.reduce((sum, group) => sum + Number(group.num_rows), 0);
    if (grouped !== total) {
      throw new ImportError(
        file,
        null,
        `a damaged Parquet file: its footer says ${total} rows, its row groups hold ${grouped}`,
      );
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(file, null, `not a readable Parquet file (${(error as Error).message})`);
  }
  if (total > MAX_PARQUET_ROWS) {
    throw new ImportError(
      file,
      null,
      `a Parquet file of ${total} rows: more than the ${MAX_PARQUET_ROWS} one import reads; split it`,
    );
  }
  for (let rowStart = 0; rowStart < total; rowStart += ROWS_PER_BATCH) {
    const rowEnd = Math.min(total, rowStart + ROWS_PER_BATCH);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({ file: buffer, rowStart, rowEnd, compressors });
    } catch (error) {
      throw new ImportError(
        file,
        rowStart + 1,
        `unreadable Parquet rows ${rowStart + 1}–${rowEnd} (${(error as Error).message})`,
      );
    }
    for (const [offset, row] of rows.entries()) {
      yield { record: plainValues(row) as RawRecord, line: rowStart + offset + 1 };
    }
  }
}

/** Parquet gives BigInt for 64-bit integers; the rest of the importer expects JSON-like values. */
function plainValues(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(plainValues);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValues(v)]));
  }
  return value;
}
