import { wholeWordAt } from "../domain/whole-word";
import { linesCopiedInto } from "../evidence/evidence";

/*
 * What the two patch panes highlight, worked out from the analysis (pure, so the workspace only memoises):
 * each identifier's definition and uses, the gold-patch lines a hint copies, and where a pick lands.
 */

export type Patch = "gold" | "test";

/** A place the analysis found an identifier: a line of one patch's diff and, where known, the name's column. */
export interface MarkLocation {
  path: string;
  diffLine: number;
  /** 1-based, the line's +/- prefix counted */
  column?: number;
  patch?: Patch;
}

/** What the marks need of an identifier. */
export interface MarkedIdentifier {
  name: string;
  kind: string;
  signature: string | null;
  side: "code" | "test";
  status: string;
  policies: readonly string[];
  locations: { definedAt: MarkLocation | null; usedAt: readonly MarkLocation[] };
}

/** A highlighted occurrence of an identifier on one line of a patch. */
export interface Mark {
  name: string;
  line: number;
  /** where the name starts (1-based), as the analysis found it; absent: the editor looks for it on the line */
  column?: number;
  role: "def" | "use";
  /** DefUse's own identifiers stand out; the other selections' are lighter */
  strong: boolean;
  hover: string;
}

/**
 * The patch a location is in. Analyses since locations carry it say so; for older ones: a definition is in
 * its side's patch and a use in the other's, and a shared name (Doc2Feat's "name") wherever its path is.
 */
export function patchOfLocation(
  place: MarkLocation,
  role: "def" | "use",
  identifier: Pick<MarkedIdentifier, "kind" | "side">,
  goldPaths: ReadonlySet<string>,
): Patch {
  if (place.patch) return place.patch;
  if (identifier.kind === "name") return goldPaths.has(place.path) ? "gold" : "test";
  return (role === "def") === (identifier.side === "code") ? "gold" : "test";
}

/** An identifier's locations, each with the patch it is in. */
export function placeLocations<L extends MarkLocation>(
  locations: { definedAt: L | null; usedAt: readonly L[] },
  identifier: Pick<MarkedIdentifier, "kind" | "side">,
  goldPaths: ReadonlySet<string>,
): { definedAt: (L & { patch: Patch }) | null; usedAt: Array<L & { patch: Patch }> } {
  const place = (location: L, role: "def" | "use") => ({
    ...location,
    patch: patchOfLocation(location, role, identifier, goldPaths),
  });
  return {
    definedAt: locations.definedAt ? place(locations.definedAt, "def") : null,
    usedAt: locations.usedAt.map((u) => place(u, "use")),
  };
}

/** Each shown identifier's definition and uses, as marks in the gold or the test pane. */
export function patchMarks(
  shown: readonly MarkedIdentifier[],
  goldPaths: ReadonlySet<string> = new Set(),
): { gold: Mark[]; test: Mark[] } {
  const gold: Mark[] = [];
  const test: Mark[] = [];
  for (const i of shown) {
    const strong = i.policies.includes("defuse");
    const hover = `**${i.name}** (${i.kind})${
      i.signature
        ? `\n\n${i.signature
            .split("\n")
            .map((s) => `\`${s}\``)
            .join("  \n")}`
        : ""
    }\n\n${i.status} · defined in the ${i.side} patch · ${i.policies.join(", ")}`;
    const places = [
      ...(i.locations.definedAt ? [{ place: i.locations.definedAt, role: "def" as const }] : []),
      ...i.locations.usedAt.map((place) => ({ place, role: "use" as const })),
    ];
    for (const { place, role } of places) {
      const pane = patchOfLocation(place, role, i, goldPaths) === "gold" ? gold : test;
      pane.push({
        name: i.name,
        line: place.diffLine,
        ...(place.column !== undefined ? { column: place.column } : {}),
        role,
        strong,
        hover,
      });
    }
  }
  return { gold, test };
}

/**
 * The columns [start, end) a mark covers on its line's text: from the analysis's column where it has one
 * (and the name is there), else the first whole-word occurrence of the member name, else the whole line.
 */
