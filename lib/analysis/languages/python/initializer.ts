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
