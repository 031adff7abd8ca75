// C and C++: hunks that start in a parameter list whose `(` is above them.
import { codeWithoutCommentsOf as codeOf } from "../hunk-lines";

/**
 * Whether a hunk starts in the parameter list its header opens (`static int json_object_string_to_json_string(struct
 * json_object* jso,` above `int level,` … `int flags)`): its lines close the header's `(` before any `{`, `}` or `;`.
 */
export function resumesParameterList(context: string, lines: readonly string[]): boolean {
  return parameterListEnd(context, lines) !== null;
}

/**
 * Whether a hunk under a class's access label starts in a member function's parameter list: as resumesParameterList,
 * and the body its `)` opens does not close as an argument (`});`, `},`: a lambda's, inside a method's body).
 */
export function resumesMemberParameters(lines: readonly string[]): boolean {
  const end = parameterListEnd("(", lines);
  if (!end) return false;
  let depth = 0;
  for (const [at, line] of lines.slice(end.line).entries()) {
    const code = codeOf(line).slice(at === 0 ? end.column + 1 : 0);
    for (const [column, ch] of [...code].entries()) {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) return !/^\s*[),]/.test(code.slice(column + 1));
    }
  }
  return true;
}

/** Where the hunk's lines close the parameter list the context opens (line and column of its `)`), else null. */
function parameterListEnd(context: string, lines: readonly string[]): { line: number; column: number } | null {
  let depth = 0;
  for (const ch of codeOf(context)) depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
  if (depth <= 0) return null;
  // (A default's braces, `BackendOptions{}` or `= {}`, are the list's own.)
  let braces = 0;
  let last = "";
  for (const [at, line] of lines.entries()) {
    if (/^\s*#/.test(line)) return null;
    const code = codeOf(line);
    for (const [column, ch] of [...code].entries()) {
      if (ch === "(") depth++;
      else if (ch === ")" && --depth === 0) {
        const closes = closesParameters(
          lines.slice(0, at),
          code.slice(0, column),
          code.slice(column + 1),
          lines[at + 1],
        );
        return closes ? { line: at, column } : null;
      } else if (ch === "{" && /[\w>=]/.test(last)) braces++;
      else if (ch === "}" && braces > 0) braces--;
      else if (ch === "{" || ch === "}" || ch === ";") return null;
      if (ch.trim() !== "") last = ch;
    }
  }
  return null;
}

/**
 * C++: whether a hunk starts in the template parameter list its header opens (`template <typename T,` above
 * `typename MemoryPolicy,` … `immer::detail::rbts::bits_t BL>` and the function it declares, immer's archive.hpp):
 * the header's `<` left open, closed by the hunk's lines before any `{`, `}`, `;` or `(`.
 */
export function resumesTemplateList(context: string, lines: readonly string[]): boolean {
  if (!/^\s*template\s*</.test(context)) return false;
  let depth = 0;
  for (const ch of codeOf(context)) depth += ch === "<" ? 1 : ch === ">" ? -1 : 0;
  if (depth <= 0) return false;
  for (const line of lines) {
    if (/^\s*#/.test(line)) return false;
    for (const ch of codeOf(line)) {
      if (ch === "<") depth++;
      else if (ch === ">" && --depth === 0) return true;
      else if ("{};(".includes(ch)) return false;
    }
  }
  return false;
}

/** A parameter's declaration: a type and a name (`int level`, `const char *s`, `size_t n = 0`), or `...`. */
const PARAMETER = /^(?:(?:[A-Za-z_][\w:<>]*[\s*&]+)+[A-Za-z_]\w*\s*(?:\[[^\]]*\])?(?:\s*=\s*.+)?|\.\.\.)$/;

/**
 * A list's items split at its own commas, not those of a default's braces or brackets (`std::initializer_list<int>{
 * SIGTERM, SIGINT}`), each trimmed.
 */
function topLevelPieces(text: string): string[] {
  const pieces = [""];
  let depth = 0;
  for (const ch of text) {
    if ("({[".includes(ch)) depth++;
    else if (")}]".includes(ch)) depth--;
    if (ch === "," && depth === 0) pieces.push("");
    else pieces[pieces.length - 1] += ch;
  }
  return pieces.map((piece) => piece.trim());
}

/**
 * Whether the lines a hunk opens with, up to the `)` that closes its header's list, are parameters (a call's
 * arguments, `CONN_TIMEOUT_MS,` / `0);`, are not), and the `)` ends a declarator: a prototype's `;`, `{`,
 * qualifiers, or nothing with the `{` on the next line.
 */
function closesParameters(before: readonly string[], last: string, after: string, next: string | undefined): boolean {
  const pieces = topLevelPieces([...before.map(codeOf), last].join(" "));
  if (!pieces.filter((piece) => piece !== "").every((piece) => PARAMETER.test(piece))) return false;
  const rest = /^\s*(?:(?:const|noexcept|override|final)\s*)*(?:->\s*[^{;]+)?([{;]?)\s*$/.exec(after);
  if (!rest) return false;
  return rest[1] !== "" || /^\s*\{/.test(next ?? "");
}
