// JavaScript's and TypeScript's hunks: the shapes of their first lines (a parameter list, an object's members, a
// method's tail before the class's next member), read by braces and line patterns.
import { codeOf, leadingSpaceOf } from "../hunk-lines";

const KEYWORD_CALL = /^\s*(if|for|while|switch|catch|function|return|await|new|do|else|try|with)\b/;

/**
 * Whether, after a line that closes a block begun above the hunk, a method's header stands at that line's level
 * (`typed`: TypeScript's too, with type parameters, a return type or as an overload's signature).
 */
export function methodAfterClosedMember(lines: readonly string[], typed = false): boolean {
  const header = typed ? TYPED_METHOD_HEADER : METHOD_HEADER;
  const { closer } = braceDepths(lines);
  if (closer < 0) return false;
  const closerIndent = leadingSpaceOf(lines[closer] as string);
  if (closerIndent === 0) return false;
  return lines
    .slice(closer + 1)
    .some((line) => leadingSpaceOf(line) === closerIndent && !KEYWORD_CALL.test(line) && header.test(codeOf(line)));
}

const METHOD_HEADER = /^\s*((static|async|get|set)\s+)*\*?[A-Za-z_$][\w$]*\s*\([^()]*\)\s*\{\s*$/;
// (A body's `{`, or an overload's signature, `;` after a declared return type: no call statement, `done(err);`.)
const TYPED_METHOD_HEADER =
  /^\s*((public|private|protected|static|async|get|set|override|readonly)\s+)*\*?[A-Za-z_$][\w$]*\s*(<.*>)?\s*\(.*\)\s*((:\s*[^{;]+)?\{|:\s*[^{;]+;)\s*$/;

/**
 * The end of a destructured parameter, with its default or its type (`} = {}`, `}: FetchOptions = {}`), before the
 * list's `)`: not a type literal's `},` (`config: {` … `useIndex?: string[];` … `},`), whose lines end in `;`.
 */
const DESTRUCTURED_END = /^\s*\}\s*(:[^=]+|=\s*\{\s*\}|:[^=]+=\s*\{\s*\})\s*,?\s*$/;

/** The end of an arrow function's parameter list, its body opening (`) => {`, `): Promise<void> => {`). */
const ARROW_LIST_END = /^\s*\)\s*(:[^=]*)?=>\s*\{?\s*$/;

const PARAMETER_LINE =
  /^\s*(@[\w$.]+(\([^)]*\))?\s+)*((public|private|protected|readonly|override)\s+)*[\w$]+\??\s*(:.*)?(=.*)?,?\s*$/;

/**
 * Whether a hunk starts in a method's parameter list: its first code lines are parameters up to a `)` that
 * opens the body (`): Promise<T> {`). A constructor's where one is a parameter property (`private readonly
 * x: T,`), which only a constructor's parameters can be; null where it does not start so.
 */
export function startsInParameterList(
  lines: readonly string[],
): "constructor" | "method" | "destructured" | "arrow" | null {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l));
  const end = code.findIndex((l) => /^\s*\)\s*(:[^{]*)?\{/.test(l) || ARROW_LIST_END.test(l));
  if (end <= 0) return null;
  // (An arrow function's, `) => {` after `enabled,` / `gap,`: a callback's parameters inside a method, locals.)
  if (ARROW_LIST_END.test(code[end] as string))
    return code.slice(0, end).every((l) => /^\s*[\w$]+\??\s*(:[^=]*)?,?\s*$/.test(l)) ? "arrow" : null;
  // (A destructured options parameter's keys, `fetchContext = this.fetchContext,` … `} = {}` then `) {`.)
  if (end >= 2 && DESTRUCTURED_END.test(code[end - 1] as string))
    return code.slice(0, end - 1).every((l) => PARAMETER_LINE.test(l) && !/;\s*$/.test(l)) ? "destructured" : null;
  const parameters = code.slice(0, end);
  if (!parameters.every((l) => PARAMETER_LINE.test(l))) return null;
  return parameters.some((l) => /^\s*(@\S+\s+)*(public|private|protected|readonly)\s+[\w$]/.test(l))
    ? "constructor"
    : "method";
}

/**
 * Whether a hunk starts among the members of a comma-separated list opened above it: a line that closes a
 * block back to the hunk's starting depth ends with `},` (an object literal's getter or method, `get x() {` …
 * `},`), before any line closes a block opened above. A class's members never end so.
 */
export function startsInCommaList(lines: readonly string[]): boolean {
  const { depths } = braceDepths(lines);
  return depths.some((depth, i) => depth === 0 && /^\s*\}\s*,\s*$/.test(codeOf(lines[i] as string)));
}

/**
 * Whether every line of a hunk stands two levels or more under the header's (two tabs, or eight spaces): in a
 * method's body, the class's members being one level in (MailViewer's `actions.push(` / `m(ButtonN, {` under
 * `export class MailViewer …`, a call without its `;`).
 */
export function twoLevelsUnder(context: string, lines: readonly string[]): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l));
  if (code.length === 0) return false;
  const lead = (l: string) => /^[ \t]*/.exec(l)?.[0] ?? "";
  const header = lead(context);
  // (Not a constructor's parameter list, `private readonly orderCache: OrderCacheService,` … `) {`.)
  if (code.some((l) => /^\s*((public|private|protected|readonly)\s+)+[\w$]+\??\s*:.*,\s*$|^\s*\)\s*\{\s*$/.test(l)))
    return false;
  const tabs = code.every((l) => lead(l).startsWith(`${header}\t\t`));
  const spaces = code.every((l) => lead(l).startsWith(`${header}        `));
  return tabs || spaces;
}

/**
 * A hunk's brace depth after each of its lines, counted from its start, up to the line whose `}` closes a block
 * opened above the hunk (the first that takes the depth below 0): `closer` is that line's index, or -1, and
 * `depths` holds the lines before it.
 */
export function braceDepths(lines: readonly string[]): { depths: number[]; closer: number } {
  const depths: number[] = [];
  let depth = 0;
  for (const [index, line] of lines.entries()) {
    for (const ch of codeOf(line)) {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth < 0) return { depths, closer: index };
    }
    depths.push(depth);
  }
  return { depths, closer: -1 };
}
