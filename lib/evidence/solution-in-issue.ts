// Over 300 lines: the two finders of a solution in an issue (a quoted diff, code token by token) share the issue's reading and the patch's lines.
import { type FileDiff, parseDiff } from "../analysis/parse-diff";

/*
 * The gold patch's solution in an issue's text, found two ways beside whole new lines:
 * - a unified diff the issue quotes, parsed as a patch and compared with the gold patch hunk by hunk (same
 *   file, the same place or the same removed lines, and the quoted hunk's change is the gold hunk's);
 * - code the issue quotes, compared with the gold patch's change token by token: whitespace, line breaks,
 *   commas and semicolons do not matter (an issue re-wraps a call, drops a trailing comma); identifiers and
 *   literals do ('json' and "json" are one literal, 'E' and b'E' are not).
 */

/** Tokens of code: a string literal (one line, either quote), a name, a number, one other character. */
const CODE_TOKEN = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|[^\s\w,;]/g;

/** A token of code as compared: a string literal in double quotes whatever it was written with. */
export function codeTokens(text: string): string[] {
  return (text.match(CODE_TOKEN) ?? []).map((t) =>
    t.length >= 2 && (t[0] === "'" || t[0] === '"') && t.endsWith(t[0]) ? `"${t.slice(1, -1)}"` : t,
  );
}

/** Words every program says: a match of these alone shows no solution. */
const KEYWORDS = new Set(
  "if else elif for while in is not and or None True False null nil true false return def class self this new try except catch finally raise throw with as pass break continue let const var func function import from 0 1".split(
    " ",
  ),
);

