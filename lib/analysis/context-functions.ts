import { contextOf } from "./fragments";
import type { ParsedLanguage } from "./grammars";
import { functionInContext } from "./hunk-context";
import { leadingSpaceOf } from "./languages/hunk-lines";
import { moduleOfGrammar } from "./languages/lookup";
import type { DefinitionKind } from "./languages/syntax-facts";
import { locate } from "./locations";
import type { DiffLine, FileDiff } from "./parse-diff";
import type { ParsedFragment, PatchDefinition } from "./patch-types";

/**
 * Where, in a hunk's lines, the body of the function its header names ends (the index of the first line
 * past it; the hunk's length when it does not end in the hunk): by default the line whose `}` closes more
 * blocks than the hunk opened (a module may read it otherwise: see HunkRules.endOfContextBody).
 */
function endOfContextBody(language: ParsedLanguage, context: string, lines: readonly string[]): number {
  // The module's own reading (Java by member level, Python and Ruby by indentation), else by braces.
  const own = moduleOfGrammar(language).hunks.endOfContextBody?.(context, lines);
  if (own !== undefined) return own;
  let depth = 0;
  for (const [index, line] of lines.entries()) {
    const code = line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, "").replace(/\/\/.*$/, "");
    for (const ch of code) {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth < 0) return index + 1;
    }
  }
  return lines.length;
}

/** Whether a line declares a type of that name (`class X`, `type X struct`, `interface X`). */
const declares = (line: string, name: string) =>
  new RegExp(`^\\s*(export\\s+)?(\\w+\\s+)*(class|type|interface|struct|enum|record|trait)\\s+${name}\\b`).test(line);

/**
 * Whether a header line writes its parameter list whole (`function QueryParam(name: string, options?: ParamOptions)
 * {`): the `(` after the name closed by its own `)`, on a line shorter than the 80 characters git cuts headers at.
 */
function closesParameters(line: string): boolean {
  const open = line.indexOf("(");
  if (open < 0 || line.length >= 80) return false;
  let depth = 0;
  for (const ch of line.slice(open)) {
    if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return true;
  }
  return false;
}

/** Functions whose bodies a hunk changes while their own line is above it: git names them in the hunk header. */
export function addContextFunctions(
  file: FileDiff,
  language: ParsedLanguage,
  out: Map<string, PatchDefinition>,
  parsed: ParsedFragment[],
): void {
  if (file.status !== "modified" && file.status !== "renamed") return;
  const members = new Set([...out.values()].map((d) => d.member));
  const module = moduleOfGrammar(language);
  file.hunks.forEach((hunk, hunkIndex) => {
    const context = contextOf(hunk, language);
    const fn = functionInContext(language, context);
    // Only a change inside the named function's body is its change: a hunk can run on past that body's end
    // (new methods after it), and changes there are not the named function's.
    const bodyEnd = endOfContextBody(
      language,
      context,
      hunk.lines.map((line) => line.text),
    );
    // A blank line added or removed at a body's end (before the next definition) changes nothing in it.
    const changed = hunk.lines.find((line, index) => line.kind !== " " && index < bodyEnd && line.text.trim() !== "");
    if (!changed || !fn || members.has(fn.name)) return;
    // A type whose declaration line the patch removes (renamed or gone) is not a changed one.
    if (fn.kind && file.hunks.some((h) => h.lines.some((l) => l.kind === "-" && declares(l.text, fn.name)))) return;
    // git names the last function line above the hunk; when a definition that opens inside the hunk (on
    // the changed line or above it) holds the first change, the change is that definition's, not the named one's.
    const side = changed.kind === "+" ? "post" : "pre";
    const image = parsed.find((p) => p.fragment.hunkIndex === hunkIndex && p.fragment.side === side);
    const changedRow = image?.fragment.rows.indexOf(changed) ?? -1;
    // (A type's own members are its change: a field added to a struct changes the struct.)
    // (A field of an anonymous struct inside the function is the function's own line: it holds no change.)
    // (A definition indented deeper than the header, where the header keeps its indentation, is inside the named
    // function: `currentComponent.componentDidCatch = (err) => {` in useErrorBoundary changes both.)
    // (Only while the hunk has not come back to the header's level above it: Go's `const (` at column 0 after
    // the named function's end holds constants of its own; a signature's `): T {` is the header's own line.)
    const headerIndent = leadingSpaceOf(context);
    const deeper = (text: string) => leadingSpaceOf(text) > headerIndent || /^\s*[)}\]]/.test(text);
    const nested = (rows: ReadonlyArray<DiffLine | null>, row: number) =>
      module.hunks.headerKeepsIndentation === true &&
      leadingSpaceOf(rows[row]?.text ?? "") > headerIndent &&
      rows.slice(0, row).every((line) => line === null || line.text.trim() === "" || deeper(line.text));
    const holdsChange = image?.definitions.some(
      (def) =>
        !(def.local && def.kind === "field") &&
        def.row <= changedRow &&
        def.endRow >= changedRow &&
        image.fragment.rows[def.row] != null &&
        !nested(image.fragment.rows, def.row) &&
        !(fn.kind && def.owner === fn.name),
    );
    if (holdsChange) return;
    members.add(fn.name);
    const name = fn.owner ? `${fn.owner}.${fn.name}` : fn.name;
    out.set(name, {
      name,
      member: fn.name,
      owner: fn.owner,
      kind: fn.kind ?? (fn.owner ? "method" : "function"),
      path: file.path,
      newFile: false,
      // The header is cut at 80 characters: not a signature to show as declared (but one that types a call's
      // options, where it is whole: see typed-keys.ts).
      signature: null,
      ...(closesParameters(context) ? { header: context.trim() } : {}),
      status: "changed",
      params: [],
      location: { path: file.path, diffLine: changed.diffLine, fileLine: changed.newLine ?? changed.oldLine },
    });
  });
}

