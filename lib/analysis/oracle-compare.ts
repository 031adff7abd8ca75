import { languageOfPath } from "./languages/infer-language";
import type { InstanceIdentifier } from "./select-identifiers";

/**
 * Exact mode as the oracle for hunks-only mode (issue 43): the identifiers an instance's analysis finds from
 * its hunks, against those it finds from whole files at the base commit. Each definition is matched by
 * side (code or test), path and member name; a pair that differs in owner, kind, signature or status is a
 * disagreement of that cause, an unpaired one is missing (exact mode only) or extra (hunks mode only).
 * Doc2Feat's shared names (kind "name") are not compared: which names are new to a file depends on the whole
 * file by definition.
 */
export const ORACLE_CAUSES = [
  "missing",
  "extra",
  "other owner",
  "other kind",
  "other signature",
  "other status",
] as const;
/**
 * Where hunks mode states nothing that exact mode states (no class line nor header names the owner, no `def`
 * line shows the signature), or cannot (`not in hunks`: a changed definition whose declaration lies in no hunk
 * and which no hunk header names, such as the class around a changed method whose class line is far above):
 * not a wrong statement, listed apart and not counted as a disagreement.
 */
export const ORACLE_UNKNOWNS = ["owner unknown", "signature unknown", "not in hunks"] as const;
export type OracleCause = (typeof ORACLE_CAUSES)[number] | (typeof ORACLE_UNKNOWNS)[number];
const EVERY_CAUSE = [...ORACLE_CAUSES, ...ORACLE_UNKNOWNS];

/** What the comparison reads of an identifier. */
export type ComparedIdentifier = Pick<
  InstanceIdentifier,
  "name" | "member" | "owner" | "kind" | "path" | "signature" | "side" | "status"
> &
  Partial<Pick<InstanceIdentifier, "definedAt">>;

const TYPE_KINDS = new Set(["class", "interface", "enum", "struct", "trait", "type", "module", "record"]);

/**
 * Whether hunks could name a definition exact mode finds: it is new (its lines are added), its name is
 * written on a hunk line (exact mode's location has a column only then), or a hunk header of its file names it.
 */
function shownInHunks(i: ComparedIdentifier, headersOf: (path: string) => readonly string[]): boolean {
  if (i.status === "new" || !i.definedAt || i.definedAt.column !== undefined) return true;
  const name = i.member.replace(/[$^.*+?()[\]{}|\\]/g, "\\$&");
  // The header declares it: a type after its keyword, a function before its parameters (or as `name =`), not
  // a mere mention (a method header whose return type is the class).
  const declared = TYPE_KINDS.has(i.kind)
    ? new RegExp(`\\b(class|interface|enum|record|struct|type|trait|module|impl|object)\\s+${name}([^\\w$]|$)`)
    : new RegExp(`(^|[^\\w$.])${name}\\s*(<[^>]*>)?\\s*(\\(|=[^=])`);
  return headersOf(i.path).some((header) => declared.test(header));
}

export interface OracleDisagreement {
  cause: OracleCause;
  language: string;
  /** `side path: qualified name`, as each mode states it */
  key: string;
  hunks: string | null;
  exact: string | null;
}

export interface OracleComparison {
  /** per language: identifiers compared (pairs and unpaired ones alike) */
  compared: Map<string, number>;
  disagreements: OracleDisagreement[];
}

const sameSignature = (a: string | null, b: string | null) =>
  (a ?? "").replace(/\s+/g, " ").trim() === (b ?? "").replace(/\s+/g, " ").trim();

const languageOf = (p: string) => languageOfPath(p) ?? "other";

const qualified = (i: ComparedIdentifier) => (i.owner ? `${i.owner}.${i.member}` : i.member);

/** How an identifier is shown in a disagreement: its qualified name, kind, status and signature. */
export function describeIdentifier(i: ComparedIdentifier): string {
  const signature = i.signature ? ` \`${i.signature.replace(/\s+/g, " ")}\`` : "";
  return `${qualified(i)} (${i.kind}, ${i.status})${signature}`;
}

/**
 * Whether hunks mode states an owner that differs from exact mode's: no owner, or the inner part of it
 * (`get_with_context` for `PluginLoader.get_with_context`: the class line is in no hunk), states less, not
 * something else.
 */
function ownerKnown(hunks: string | null, exact: string | null): boolean {
  if (!hunks) return false;
  return !(exact ?? "").endsWith(`.${hunks}`);
}

