import { availableParallelism } from "node:os";
import { progressText } from "../domain/progress";
import type { FieldMap } from "../ingest/field-aliases";
import { ImportError } from "../ingest/import-error";
import type { RunOptions } from "../ingest/import-items";
import type { AnalysisRunSummary } from "../server/analysis/analyze-stored-instances";
import type { Database } from "../server/db/client";
import type { ImportSummary } from "../server/import/import-files";
import { importThenAnalyse } from "../server/import/import-then-analyse";
import { infrastructureFailure } from "../server/infrastructure-failure";

export interface ImportCommandOptions {
  benchmark?: string;
  json: boolean;
  demo?: boolean;
  fieldMap?: FieldMap;
  /** the run (model, selection, projection) of records that do not say it */
  run?: RunOptions;
  /** replace results or agent patches another import gave */
  replace?: boolean;
  /** an experiment kit's folder: runs filed under the kit's policy their path names */
  experiment?: string;
}

const UNMATCHED_SHOWN = 5;

/** Progress on stderr when it is a terminal (records read per file, redrawn in place); silent otherwise. */
export function terminalProgress(total: number | null = null): ((file: string, records: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  let last = 0;
  const started = Date.now();
  return (file, records) => {
    const now = Date.now();
    if (now - last < 200) return;
    last = now;
    const unit = file === "analysis" ? "instances analysed" : "records read";
    process.stderr.write(`\r\x1b[K${file}: ${progressText(records, total, unit, now - started)}`);
  };
}

/** The report of an analysis run: how many instances, and each patch that did not parse. */
export function describeAnalysis(analysis: AnalysisRunSummary): string {
  const lines = [`Analysed ${analysis.analysed} instance(s).`];
  for (const failure of analysis.failed) lines.push(`  ${failure.instance_id}: not analysed: ${failure.error}`);
  return lines.join("\n");
}

/** The human-readable report of an import: one line per file, then whether anything changed. */
export function describeImport(summary: ImportSummary): string {
  const lines = summary.files.map((f) => {
    let line = `${f.file}: ${f.format} → ${f.benchmark ?? "?"}: ${f.added} added, ${f.updated} updated, ${f.unchanged} unchanged${f.import_id ? ` (import ${f.import_id})` : ""}`;
    if (f.unmatched_ids.length > 0) {
      const shown = f.unmatched_ids.slice(0, UNMATCHED_SHOWN).join(", ");
      const more =
        f.unmatched_ids.length > UNMATCHED_SHOWN ? `, … (${f.unmatched_ids.length - UNMATCHED_SHOWN} more)` : "";
      line += `\n  ${f.unmatched_ids.length} ids match no imported instance (kept, shown as unmatched): ${shown}${more}`;
      if (f.suggested_benchmark) {
        line += `\n  they are all instances of "${f.suggested_benchmark}": import again with --benchmark "${f.suggested_benchmark}"`;
      }
    }
    for (const warning of f.warnings ?? []) line += `\n  warning: ${warning}`;
    return line;
  });
  lines.push(summary.changed ? "Import complete." : "Nothing changed: every record was already imported as it is.");
  return lines.join("\n");
}

/** `hints import FILE...`: imports in one transaction and prints a summary; returns the exit code. */
export async function runImportCommand(db: Database, files: string[], options: ImportCommandOptions): Promise<number> {
  if (files.length === 0) {
    process.stderr.write(
      "usage: hints import FILE... [--benchmark NAME] [--model NAME] [--selection S] [--projection P] [--replace] [--experiment DIR] [--json]\n",
    );
    return 2;
  }
  // What a failure leaves: before the commit, nothing; after it, the import, with the analysis still to run.
  let committed = false;
  try {
    // The analysis is most of an import's time: it runs on every core (worker threads).
    let progress: ReturnType<typeof terminalProgress>;
    const { summary, analysis } = await importThenAnalyse(db, files, {
      benchmark: options.benchmark,
      demo: options.demo,
      fieldMap: options.fieldMap,
      run: options.run,
      replace: options.replace,
      experiment: options.experiment,
      onProgress: terminalProgress(),
      onImported: (imported) => {
        committed = true;
        if (!options.json) process.stdout.write(`${describeImport(imported)}\n`);
      },
      analysis: {
        mode: "now" as const,
        workers: availableParallelism(),
        // "N of M": the instances the analysis takes up (this import's, and any left pending before it).
        onProgress: process.stderr.isTTY
          ? (done, of) => {
              progress ??= terminalProgress(of);
              progress?.("analysis", done);
            }
          : undefined,
        onFetchProgress: (line) => process.stderr.write(`\r\x1b[K${line}\n`),
      },
    });
    if (progress) process.stderr.write("\r\x1b[K");
    if (options.json) process.stdout.write(`${JSON.stringify({ ...summary, analysis })}\n`);
    else if (analysis.analysed + analysis.failed.length > 0) process.stdout.write(`${describeAnalysis(analysis)}\n`);
    return 0;
  } catch (error) {
    const failure = error instanceof ImportError ? null : infrastructureFailure(error);
    if (failure) {
      const kept = committed
        ? "the import was committed; the analysis of what it added did not finish: `hints reanalyze` runs it again"
        : "nothing was written: an import commits all at once, and this one did not";
      const message = `import failed: ${failure.what}; ${kept} (${failure.detail})`;
      if (options.json) process.stdout.write(`${JSON.stringify({ error: message, committed })}\n`);
      process.stderr.write(`${message}\n`);
      return 1;
    }
    if (!(error instanceof ImportError)) throw error;
    const message = `import failed, nothing was written: ${error.message}`;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ error: message, file: error.file, line: error.line })}\n`);
    }
    process.stderr.write(`${message}\n`);
    return 1;
  }
}
