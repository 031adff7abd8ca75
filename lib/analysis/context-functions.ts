import { contextOf } from "./fragments";
import type { ParsedLanguage } from "./grammars";
import { functionInContext } from "./hunk-context";
import { moduleOfGrammar } from "./languages/lookup";
import type { FileDiff } from "./parse-diff";
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

/** Functions whose bodies a hunk changes while their own line is above it: git names them in the hunk header. */
export function addContextFunctions(
  file: FileDiff,
  language: ParsedLanguage,
  out: Map<string, PatchDefinition>,
  parsed: ParsedFragment[],
): void {
  if (file.status !== "modified" && file.status !== "renamed") return;
  const members = new Set([...out.values()].map((d) => d.member));
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
    const holdsChange = image?.definitions.some(
      (def) =>
        !(def.local && def.kind === "field") &&
        def.row <= changedRow &&
        def.endRow >= changedRow &&
        image.fragment.rows[def.row] != null &&
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
      // The header is cut at 80 characters: not a signature to show as declared.
      signature: null,
      status: "changed",
      params: [],
      location: { path: file.path, diffLine: changed.diffLine, fileLine: changed.newLine ?? changed.oldLine },
    });
  });
}
