import { PROJECTIONS, type Projection } from "../analysis/render-hint";
import { SELECTIONS } from "../analysis/select-identifiers";
import type { Manifest } from "../export/hint-lines";
import { slug } from "../export/text-formats";
import type { Database } from "../server/db/client";
import { currentHintLines } from "../server/hints/hint-export";
import { importHintSet } from "../server/hints/hint-set-import";
import { compareVersions, createHintSet, publishHintSet } from "../server/hints/hint-sets";
import { assembleVersionExport, writeHintExport, writeVersionExport } from "../server/hints/version-export";

export interface HintSetOptions {
  set?: string;
  version?: string;
  out?: string;
  benchmark?: string;
  selection?: string;
  projection?: string;
  includeFlagged: boolean;
  csv: boolean;
  json: boolean;
  name?: string;
  from?: string;
  to?: string;
  with?: string;
  filter?: string;
  /** `native`: also write the benchmark's own records with the curated hints */
  format?: string;
  /** with `--format native`: the hint in a field of this name, the task text untouched */
  hintField?: string;
}

const progress = (lines: number) => process.stderr.write(`\r${lines} lines written`);

class UsageError extends Error {}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === "") throw new UsageError(`${what} is required`);
  return value;
}

/** `hints export`: a published hint-set version, or a policy straight from the analysis. */
export async function runExport(db: Database, o: HintSetOptions): Promise<number> {
  const out = need(o.out, "--out DIR");
  let manifest: Manifest;
  if (o.format !== undefined && !["native", "jsonl", "parquet", "hf"].includes(o.format)) {
    throw new UsageError(`--format must be jsonl (the default), native, parquet or hf, not "${o.format}"`);
  }
  if (o.hintField !== undefined && o.format !== "native")
    throw new UsageError("--hint-field goes with --format native (the benchmark's own records)");
  if (o.hintField !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(o.hintField))
    throw new UsageError(`--hint-field must be a field name (letters, digits, _), not "${o.hintField}"`);
  if (o.set) {
    if (o.version !== undefined && !/^[1-9]\d*$/.test(o.version)) throw new UsageError("--version must be 1, 2, …");
    // The same assembly as the page's download (assembleVersionExport): the same bytes, the same manifest.
    const exported = await assembleVersionExport(db, o.set, o.version ? Number(o.version) : undefined, {
      includeFlagged: o.includeFlagged,
      native: o.format === "native",
      parquet: o.format === "parquet",
      hf: o.format === "hf",
      hintField: o.hintField ?? null,
      csv: o.csv,
    });
    await writeVersionExport(exported, out, o.csv);
    manifest = exported.manifest;
    progress(manifest.counts.instances);
  } else {
    if (o.format === "native" || o.format === "parquet" || o.format === "hf")
      throw new UsageError(`--format ${o.format} exports a published hint set: --set NAME`);
    const benchmark = need(o.benchmark, "--set NAME, or --benchmark NAME with --selection and --projection,");
    const selection = need(o.selection, "--selection");
    const projection = need(o.projection, "--projection");
    if (!(SELECTIONS as readonly string[]).includes(selection))
      throw new UsageError(`--selection must be one of ${SELECTIONS.join(", ")}`);
    if (!(PROJECTIONS as readonly string[]).includes(projection))
      throw new UsageError(`--projection must be one of ${PROJECTIONS.join(", ")}`);
    const baseName = `${slug(benchmark)}-${selection}-${projection}`;
    manifest = await writeHintExport(currentHintLines(db, benchmark, selection, projection as Projection), {
      dir: out,
      baseName,
      header: { name: baseName, version: null, benchmark, selection, projection, include_flagged: true },
      keep: () => true,
      csv: o.csv,
      onProgress: progress,
    });
  }
  process.stderr.write("\n");
  process.stdout.write(
    o.json
      ? `${JSON.stringify(manifest)}\n`
      : `Wrote ${manifest.counts.instances} hints to ${out}/${manifest.file} (sha256 ${manifest.sha256}).\n${
          manifest.native
            ? `Wrote ${manifest.native.records} benchmark records to ${out}/${manifest.native.file} (sha256 ${manifest.native.sha256}).\n`
            : ""
        }`,
  );
  return 0;
}

/** `hints sets create|publish|compare|import`. */
export async function runSets(db: Database, [action, target]: string[], o: HintSetOptions): Promise<number> {
  switch (action) {
    case "create": {
      const set = await createHintSet(db, {
        name: need(target, "a name"),
        benchmark: need(o.benchmark, "--benchmark"),
        selection: need(o.selection, "--selection"),
        projection: need(o.projection, "--projection"),
        filter: o.filter ?? null,
      });
      process.stdout.write(`Created hint set "${set.name}".\n`);
      return 0;
    }
    case "publish": {
      const version = await publishHintSet(db, need(target, "a name"));
      process.stdout.write(`Published "${target}" version ${version.version}.\n`);
      return 0;
    }
    case "compare": {
      const name = need(target, "a name");
      const { diff } = await compareVersions(
        db,
        { name, version: o.from ? Number(o.from) : undefined },
        { name: o.with ?? name, version: o.to ? Number(o.to) : undefined },
      );
      process.stdout.write(
        o.json
          ? `${JSON.stringify(diff)}\n`
          : `${diff.identical ? "No differences." : `${diff.instances_added.length} instances added, ${diff.instances_removed.length} removed, ${diff.hints_changed.length} hints changed.`}\n`,
      );
      return 0;
    }
    case "import": {
      const version = await importHintSet(db, need(target, "an exported .jsonl file"), o.name);
      process.stdout.write(`Imported as version ${version.version}.\n`);
      return 0;
    }
    default:
      throw new UsageError("hints sets create|publish|compare|import …");
  }
}

export { UsageError };
