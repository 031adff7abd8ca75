// Over 300 lines: the export format in one place: a hint line and the manifest, their schemas, serialisers and the builder that counts them.
import { createHash } from "node:crypto";
import { z } from "zod";
import {
  HINT_STATUSES,
  type HintStatus,
  HintStatusSchema,
  ProjectionSchema,
  SelectionSchema,
} from "../domain/hint-vocabulary";
import { HINT_ATTRIBUTES, type HintAttribute } from "../domain/judge-scales";

/** One identifier as an exported hint lists it (the structure the text was rendered from). */
export interface ExportedIdentifier {
  name: string;
  kind: string;
  path: string;
  new_file: boolean;
  signature: string | null;
  /** attributes the hint discloses for it (after any trim) */
  attributes: HintAttribute[];
  /**
   * present when a curator or a model wrote its description (the hint states it as the benchmark's would
   * be); a model's is where the benchmark has none
   */
  described_by?: "curator" | "model";
  /** the model that wrote it (endpoint/model@template), with `described_by: "model"` */
  written_by?: string;
}

/** One line of an exported hint set: one instance. */
export interface HintLine {
  instance_id: string;
  benchmark: string;
  selection: string;
  projection: string;
  status: HintStatus;
  flag_reason: string | null;
  note: string | null;
  hint: string;
  identifiers: ExportedIdentifier[];
  /** labels people in the field published about the instance, with their source (present only when some are) */
  labels?: Array<{ source: string; name: string; value: string }>;
}

export interface Manifest {
  format: "hintscope-hint-set";
  format_version: 1;
  name: string;
  version: number | null;
  benchmark: string;
  selection: string;
  projection: string;
  include_flagged: boolean;
  /** the lines in the file, by status */
  counts: { instances: number; identifiers: number } & Record<HintStatus, number>;
  /** lines left out of the file, by status: flagged ones unless asked for, and stale decisions */
  excluded: Record<HintStatus, number>;
  file: string;
  sha256: string;
  /** the benchmark's own records with the curated hints (`--format native`), where written */
  /** the benchmark's own records, and the fields that carry the curated hint in them */
  native?: { file: string; sha256: string; records: number; hint_fields: string[] };
  /** the review round this version publishes: who decided, how much they agreed, what was adjudicated */
  review?: ReviewSummary;
  /** what the CSV does to cells a spreadsheet would run as formulas */
  csv_cells?: string;
  /** the same lines as Parquet (`--format parquet`), where written */
  parquet?: { file: string; sha256: string; rows: number };
  /** the Hugging Face datasets layout (`--format hf`), where written: the card and the Parquet under data/ */
  hf?: { card: string; file: string; sha256: string; rows: number };
}

/** A review round as a published version's manifest states it. */
export interface ReviewSummary {
  round: string;
  curators: string[];
  curators_per_hint: number;
  blind: boolean;
  instances: number;
  agreed: number;
  adjudicated: number;
  adjudicators: string[];
  /** agreement on the action (accept / trim / flag) and on the action with the flag's reason */
  agreement: {
    method: "cohen" | "fleiss" | null;
    percent_agreement: number | null;
    kappa: number | null;
    kappa_by_reason: number | null;
    categories: Array<{ category: string; share: number; kappa: number | null }>;
  };
}

const KEYS: Array<keyof HintLine> = [
  "instance_id",
  "benchmark",
  "selection",
  "projection",
  "status",
  "flag_reason",
  "note",
  "hint",
  "identifiers",
];
const IDENTIFIER_KEYS: Array<keyof ExportedIdentifier> = [
  "name",
  "kind",
  "path",
  "new_file",
  "signature",
  "attributes",
];