/** The kinds of a type's members: what makes a change to one a change of the type around it. */
const MEMBER_KINDS = new Set<DefinitionKind>([
  "method",
  "field",
  "property",
  "constructor",
  "class",
  "interface",
  "enum",
  "struct",
]);
const TYPE_KINDS = new Set<DefinitionKind>(["class", "interface", "enum", "struct", "type"]);

/** The kind of type a hunk header declares by that name (`export type Props = {` → type), as the extractors name it. */
function headerTypeKind(headers: readonly string[], name: string): DefinitionKind | null {
  for (const header of headers) {
    const keyword = new RegExp(
      `\\b(class|interface|enum|record|struct|trait|type)\\s+${name.replace(/\$/g, "\\$")}\\b`,
    ).exec(header)?.[1];
    if (keyword)
      return keyword === "record" ? "class" : keyword === "trait" ? "interface" : (keyword as DefinitionKind);
  }
  return null;
}

/**
 * Types whose bodies hold a member the hunks change or add, where the hunks show the type (its declaration on
 * a hunk line, or a hunk header naming it): changed, as exact mode reads a change on any line of a body
 * (mockito 3424: `public class DefaultMockitoFrameworkTest` on a context line, a test method renamed below).
 * Only where a language declares its members inside the type's body (HunkRules.membersInTypeBody: not Go's
 * receivers, Rust's `impl` blocks or C++'s `Foo::bar` definitions).
 */
export function addEnclosingTypes(
  file: FileDiff,
  language: ParsedLanguage,
  out: Map<string, PatchDefinition>,
  parsed: ParsedFragment[],
): void {
  if (!moduleOfGrammar(language).hunks.membersInTypeBody) return;
  if (file.status !== "modified" && file.status !== "renamed") return;
  // Every type a hunk shows, by qualified name, with where the post-image shows it (if it does).
  const shown = new Map<string, { kind: DefinitionKind; at: ReturnType<typeof locate> }>();
  const functions = new Set<string>();
  for (const p of parsed)
    for (const def of p.definitions) {
      if (!TYPE_KINDS.has(def.kind)) {
        if (def.kind === "function" || def.kind === "method") functions.add(def.name);
        continue;
      }
      const at = p.fragment.side === "post" ? locate(p.fragment, def.row, def.endRow) : null;
      const known = shown.get(def.name);
      if (!known || (!known.at && at)) shown.set(def.name, { kind: def.kind, at });
    }
  const headers = file.hunks.map((hunk) => contextOf(hunk, language));
  for (const def of [...out.values()]) {
    if (def.local || !def.owner || !MEMBER_KINDS.has(def.kind)) continue;
    const parts = def.owner.split(".");
    for (let length = parts.length; length >= 1; length--) {
      const name = parts.slice(0, length).join(".");
      const member = parts[length - 1] as string;
      if (out.has(name) || functions.has(name)) continue;
      // An owner the hunks know only in part (`CurrentWrite` of `AppendableWriter.CurrentWrite`): that type.
      const longer = (key: string) => key.endsWith(`.${name}`);
      if ([...shown.keys()].some(longer) || [...out.keys()].some(longer)) continue;
      const type = shown.get(name);
      const declaredKind = type ? null : headerTypeKind(headers, member);
      if (!type && !declaredKind) continue;
      out.set(name, {
        name,
        member,
        owner: length > 1 ? parts.slice(0, length - 1).join(".") : null,
        kind: type?.kind ?? declaredKind ?? "class",
        path: file.path,
        newFile: false,
        signature: null,
        status: "changed",
        params: [],
        location: type?.at ?? { ...def.location, column: undefined },
      });
    }
  }
}