export function markColumns(lineText: string, name: string, column?: number): [number, number] {
  const member = name.split(/\.|::|#/).pop() ?? name;
  if (column !== undefined && lineText.startsWith(member, column - 1)) return [column, column + member.length];
  const at = wholeWordAt(lineText, member);
  return at < 0 ? [1, lineText.length + 1] : [at + 1, at + 1 + member.length];
}

/** Transcription evidence: the gold-patch lines the hints of the selected identifiers copy. */
export function copiedGoldLines(
  evidence: { identifiers: ReadonlyArray<{ name: string; longest_copied_run: string }> } | null,
  goldPatch: string,
  selected: ReadonlyArray<{ name: string }>,
): Array<{ line: number; hover: string }> {
  const names = new Set(selected.map((s) => s.name));
  const byLine = new Map<number, string[]>();
  for (const e of evidence?.identifiers ?? []) {
    if (e.longest_copied_run === "" || !names.has(e.name)) continue;
    for (const line of linesCopiedInto(goldPatch, e.longest_copied_run)) {
      const copiers = byLine.get(line) ?? [];
      copiers.push(e.name);
      byLine.set(line, copiers);
    }
  }
  return [...byLine].map(([line, copiers]) => ({
    line,
    hover: `copied into the Pro hint of ${copiers.join(", ")} (transcription evidence)`,
  }));
}

/** What the curator picked, and how many times in a row (each further pick steps to the next use). */
export type Picked = { name: string; step: number } | null;

/** Picking a name again steps on; picking another starts at its definition. */
export const pickNext = (picked: Picked, name: string): Picked =>
  picked?.name === name ? { name, step: picked.step + 1 } : { name, step: 0 };

type Target = { line: number; column?: number; name: string } | null;

/**
 * Where each pane goes for a pick: the first pick brings the panes to the definition (or, lacking one, the
 * first use), each further pick to the next use, round and round; the pane the target is not in shows the
 * name's first mark there.
 */
export function revealFor(picked: Picked, marks: { gold: Mark[]; test: Mark[] }): { gold: Target; test: Target } {
  if (!picked) return { gold: null, test: null };
  const all = [
    ...marks.gold.map((m) => ({ ...m, pane: "gold" as const })),
    ...marks.test.map((m) => ({ ...m, pane: "test" as const })),
  ].filter((m) => m.name === picked.name);
  const defs = all.filter((m) => m.role === "def");
  const uses = all.filter((m) => m.role === "use");
  const target = picked.step === 0 ? (defs[0] ?? uses[0]) : uses[(picked.step - 1) % Math.max(uses.length, 1)];
  const firstIn = (pane: Patch) => (target?.pane === pane ? target : all.find((m) => m.pane === pane));
  const at = (m: (typeof all)[number] | undefined): Target =>
    m ? { line: m.line, name: m.name, ...(m.column !== undefined ? { column: m.column } : {}) } : null;
  return { gold: at(firstIn("gold")), test: at(firstIn("test")) };
}

/**
 * Where an agent's patch names the identifiers the hint is about: each whole-word occurrence on an added
 * line, marked as a definition where the line defines it (`def name`, `function name`, `name(` at the start
 * of a declaration) and as a use otherwise. Found by name, as the agent's patch has no analysis of its own.
 */
export function agentPatchMarks(text: string, identifiers: readonly MarkedIdentifier[]): Mark[] {
  const marks: Mark[] = [];
  const names = [...new Set(identifiers.map((i) => i.name.split(".").at(-1) ?? i.name))].filter((n) => n !== "");
  text.split("\n").forEach((lineText, index) => {
    if (!lineText.startsWith("+") || lineText.startsWith("+++")) return;
    for (const name of names) {
      const at = wholeWordAt(lineText, name);
      if (at < 0) continue;
      const defines = new RegExp(
        `\\b(def|func|function|fn|class|interface|type|struct|const|let|var|public|private|protected|static)\\b[^=(]*\\b${name.replace(/[$]/g, "\\$")}\\b`,
      ).test(lineText);
      marks.push({
        name,
        line: index + 1,
        column: at + 1,
        role: defines ? "def" : "use",
        strong: true,
        hover: `${name}: the agent's patch ${defines ? "defines" : "uses"} the name the gold patch gives it`,
      });
    }
  });
  return marks;
}

/**
 * Where the stepping through an identifier stands, in words: "definition", or "use 2 of 5" (a step to another
 * use on the same line says so too, where the panes alone would show no change). Null when nothing is picked.
 */
export function stepLabel(picked: Picked, marks: { gold: Mark[]; test: Mark[] }): string | null {
  if (!picked) return null;
  const all = [...marks.gold, ...marks.test].filter((m) => m.name === picked.name);
  const uses = all.filter((m) => m.role === "use").length;
  const defined = all.some((m) => m.role === "def");
  if (picked.step === 0 && (defined || uses === 0))
    return `${picked.name}: definition${uses ? ` (${uses} use${uses === 1 ? "" : "s"})` : ""}`;
  // As revealFor steps: with no definition, the first pick shows the first use.
  const k = picked.step === 0 ? 1 : ((picked.step - 1) % uses) + 1;
  return `${picked.name}: use ${k} of ${uses}`;
}
