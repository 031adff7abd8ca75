// Python's hunks: what git's headers and a hunk's lines say about the blocks the hunk was cut from.

import type { Fragment } from "./fragments";
import { depth, indentOf, UNKNOWN_OWNER } from "./languages/hunk-lines";
import type { DiffLine } from "./parse-diff";

/**
 * Python: whether a hunk cut from a function's body goes on to lines less indented than the body's first
 * code line (the function ended inside the hunk: what follows are its siblings).
 */
export function leavesTheBody(lines: readonly string[], contextIndent: number): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  const first = code[0];
  if (!first) return false;
  const bodyIndent = /^[ \t]*/.exec(first)?.[0].length ?? 0;
  // A definition less indented than the hunk's first line, or no deeper than the `def` the header names
  // (a sibling of it: the hunk shows that def's end, or starts at it), is outside its body.
  return code.some(
    (l) =>
      ((/^[ \t]*/.exec(l)?.[0].length ?? 0) < bodyIndent || (/^[ \t]*/.exec(l)?.[0].length ?? 0) <= contextIndent) &&
      /^\s*(async\s+def|def|@|class)\b/.test(l),
  );
}

/**
 * Python: the brackets a hunk leaves open at its end (it was cut inside `ACTIVE_FIELDS = [`), closed in
 * order, so the parser keeps the statement instead of losing it to error recovery.
 */
export function pythonClosers(lines: readonly string[]): string {
  const stack: string[] = [];
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  for (const line of lines) {
    const code = line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/#.*$/, "");
    for (const ch of code) {
      if (ch in pairs) stack.push(pairs[ch] as string);
      else if (ch === ")" || ch === "]" || ch === "}") {
        if (stack.at(-1) === ch) stack.pop();
      }
    }
  }
  return stack.reverse().join("");
}

/**
 * Where a hunk that goes on with its `def` header's open parameter list closes it with `):` (or `) -> T:`):
 * the index of that line, or -1 when the hunk does not resume the list. Its lines stand right of the header
 * (the closing one may stand at its level); a hunk further down the body also sits under this header.
 */
function resumedListEnd(context: string, texts: readonly string[]): number {
  let open = depth(context);
  if (open <= 0) return -1;
  const headerIndent = indentOf(context);
  for (const [at, text] of texts.entries()) {
    if (text.trim() === "") continue;
    if (indentOf(text) <= headerIndent && !/^\s*[)\]}]/.test(text)) return -1;
    open += depth(text.replace(/#.*$/, ""));
    if (open <= 0) return open === 0 && /\)\s*(->[^:]+)?:\s*(#.*)?$/.test(text) ? at : -1;
  }
  return -1;
}

/**
 * A Python line that ends a statement begun above the hunk: a closing bracket (`) -> bool:`, `]`) or the
 * close of a triple-quoted string. Leading ones are blanked, and none of them sets the hunk's indentation.
 */
export const continuesFromAbove = (text: string) => /^\s*[)\]}]/.test(text) || /^\s*("""|''')[)\],:;]*\s*$/.test(text);

/**
 * Python: a hunk whose header is a `def` line that leaves its parameter list open, and whose first lines go on
 * with that list (`def __init__(self,` then `path,` …), starts inside the signature. The header is written
 * back above the hunk's lines, so the function and the parameters it gains are read (inside the class an
 * earlier hunk showed, else an unknown one for a method).
 */
export function resumedSignature(
  path: string,
  side: "pre" | "post",
  kept: DiffLine[],
  context: string,
  carriedClass: string | null,
): Fragment | null {
  if (!/^\s*(async\s+)?def\s+\w+\s*\(/.test(context)) return null;
  const headerIndent = indentOf(context);
  if (
    resumedListEnd(
      context,
      kept.map((line) => line.text),
    ) < 0
  )
    return null;
  const method = headerIndent > 0;
  const prefix = [
    ...(method ? [`class ${carriedClass ?? UNKNOWN_OWNER}:`] : []),
    `${method ? "    " : ""}${context.trim()}`,
  ];
  const indent = method ? "    " : "";
  const body = kept.map((line) => `${indent}${line.text.slice(Math.min(headerIndent, indentOf(line.text)))}`);
  return {
    path,
    side,
    text: [...prefix, ...body].join("\n"),
    rows: [...prefix.map(() => null), ...kept],
    owner: null,
    inBody: false,
    addedRows: { before: prefix.length, after: 0 },
    signatureRow: prefix.length - 1,
  };
}

/**
 * Python: git's python driver prints a method's `def` line on the hunk header without its indentation
 * (`@@ … @@ def from_file(` for a method of `Config`). The indentation is read back from the hunk's lines
 * (after a signature the hunk resumes). A header that kept its indentation is left as it is.
 */
export function pythonHeader(context: string, lines: readonly DiffLine[]): string {
  if (!/^(async\s+)?def\s/.test(context)) return context;
  const code = lines.map(({ text }) => text.replace(/#.*$/, "")).filter((text) => text.trim() !== "");
  // A hunk that resumes the header's open parameter list: its statements start after the `):` closing it.
  const statements = code
    .slice(resumedListEnd(context, code) + 1)
    .filter((text) => !/^\s*[)\]}]/.test(text) && !/^\s*("""|''')/.test(text));
  if (statements.length === 0) return context;
  // The hunk's least indented statements are the function's body, one level in; unless they are all
  // definitions, which then are the header's siblings (the hunk runs on past the function's end).
  const least = Math.min(...statements.map(indentOf));
  const siblings = statements
    .filter((text) => indentOf(text) === least)
    .every((text) => /^\s*(async\s+def|def|class|@)/.test(text));
  return `${" ".repeat(siblings ? least : Math.max(0, least - 4))}${context}`;
}
