import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { agentText } from "../../analysis/render-hint";
import { NO_HINT, OFFICIAL_POLICY } from "../../domain/run-policy";
import {
  KIT_MANIFEST,
  type KitManifest,
  type KitManifestPolicy,
  type KitPolicy,
  kitFileName,
  kitRunId,
} from "../../export/experiment-kit";
import { type HintLine, serialiseExportLine } from "../../export/hint-lines";
import { NATIVE_FORMATS, nativeHintFields, nativeRecord, policyRecord } from "../../export/native-records";
import { decodeStructured } from "../../ingest/field-values";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { readRecord } from "../stored-json";
import { versionLines } from "./hint-sets";
import { importedFieldMap, NATIVE_ROW_SELECT } from "./native-lines";
import { exportFilter } from "./version-export";

const PAGE = 500;

/** The published hint set a kit's policy takes its hints from: the one set of that benchmark and policy. */
async function setOf(db: Database, benchmark: string, policy: KitPolicy, named: string | undefined) {
  const sets = await db.hintSet.findMany({
    where: { benchmark, selection: policy.selection, projection: policy.projection, versions: { some: {} } },
    select: { name: true },
    orderBy: { name: "asc" },
  });
  const runId = kitRunId(policy);
  if (named) {
    if (!sets.some((s) => s.name === named))
      throw new AppError(
        "not_found",
        `--sets ${runId}=${named}: no published hint set "${named}" of ${benchmark} under ${policy.selection} × ${policy.projection}`,
      );
    return named;
  }
  if (sets.length === 0)
    throw new AppError(
      "not_found",
      `no published hint set of ${benchmark} under ${policy.selection} × ${policy.projection}: create and publish one (hints sets create NAME --benchmark "${benchmark}" --selection ${policy.selection} --projection ${policy.projection}; hints sets publish NAME)`,
    );
  if (sets.length > 1)
    throw new AppError(
      "conflict",
      `${sets.length} published hint sets of ${benchmark} under ${policy.selection} × ${policy.projection} (${sets.map((s) => `"${s.name}"`).join(", ")}): say which with --sets ${runId}=NAME`,
    );
  return (sets[0] as { name: string }).name;
}

export interface KitOptions {
  benchmark: string;
  policies: KitPolicy[];
  out: string;
  /** the hint set of a policy, by run id, where several are published */
  sets?: Record<string, string>;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Writes an experiment kit (lib/export/experiment-kit.ts): per policy, the benchmark's own records with that
 * policy's curated hint where its agent reads the task (the latest published version of the policy's hint set;
 * `none`: no hint; `official`: the benchmark's own), for the instances every policy has a decided hint for; and
 * the kit's manifest with each file's SHA-256. The same sets give the same bytes.
 */
export async function writeExperimentKit(db: Database, options: KitOptions): Promise<KitManifest> {
  const { benchmark, policies } = options;
  const found = await db.benchmark.findUnique({ where: { name: benchmark }, select: { id: true } });
  if (!found) throw new AppError("not_found", `no benchmark named "${benchmark}"`);
  // Each hinted policy's published lines (decided ones only), by instance.
  const hinted = new Map<string, { set: string; version: number; sha256: string; lines: Map<string, HintLine> }>();
  for (const policy of policies) {
    if (policy.selection === NO_HINT || policy.selection === OFFICIAL_POLICY) continue;
    const name = await setOf(db, benchmark, policy, options.sets?.[kitRunId(policy)]);
    const data = await versionLines(db, name);
    const kept = data.lines.filter(exportFilter(false)).map((line) => ({ ...line, hint: agentText(line.hint) }));
    const sha256 = createHash("sha256")
      .update(kept.map((l) => serialiseExportLine(l)).join(""))
      .digest("hex");
    hinted.set(kitRunId(policy), {
      set: name,
      version: data.version,
      sha256,
      lines: new Map(kept.map((l) => [l.instance_id, l])),
    });
  }
  const all = await db.instance.findMany({
    where: { benchmarkId: found.id },
    select: { externalId: true },
    orderBy: { externalId: "asc" },
  });
  // The instances every hinted policy decided: the runs of the kit compare paired.
  const ids = all.map((i) => i.externalId).filter((id) => [...hinted.values()].every((h) => h.lines.has(id)));
  if (ids.length === 0)
    throw new AppError(
      "conflict",
      `no instance of ${benchmark} has a decided hint under every policy asked for: nothing to run`,
    );
  await mkdir(options.out, { recursive: true });
  const parse = (text: string) => decodeStructured(text, "resolved_issues");
  const texts = new Map(policies.map((p) => [kitRunId(p), [] as string[]]));
  const fields = new Map(policies.map((p) => [kitRunId(p), new Set<string>()]));
  for (let start = 0; start < ids.length; start += PAGE) {
    const page = ids.slice(start, start + PAGE);
    const rows = await db.instance.findMany({
      where: { benchmarkId: found.id, externalId: { in: page } },
      select: NATIVE_ROW_SELECT,
      orderBy: { externalId: "asc" },
    });
    for (const row of rows) {
      if (!NATIVE_FORMATS.has(row.sourceFormat))
        throw new AppError(
          "conflict",
          `${row.externalId}: imported as ${row.sourceFormat}, which has no native record form`,
        );
      const original = readRecord(row.original);
      const fieldMap = importedFieldMap(row, original);
      for (const policy of policies) {
        const runId = kitRunId(policy);
        let record: Record<string, unknown>;
        try {
          if (policy.selection === NO_HINT || policy.selection === OFFICIAL_POLICY)
            record = policyRecord(
              original,
              row.sourceFormat,
              row.externalId,
              policy.selection === NO_HINT ? "none" : "official",
              benchmark,
              parse,
              fieldMap,
            );
          else {
            const line = hinted.get(runId)?.lines.get(row.externalId) as HintLine;
            record = nativeRecord(original, row.sourceFormat, line, { benchmark, fieldMap }, parse);
            for (const f of nativeHintFields(row.sourceFormat, line.projection, null, fieldMap))
              fields.get(runId)?.add(f);
          }
        } catch (error) {
          throw new AppError("conflict", (error as Error).message);
        }
        texts.get(runId)?.push(`${JSON.stringify(record)}\n`);
      }
    }
    options.onProgress?.(Math.min(start + PAGE, ids.length), ids.length);
  }
  const entries: KitManifestPolicy[] = [];
  for (const policy of policies) {
    const runId = kitRunId(policy);
    const text = (texts.get(runId) ?? []).join("");
    const file = kitFileName(benchmark, policy);
    await writeFile(path.join(options.out, file), text);
    const set = hinted.get(runId);
    entries.push({
      ...policy,
      run_id: runId,
      file,
      sha256: createHash("sha256").update(text).digest("hex"),
      records: ids.length,
      hint_set: set ? { name: set.set, version: set.version, sha256: set.sha256 } : null,
      hint_fields: [...(fields.get(runId) ?? [])].sort(),
    });
  }
  const manifest: KitManifest = {
    format: "hintscope-experiment-kit",
    format_version: 1,
    benchmark,
    instances: ids.length,
    left_out: all.length - ids.length,
    policies: entries,
  };
  await writeFile(path.join(options.out, KIT_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
