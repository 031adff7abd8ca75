import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { agentText, PROJECTIONS, type Projection } from "../../analysis/render-hint";
import { HINT_STATUSES, type HintStatus } from "../../domain/hint-vocabulary";
import { diffOfChanges } from "../../export/compare-sets";
import { datasetCard, HF_CARD, HF_PARQUET } from "../../export/hf-dataset";
import { HINT_CSV_HEADER, hintCsvLine } from "../../export/hint-csv";
import {
  type HintLine,
  type Manifest,
  ManifestBuilder,
  parseLine,
  type ReviewSummary,
  serialiseManifest,
} from "../../export/hint-lines";
import { hintSetParquet } from "../../export/hint-parquet";
import { inferredFieldMap, NATIVE_FORMATS, nativeHintFields, nativeRecord } from "../../export/native-records";
import { slug } from "../../export/text-formats";
import { decodeStructured } from "../../ingest/field-values";
import { listStateToSearch } from "../../review/list-state";
import { AppError } from "../app-error";
import { bulkTarget, type Database, engineOf, type Tx, writeTurn } from "../db/client";
import { requireKeptPick } from "../list/picks";
import { viewState } from "../list/view-state";
import { readRecord, readReviewSummary } from "../stored-json";
import { currentHintLines } from "./hint-export";
import {
  fillLineDigests,
  insertVersionLines,
  type StoredLine,
  storedLine,
  versionDifferences,
  versionLineTexts,
} from "./hint-set-lines";

const asProjection = (p: string): Projection => {
  if (!(PROJECTIONS as readonly string[]).includes(p)) throw new Error(`unknown projection "${p}"`);
  return p as Projection;
};

/** Creates a named hint set over a benchmark under one selection × projection. */
export async function createHintSet(
  db: Database,
  input: { name: string; benchmark: string; selection: string; projection: string; filter?: string | null },
) {
  asProjection(input.projection);
  if (!(await db.benchmark.findUnique({ where: { name: input.benchmark } }))) {
    throw new Error(`no benchmark named "${input.benchmark}"`);
  }
  // A saved view is kept in its normal form (defaults and unknown parameters dropped).
  const view = input.filter ? viewState(input.filter) : null;
  await requireKeptPick(db, view?.pick ?? null);
  const filter = view ? listStateToSearch(view) || null : null;
  return writeTurn(db)(() => db.hintSet.create({ data: { ...input, filter } }));
}

/**
 * Freezes the set's decided hints (accepted, trimmed, flagged) as its next version; later decisions go into
 * the one after. The version number is taken inside the write, so two publishes at once get versions n and
 * n + 1 (on PostgreSQL, whose transactions run side by side, the one that loses the race on the version's
 * unique key takes the next number).
 */
export async function publishHintSet(
  db: Database,
  name: string,
  publishedBy: string | null = null,
  review: ReviewSummary | null = null,
  options: { allowEmpty?: boolean } = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeTurn(db)(() =>
        db.$transaction((tx) => publishWithin(db, tx, name, publishedBy, review, options), {
          timeout: 10 * 60 * 1000,
          maxWait: 60 * 1000,
        }),
      );
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002" || attempt >= 5) throw error;
    }
  }
}

