// Over 300 lines: the evidence a curator checks (leak channels, per-identifier and literal evidence) measured over the same texts of one instance.
import { parseDiff } from "../analysis/parse-diff";
import type { RepositoryFact } from "../repository-store/repository-facts";
import { addedLines, statedIn, transcription, wordIn } from "./copied-tokens";
import { codeInIssue, diffInIssue } from "./solution-in-issue";

export { addedLines, linesCopiedInto, statedIn, tokensOf, transcription } from "./copied-tokens";

/**
 * Evidence a curator can check, measured from the instance alone (no model, no agent run): what the issue
 * and the benchmark's own hint text already state, which names the tests face, how much of a rendered
 * hint copies the gold patch, and the channels through which a solution can leak.
 */

/** The text a leak was found in: the issue's own text, its discussion, the instance's id, the benchmark's hint. */
export const LEAK_SOURCES = ["problem_statement", "hints_text", "instance_id", "benchmark_hint"] as const;
export type LeakSource = (typeof LEAK_SOURCES)[number];

/** A leak channel found in an instance, with the span that shows it. */
export interface Leak {
  /** `id_commit`, `solution_in_issue`, `tests_in_issue`, `hint_quotes_code` */
  channel: string;
  /** which text shows it (a published label that read the problem statement is compared with that text's leaks only) */
  source: LeakSource;
  /** in words, with the evidence span */
  detail: string;
  /** for the copied-lines channels: the share of eligible lines found; else null */
  share: number | null;
}

/**
 * The source of a leak stored before leaks said theirs: the channel's own text (the id, the benchmark's hint),
 * else what its detail names (a leak found in hints_text said "the hints text").
 */
export function storedLeakSource(leak: { channel: string; detail: string }): LeakSource {
  if (leak.channel === "id_commit") return "instance_id";
  if (leak.channel === "hint_quotes_code") return "benchmark_hint";
  return leak.detail.startsWith("the hints text") ? "hints_text" : "problem_statement";
}

export interface IdentifierEvidence {
  name: string;
  /** the name (bare or qualified, word-bounded) occurs in the problem statement */
  stated_in_issue: boolean;
  /** …or in the benchmark's own hint text (SWE-bench Pro's requirements and interface) */
  stated_in_benchmark_hint: boolean;
  /** the tests reference it (it is in DefUse): hiding it leaves guesswork */
  test_facing: boolean;
  /** occurrences of the member name at the base commit (`git grep -w`); null without the repository */
  repo_occurrences: number | null;
  /** files that name it at the base commit; null without the repository */
  repo_files: number | null;
  /** whether a file at the base commit defines it (parsed); null without the repository or when unknown */
  repo_defined: boolean | null;
  /** of the identifier's rendered hint (Pro projection), the share of tokens beyond its name and signature that copy a run of ≥ 5 tokens of the gold patch's added lines */
  transcription_share: number;
  /** the longest such copied run, as text ("" when none) */
  longest_copied_run: string;
}

/** A string the tests check that the gold patch writes (a message a correct solution must word the same). */
export interface LiteralEvidence {
  /** as the test writes it; an interpolation shows as {…} */
  text: string;
  test_path: string;
  /** the line in the test file after the patch, and the line of the test patch's text (for the panes) */
  test_line: number | null;
  test_diff_line: number;
  gold_path: string;
  gold_line: number | null;
  gold_diff_line: number;
  /** the gold patch's literal is new (not in what the patch shows before) */
  introduced_by_gold: boolean;
  stated_in_issue: boolean;
  stated_in_benchmark_hint: boolean;
}

export interface InstanceEvidence {
  leaks: Leak[];
  identifiers: IdentifierEvidence[];
  literals: LiteralEvidence[];
}

const squeezed = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** Whether a text states a literal: its fixed text (each piece between interpolations) occurs there. */
export function statesLiteral(text: string | null, literal: string): boolean {
  if (!text) return false;
  const haystack = squeezed(text);
  const pieces = literal
    .split("\u0000")
    .map(squeezed)
    .filter((p) => p !== "");
  return pieces.length > 0 && pieces.every((piece) => haystack.includes(piece));
}

/** The test-facing literals of an instance, with whether the issue or the benchmark's hint text states them. */
export function literalEvidence(
  instance: EvidenceInput,
  literals: ReadonlyArray<{
    text: string;
    test: { path: string; fileLine: number | null; diffLine: number };
    gold: { path: string; fileLine: number | null; diffLine: number };
    introduced: boolean;
  }>,
): LiteralEvidence[] {
  const benchmarkHint = [instance.requirements, instance.interfaceText].filter(Boolean).join("\n") || null;
  return literals.map((l) => ({
    text: l.text.split("\u0000").join("{…}"),
    test_path: l.test.path,
    test_line: l.test.fileLine,
    test_diff_line: l.test.diffLine,
    gold_path: l.gold.path,
    gold_line: l.gold.fileLine,
    gold_diff_line: l.gold.diffLine,
    introduced_by_gold: l.introduced,
    // The problem statement alone, as for names: what a benchmark gives the agent and a label's authors read.
    stated_in_issue: statesLiteral(instance.problemStatement, l.text),
    stated_in_benchmark_hint: statesLiteral(benchmarkHint, l.text),
  }));
}

