import { type AnalysisInput, analyzeInstance, type InstanceAnalysis, PatchError } from "../analysis/analyze-instance";
import { inferLanguage } from "../analysis/languages/infer-language";
import { type PolicyStatsRow, policyStatsByLanguage } from "../analysis/policy-stats";
import { checkRepository, ExactSourceError, repoFragments } from "../analysis/repo-fragments";
import { SELECTIONS } from "../analysis/select-identifiers";
import { instanceEvidence } from "../evidence/instance-evidence";
import type { FieldMap } from "../ingest/field-aliases";
import { ImportError } from "../ingest/import-error";
import type { InstanceData } from "../ingest/import-items";
import { openImportFile } from "../ingest/read-import-file";
import { type RepositoryFact, repositoryFacts } from "../repository-store/repository-facts";
import { ensureCommit, hasCommit, type RepositoryStoreConfig } from "../repository-store/repository-store";
import { analyzeWithStore } from "../repository-store/store-analysis";
import { paperTable2 } from "../stats/paper-table2";

export interface AnalyzeOptions {
  json: boolean;
  repo?: string;
  /** with --repo: an instance the checkout cannot give (commit or file missing) is analysed from its hunks */
  fallbackApproximate?: boolean;
  benchmark?: string;
  /** without --repo: the repository store (HINTSCOPE_REPOS), read and fetched into; null: hunks only */
  store?: RepositoryStoreConfig | null;
  /** stats: the paper's Table 2: FEA over the gold and test patches, on the instances where Doc2Feat and it select something */
  paperSubset?: boolean;
  /** --map: the file's fields read under the names a format wants, as import reads them */
  fieldMap?: FieldMap;
}

interface Analysed {
  benchmark: string;
  /** the record's language, else the one its gold patch's files mostly are in */
  language: string | null;
  analysis: InstanceAnalysis;
  /** why it was analysed from hunks; null when exact */
  approximateReason: string | null;
  /** what the repository says of each member name at the base commit; null without one */
  facts: Map<string, RepositoryFact> | null;
  data: InstanceData;
}

/** The JSON line `hints analyze --json` prints for one instance. */
export function analysisJson(analysis: InstanceAnalysis, approximateReason: string | null = null) {
  return {
    instance_id: analysis.instanceId,
    approximate: analysis.approximate,
    approximate_reason: approximateReason,
    unsupported_files: analysis.unsupportedFiles,
    generated_files: analysis.generatedFiles,
    identifiers: analysis.identifiers.map((i) => ({
      name: i.name,
      kind: i.kind,
      path: i.path,
      new_file: i.newFile,
      signature: i.signature,
      side: i.side,
      status: i.status,
      policies: i.policies,
    })),
  };
}

function describeAnalysis(analysis: InstanceAnalysis, approximateReason: string | null): string {
  const lines = [
    `${analysis.instanceId}${analysis.approximate ? ` (approximate: hunks only; ${approximateReason ?? "no repository"})` : ""}`,
  ];
  for (const selection of SELECTIONS) {
    const names = analysis.identifiers.filter((i) => i.policies.includes(selection)).map((i) => i.name);
    lines.push(`  ${selection.padEnd(9)} ${names.length}${names.length > 0 ? `: ${names.join(", ")}` : ""}`);
  }
  if (analysis.unsupportedFiles.length > 0) lines.push(`  unsupported: ${analysis.unsupportedFiles.join(", ")}`);
  if (analysis.generatedFiles.length > 0)
    lines.push(
      `  generated (from a grammar the patch changes, only its new names read; or minified, none): ${analysis.generatedFiles.join(", ")}`,
    );
  return lines.join("\n");
}

/**
 * --repo: whole files from a checkout at the base commit; a commit or file it lacks is an error, or with
 * --fallback-approximate a note on stderr and an analysis from the hunks.
 */
