// Python: hunks that resume a parameter list opened above them (a constructor's, under its class's header).
import { depth, indentOf, leadingSpaceOf } from "../hunk-lines";

/**
 * Python: under a class's header (`@@ … @@ class Router:`), a hunk that starts in a parameter list whose `def`
 * is above it, closes it one level in (`    ):` or `    ) -> None:`) and goes on with a body that sets attributes of
 * `self` in at least two of its first three statements (`self.routes = …`, `self.redirect_slashes = …`), or calls
 * its base's constructor among them (`super().__init__(patterns, …)`), a docstring aside, or whose docstring says it
 * makes the instance (INITIALIZES), resumes `__init__`'s signature: its parameters are the constructor's. Null
 * otherwise (another method's is unknown).
 */
const PARAMETER = /^\s*(\*{0,2}[A-Za-z_]\w*(\s*:[^=]+)?(\s*=.+)?|\*|\/),\s*(#.*)?$/;

/** One level's width in these lines: a tab where the file indents with tabs (pathspec), else four spaces. */
export const levelWidth = (lines: readonly string[]) => (lines.some((line) => line.startsWith("\t")) ? 1 : 4);

/** A call of the base class's constructor: `super().__init__(`, `super(Cls, self).__init__(`, `Base.__init__(self`. */
const SUPER_INIT = /^\s*(super\([^)]*\)\.__init__\(|[A-Za-z_][\w.]*\.__init__\(\s*self\b)/;

/** A body's code lines (blank and comment lines aside), and its leading docstring's opening (`"""`, `r"""`) if any. */
function bodyLines(texts: readonly string[]) {
  const lines = texts.filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  return { lines, opening: /^\s*[rRuUbB]?("""|''')\s*(.*)$/.exec(lines[0] ?? "") };
}

/** A body's lines past its leading docstring (`"""…"""` over any lines). */
function statementsAfterDocstring(texts: readonly string[]): string[] {
  const { lines, opening } = bodyLines(texts);
  if (!opening) return lines;
  const quotes = opening[1] as string;
  const closesAt = (opening[2] as string).includes(quotes) ? 0 : lines.findIndex((l, i) => i > 0 && l.includes(quotes));
  return closesAt < 0 ? [] : lines.slice(closesAt + 1);
}

/** The first words of a body's leading docstring (`"""Initialize …` or `"""` then `Initialize …`), else "". */
function docstringStart(texts: readonly string[]): string {
  const { lines, opening } = bodyLines(texts);
  return opening ? (opening[2] as string) || (lines[1]?.trim() ?? "") : "";
}

/**
 * A docstring that says its function makes the instance: "Initialize the :class:`HyperscanMatcher` instance.", not
 * "Initialize the extension for ``app``." (Flask's `init_app`).
 */
const INITIALIZES = /^(Initiali[sz]es?|Constructs?|Creates?)\b.*(\binstance\b|\bobject\b|:class:)/i;

export function initializerResumed(
  context: string,
  texts: readonly string[],
): { header: string; className: string } | null {
  const declared = /^(\s*)class\s+(\w+)/.exec(context);
  if (!declared) return null;
  // (Its `)` one level right of the class's, a tab or four spaces as the file has them, and at the hunk's least: an
  // `if (` or `for … in f(` inside a body, or a nested function's list, closes deeper.)
  const code = texts.filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  const level = (declared[1] as string).length + levelWidth(code);
  const least = Math.min(...code.map(leadingSpaceOf));
  const closing = least === level ? resumedListClosing(texts, 1, least) : null;
  const end =
    closing?.open === 0 &&
    indentOf(texts[closing.at] as string) === least &&
    /^\s*\)\s*(->\s*None\s*)?:\s*(#.*)?$/.test(texts[closing.at] as string)
      ? closing.at
      : -1;
  // (Parameters before it, each one alone on its line: `name: T = v,`, `*,`, `**kwargs,`.)
  const listed = texts.slice(0, Math.max(0, end)).filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  if (end < 0 || listed.length === 0 || !listed.every((l) => PARAMETER.test(l))) return null;
  const body = statementsAfterDocstring(texts.slice(end + 1)).slice(0, 3);
  const setsSelf = body.filter((l) => /^\s*self\.\w+\s*(:[^=]+)?=[^=]/.test(l)).length >= 2;
  // (Or hands its arguments on to the base class's constructor, `super().__init__(patterns, _test_sort=…)`, or says
  // what it is in its docstring's first words, `"""Initialize the :class:`HyperscanMatcher` instance.`, where the
  // hunk ends before its body.)
  const docstring = docstringStart(texts.slice(end + 1));
  if (!setsSelf && !body.some((l) => SUPER_INIT.test(l)) && !INITIALIZES.test(docstring)) return null;
  const lead = /^[ \t]*/.exec(texts[end] as string)?.[0] ?? "";
  return { header: `${lead}def __init__(self,`, className: declared[2] as string };
}

/**
 * Where a bracket list left `open` deep above a hunk closes: the index of the first line (blank and comment
 * lines aside) that takes the count to 0 or below, with the count there. Null where a line at `indent` or
 * shallower, not starting with a closing bracket, comes first (the list ended above), or none closes it.
 */
export function resumedListClosing(
  texts: readonly string[],
  open: number,
  indent: number,
): { at: number; open: number } | null {
  let count = open;
  for (const [at, text] of texts.entries()) {
    if (text.trim() === "" || /^\s*#/.test(text)) continue;
    if (indentOf(text) <= indent && !/^\s*[)\]}]/.test(text)) return null;
    count += depth(text.replace(/#.*$/, ""));
    if (count <= 0) return { at, open: count };
  }
  return null;
}

/**
 * Whether a hunk lies wholly inside the parameter list its `def` header leaves open (`def use_args(` above,
 * then `location: str | None = None,` … `error_headers: … = None,` and the hunk ends): the list never closes,
 * and every line that starts at the list's own depth is a parameter of its own (`name: T = v,`, `*,`).
 */
export function listStaysOpen(context: string, texts: readonly string[]): boolean {
  let count = depth(context);
  if (count <= 0) return false;
  const open = count;
  let parameters = 0;
  for (const text of texts) {
    if (text.trim() === "" || /^\s*#/.test(text)) continue;
    if (count === open) {
      if (!PARAMETER.test(text)) return false;
      parameters++;
    }
    count += depth(text.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/#.*$/, ""));
    if (count <= 0) return false;
  }
  return parameters > 0;
}

/**
 * The `def` line whose parameter list a hunk leaves open at its end (`    def use_args(` as its last line, or
 * followed by parameters only), with its indentation; null where the hunk ends past it or the `def` is no
 * line of both images (an added one opens nothing in the pre-image).
 */
export function signatureOpenAtEnd(lines: readonly { kind: string; text: string }[]): string | null {
  const kept = lines.filter((line) => line.kind !== "-");
  const at = kept.findLastIndex((line) => /^\s*(async\s+)?def\s+\w+\s*\(/.test(line.text));
  const def = kept[at];
  if (def?.kind !== " " || depth(def.text.replace(/#.*$/, "")) <= 0) return null;
  const after = kept.slice(at + 1).map((line) => line.text);
  const opensOnly = after.every((text) => text.trim() === "") || listStaysOpen(def.text, after);
  return opensOnly ? def.text.replace(/\s+$/, "") : null;
}
