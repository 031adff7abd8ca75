import { parseDiff } from "../analysis/parse-diff";

/* Code read as tokens: a diff's added lines, whether a name is stated in a text, how much of a hint copies the gold patch and which lines it copies. */

const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|[^\s\w]/g;
export const tokensOf = (text: string) => text.match(TOKEN) ?? [];

/** The added lines of a unified diff (text only); an unparsable diff has none. */
export function addedLines(diff: string): string[] {
  try {
    return parseDiff(diff).flatMap((file) =>
      file.hunks.flatMap((h) => h.lines.filter((l) => l.kind === "+").map((l) => l.text)),
    );
  } catch {
    return [];
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Whether a word stands in a text as a word of its own. */
export const wordIn = (text: string, word: string) =>
  word.length > 0 && new RegExp(`(^|[^\\w])${escapeRegExp(word)}([^\\w]|$)`).test(text);

/** Whether a name is stated in a text: its qualified form, or its member name (of three characters or more). */
export function statedIn(text: string | null, identifier: { name: string; member: string }): boolean {
  if (!text) return false;
  return wordIn(text, identifier.name) || (identifier.member.length > 2 && wordIn(text, identifier.member));
}

const RUN = 5;

/**
 * How much of a hint copies the gold patch: tokens of the hint (those of `own` excepted: the identifier's
 * name and signature, which a hint states by design) covered by a run of ≥ 5 tokens that also occurs,
 * in order, on the gold patch's added lines.
 */
export function transcription(hint: string, goldAdded: readonly string[], own: readonly string[] = []) {
  const gold = goldAdded.flatMap(tokensOf);
  const grams = new Set<string>();
  for (let i = 0; i + RUN <= gold.length; i++) grams.add(gold.slice(i, i + RUN).join("\u0000"));
  const tokens = tokensOf(hint);
  const ownTokens = new Set(own.flatMap(tokensOf));
  const covered = new Array<boolean>(tokens.length).fill(false);
  for (let i = 0; i + RUN <= tokens.length; i++) {
    if (grams.has(tokens.slice(i, i + RUN).join("\u0000"))) for (let k = i; k < i + RUN; k++) covered[k] = true;
  }
  let longest: [number, number] = [0, 0];
  for (let i = 0; i < tokens.length; ) {
    if (!covered[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < tokens.length && covered[j]) j++;
    if (j - i > longest[1] - longest[0]) longest = [i, j];
    i = j;
  }
  const counted = tokens.map((t, i) => ({ t, i })).filter(({ t }) => !ownTokens.has(t) && /\w/.test(t));
  const copied = counted.filter(({ i }) => covered[i]).length;
  return {
    share: counted.length === 0 ? 0 : copied / counted.length,
    longest: tokens.slice(longest[0], longest[1]).join(" "),
  };
}

/**
 * The lines of a patch (1-based, as the patch pane numbers them) that a copied run comes from: added
 * lines whose tokens (three or more) occur in the run in order, or that hold the whole run. What the pane
 * highlights beside the hint that copies them.
 */
export function linesCopiedInto(patch: string, run: string): number[] {
  const runTokens = tokensOf(run);
  if (runTokens.length === 0) return [];
  const joinedRun = `\u0000${runTokens.join("\u0000")}\u0000`;
  const out: number[] = [];
  patch.split("\n").forEach((text, index) => {
    if (!text.startsWith("+") || text.startsWith("+++")) return;
    const tokens = tokensOf(text.slice(1));
    if (tokens.length === 0) return;
    const joinedLine = `\u0000${tokens.join("\u0000")}\u0000`;
    if ((tokens.length >= 3 && joinedRun.includes(joinedLine)) || joinedLine.includes(joinedRun)) out.push(index + 1);
  });
  return out;
}