const isWord = (token: string) => /^[A-Za-z_0-9"]/.test(token);

const COMMENT_LINE = /^\s*(#|\/\/|\/\*|\*|"""|''')/;
const IMPORT_LINE = /^\s*(import\s|from\s+\S+\s+import\s|#include\b|use\s|require[\s(]|package\s|using\s)/;
const CODE_FILE = /\.(py|pyx|js|jsx|mjs|cjs|ts|tsx|java|go|rs|rb|php|c|h|cc|cpp|hpp|cs|kt|scala|swift)$/;

/** A line's code tokens, a trailing comment (`#`, `//` outside a string) left out. */
function lineTokens(line: string): string[] {
  const tokens = codeTokens(line);
  const hash = tokens.indexOf("#");
  const slashes = tokens.findIndex((t, i) => t === "/" && tokens[i + 1] === "/");
  const cut = [hash, slashes].filter((i) => i >= 0);
  return cut.length === 0 ? tokens : tokens.slice(0, Math.min(...cut));
}

/** Pairs (i, j) of a longest common subsequence of two token lists. */
function lcsPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  const w = m + 1;
  // table[i * w + j]: the longest common subsequence of a[i..] and b[j..].
  const table = new Uint16Array((n + 1) * w);
  const at = (i: number, j: number) => table[i * w + j] ?? 0;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * w + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return pairs;
}

/**
 * The pairs (i, j) a local alignment of `a` with `b` matches (Smith-Waterman: a name, number or literal
 * scores 2, another character 1, a mismatch −2, a token skipped on either side −1): where in the issue the
 * gold patch's code stands, however the issue wraps it.
 */
export function alignedPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  const w = m + 1;
  const score = new Float32Array((n + 1) * w);
  // 0 start, 1 diagonal, 2 skip a token of a, 3 skip a token of b
  const move = new Uint8Array((n + 1) * w);
  const valueAt = (i: number, j: number) => score[i * w + j] ?? 0;
  let best = 0;
  let end: [number, number] = [0, 0];
  for (let i = 1; i <= n; i++) {
    const ai = a[i - 1] as string;
    const weight = isWord(ai) ? 2 : 1;
    for (let j = 1; j <= m; j++) {
      const diagonal = valueAt(i - 1, j - 1) + (ai === b[j - 1] ? weight : -2);
      const skipA = valueAt(i - 1, j) - 1;
      const skipB = valueAt(i, j - 1) - 1;
      let value = 0;
      let step = 0;
      if (diagonal > value) [value, step] = [diagonal, 1];
      if (skipA > value) [value, step] = [skipA, 2];
      if (skipB > value) [value, step] = [skipB, 3];
      score[i * w + j] = value;
      move[i * w + j] = step;
      if (value > best) [best, end] = [value, [i, j]];
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let [i, j] = end; i > 0 && j > 0; ) {
    const step = move[i * w + j] ?? 0;
    if (step === 0) break;
    if (step === 1) {
      if (a[i - 1] === b[j - 1]) pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (step === 2) i--;
    else j--;
  }
  return pairs.reverse();
}

/** The positions of `a` a local alignment with `b` matches (see alignedPairs). */
export function alignedPositions(a: readonly string[], b: readonly string[]): Set<number> {
  return new Set(alignedPairs(a, b).map(([i]) => i));
}

/**
 * A run of removed and added lines of a hunk (the lines between two context lines), with the context lines
 * around it in the new file (up to three each side): the code an issue quotes around a change.
 */
interface ChangeBlock {
  removed: string[];
  added: string[];
  before: string[];
  after: string[];
}

function changeBlocks(lines: ReadonlyArray<{ kind: string; text: string }>): ChangeBlock[] {
  const blocks: ChangeBlock[] = [];
  let current: ChangeBlock | null = null;
  let context: string[] = [];
  for (const line of lines) {
    if (line.kind === " ") {
      if (current && current.after.length < 3) current.after.push(line.text);
      if (current && current.after.length >= 3) current = null;
      context = [...context, line.text].slice(-3);
      continue;
    }
    if (!current || current.after.length > 0) {
      current = { removed: [], added: [], before: context, after: [] };
      blocks.push(current);
    }
    context = [];
    (line.kind === "-" ? current.removed : current.added).push(line.text);
  }
  return blocks;
}

/** The code tokens of lines that say something: comments, imports and blank lines aside. */
const codeOf = (lines: readonly string[]) =>
  lines.filter((l) => l.trim() !== "" && !COMMENT_LINE.test(l) && !IMPORT_LINE.test(l)).flatMap(lineTokens);

/** What a change block adds: its added tokens, and which of them are new (not kept from its removed lines). */
function blockChange(block: Pick<ChangeBlock, "removed" | "added">, before: ReadonlySet<string>) {
  const added = codeOf(block.added.filter((l) => !before.has(l.trim())));
  const kept = new Set(lcsPairs(codeOf(block.removed), added).map(([, j]) => j));
  const changed = added.map((_, i) => !kept.has(i));
  return { added, changed };
}

const safeParse = (diff: string): FileDiff[] => {
  try {
    return parseDiff(diff);
  } catch {
    return [];
  }
};

export interface CodeMatch {
  /** the gold patch's changed names, numbers and literals, and how many of them the issue's code states in place */
  changed: number;
  matched: number;
  /** names, numbers and literals the alignments match in all (changed or kept): the quoted code around the change */
  support: number;
  /** matched changed tokens that are names or literals beyond a language's keywords and the hunk's old code */
  distinctive: number;
  /** the matched tokens in order, for the detail */
  example: string;
}

/** How many of the issue's tokens each side of a found part of the change are read for the rest of it. */
const WINDOW = 6;

/** An issue's code tokens, each with the line it stands on. */
function tokensByLine(issue: string): { tokens: string[]; line: number[] } {
  const tokens: string[] = [];
  const line: number[] = [];
  issue.split(/\r?\n/).forEach((text, k) => {
    for (const t of codeTokens(text)) {
      tokens.push(t);
      line.push(k);
    }
  });
  return { tokens, line };
}

/**
 * The gold patch's change compared token by token with the issue's text: per change block (removed and
 * added lines between context lines) the added tokens the block does not keep from its removed lines, and
 * of those, how many the issue states in place. In place: a local alignment of the block's new code, with
 * the context lines around it (an issue quotes a change among the lines it stands in), with the issue's
 * code; then, on the issue's lines that alignment stands on, the longest common subsequence with the
 * block's added code (an issue writes `x['id']` where the patch writes `x.get('id')`: the alignment stops at
 * the difference, the line goes on).
 */
export function codeInIssue(goldPatch: string, issue: string): CodeMatch {
  const { tokens: text, line: lineOf } = tokensByLine(issue);
  let changed = 0;
  let matched = 0;
  let support = 0;
  let distinctive = 0;
  const shown: string[] = [];
  for (const file of safeParse(goldPatch)) {
    if (!CODE_FILE.test(file.path)) continue;
    // A line the patch moves (removed in one hunk, added in another) is not new.
    const before = new Set(file.hunks.flatMap((h) => h.lines.filter((l) => l.kind !== "+").map((l) => l.text.trim())));
    for (const hunk of file.hunks) {
      // Names the hunk shows before it (context and removed lines): stating one shows no solution.
      const existing = new Set(codeOf(hunk.lines.filter((l) => l.kind !== "+").map((l) => l.text)));
      for (const block of changeBlocks(hunk.lines)) {
        const { added, changed: isChanged } = blockChange(block, before);
        // A block that changes only punctuation counts its characters; else its names, numbers and literals.
        const counts = (i: number) =>
          isChanged[i] === true && (isWord(added[i] as string) || !added.some((t, k) => isChanged[k] && isWord(t)));
        const here = added.filter((_, i) => counts(i)).length;
        if (here === 0) continue;
        // Two alignments: the added code alone (the issue quotes the new code), and with its context (the
        // issue quotes the change among its lines); an issue that also quotes the old code draws the second
        // one there, so both are kept.
        const above = codeOf(block.before);
        const side = [...above, ...added, ...codeOf(block.after)];
        const alone = alignedPairs(added, text);
        const around = alignedPairs(side, text).map(([i, j]): [number, number] => [i - above.length, j]);
        const aligned = new Set<number>();
        const near: number[] = [];
        for (const [i, j] of [...alone, ...around]) {
          if (i < 0 || i >= added.length) continue;
          aligned.add(i);
          if (counts(i)) near.push(j);
        }
        // Around where the alignments found part of the change, on the same issue lines (a few tokens each
        // side), what more of the change the issue states.
        if (near.length > 0) {
          const from = Math.min(...near) - WINDOW;
          const to = Math.max(...near) + WINDOW;
          const lines = new Set(near.map((j) => lineOf[j]));
          const window = text.filter((_, j) => j >= from && j <= to && lines.has(lineOf[j] as number));
          for (const [i] of lcsPairs(added, window)) aligned.add(i);
        }
        // The code quoted around the change: the alignment that found part of it (context counts only when
        // the alignment with context reaches into the change).
        const reaches = (pairs: Array<[number, number]>) =>
          pairs.some(([i]) => i >= 0 && i < added.length && counts(i));
        const supported = Math.max(
          reaches(alone) ? alone.filter(([i]) => isWord(added[i] as string)).length : 0,
          reaches(around) ? around.filter(([i]) => isWord(side[i + above.length] as string)).length : 0,
        );
        const found = [...aligned].filter(counts).sort((x, y) => x - y);
        changed += here;
        matched += found.length;
        distinctive += found.filter(
          (i) => !KEYWORDS.has(added[i] as string) && !existing.has(added[i] as string),
        ).length;
        if (found.length > 0) support += supported;
        if (found.length > 0 && shown.length < 8) shown.push(...found.map((i) => added[i] as string));
      }
    }
  }
  return { changed, matched, support, distinctive, example: shown.slice(0, 8).join(" ") };
}

/** A hunk of a unified diff quoted in an issue's text. */
export interface QuotedHunk {
  path: string;
  oldStart: number;
  oldLines: number;
  lines: Array<{ kind: " " | "+" | "-"; text: string }>;
}

const HUNK_HEADER = /^\s*@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const NEW_PATH = /^\s*\+\+\+ (?:[a-z]\/)?(\S+)/;

/**
 * The unified diffs an issue quotes, read leniently (an issue tracker re-indents them: a context line may
 * start with a tab, a hunk may lose its blank lines): each hunk's lines as its header counts them, up to a
 * line that is no line of a diff.
 */
export function quotedHunks(issue: string): QuotedHunk[] {
  const lines = issue.split(/\r?\n/);
  const hunks: QuotedHunk[] = [];
  let path: string | null = null;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as string;
    const file = NEW_PATH.exec(line);
    if (file) {
      path = file[1] as string;
      continue;
    }
    const header = HUNK_HEADER.exec(line);
    if (!header || path === null) continue;
    const hunk: QuotedHunk = {
      path,
      oldStart: Number(header[1]),
      oldLines: header[2] === undefined ? 1 : Number(header[2]),
      lines: [],
    };
    let oldLeft = hunk.oldLines;
    let newLeft = header[4] === undefined ? 1 : Number(header[4]);
    while ((oldLeft > 0 || newLeft > 0) && k + 1 < lines.length) {
      const next = lines[k + 1] as string;
      if (HUNK_HEADER.test(next) || /^\s*(diff --git|--- |\+\+\+ )/.test(next)) break;
      const kind = next.startsWith("+") ? "+" : next.startsWith("-") ? "-" : /^[ \t]|^$/.test(next) ? " " : null;
      if (kind === null) break;
      k++;
      hunk.lines.push({ kind, text: next.slice(kind === " " && next.startsWith(" ") ? 1 : kind === " " ? 0 : 1) });
      if (kind !== "+") oldLeft--;
      if (kind !== "-") newLeft--;
    }
    hunks.push(hunk);
  }
  return hunks;
}

const samePath = (a: string, b: string) => a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);

/**
 * The gold patch's hunks a diff quoted in the issue makes too: a quoted hunk of the same file, at the same
 * place (its old lines overlap the gold hunk's, give or take 20) or removing a line the gold hunk removes,
 * whose own change (what it adds beyond what it removes) is more than half found, in order, in what the
 * gold hunk adds.
 */
export function diffInIssue(goldPatch: string, issue: string): { hunks: number; matched: string[] } {
  const quoted = quotedHunks(issue);
  const gold = safeParse(goldPatch).filter((f) => CODE_FILE.test(f.path));
  const eligible = gold.flatMap((f) =>
    f.hunks
      .filter((h) => codeOf(h.lines.filter((l) => l.kind === "+").map((l) => l.text)).length > 0)
      .map((h) => ({ path: f.path, hunk: h })),
  );
  if (quoted.length === 0) return { hunks: eligible.length, matched: [] };
  const matched: string[] = [];
  for (const { path, hunk } of eligible) {
    const goldRemoved = new Set(
      hunk.lines.filter((l) => l.kind === "-" && l.text.trim() !== "").map((l) => codeTokens(l.text).join(" ")),
    );
    const goldAdded = codeOf(hunk.lines.filter((l) => l.kind === "+").map((l) => l.text));
    const hit = quoted.some((q) => {
      if (!samePath(q.path, path)) return false;
      const near = q.oldStart <= hunk.oldStart + hunk.oldLines + 20 && hunk.oldStart <= q.oldStart + q.oldLines + 20;
      const sharesRemoved = q.lines.some((l) => l.kind === "-" && goldRemoved.has(codeTokens(l.text).join(" ")));
      if (!near && !sharesRemoved) return false;
      const own = blockChange(
        {
          removed: q.lines.filter((l) => l.kind === "-").map((l) => l.text),
          added: q.lines.filter((l) => l.kind === "+").map((l) => l.text),
        },
        new Set(),
      );
      const change = own.added.map((t, i) => ({ t, i })).filter(({ t, i }) => own.changed[i] && isWord(t));
      if (change.length === 0) return false;
      const inGold = new Set(lcsPairs(own.added, goldAdded).map(([i]) => i));
      return change.filter(({ i }) => inGold.has(i)).length / change.length > 0.5;
    });
    if (hit) matched.push(`${path}:${hunk.oldStart}`);
  }
  return { hunks: eligible.length, matched };
}
