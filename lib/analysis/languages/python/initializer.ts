// Python: hunks that resume a parameter list opened above them (a constructor's, under its class's header).
import { depth, indentOf } from "../hunk-lines";

/**
 * Python: under a class's header (`@@ … @@ class Router:`), a hunk that starts in a parameter list whose `def`
 * is above it, closes it (`    ) -> None:`) and goes on with a body that sets attributes of `self` in at
 * least two of its first three statements (`self.routes = …`, `self.redirect_slashes = …`) resumes
 * `__init__`'s signature: its parameters are the constructor's. Null otherwise (another method's is unknown).
 */
const PARAMETER = /^\s*(\*{0,2}[A-Za-z_]\w*(\s*:[^=]+)?(\s*=.+)?|\*|\/),\s*(#.*)?$/;

export function initializerResumed(
  context: string,
  texts: readonly string[],
): { header: string; className: string } | null {
  const declared = /^(\s*)class\s+(\w+)/.exec(context);
  if (!declared) return null;
  const defIndent = (declared[1] as string).length + 4;
  // (Its `)` at the `def`'s own level: an `if (` or `for … in f(` inside a body closes deeper.)
  const closing = resumedListClosing(texts, 1, defIndent);
  const end =
    closing?.open === 0 &&
    indentOf(texts[closing.at] as string) === defIndent &&
    /^\s*\)\s*(->\s*None\s*)?:\s*(#.*)?$/.test(texts[closing.at] as string)
      ? closing.at
      : -1;
  // (Parameters before it, each one alone on its line: `name: T = v,`, `*,`, `**kwargs,`.)
  const listed = texts.slice(0, Math.max(0, end)).filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  if (end < 0 || listed.length === 0 || !listed.every((l) => PARAMETER.test(l))) return null;
  const body = texts
    .slice(end + 1)
    .filter((l) => l.trim() !== "" && !/^\s*#/.test(l))
    .slice(0, 3);
  if (body.filter((l) => /^\s*self\.\w+\s*(:[^=]+)?=[^=]/.test(l)).length < 2) return null;
  return { header: `${" ".repeat(defIndent)}def __init__(self,`, className: declared[2] as string };
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
