import { linesCopiedInto } from "@/lib/evidence/evidence";
import type { ReviewData } from "@/lib/server/queries/review-instance";
import type { Mark } from "./patch-editor";

/*
 * What the two patch panes highlight, worked out from the analysis (pure, so the workspace only memoises):
 * each identifier's definition and uses, the gold-patch lines a hint copies, and where a pick lands.
 */

type Identifier = ReviewData["identifiers"][number];

/** Each shown identifier's definition and uses, as marks in the gold or the test pane. */
export function patchMarks(
  shown: readonly Identifier[],
  goldPaths: ReadonlySet<string>,
): { gold: Mark[]; test: Mark[] } {
  const gold: Mark[] = [];
  const test: Mark[] = [];
  for (const i of shown) {
    const strong = i.policies.includes("defuse");
    const hover = `**${i.name}** (${i.kind})${i.signature ? `\n\n\`${i.signature}\`` : ""}\n\n${i.status} · defined in the ${i.side} patch · ${i.policies.join(", ")}`;
    const places = [
      ...(i.locations.definedAt ? [{ ...i.locations.definedAt, role: "def" as const }] : []),
      ...i.locations.usedAt.map((u) => ({ ...u, role: "use" as const })),
    ];
    for (const place of places) {
      const inGold = i.kind === "name" ? goldPaths.has(place.path) : (place.role === "def") === (i.side === "code");
      (inGold ? gold : test).push({ name: i.name, line: place.diffLine, role: place.role, strong, hover });
    }
  }
  return { gold, test };
}

/** Transcription evidence: the gold-patch lines the hints of the selected identifiers copy. */
export function copiedGoldLines(
  evidence: ReviewData["instance"]["evidence"],
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

/** Picking an identifier brings each pane to its definition, then steps through its uses on every pick. */
export function revealFor(
  picked: { name: string; step: number } | null,
  marks: { gold: Mark[]; test: Mark[] },
): { gold: { line: number; name: string } | null; test: { line: number; name: string } | null } {
  if (!picked) return { gold: null, test: null };
  const all = [
    ...marks.gold.map((m) => ({ ...m, pane: "gold" as const })),
    ...marks.test.map((m) => ({ ...m, pane: "test" as const })),
  ].filter((m) => m.name === picked.name);
  const defs = all.filter((m) => m.role === "def");
  const uses = all.filter((m) => m.role === "use");
  const target = picked.step === 0 ? (defs[0] ?? uses[0]) : uses[(picked.step - 1) % Math.max(uses.length, 1)];
  const firstIn = (pane: "gold" | "test") => (target?.pane === pane ? target : all.find((m) => m.pane === pane));
  const at = (m: (typeof all)[number] | undefined) => (m ? { line: m.line, name: m.name } : null);
  return { gold: at(firstIn("gold")), test: at(firstIn("test")) };
}