/** Lines worth looking for elsewhere: long enough not to occur by chance. */
const distinctive = (line: string) => {
  const trimmed = line.trim();
  return trimmed.length >= 20 && /[A-Za-z]/.test(trimmed) && !/^(\/\/|#|\*|\/\*)/.test(trimmed);
};

const TEST_NAME =
  /(?:def\s+(test_\w+)|func\s+(Test\w+)|\b(?:it|test|describe)\(\s*["'`]([^"'`]{8,})["'`]|void\s+(test\w+)\s*\()/;
const ASSERTION = /\b(assert\w*|expect|EXPECT_\w+|ASSERT_\w+)\b/;

export interface EvidenceInput {
  externalId: string;
  baseCommit: string;
  problemStatement: string;
  hintsText: string | null;
  goldPatch: string;
  testPatch: string;
  requirements: string | null;
  interfaceText: string | null;
}

/** The lines a patch shows before it (context and removed), trimmed: code that exists already. */
function preImageLines(diff: string): Set<string> {
  try {
    return new Set(
      parseDiff(diff).flatMap((file) =>
        file.hunks.flatMap((h) => h.lines.filter((l) => l.kind !== "+").map((l) => l.text.trim())),
      ),
    );
  } catch {
    return new Set();
  }
}

/** Lines that say nothing of a solution: imports, one- or two-token lines, bare keywords and brackets. */
const IMPORT_LINE = /^(import\s|from\s+\S+\s+import\s|#include\b|use\s|require[\s(]|package\s|using\s)/;
const wordTokens = (line: string) => line.match(/[A-Za-z_][A-Za-z0-9_]*|\d+/g) ?? [];

/**
 * The gold patch's solution in a text, found three ways:
 * - its new added lines (not in the patch's pre-image: an issue quoting existing code quotes no solution)
 *   that say something (not an import, not one or two tokens), found whole (whitespace folded, a trailing
 *   comma or semicolon aside); each line weighs its distinct word tokens; the leak needs two lines, or one of
 *   six words or more, or one that is half the patch's new code;
 * - a unified diff the text quotes that makes one of the gold patch's hunks (see diffInIssue);
 * - code the text quotes that states the gold patch's change token by token, however wrapped (see
 *   codeInIssue): at least 60% of the change's names, numbers and literals matched in place (with the
 *   lines it stands in, or on the issue's line that states part of it), one beyond a keyword and the hunk's
 *   old code, among three or more matched words.
 * The leak says which way, what matched, and which text (`source`).
 */
export function solutionInIssue(
  goldPatch: string,
  issue: string,
  where = "the issue text",
  source: LeakSource = "problem_statement",
): Leak | null {
  if (issue.trim() === "") return null;
  const byLines = solutionLines(goldPatch, issue);
  if (byLines)
    return { channel: "solution_in_issue", source, detail: `${where} ${byLines.detail}`, share: byLines.share };
  const diff = diffInIssue(goldPatch, issue);
  if (diff.matched.length > 0)
    return {
      channel: "solution_in_issue",
      source,
      detail: `${where} quotes a unified diff that makes ${diff.matched.length} of the gold patch's ${diff.hunks} hunks (${diff.matched.join(", ")})`,
      share: diff.matched.length / diff.hunks,
    };
  const code = codeInIssue(goldPatch, issue);
  if (code.changed > 0 && code.matched / code.changed >= 0.6 && code.distinctive >= 1 && code.support >= 3)
    return {
      channel: "solution_in_issue",
      source,
      detail: `${where} quotes code that states ${code.matched} of the ${code.changed} names, numbers and literals the gold patch changes, in place (token by token): ${code.example}`,
      share: code.matched / code.changed,
    };
  return null;
}

function solutionLines(goldPatch: string, issue: string): { detail: string; share: number } | null {
  const before = preImageLines(goldPatch);
  const lines = [
    ...new Set(
      addedLines(goldPatch)
        .map((l) => l.trim())
        .filter((l) => distinctive(l) && !before.has(l) && !IMPORT_LINE.test(l) && wordTokens(l).length >= 3),
    ),
  ];
  const weight = (line: string) => new Set(wordTokens(line)).size;
  // Compared without a trailing comma or semicolon, whitespace folded: an issue re-typing the fix drops them.
  const fold = (text: string) => text.replace(/\s+/g, " ").trim();
  const text = fold(issue);
  const matched = lines.filter((line) => text.includes(fold(line.replace(/[,;]\s*$/, ""))));
  if (matched.length === 0) return null;
  const total = lines.reduce((sum, l) => sum + weight(l), 0);
  const found = matched.reduce((sum, l) => sum + weight(l), 0);
  // One short line alone is a coincidence, unless it is most of what the patch adds.
  if (matched.length < 2 && found < 6 && found / total < 0.5) return null;
  const shown = matched
    .slice(0, 3)
    .map((l) => `"${l}"`)
    .join(", ");
  return {
    detail: `contains ${matched.length} of the gold patch's ${lines.length} new added lines (weighed by their words, ${Math.round((found / total) * 100)}%): ${shown}${matched.length > 3 ? ", …" : ""}`,
    share: found / total,
  };
}

/** The leak channels of an instance, each with the span that shows it. */
export function leakChannels(instance: EvidenceInput): Leak[] {
  const leaks: Leak[] = [];
  for (const hash of instance.externalId.match(/[0-9a-f]{40}/g) ?? []) {
    if (hash !== instance.baseCommit) {
      leaks.push({
        channel: "id_commit",
        source: "instance_id",
        detail: `the instance id embeds commit ${hash}, which is not the base commit: it may be the fix, which an agent with network access could fetch`,
        share: null,
      });
    }
  }
  // Where the fix shows: the problem statement itself, and the discussion a benchmark ships as hints_text, each
  // its own leak (a label made from the problem statement is compared with the first only).
  const texts: Array<[LeakSource, string, string]> = [
    ["problem_statement", instance.problemStatement, "the issue text"],
    ["hints_text", instance.hintsText ?? "", "the hints text (the issue's discussion)"],
  ];
  for (const [source, text, where] of texts) {
    const solution = solutionInIssue(instance.goldPatch, text, where, source);
    if (solution) leaks.push(solution);
  }
  const testAdded = addedLines(instance.testPatch);
  const assertions = [...new Set(testAdded.map((l) => l.trim()).filter((l) => distinctive(l) && ASSERTION.test(l)))];
  const testNames = [
    ...new Set(
      testAdded.flatMap((l) => {
        const m = TEST_NAME.exec(l);
        return m ? [m.slice(1).find(Boolean) as string] : [];
      }),
    ),
  ].filter((name) => name.length >= 8);
  for (const [source, text, where] of texts) {
    const assertionsInIssue = assertions.filter((line) => text.includes(line));
    const namesInIssue = testNames.filter((name) => wordIn(text, name) || text.includes(name));
    if (assertionsInIssue.length + namesInIssue.length === 0) continue;
    const example = assertionsInIssue[0] ?? namesInIssue[0];
    leaks.push({
      channel: "tests_in_issue",
      source,
      detail: `${where} contains ${assertionsInIssue.length} assertion line(s) and ${namesInIssue.length} test name(s) of the test patch, e.g. "${example}"`,
      share: assertions.length === 0 ? null : assertionsInIssue.length / assertions.length,
    });
  }
  const hintText = `${instance.requirements ?? ""}\n${instance.interfaceText ?? ""}`;
  const goldLines = [
    ...new Set(
      addedLines(instance.goldPatch)
        .map((l) => l.trim())
        .filter(distinctive),
    ),
  ];
  const quoted = goldLines.filter((line) => hintText.includes(line));
  if (quoted.length > 0) {
    leaks.push({
      channel: "hint_quotes_code",
      source: "benchmark_hint",
      detail: `the benchmark's own hint text quotes ${quoted.length} added line(s) of the gold patch verbatim, e.g. "${quoted[0]}"`,
      share: quoted.length / goldLines.length,
    });
  }
  return leaks;
}

/** Per identifier: stated already, test-facing, and how much its richest rendered hint copies the gold patch. */
export function identifierEvidence(
  instance: EvidenceInput,
  identifiers: ReadonlyArray<{
    name: string;
    member: string;
    signature: string | null;
    policies: readonly string[];
    /** the identifier's hint block under the Pro projection */
    hint: string;
  }>,
  repoFacts?: ReadonlyMap<string, RepositoryFact> | null,
): IdentifierEvidence[] {
  const goldAdded = addedLines(instance.goldPatch);
  const benchmarkHint = [instance.requirements, instance.interfaceText].filter(Boolean).join("\n") || null;
  return identifiers.map((i) => {
    const copied = transcription(i.hint, goldAdded, [i.name, i.member, ...(i.signature?.split("\n") ?? [])]);
    return {
      name: i.name,
      stated_in_issue: statedIn(instance.problemStatement, i),
      stated_in_benchmark_hint: statedIn(benchmarkHint, i),
      test_facing: i.policies.includes("defuse"),
      repo_occurrences: repoFacts ? (repoFacts.get(i.member)?.occurrences ?? null) : null,
      repo_files: repoFacts ? (repoFacts.get(i.member)?.files ?? null) : null,
      repo_defined: repoFacts ? (repoFacts.get(i.member)?.defined ?? null) : null,
      transcription_share: Math.round(copied.share * 1000) / 1000,
      longest_copied_run: copied.longest,
    };
  });
}
