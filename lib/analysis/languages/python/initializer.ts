// Python: a hunk under a class's header that resumes its constructor's parameter list.
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
  let open = 1;
  let end = -1;
  for (const [at, text] of texts.entries()) {
    if (text.trim() === "" || /^\s*#/.test(text)) continue;
    if (indentOf(text) <= defIndent && !/^\s*\)/.test(text)) return null;
    open += depth(text.replace(/#.*$/, ""));
    if (open <= 0) {
      // (Its `)` at the `def`'s own level: an `if (` or `for … in f(` inside a body closes deeper.)
      if (open < 0 || indentOf(text) !== defIndent || !/^\s*\)\s*(->\s*None\s*)?:\s*(#.*)?$/.test(text)) return null;
      end = at;
      break;
    }
  }
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
