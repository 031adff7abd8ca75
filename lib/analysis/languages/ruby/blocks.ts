import { indentOf } from "../hunk-lines";

// The blocks a Ruby hunk's lines open and close (`def` … `end`, `do |x|` … `end`), counted on the lines' code.

/** A line's code: its strings emptied and its comment cut, so neither opens nor closes a block. */
const rubyCode = (line: string) => line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""').replace(/#.*$/, "");

/**
 * A line that opens a block an `end` closes: a keyword at its start, one whose value a statement takes
 * (`status = case …`, `@x ||= begin`, `value = if …`), or a `do` block.
 */
const RUBY_OPENER =
  /^\s*(((private|protected|public|private_class_method|public_class_method|module_function)\s+)?def|class|module|if|unless|while|until|case|begin|for)\b|(=|\|\|=|&&=)\s*(if|unless|case|begin|while|until)\b|\bdo\s*(\|[^|]*\|)?\s*$/;

/** A method's, class's or module's declaration, a visibility's `protected def add_child child` too. */
const DECLARATION =
  /^\s*(((private|protected|public|private_class_method|public_class_method|module_function)\s+)?def|class|module)\b/;
/** One opened and closed on its line, `def x; end`. */
const ONE_LINER = new RegExp(`${DECLARATION.source}.*;\\s*end\\s*$`);
/** An endless method, `def name(x) = x * 2` or `def name = 1`: no `end` closes it (not a setter, `def name=(v)`, `def name= v`). */
const ENDLESS_DEF = /^\s*(\w+\s+)?def\b(.*\)\s*=[^=]|\s+[\w.]+[?!]?\s+=\s*[^=\s(])/;

/** Whether a line's code opens a block that an `end` further down closes. */
const opensBlock = (code: string) =>
  RUBY_OPENER.test(code) && !ONE_LINER.test(code) && !ENDLESS_DEF.test(code) && !VALUE_ONE_LINER.test(code);
/** A value `if` opened and closed on its line: `x = if ok then 1 else 2 end`. */
const VALUE_ONE_LINER = /(=|\|\|=|&&=)\s*(if|unless|case|begin|while|until)\b.*\bend\s*$/;

/** How many blocks a hunk's lines close (`end`) before they open any: blocks begun above the hunk. */
export function rubyLeadingEnds(lines: readonly string[]): number {
  let closed = 0;
  let depth = 0;
  for (const line of lines) {
    const code = rubyCode(line);
    // A member's declaration at the level the hunk came back to: the ends past it close the scopes around.
    if (depth === 0 && DECLARATION.test(code)) break;
    // (`end.each do |x|` closes one begun above, then opens its own.)
    if (/^\s*end\b/.test(code)) {
      if (depth > 0) depth--;
      else closed++;
    }
    if (opensBlock(code)) depth++;
  }
  return closed;
}

/** The indices of a hunk's lines whose `end` closes a block begun above the hunk. */
function endsOfBlocksAbove(lines: readonly string[]): number[] {
  const ends: number[] = [];
  let depth = 0;
  lines.forEach((line, index) => {
    const code = rubyCode(line);
    if (/^\s*end\b/.test(code)) {
      if (depth > 0) depth--;
      else ends.push(index);
    }
    if (opensBlock(code)) depth++;
  });
  return ends;
}

/** The first of a hunk's lines that closes (`end`) a block begun above the hunk, `indent` spaces in or less; -1 if none. */
export const endOfScopeAbove = (lines: readonly string[], indent: number): number =>
  endsOfBlocksAbove(lines).find((index) => indentOf(lines[index] ?? "") <= indent) ?? -1;

/** How many blocks a hunk's lines close (`end`) that they did not open: begun above the hunk, wherever closed. */
export const rubyClosedAbove = (lines: readonly string[]): number => endsOfBlocksAbove(lines).length;

/**
 * The bracket a hunk's lines close before they open one (`}` after `:MimeTypesCharset => …,` lines: a hash
 * begun above the hunk), or null; the innermost where several close.
 */
export function rubyLeadingBracket(lines: readonly string[]): "{" | "[" | "(" | null {
  const pairs: Record<string, "{" | "[" | "("> = { "}": "{", "]": "[", ")": "(" };
  let depth = 0;
  for (const line of lines) {
    const code = rubyCode(line);
    // (A block begun in the hunk: brackets after it are its own.)
    if (RUBY_OPENER.test(code)) return null;
    for (const ch of code) {
      if (ch === "{" || ch === "[" || ch === "(") depth++;
      else if (ch in pairs) {
        if (depth === 0) return pairs[ch] ?? null;
        depth--;
      }
    }
  }
  return null;
}

/**
 * The blocks a hunk's lines open and leave open at its end (`def`, `class`, `do |x|`, `if` at a statement's
 * start…), each closed with an `end`: a method whose body runs past the hunk's end still parses as one, and
 * the class around it keeps it.
 */
export function rubyOpenBlocks(lines: readonly string[]): number {
  let open = 0;
  for (const line of lines) {
    const code = rubyCode(line);
    if (/^\s*end\b/.test(code)) open = Math.max(0, open - 1);
    // (`foo { |x|` … `}` blocks close themselves.)
    if (opensBlock(code)) open++;
  }
  return open;
}

/**
 * Where a hunk leaves the top-level scope it is in for good: the index of the `end` at column 0 that closes it,
 * when top-level code follows (`end` of `module Open3`, then `if $0 == __FILE__`); -1 otherwise. What follows is
 * read apart, so that its lines at column 0 say nothing of the scope's members' levels.
 */
export function rubyTopLevelEnd(lines: readonly string[]): number {
  const end = lines.findIndex((line) => /^end\b\s*(#.*)?$/.test(line));
  return end >= 0 && lines.slice(end + 1).some((line) => line.trim() !== "" && !/^\s*#/.test(line)) ? end : -1;
}