async function analyseFromCheckout(
  input: AnalysisInput & { baseCommit: string },
  repo: string,
  fallbackApproximate: boolean,
  where: string,
) {
  let analysis: InstanceAnalysis;
  let approximateReason: string | null = null;
  try {
    analysis = await analyzeInstance(input, repoFragments(repo, input.baseCommit));
  } catch (error) {
    if (!(error instanceof ExactSourceError && fallbackApproximate)) throw error;
    process.stderr.write(`${where}: instance ${input.instanceId}: ${error.message}; analysed from its hunks\n`);
    analysis = await analyzeInstance(input);
    approximateReason = analysis.approximate ? error.message : null;
  }
  const facts = hasCommit(repo, input.baseCommit)
    ? await repositoryFacts(
        repo,
        input.baseCommit,
        analysis.identifiers.map((i) => i.member),
      )
    : null;
  return { analysis, approximateReason, facts };
}

/** Analyses every instance of the files; reports each result as it goes and each bad patch on stderr. */
async function analyseFiles(files: string[], options: AnalyzeOptions, each: (a: Analysed) => void): Promise<number> {
  let failures = 0;
  if (options.repo) checkRepository(options.repo);
  const store = options.store === undefined ? null : options.store;
  for (const file of files) {
    const opened = await openImportFile(file, { fieldMap: options.fieldMap });
    for await (const { item, line } of opened.items) {
      if (item.kind !== "instance") {
        throw new ImportError(file, line, `holds ${opened.format.label}, not benchmark instances`);
      }
      const data: InstanceData = item.data;
      try {
        const input = {
          instanceId: data.externalId,
          baseCommit: data.baseCommit,
          goldPatch: data.goldPatch,
          testPatch: data.testPatch,
          problemStatement: data.problemStatement,
          repo: data.repo,
        };
        const { analysis, approximateReason, facts } = options.repo
          ? await analyseFromCheckout(input, options.repo, options.fallbackApproximate === true, `${file}:${line}`)
          : await analyzeWithStore(
              input,
              await ensureCommit(store, data.repo, data.baseCommit, (progress) =>
                process.stderr.write(`${progress}\n`),
              ),
            );
        each({
          benchmark: item.benchmark ?? options.benchmark ?? opened.defaultBenchmark ?? "unnamed",
          language: data.language ?? inferLanguage(data.goldPatch),
          analysis,
          approximateReason,
          facts,
          data,
        });
      } catch (error) {
        if (!(error instanceof PatchError) && !(error instanceof ExactSourceError)) throw error;
        failures++;
        process.stderr.write(`${file}:${line}: instance ${data.externalId}: ${error.message}\n`);
        if (options.json)
          process.stdout.write(`${JSON.stringify({ instance_id: data.externalId, error: error.message })}\n`);
      }
    }
  }
  return failures;
}

/** `hints analyze FILE... [--json] [--repo PATH [--fallback-approximate]]`: one JSON line (or a summary) per instance. */
export async function runAnalyzeCommand(files: string[], options: AnalyzeOptions): Promise<number> {
  if (files.length === 0) {
    process.stderr.write("usage: hints analyze FILE... [--json] [--repo PATH [--fallback-approximate]]\n");
    return 2;
  }
  const failures = await analyseFiles(files, options, ({ analysis, approximateReason }) => {
    process.stdout.write(
      `${options.json ? JSON.stringify(analysisJson(analysis, approximateReason)) : describeAnalysis(analysis, approximateReason)}\n`,
    );
  });
  return failures > 0 ? 1 : 0;
}

