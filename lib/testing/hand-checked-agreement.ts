import { analyzeInstance, type InstanceAnalysis } from "../analysis/analyze-instance";
import { type Expectation, HAND_CHECKED_CASES, loadInstance } from "./hand-checked-cases";

export interface AgreementRow {
  language: string;
  cases: number;
  /** names the engine picked that the hand check has, over all it picked */
  precision: number;
  /** names the hand check has that the engine picked, over all the hand check has */
  recall: number;
  extra: string[];
  missing: string[];
}

/** What the engine picks for a case, as the hand check counts it (JavaScript cases: .js files only). */
export function pickedFor(c: Expectation, analysis: InstanceAnalysis): string[] {
  return analysis.identifiers
    .filter((i) => i.policies.includes(c.selection))
    .filter((i) => c.language !== "javascript" || /\.(js|jsx|mjs|cjs)$/.test(i.path))
    .map((i) => i.name)
    .sort();
}

/**
 * The engine against the hand-checked real instances, per language: precision and recall of the picked
 * names, and which names were extra or missing. `analyses` may hold analyses already made, by case id.
 */
export async function agreement(
  analyses = new Map<string, InstanceAnalysis>(),
  analyse: (input: ReturnType<typeof loadInstance>, c: Expectation) => Promise<InstanceAnalysis> = (input) =>
    analyzeInstance(input),
): Promise<AgreementRow[]> {
  const byLanguage = new Map<
    string,
    { cases: number; hits: number; picked: number; expected: number; extra: string[]; missing: string[] }
  >();
  for (const c of HAND_CHECKED_CASES) {
    const analysis = analyses.get(c.id) ?? (await analyse(loadInstance(c.file, c.id), c));
    analyses.set(c.id, analysis);
    const picked = pickedFor(c, analysis);
    const expected = new Set(c.expected);
    const row = byLanguage.get(c.language) ?? { cases: 0, hits: 0, picked: 0, expected: 0, extra: [], missing: [] };
    row.cases++;
    row.picked += picked.length;
    row.expected += expected.size;
    row.hits += picked.filter((name) => expected.has(name)).length;
    row.extra.push(...picked.filter((name) => !expected.has(name)).map((name) => `${c.id.slice(0, 40)}: ${name}`));
    row.missing.push(
      ...c.expected.filter((name) => !picked.includes(name)).map((name) => `${c.id.slice(0, 40)}: ${name}`),
    );
    byLanguage.set(c.language, row);
  }
  return [...byLanguage.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, r]) => ({
      language,
      cases: r.cases,
      precision: r.picked === 0 ? 1 : r.hits / r.picked,
      recall: r.expected === 0 ? 1 : r.hits / r.expected,
      extra: r.extra,
      missing: r.missing,
    }));
}