/** A line as JSON with a fixed key order, so the same hint always serialises to the same bytes. */
export function serialiseLine(line: HintLine): string {
  const ordered: Record<string, unknown> = {};
  for (const key of KEYS) {
    ordered[key] =
      key === "identifiers"
        ? line.identifiers.map((identifier) =>
            Object.fromEntries(
              [
                ...IDENTIFIER_KEYS,
                ...(identifier.described_by ? (["described_by"] as const) : []),
                ...(identifier.written_by ? (["written_by"] as const) : []),
              ].map((k) => [k, identifier[k]]),
            ),
          )
        : line[key];
  }
  // Only where there are some: a line without labels is byte for byte what it was before labels existed.
  if (line.labels && line.labels.length > 0)
    ordered.labels = line.labels.map((l) => ({ source: l.source, name: l.name, value: l.value }));
  return `${JSON.stringify(ordered)}\n`;
}

/**
 * A line as an export writes it: every field of the one hint-line schema present in every line, whatever it
 * holds (`labels` a list, empty where none; `described_by` and `written_by` null where nobody wrote a description),
 * so JSONL, CSV, Parquet and the dataset layout carry the same fields with the same types in every version.
 * Storage keeps the shorter form (serialiseLine), so versions published before compare line for line.
 */
export function serialiseExportLine(line: HintLine): string {
  const ordered: Record<string, unknown> = {};
  for (const key of KEYS)
    ordered[key] =
      key === "identifiers"
        ? line.identifiers.map((identifier) => ({
            ...Object.fromEntries(IDENTIFIER_KEYS.map((k) => [k, identifier[k]])),
            described_by: identifier.described_by ?? null,
            written_by: identifier.written_by ?? null,
          }))
        : key === "flag_reason" || key === "note"
          ? ((Object.hasOwn(line, key) ? line[key] : undefined) ?? null)
          : line[key];
  ordered.labels = (line.labels ?? []).map((l) => ({ source: l.source, name: l.name, value: l.value }));
  return `${JSON.stringify(ordered)}\n`;
}

const ExportedIdentifierSchema = z.object({
  name: z.string().min(1),
  kind: z.string(),
  path: z.string(),
  new_file: z.boolean(),
  signature: z.string().nullable(),
  attributes: z.array(z.enum(HINT_ATTRIBUTES)),
  // An export writes null where nobody wrote a description; storage leaves the field out.
  described_by: z
    .enum(["curator", "model"])
    .nullish()
    .transform((v) => v ?? undefined),
  written_by: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
});

/** One exported line, as a colleague's file must hold it. */
export const HintLineSchema = z.object({
  instance_id: z.string().min(1),
  benchmark: z.string().min(1),
  selection: z.string().min(1),
  projection: z.string().min(1),
  status: HintStatusSchema,
  flag_reason: z.string().nullable(),
  note: z.string().nullable(),
  hint: z.string(),
  identifiers: z.array(ExportedIdentifierSchema),
  labels: z
    .array(z.object({ source: z.string(), name: z.string(), value: z.string() }))
    .nullish()
    .transform((v) => (v && v.length > 0 ? v : undefined)),
});

const ReviewSummarySchema = z.object({
  round: z.string(),
  curators: z.array(z.string()),
  curators_per_hint: z.number().int(),
  blind: z.boolean(),
  instances: z.number().int(),
  agreed: z.number().int(),
  adjudicated: z.number().int(),
  adjudicators: z.array(z.string()),
  agreement: z.object({
    method: z.string().nullable(),
    percent_agreement: z.number().nullable(),
    kappa: z.number().nullable(),
    kappa_by_reason: z.number().nullable(),
    categories: z.array(z.string()),
  }),
});

const statusCounts = z.object(Object.fromEntries(HINT_STATUSES.map((s) => [s, z.number().int().min(0)])));

/** A hint set's manifest, as `importHintSet` accepts it from another installation. */
export const ManifestSchema = z.object({
  format: z.literal("hintscope-hint-set"),
  format_version: z.literal(1),
  name: z.string().min(1).max(200),
  version: z.number().int().positive().nullable(),
  benchmark: z.string().min(1).max(200),
  selection: SelectionSchema,
  projection: ProjectionSchema,
  include_flagged: z.boolean(),
  counts: statusCounts.extend({ instances: z.number().int().min(0), identifiers: z.number().int().min(0) }),
  excluded: statusCounts,
  file: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 in hex"),
  native: z
    .object({
      file: z.string(),
      sha256: z.string(),
      records: z.number().int(),
      hint_fields: z.array(z.string()).optional(),
    })
    .optional(),
  review: ReviewSummarySchema.optional(),
});