/** Compares one instance's analyses: hunks mode against exact mode. */
export function compareWithOracle(
  hunks: readonly ComparedIdentifier[],
  exact: readonly ComparedIdentifier[],
  /** the hunk headers of a file of the patches (none known: every definition counts as shown) */
  headersOf?: (path: string) => readonly string[],
): OracleComparison {
  const compared = new Map<string, number>();
  const disagreements: OracleDisagreement[] = [];
  const definitions = (list: readonly ComparedIdentifier[]) => list.filter((i) => i.kind !== "name");
  const place = (i: ComparedIdentifier) => `${i.side} ${i.path}\u0000${i.member}`;
  const group = (list: readonly ComparedIdentifier[]) => {
    const out = new Map<string, ComparedIdentifier[]>();
    for (const i of definitions(list)) out.set(place(i), [...(out.get(place(i)) ?? []), i]);
    return out;
  };
  const fromHunks = group(hunks);
  const fromExact = group(exact);
  const count = (language: string) => compared.set(language, (compared.get(language) ?? 0) + 1);
  const add = (cause: OracleCause, h: ComparedIdentifier | null, e: ComparedIdentifier | null) => {
    const i = (e ?? h) as ComparedIdentifier;
    disagreements.push({
      cause,
      language: languageOf(i.path),
      key: `${i.side} ${i.path}: ${qualified(i)}`,
      hunks: h ? describeIdentifier(h) : null,
      exact: e ? describeIdentifier(e) : null,
    });
  };
  for (const key of new Set([...fromExact.keys(), ...fromHunks.keys()])) {
    const h = [...(fromHunks.get(key) ?? [])];
    const e = [...(fromExact.get(key) ?? [])];
    // Same owner first (two classes of a file may each define the member), then in order.
    const pairs: Array<[ComparedIdentifier, ComparedIdentifier]> = [];
    for (const x of [...e]) {
      const at = h.findIndex((y) => y.owner === x.owner);
      if (at < 0) continue;
      pairs.push([h[at] as ComparedIdentifier, x]);
      h.splice(at, 1);
      e.splice(e.indexOf(x), 1);
    }
    while (h.length > 0 && e.length > 0) pairs.push([h.shift() as ComparedIdentifier, e.shift() as ComparedIdentifier]);
    for (const [hi, ei] of pairs) {
      count(languageOf(ei.path));
      // One cause per pair, the first that differs: an identifier is right or wrong once.
      if ((hi.owner ?? null) !== (ei.owner ?? null))
        add(ownerKnown(hi.owner, ei.owner) ? "other owner" : "owner unknown", hi, ei);
      else if (hi.kind !== ei.kind) add("other kind", hi, ei);
      else if (!sameSignature(hi.signature, ei.signature))
        add(hi.signature ? "other signature" : "signature unknown", hi, ei);
      else if (hi.status !== ei.status) add("other status", hi, ei);
    }
    for (const ei of e) {
      count(languageOf(ei.path));
      add(headersOf && !shownInHunks(ei, headersOf) ? "not in hunks" : "missing", null, ei);
    }
    for (const hi of h) {
      count(languageOf(hi.path));
      add("extra", hi, null);
    }
  }
  return { compared, disagreements };
}

/** Per-language totals over many instances' comparisons. */
export interface OracleRow {
  language: string;
  instances: number;
  compared: number;
  byCause: Record<OracleCause, number>;
  /** per cause: `instance: key (hunks … / exact …)` lines */
  listed: Record<OracleCause, string[]>;
}

export function emptyRow(language: string): OracleRow {
  const zero = () => Object.fromEntries(EVERY_CAUSE.map((c) => [c, 0])) as Record<OracleCause, number>;
  const lists = () => Object.fromEntries(EVERY_CAUSE.map((c) => [c, []])) as unknown as Record<OracleCause, string[]>;
  return { language, instances: 0, compared: 0, byCause: zero(), listed: lists() };
}

/** Adds one instance's comparison to the per-language rows (and to the row "all"). */
export function tallyComparison(rows: Map<string, OracleRow>, instanceId: string, comparison: OracleComparison): void {
  const rowOf = (language: string) => {
    const row = rows.get(language) ?? emptyRow(language);
    rows.set(language, row);
    return row;
  };
  for (const [language, n] of comparison.compared) {
    for (const row of [rowOf(language), rowOf("all")]) row.compared += n;
    rowOf(language).instances++;
  }
  if (comparison.compared.size > 0) rowOf("all").instances++;
  for (const d of comparison.disagreements) {
    const line = `${instanceId}: ${d.key}  (hunks: ${d.hunks ?? "none"} | exact: ${d.exact ?? "none"})`;
    for (const row of [rowOf(d.language), rowOf("all")]) {
      row.byCause[d.cause]++;
      row.listed[d.cause].push(line);
    }
  }
}

/** Disagreements of a row (wrong statements: the unknowns aside), all causes together, as a share of the identifiers compared. */
export function disagreementShare(row: OracleRow): number {
  const total = ORACLE_CAUSES.reduce((sum, c) => sum + row.byCause[c], 0);
  return row.compared === 0 ? 0 : total / row.compared;
}
