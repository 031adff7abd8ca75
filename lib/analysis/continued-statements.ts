// A statement an indentation language's hunk starts inside: reopened rather than blanked, where that is sure.

const OPENER: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/**
 * The lines of a statement begun above the hunk, up to the line that closes it (a class-level `settings = {` above,
 * its `SettingsFrame.MAX_FRAME_SIZE: 16384,` entries and `}` in the hunk): the brackets that reopen it, outermost
 * first (`{`), where that last line closes brackets and nothing more (`    }`, `    ),`) and no bracket the lines
 * open is left open; null otherwise (the lines are blanked, as a statement's tail that cannot parse).
 */
export function reopeningBrackets(lines: readonly string[]): string | null {
  const unopened: string[] = [];
  const open: string[] = [];
  for (const text of lines) {
    const code = text.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/#.*$/, "");
    // (A quote left over is a string's end or start the lines cut through: not code to reopen.)
    if (/["'`]/.test(code)) return null;
    for (const ch of code) {
      if (ch === "(" || ch === "[" || ch === "{") open.push(ch);
      else if (ch === ")" || ch === "]" || ch === "}") {
        if (open.length === 0) unopened.push(ch);
        else if (open.pop() !== OPENER[ch]) return null;
      }
    }
  }
  if (open.length > 0 || unopened.length === 0) return null;
  if (!/^\s*[)\]}]+\s*,?\s*(#.*)?$/.test(lines.at(-1) ?? "")) return null;
  // (A parenthesis reopens as a call's, `_(`: it may hold keyword arguments, `check_origin=False,`.)
  return unopened
    .reverse()
    .map((ch) => (ch === ")" ? "_(" : OPENER[ch]))
    .join("");
}