/** The first problem zod found, as `field "a.b": what is wrong`. */
export const firstProblem = (error: z.ZodError) => {
  const issue = error.issues[0];
  if (!issue) return "not valid";
  const field = issue.path.join(".") || "(the whole value)";
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return `missing field "${field}"`;
  return `field "${field}": ${issue.message}`;
};

/** Parses one exported line back, checking its shape; throws with the reason (the field and what is wrong). */
export function parseLine(text: string): HintLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON (${(error as Error).message})`);
  }
  const checked = HintLineSchema.safeParse(value);
  if (!checked.success) throw new Error(firstProblem(checked.error));
  return checked.data as HintLine;
}

/**
 * What the research frontier and a comparison of versions read of a stored line: its instance, its status,
 * its hint text and its identifiers' names. A stored line was checked in full when it was published or
 * imported (parseLine); this reads only these fields, without the schema's cost per line (50,000 lines a
 * page), and refuses a line that lacks them.
 */
export function readStoredLine(text: string): { instanceId: string; status: string; hint: string; names: string[] } {
  const line = JSON.parse(text) as { instance_id?: unknown; status?: unknown; hint?: unknown; identifiers?: unknown };
  const identifiers = line.identifiers;
  if (
    typeof line.instance_id !== "string" ||
    typeof line.status !== "string" ||
    typeof line.hint !== "string" ||
    !Array.isArray(identifiers) ||
    !identifiers.every((i) => typeof (i as { name?: unknown } | null)?.name === "string")
  )
    throw new Error(
      `a stored hint line lacks its instance_id, status, hint or identifiers' names: ${text.slice(0, 80)}`,
    );
  return {
    instanceId: line.instance_id,
    status: line.status,
    hint: line.hint,
    names: identifiers.map((i: { name: string }) => i.name),
  };
}

const byStatus = () => Object.fromEntries(HINT_STATUSES.map((s) => [s, 0])) as Record<HintStatus, number>;

/** Streams lines into a SHA-256 and counts as they are written: the manifest needs both. */
export class ManifestBuilder {
  private readonly hash = createHash("sha256");
  private readonly counts = { instances: 0, identifiers: 0, ...byStatus() };
  private readonly excluded = byStatus();

  constructor(
    private readonly header: Omit<Manifest, "format" | "format_version" | "counts" | "excluded" | "sha256">,
  ) {}

  /** Counts a line the export leaves out. */
  skip(line: HintLine): void {
    this.excluded[line.status]++;
  }

  /** Adds a line; returns its serialised text (every field present), to be written by the caller. */
  add(line: HintLine): string {
    const text = serialiseExportLine(line);
    this.hash.update(text);
    this.counts.instances++;
    this.counts.identifiers += line.identifiers.length;
    this.counts[line.status]++;
    return text;
  }

  /** The manifest; `csv`: a CSV was written beside the JSONL (only then does it say what the CSV does to cells). */
  finish(csv = false): Manifest {
    return {
      format: "hintscope-hint-set",
      format_version: 1,
      ...this.header,
      counts: { ...this.counts },
      excluded: { ...this.excluded },
      sha256: this.hash.digest("hex"),
      ...(csv ? { csv_cells: CSV_CELLS_NOTE } : {}),
    };
  }
}

/**
 * What the CSV does to a cell a spreadsheet would run as a formula (OWASP's guard), said in every manifest:
 * a Name-projection hint (`- name`) starts with `-`, so it reads `'- name` in the CSV.
 */
export const CSV_CELLS_NOTE =
  "in the CSV, a cell that starts with =, +, -, @, a tab or a carriage return is written with a leading ' so a spreadsheet shows it as text instead of running it (a Name-projection hint '- name' among them); the JSONL (and the native records) keep the exact text";

/** The manifest as written next to the JSONL: fixed key order, two-space indent, trailing newline. */
export const serialiseManifest = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;