/** Publishes the set's next version inside the caller's transaction `tx` of `db` (a review round publishes in its own). */
export async function publishWithin(
  db: Database,
  tx: Tx,
  name: string,
  publishedBy: string | null,
  review: ReviewSummary | null,
  options: { allowEmpty?: boolean } = {},
) {
  const set = await tx.hintSet.findUnique({ where: { name } });
  if (!set) throw new AppError("not_found", `no hint set named "${name}"`);
  const lines: StoredLine[] = [];
  for await (const line of currentHintLines(
    tx,
    set.benchmark,
    set.selection,
    asProjection(set.projection),
    set.filter,
    engineOf(db).sql,
  )) {
    if (line.status !== "pending") lines.push(storedLine(line));
  }
  // A version with no decided hint is most often a mistake (the wrong benchmark or view): asked first.
  if (lines.length === 0 && options.allowEmpty === false)
    throw new AppError(
      "conflict",
      `"${name}" has no decided hint yet (${set.benchmark}, ${set.selection} × ${set.projection}${set.filter ? `, view ${set.filter}` : ""}): a version published now would be empty`,
    );
  const latest = await tx.hintSetVersion.findFirst({
    where: { hintSetId: set.id },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  const created = await tx.hintSetVersion.create({
    data: {
      hintSetId: set.id,
      version: (latest?.version ?? 0) + 1,
      publishedBy,
      review: review ? JSON.stringify(review) : null,
    },
  });
  await insertVersionLines(bulkTarget(db, tx), created.id, lines);
  return created;
}

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

/** A published version (the latest by default): its set, number, row id and review. */
export async function findVersion(db: Database, name: string, version?: number) {
  const set = await db.hintSet.findUnique({ where: { name } });
  if (!set) throw new AppError("not_found", `no hint set named "${name}"`);
  const row = await db.hintSetVersion.findFirst({
    where: { hintSetId: set.id, ...(version ? { version } : {}) },
    orderBy: { version: "desc" },
  });
  if (!row)
    throw new AppError(
      "not_found",
      version
        ? `hint set "${name}" has no version ${version}`
        : `hint set "${name}" has no published version: publish it first`,
    );
  return { set, version: row.version, id: row.id, review: readReviewSummary(row.review) };
}

/** The lines of a published version (the latest by default), in order. */
export async function versionLines(db: Database, name: string, version?: number) {
  const { id, ...rest } = await findVersion(db, name, version);
  const texts = await versionLineTexts(bulkTarget(db, db), id);
  return { ...rest, lines: texts.map(parseLine) };
}

/**
 * Two published versions compared, of one set or of two (the latest of each by default): what the compare
 * page and `sets compare` show. The diff lists the first `listed` changes (all by default) and says how many
 * there are (`changedCount`); only the lines of those listed leave the database.
 */
export async function compareVersions(
  db: Database,
  first: { name: string; version?: number },
  second: { name: string; version?: number },
  listed = Number.POSITIVE_INFINITY,
) {
  const before = await findVersion(db, first.name, first.version);
  const after = await findVersion(db, second.name, second.version);
  // Versions published before lines kept their digests get them, once.
  await fillLineDigests(db, [before.id, after.id]);
  const { onlyBefore, onlyAfter, changes, changedCount } = await versionDifferences(
    bulkTarget(db, db),
    before.id,
    after.id,
    listed,
  );
  return { before, after, diff: diffOfChanges(onlyBefore, onlyAfter, changes, changedCount), changedCount };
}

export interface ExportTarget {
  dir: string;
  baseName: string;
  header: Omit<Manifest, "format" | "format_version" | "counts" | "excluded" | "sha256" | "file">;
  /** statuses to write; flagged hints only with include_flagged */
  keep: (line: HintLine) => boolean;
  csv?: boolean;
  onProgress?: (lines: number) => void;
}

async function write(stream: ReturnType<typeof createWriteStream>, text: string) {
  if (!stream.write(text)) await once(stream, "drain");
}

/** Writes lines as `NAME.jsonl` (+ `NAME.csv`) and `NAME.manifest.json`, streaming; returns the manifest. */
export async function writeHintExport(
  lines: AsyncIterable<HintLine> | Iterable<HintLine>,
  target: ExportTarget,
): Promise<Manifest> {
  await mkdir(target.dir, { recursive: true });
  const file = `${target.baseName}.jsonl`;
  const jsonl = createWriteStream(path.join(target.dir, file));
  const csv = target.csv ? createWriteStream(path.join(target.dir, `${target.baseName}.csv`)) : null;
  if (csv) await write(csv, HINT_CSV_HEADER);
  const builder = new ManifestBuilder({ ...target.header, file });
  let count = 0;
  for await (const line of lines) {
    if (!target.keep(line)) {
      builder.skip(line);
      continue;
    }
    await write(jsonl, builder.add(line));
    if (csv) await write(csv, hintCsvLine(line));
    if (++count % 1000 === 0) target.onProgress?.(count);
  }
  for (const stream of [jsonl, csv]) {
    if (!stream) continue;
    stream.end();
    await once(stream, "finish");
  }
  const manifest = builder.finish(Boolean(csv));
  if (count === 0)
    throw new AppError(
      "conflict",
      `nothing to export: none of ${Object.values(manifest.excluded).reduce((a, b) => a + b, 0)} hints is decided (${describeExcluded(manifest.excluded)}); the files were left empty`,
    );
  const manifestStream = createWriteStream(path.join(target.dir, `${target.baseName}.manifest.json`));
  manifestStream.end(serialiseManifest(manifest));
  await once(manifestStream, "finish");
  target.onProgress?.(count);
  return manifest;
}

/** One published version as it is downloaded and exported: the same bytes from the page and the command line. */
export interface VersionExport {
  baseName: string;
  jsonl: string;
  csv: string;
  /** the benchmark's own records with the curated hints, when asked for */
  native: { file: string; sha256: string; records: number; hint_fields: string[]; text: string } | null;
  /** the kept lines as Parquet, when asked for */
  parquet: { file: string; sha256: string; rows: number; bytes: Uint8Array } | null;
  /** the Hugging Face datasets layout (the same Parquet, and a dataset card), when asked for */
  hf: { card: string; bytes: Uint8Array; sha256: string; rows: number } | null;
  manifest: Manifest;
}

/**
 * Assembles a published version's export once, for the download route and `hints export --set` alike: the
 * kept lines (accepted and trimmed, flagged on request), the manifest counting what was left out by status
 * (flagged, stale), the CSV and, on request, the benchmark's own records named in the manifest.
 */
export async function assembleVersionExport(
  db: Database,
  name: string,
  version: number | undefined,
  options: {
    includeFlagged: boolean;
    native: boolean;
    parquet?: boolean;
    hintField?: string | null;
    /** a CSV goes with it: the manifest says what the CSV does to cells */
    csv?: boolean;
    /** the Hugging Face datasets layout too: data/test-00000-of-00001.parquet and a dataset card */
    hf?: boolean;
    /** only the manifest is wanted: a version with no line to export still has one (it counts what was left out) */
    manifestOnly?: boolean;
  },
): Promise<VersionExport> {
  const stored = await versionLines(db, name, version);
  // What an agent reads carries no placeholder meant for the curator, in a version published before exports
  // rendered for the agent too.
  const data = { ...stored, lines: stored.lines.map((line) => ({ ...line, hint: agentText(line.hint) })) };
  const baseName = `${slug(data.set.name)}-v${data.version}`;
  const keep = exportFilter(options.includeFlagged);
  const kept = data.lines.filter(keep);
  if (kept.length === 0 && !options.manifestOnly) {
    const excluded = Object.fromEntries(HINT_STATUSES.map((s) => [s, 0])) as Record<HintStatus, number>;
    for (const line of data.lines) excluded[line.status]++;
    throw new AppError(
      "conflict",
      `version ${data.version} of "${data.set.name}" has no line to export (${describeExcluded(excluded)})${
        !options.includeFlagged && excluded.flagged > 0 ? ": --include-flagged writes the flagged ones" : ""
      }`,
    );
  }
  let native: VersionExport["native"] = null;
  if (options.native) {
    let text = "";
    const fields = new Set<string>();
    const onFields = (f: readonly string[]) => {
      for (const x of f) fields.add(x);
    };
    for await (const line of nativeLines(db, kept, data.set.benchmark, onFields, options.hintField ?? null))
      text += line;
    native = {
      file: `${baseName}.native.jsonl`,
      sha256: createHash("sha256").update(text).digest("hex"),
      records: kept.length,
      hint_fields: [...fields].sort(),
      text,
    };
  }
  let parquet: VersionExport["parquet"] = null;
  let hf: VersionExport["hf"] = null;
  if (options.parquet || options.hf) {
    const bytes = hintSetParquet(kept);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (options.parquet) parquet = { file: `${baseName}.parquet`, sha256, rows: kept.length, bytes };
    if (options.hf) {
      const card = datasetCard({
        name: data.set.name,
        version: data.version,
        benchmark: data.set.benchmark,
        selection: data.set.selection,
        projection: data.set.projection,
        rows: kept.length,
        parquetBytes: bytes.length,
        sha256,
      });
      hf = { card, bytes, sha256, rows: kept.length };
    }
  }
  const builder = new ManifestBuilder({
    name: data.set.name,
    version: data.version,
    benchmark: data.set.benchmark,
    selection: data.set.selection,
    projection: data.set.projection,
    include_flagged: options.includeFlagged,
    ...(native
      ? {
          native: {
            file: native.file,
            sha256: native.sha256,
            records: native.records,
            hint_fields: native.hint_fields,
          },
        }
      : {}),
    ...(parquet ? { parquet: { file: parquet.file, sha256: parquet.sha256, rows: parquet.rows } } : {}),
    ...(hf ? { hf: { card: HF_CARD, file: HF_PARQUET, sha256: hf.sha256, rows: hf.rows } } : {}),
    ...(data.review ? { review: data.review } : {}),
    file: `${baseName}.jsonl`,
  });
  let jsonl = "";
  for (const line of data.lines) {
    if (keep(line)) jsonl += builder.add(line);
    else builder.skip(line);
  }
  return {
    baseName,
    jsonl,
    csv: HINT_CSV_HEADER + kept.map(hintCsvLine).join(""),
    native,
    parquet,
    hf,
    manifest: builder.finish(options.csv ?? false),
  };
}

/** Writes an assembled version export to a folder: JSONL, manifest, and the CSV and native records where asked. */
export async function writeVersionExport(exported: VersionExport, dir: string, csv: boolean): Promise<void> {
  await mkdir(dir, { recursive: true });
  const files: Array<[string, string]> = [
    [`${exported.baseName}.jsonl`, exported.jsonl],
    [`${exported.baseName}.manifest.json`, serialiseManifest(exported.manifest)],
  ];
  if (csv) files.push([`${exported.baseName}.csv`, exported.csv]);
  if (exported.native) files.push([exported.native.file, exported.native.text]);
  for (const [file, text] of files) await writeFile(path.join(dir, file), text);
  if (exported.parquet) await writeFile(path.join(dir, exported.parquet.file), exported.parquet.bytes);
  if (exported.hf) {
    await mkdir(path.join(dir, path.dirname(HF_PARQUET)), { recursive: true });
    await writeFile(path.join(dir, HF_PARQUET), exported.hf.bytes);
    await writeFile(path.join(dir, HF_CARD), exported.hf.card);
  }
}

/**
 * The lines a version exports: accepted and trimmed hints, and flagged ones (with their reasons) on request.
 * Stale decisions (made on content that changed since) are never exported as decided.
 */
/** What a version or policy holds that an export leaves out, in words: `3 flagged, 2 pending`. */
function describeExcluded(excluded: Record<HintStatus, number>): string {
  const parts = HINT_STATUSES.filter((s) => excluded[s] > 0).map((s) => `${excluded[s]} ${s}`);
  return parts.length > 0 ? parts.join(", ") : "no lines at all";
}

export const exportFilter = (includeFlagged: boolean) => (line: HintLine) =>
  line.status === "accepted" || line.status === "trimmed" || (includeFlagged && line.status === "flagged");
