// Python's hunks: what git's headers and a hunk's lines say about the blocks the hunk was cut from.

import type { Fragment } from "../../fragment";
import type { DiffLine, Hunk } from "../../parse-diff";
import { depth, indentOf, leadingSpaceOf, UNKNOWN_OWNER } from "../hunk-lines";
import { initializerResumed, listStaysOpen, resumedListClosing, signatureOpenAtEnd } from "./initializer";

/**
 * Python: whether a hunk cut from a function's body goes on to lines less indented than the body's first
 * code line (the function ended inside the hunk: what follows are its siblings).
 */
export function leavesTheBody(lines: readonly string[], contextIndent: number): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  const first = code[0];
  if (!first) return false;
  const bodyIndent = leadingSpaceOf(first);
  // A definition less indented than the hunk's first line, or no deeper than the `def` the header names
  // (a sibling of it: the hunk shows that def's end, or starts at it), is outside its body.
  return code.some(
    (l) =>
      (leadingSpaceOf(l) < bodyIndent || leadingSpaceOf(l) <= contextIndent) &&
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
  const open = depth(context);
  if (open <= 0) return -1;
  const closing = resumedListClosing(texts, open, indentOf(context));
  return closing?.open === 0 && /\)\s*(->[^:]+)?:\s*(#.*)?$/.test(texts[closing.at] as string) ? closing.at : -1;
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
  const init = initializerResumed(
    context,
    kept.map((line) => line.text),
  );
  if (init) return resumedSignature(path, side, kept, init.header, init.className);
  if (!/^\s*(async\s+)?def\s+\w+\s*\(/.test(context)) return null;
  const headerIndent = indentOf(context);
  const texts = kept.map((line) => line.text);
  // (A hunk that ends inside the list has it closed after its last line, and an empty body.)
  const unclosed = resumedListEnd(context, texts) < 0;
  if (unclosed && !listStaysOpen(context, texts)) return null;
  const method = headerIndent > 0;
  const prefix = [
    ...(method ? [`class ${carriedClass ?? UNKNOWN_OWNER}:`] : []),
    `${method ? "    " : ""}${context.trim()}`,
  ];
  const indent = method ? "    " : "";
  const body = kept.map((line) => `${indent}${line.text.slice(Math.min(headerIndent, indentOf(line.text)))}`);
  const suffix = unclosed ? [`${indent}${pythonClosers([context, ...texts])}:`, `${indent}    pass`] : [];
  return {
    path,
    side,
    text: [...prefix, ...body, ...suffix].join("\n"),
    rows: [...prefix.map(() => null), ...kept, ...suffix.map(() => null)],
    owner: null,
    inBody: false,
    addedRows: { before: prefix.length, after: suffix.length },
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
  const all = lines.map(({ text }) => text.replace(/#.*$/, "")).filter((text) => text.trim() !== "");
  // A hunk that starts inside a triple-quoted string (its text, then quotes alone closing it, no `:` line
  // before them opening a docstring): the string's lines say nothing of the body's level.
  const closing = all.findIndex((text) => /"""|'''/.test(text));
  const insideString =
    closing >= 0 &&
    /^\s*("""|''')[)\],;]*\s*$/.test(all[closing] as string) &&
    !all.slice(0, closing).some((text) => /:\s*$/.test(text));
  // Lines that start inside a multi-line string (its text may stand at any column) are left out too.
  const code: string[] = [];
  let inString = false;
  for (const text of insideString ? all.slice(closing + 1) : all) {
    if (!inString) code.push(text);
    if (((text.match(/"""|'''/g) ?? []).length & 1) === 1) inString = !inString;
  }
  // A hunk that resumes the header's open parameter list: its statements start after the `):` closing it.
  const statementsOf = (code: readonly string[]) => {
    const resumed = code.slice(resumedListEnd(context, code) + 1);
    // A hunk that starts inside the arguments of a call begun above it (`return dict(…` then `timeout=…,` and
    // the `)` closing it): those lines continue a statement and say nothing of the body's level.
    // (Where nothing follows them, they are all there is to go by.)
    const statementLine = (text: string) => !/^\s*[)\]}]/.test(text) && !/^\s*("""|''')/.test(text);
    const afterContinued = resumed.slice(continuedStatementEnd(resumed) + 1).filter(statementLine);
    return afterContinued.length > 0 ? afterContinued : resumed.filter(statementLine);
  };
  // (A hunk whose only statements stand inside strings reads them as the old reading did: all lines.)
  const outside = statementsOf(code);
  const statements = outside.length > 0 ? outside : statementsOf(all);
  if (statements.length === 0) return context;
  // The statements before the hunk's first definition are the function's body, one level in (the least
  // indented of them); what comes after may leave the function, and its class too (a `def` at column 0 after
  // the class's last method). A hunk that starts at a definition starts at the header's sibling.
  const definition = (text: string) => /^\s*(async\s+def|def|class|@)/.test(text);
  const firstDefinition = statements.findIndex(definition);
  const body = firstDefinition < 0 ? statements : statements.slice(0, firstDefinition);
  const level = body.length > 0 ? Math.max(0, Math.min(...body.map(indentOf)) - 4) : indentOf(statements[0] as string);
  return `${" ".repeat(level)}${context}`;
}

/**
 * Of a hunk's code lines, the index of the last one that closes a bracket opened above the hunk (the hunk
 * starts inside a statement's arguments), or -1 when its brackets never close more than they open.
 */
export function continuedStatementEnd(code: readonly string[]): number {
  let open = 0;
  let least = 0;
  let end = -1;
  for (const [at, text] of code.entries()) {
    // (Once the statement closed, a `def` or `class` after it opens nothing it continues, whatever its docstrings
    // hold; before it closes, one is inside a string the statement passes, `textwrap.dedent("""` … `def helper():`.)
    if (end >= 0 && /^\s*(async\s+def|def|class)\s+\w/.test(text)) break;
    open += depth(text.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/#.*$/, ""));
    if (open < least) {
      least = open;
      end = at;
    }
  }
  return end;
}

/** Python: a class a hunk showed (on its header or in its lines), and the methods shown under it. */
interface ShownClass {
  name: string;
  indent: number;
  methods: Set<string>;
}

/**
 * How many lines below the previous hunk a hunk may start and still sit in the class that hunk ended inside,
 * when its header names a method that hunk did not show. Further down, another class may have begun: a class
 * seen 194 lines above `def verbose` (ansible 984216f) is not its class; one 38 lines above
 * `def to_wikidata_api_json_format` (openlibrary 4a5d2a7) is.
 */
export const CLASS_CARRY_LINES = 50;

/** How many unseen lines of a parameter list may stand between two hunks (`self,` `argmap: ArgMap,` …). */
const SIGNATURE_CARRY_LINES = 12;

/**
 * Python: which class each hunk's method header belongs to, from what the file's earlier hunks showed. git's
 * python driver names only the nearest `def` above a hunk, never its class. A class is carried to a later
 * hunk only when that hunk's header names a method an earlier hunk showed under the class (`def get` shown
 * under `class AutocompleteJsonView`), or when the hunk right before ended inside that class no more than
 * CLASS_CARRY_LINES lines above (`@@ … @@ class WikidataEntity:`, then `def to_wikidata_api_json_format`). A
 * class shown far above (`class FilterBlackList` 194 lines above `def verbose`) is not carried: the hunks do
 * not say which class it is, and no owner is better than a wrong one. A class an earlier hunk renamed
 * (`-class PrioritizedISBN:` `+class PrioritizedIdentifier:`) takes its new name; git's header keeps the old.
 */
export class PythonClassTracker {
  private readonly shown: ShownClass[] = [];
  /** old name → new name, from a removed and an added `class` line at the same indentation in one hunk */
  readonly renames = new Map<string, string>();
  /** the class the previous hunk ended inside, and the pre-image line after that hunk */
  private openAtEnd: { shown: ShownClass; after: number } | null = null;
  /** the `def` line whose parameter list the previous hunk left open, and the pre-image line after that hunk */
  private signatureAtEnd: { header: string; after: number } | null = null;

  /**
   * The `def` line a hunk goes on with, where the hunk right above left its parameter list open no more than
   * SIGNATURE_CARRY_LINES lines above (`    def use_args(` ending one hunk, `arg_name: str | None = None,` in the
   * next under git's `class Parser(…):`): the header the hunk is read under, else null. git's own header must
   * not name another function.
   */
  openSignature(hunk: Hunk, context: string): string | null {
    const open = this.signatureAtEnd;
    if (!open || hunk.oldStart - open.after > SIGNATURE_CARRY_LINES) return null;
    const named = /^\s*(?:async\s+)?def\s+(\w+)/.exec(context)?.[1];
    if (named !== undefined && named !== /def\s+(\w+)/.exec(open.header)?.[1]) return null;
    const texts = hunk.lines.filter((line) => line.kind !== "-").map((line) => line.text);
    return listStaysOpen(open.header, texts) || resumedListEnd(open.header, texts) >= 0 ? open.header : null;
  }

  /** The class (by its name after the patch) that a hunk under this (re-indented) header sits in, or null. */
  classOf(context: string, oldStart: number): string | null {
    const header = /^(\s*)(?:async\s+)?def\s+(\w+)/.exec(context);
    if (!header) return null;
    const indent = (header[1] as string).length;
    if (indent === 0) return null;
    const method = header[2] as string;
    const byMethod = [...this.shown].reverse().find((c) => c.indent < indent && c.methods.has(method));
    if (byMethod) return byMethod.name;
    const open = this.openAtEnd;
    if (open && open.shown.indent < indent && oldStart - open.after <= CLASS_CARRY_LINES) return open.shown.name;
    return null;
  }

  /** The name a class has after the patch: the new name of a class an earlier hunk renamed. */
  postName(name: string): string {
    return this.renames.get(name) ?? name;
  }

  /** Reads a hunk (its re-indented header and its lines) after it was cut into images. */
  see(hunk: Hunk, context: string, carried: string | null): void {
    const { lines } = hunk;
    const removed = lines.filter((l) => l.kind === "-").map((l) => /^(\s*)class\s+(\w+)/.exec(l.text));
    const added = lines.filter((l) => l.kind === "+").map((l) => /^(\s*)class\s+(\w+)/.exec(l.text));
    const renamedFrom = removed.filter((m) => m !== null);
    const renamedTo = added.filter((m) => m !== null);
    // (A class line added again under its old name ends the rename: that class goes on below a new one.)
    for (const again of renamedTo) this.renames.delete(again[2] as string);
    // (Paired in order only where as many are added as removed: itsdangerous' `-class SignatureExpired` over three
    // new classes is none of them renamed.)
    renamedFrom.forEach((old, index) => {
      const renamed = renamedFrom.length === renamedTo.length ? renamedTo[index] : undefined;
      if (renamed && renamed[1] === old[1] && renamed[2] !== old[2])
        this.renames.set(old[2] as string, renamed[2] as string);
    });
    const headerClass = /^(\s*)class\s+(\w+)/.exec(context);
    const headerMethod = /^(\s*)(?:async\s+)?def\s+(\w+)/.exec(context);
    let current: ShownClass | null = null;
    const open = (name: string, indent: number) => {
      const known = this.shown.find((c) => c.name === name && c.indent === indent);
      const shown = known ?? { name, indent, methods: new Set<string>() };
      if (!known) this.shown.push(shown);
      return shown;
    };
    if (headerClass) current = open(this.postName(headerClass[2] as string), (headerClass[1] as string).length);
    else if (headerMethod && carried) {
      // The class carried here is one an earlier hunk showed (its own indentation, not the header's guess).
      current =
        [...this.shown].reverse().find((c) => c.name === carried) ??
        open(carried, (headerMethod[1] as string).length - 4);
      current.methods.add(headerMethod[2] as string);
    }
    for (const line of lines) {
      if (line.kind === "-" || line.text.trim() === "" || /^\s*#/.test(line.text) || continuesFromAbove(line.text))
        continue;
      const indent = indentOf(line.text);
      const cls = /^(\s*)class\s+(\w+)/.exec(line.text);
      if (cls) {
        current = open(cls[2] as string, indent);
        continue;
      }
      if (current && indent <= current.indent) current = null;
      const def = /^\s*(?:async\s+)?def\s+(\w+)/.exec(line.text);
      if (def && current && indent === current.indent + 4) current.methods.add(def[1] as string);
    }
    this.openAtEnd = current ? { shown: current, after: hunk.oldStart + hunk.oldLines } : null;
    const signature = signatureOpenAtEnd(lines);
    this.signatureAtEnd = signature ? { header: signature, after: hunk.oldStart + hunk.oldLines } : null;
  }
}
