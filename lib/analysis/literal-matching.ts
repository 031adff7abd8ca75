import { HOLE, type PatchLiteral } from "./literals";
import type { Location } from "./locations";

/**
 * Test-facing literals: strings the test patch's added lines check (asserted, compared, or passed to the
 * code under test) that the gold patch's added lines write too — the same text, a template that produces it
 * (an f-string, a template string, a `%s`/`{}` format), or a message the test quotes in part or wraps in more text. A correct
 * solution that words them otherwise fails: the guesswork of messages, beside the guesswork of names.
 */
export interface TestFacingLiteral {
  /** as the test writes it (holes of an interpolation as HOLE) */
  text: string;
  test: Location;
  gold: Location;
  /** the gold patch's literal is new: not in what the patch shows of its files before */
  introduced: boolean;
}

/** Format placeholders a message template holds: printf's `%s`/`%(name)s`/`%5.2f`, `{}`/`{0}`/`{name!r:>8}`. */
const PLACEHOLDER = /%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXgGeEcvqTtpbo]|\{[^{}\s]*\}/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A literal that reads as a message: words (two or more) with letters, five characters or more. A single
 * token (`"source_records"`, `"trivy-target"`, a describe() title) is a key or a name: the identifier
 * analysis's business, not a message's.
 */
export function isDistinctive(text: string): boolean {
  const plain = text.split(HOLE).join(" ").trim();
  return plain.length >= 5 && /[A-Za-z]{2}/.test(plain) && /\S\s+\S/.test(plain);
}

/** The pieces of a template that are fixed text (between holes and placeholders). */
const fixedParts = (text: string) =>
  text
    .replace(PLACEHOLDER, HOLE)
    .split(HOLE)
    .filter((part) => part.trim() !== "");

/** Whether the gold literal produces (or quotes) the tested one. */
function produces(gold: string, tested: string): boolean {
  if (gold === tested) return true;
  const hasHoles = gold.includes(HOLE) || PLACEHOLDER.test(gold);
  PLACEHOLDER.lastIndex = 0;
  // A template produces a message only when its fixed text is long enough (ten characters) to say something:
  // `"import %s"` or `"%s.%s"` fit any text of their shape.
  if (hasHoles && !tested.includes(HOLE) && fixedParts(gold).join("").length >= 10) {
    const pattern = gold.replace(PLACEHOLDER, HOLE).split(HOLE).map(escapeRegExp).join("[\\s\\S]*?");
    if (new RegExp(`^${pattern}$`).test(tested)) return true;
    // A test that wraps the message in more text (`'index.rst:55: WARNING: <message>' in warnings`): the
    // template found inside.
    if (new RegExp(pattern).test(tested)) return true;
  }
  // A test that quotes part of the message (`match="Invalid unit"`, `assertIn`), or a whole message built
  // around the gold patch's fixed text.
  const testedPlain = tested.split(HOLE).join("");
  if (testedPlain.length >= 10 && fixedParts(gold).some((part) => part.includes(testedPlain))) return true;
  const goldPlain = gold.split(HOLE).join("");
  return !hasHoles && goldPlain.length >= 10 && testedPlain.includes(goldPlain);
}

/**
 * A tested text that reads as a glob pattern (a `*` at its start or end, as pytest's `fnmatch_lines` and
 * `LineMatcher` take them), its wildcards as holes; else null.
 */
function globHoles(text: string): string | null {
  if (!/^\*|\*$/.test(text) || text.replace(/\*/g, "").trim().length < 10) return null;
  return text.replace(/\*+/g, HOLE);
}

/** The test-facing literals of an instance, one per tested text, in the test patch's order. */
export function matchLiterals(
  code: { literals: readonly PatchLiteral[]; textBefore: readonly string[] },
  test: { literals: readonly PatchLiteral[] },
): TestFacingLiteral[] {
  // A literal stood before when its text (its longest fixed piece, for a template) is in what the patch shows
  // of the file before it.
  const stoodBefore = (text: string) => {
    const piece = text
      .split(HOLE)
      .sort((a, b) => b.length - a.length)[0]
      ?.trim();
    return piece !== undefined && piece.length > 0 && code.textBefore.some((before) => before.includes(piece));
  };
  const gold = code.literals.filter((l) => isDistinctive(l.text));
  const out: TestFacingLiteral[] = [];
  const seen = new Set<string>();
  for (const tested of test.literals) {
    if (!tested.checked || !isDistinctive(tested.text) || seen.has(tested.text)) continue;
    // The closest first: the same text, then a template, then a quotation; a glob pattern (pytest's
    // `fnmatch_lines(["*message*"])`) with its wildcards read as holes.
    const pattern = globHoles(tested.text);
    const match =
      gold.find((g) => g.text === tested.text) ??
      gold.find((g) => produces(g.text, tested.text) || (pattern !== null && produces(g.text, pattern)));
    if (!match) continue;
    seen.add(tested.text);
    out.push({
      text: tested.text,
      test: tested.location,
      gold: match.location,
      introduced: !stoodBefore(match.text),
    });
  }
  return out;
}
