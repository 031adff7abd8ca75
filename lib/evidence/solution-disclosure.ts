import { PROJECTIONS, type Projection, SELECTIONS } from "../domain/hint-vocabulary";
import { composeHint, type HintSourceIdentifier, NO_TRIM } from "../hint/compose-hint";
import { addedLines, tokensOf } from "./evidence";

/*
 * How much of the solution a rendered hint discloses: the spoiler axis of the frontier (lib/stats/frontier.ts).
 *
 * The paper's disclosure scale tops out at TRANSCRIPTION: a hint that "restates the solution closely enough that
 * the code could be transliterated from the text" (SPEC §6; the paper's Appendix C). Measured without a judge,
 * deterministically: of the gold patch's added code, the share of its word tokens (names, keywords, numbers;
 * punctuation is not counted) that lie in a run of five or more consecutive tokens the hint's text also holds,
 * in the same order (the run length evidence.ts's per-identifier transcription share uses). A hint that names
 * identifiers transcribes almost none of the patch; a declaration transcribes the signature lines it restates;
 * a Pro text that describes the implementation step by step transcribes more. The hint is the one an agent
 * reads (composeHint, audience `agent`, no trim), from the analysis's identifiers and the benchmark's own
 * descriptions (its interface and requirements); descriptions a model wrote later are not part of it.
 */

/** Tokens in a row that make a copied run (as evidence.ts's transcription). */
const RUN = 5;

/** The gold patch's added code as the measure reads it: its tokens, and which of them are words. */
export interface SolutionTokens {
  tokens: readonly string[];
  words: number;
}

export function solutionTokens(goldPatch: string): SolutionTokens {
  const tokens = addedLines(goldPatch).flatMap(tokensOf);
  return { tokens, words: tokens.filter((t) => /\w/.test(t)).length };
}

/**
 * The share (0–1) of the gold patch's added word tokens that a hint's text transcribes: those inside a run of
 * ≥ 5 tokens that occurs, in order, in the hint too. 0 for an empty hint or a patch that adds no words.
 */
export function solutionDisclosed(hint: string, solution: SolutionTokens): number {
  if (solution.words === 0 || hint === "") return 0;
  const hintTokens = tokensOf(hint);
  const grams = new Set<string>();
  for (let i = 0; i + RUN <= hintTokens.length; i++) grams.add(hintTokens.slice(i, i + RUN).join("\u0000"));
  if (grams.size === 0) return 0;
  const gold = solution.tokens;
  const covered = new Uint8Array(gold.length);
  for (let i = 0; i + RUN <= gold.length; i++)
    if (grams.has(gold.slice(i, i + RUN).join("\u0000"))) covered.fill(1, i, i + RUN);
  let words = 0;
  for (let i = 0; i < gold.length; i++) if (covered[i] === 1 && /\w/.test(gold[i] as string)) words++;
  return words / solution.words;
}

/** What the hints of an instance are rendered from, and the patch they are measured against. */
export interface DisclosureSource {
  goldPatch: string;
  interfaceText: string | null;
  requirements: string | null;
}

/** An instance's disclosure per projection under one selection (each share 0–1). */
export type ProjectionDisclosure = Record<Projection, number>;

/**
 * An instance's disclosure under every selection × projection: the share of its gold patch's added code each
 * rendered hint transcribes (solutionDisclosed), by selection.
 */
export function instanceDisclosure(
  identifiers: readonly HintSourceIdentifier[],
  source: DisclosureSource,
): Map<string, ProjectionDisclosure> {
  const solution = solutionTokens(source.goldPatch);
  const hintSource = { interfaceText: source.interfaceText, requirements: source.requirements, identifiers };
  // Two selections that pick the same identifiers render the same text: measured once.
  const measured = new Map<string, number>();
  const share = (text: string) => {
    const known = measured.get(text);
    if (known !== undefined) return known;
    const value = solutionDisclosed(text, solution);
    measured.set(text, value);
    return value;
  };
  return new Map(
    SELECTIONS.map((selection) => [
      selection,
      Object.fromEntries(
        PROJECTIONS.map((projection) => [
          projection,
          share(composeHint(hintSource, selection, projection, NO_TRIM, "agent").text),
        ]),
      ) as ProjectionDisclosure,
    ]),
  );
}
