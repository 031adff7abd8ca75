import { createHash } from "node:crypto";
import type { HintAttribute } from "../domain/judge-scales";
import { HINT_STATUSES, type HintStatus } from "../hint/vocabulary";

/** One identifier as an exported hint lists it (the structure the text was rendered from). */
export interface ExportedIdentifier {
  name: string;
  kind: string;
  path: string;
  new_file: boolean;
  signature: string | null;
  /** attributes the hint discloses for it (after any trim) */
  attributes: HintAttribute[];
  /** present when a curator wrote its description (the hint states it as the benchmark's would be) */
  described_by?: "curator";
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
  native?: { file: string; sha256: string; records: number };
  /** the review round this version publishes: who decided, how much they agreed, what was adjudicated */
  review?: ReviewSummary;
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
              [...IDENTIFIER_KEYS, ...(identifier.described_by ? (["described_by"] as const) : [])].map((k) => [
                k,
                identifier[k],
              ]),
            ),
          )
        : line[key];
  }
  return `${JSON.stringify(ordered)}\n`;
}

/** Parses one exported line back, checking its shape; throws with the reason. */
export function parseLine(text: string): HintLine {
  const value = JSON.parse(text) as Partial<HintLine>;
  for (const key of KEYS) if (!(key in value)) throw new Error(`missing "${key}"`);
  if (!Array.isArray(value.identifiers)) throw new Error(`"identifiers" must be a list`);
  return value as HintLine;
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

  /** Adds a line; returns its serialised text, to be written by the caller. */
  add(line: HintLine): string {
    const text = serialiseLine(line);
    this.hash.update(text);
    this.counts.instances++;
    this.counts.identifiers += line.identifiers.length;
    this.counts[line.status]++;
    return text;
  }

  finish(): Manifest {
    return {
      format: "hintscope-hint-set",
      format_version: 1,
      ...this.header,
      counts: { ...this.counts },
      excluded: { ...this.excluded },
      sha256: this.hash.digest("hex"),
    };
  }
}

/** The manifest as written next to the JSONL: fixed key order, two-space indent, trailing newline. */
export const serialiseManifest = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;