function describeStats(rows: PolicyStatsRow[]): string {
  const header = ["benchmark", "language", "selection", "instances", "total", "mean", "non-empty", "mean non-empty"];
  const body = rows.map((r) =>
    [
      r.benchmark,
      r.language ?? "(all)",
      r.selection,
      r.instances,
      r.total,
      r.mean_per_instance.toFixed(2),
      r.non_empty_instances,
      r.mean_per_non_empty.toFixed(2),
    ].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  return [header, ...body].map((row) => row.map((cell, i) => cell.padEnd(widths[i] as number)).join("  ")).join("\n");
}

/**
 * `hints evidence FILE... [--json] [--repo PATH]` (no database): per instance, its leak channels and, per
 * identifier, what is already stated, whether the tests face it, how much of its hint copies the gold patch
 * and (with --repo) how often the name occurs at the base commit.
 */
export async function runEvidenceCommand(files: string[], options: AnalyzeOptions): Promise<number> {
  if (files.length === 0) {
    process.stderr.write("usage: hints evidence FILE... [--json] [--repo PATH]\n");
    return 2;
  }
  const failures = await analyseFiles(files, { ...options, json: false }, ({ analysis, data, facts }) => {
    const evidence = instanceEvidence(data, analysis.identifiers, facts, analysis.literals);
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ instance_id: data.externalId, ...evidence })}\n`);
      return;
    }
    const lines = [data.externalId];
    for (const leak of evidence.leaks) lines.push(`  leak (${leak.channel}): ${leak.detail}`);
    for (const i of evidence.identifiers) {
      const notes = [
        i.test_facing ? "test-facing" : null,
        i.stated_in_issue ? "stated in the issue" : null,
        i.stated_in_benchmark_hint ? "stated in the benchmark's hint" : null,
        i.transcription_share > 0
          ? `hint copies ${(i.transcription_share * 100).toFixed(0)}% ("${i.longest_copied_run}")`
          : null,
        i.repo_occurrences !== null
          ? `${i.repo_occurrences} occurrence(s) in ${i.repo_files} file(s) at the base commit${i.repo_defined ? ", defined there" : i.repo_defined === false ? ", not defined there" : ""}`
          : null,
      ].filter(Boolean);
      if (notes.length > 0) lines.push(`  ${i.name}: ${notes.join(" · ")}`);
    }
    for (const l of evidence.literals)
      lines.push(
        `  message "${l.text}": checked in ${l.test_path}:${l.test_line ?? "?"}, written in ${l.gold_path}:${l.gold_line ?? "?"}${l.introduced_by_gold ? "" : " (already there)"} · ${l.stated_in_issue ? "stated in the issue" : l.stated_in_benchmark_hint ? "stated in the benchmark's hint" : "not stated"}`,
      );
    process.stdout.write(`${lines.join("\n")}\n`);
  });
  return failures > 0 ? 1 : 0;
}

/** `hints stats FILE... [--json]`: SPEC §4's table per benchmark and selection. */
export async function runStatsCommand(files: string[], options: AnalyzeOptions): Promise<number> {
  if (files.length === 0) {
    process.stderr.write("usage: hints stats FILE... [--json] [--benchmark NAME] [--paper-subset]\n");
    return 2;
  }
  // One entry per benchmark and instance id, the later record winning, as the importer keeps them: an
  // instance in two files is counted once.
  const analysed = new Map<
    string,
    { benchmark: string; language: string | null; identifiers: InstanceAnalysis["identifiers"] }
  >();
  const failures = await analyseFiles(files, { ...options, json: false }, ({ benchmark, language, analysis }) => {
    analysed.set(JSON.stringify([benchmark, analysis.instanceId]), {
      benchmark,
      language,
      identifiers: analysis.identifiers,
    });
  });
  const all = [...analysed.values()];
  let rows: PolicyStatsRow[];
  if (options.paperSubset) {
    // as the paper counted: FEA-Bench's selection over the gold and the test patch (lib/stats/paper-table2.ts)
    const table = paperTable2(all);
    process.stderr.write(`${table.how.join("\n")}\n`);
    rows = table.rows;
  } else rows = policyStatsByLanguage(all);
  process.stdout.write(`${options.json ? JSON.stringify(rows) : describeStats(rows)}\n`);
  return failures > 0 ? 1 : 0;
}
