// Parsing a file's images: each through its language's module (grammar, extractor, scope), definitions
// carried between a hunk's two images where one shows nothing but context.
import type { Fragment } from "./fragments";
import { getParsers, grammarOfPath, type ParsedLanguage } from "./grammars";
import { takesKeywordRest } from "./languages/definition-marks";
import { UNKNOWN_OWNER } from "./languages/hunk-lines";
import { moduleOfGrammar } from "./languages/lookup";
import { FactCollector, type SyntaxDefinition } from "./languages/syntax-facts";
import { fragmentLiterals } from "./literals";
import type { DiffLine } from "./parse-diff";
import type { ParsedFragment } from "./patch-types";

/**
 * An owner as stated: the placeholder of an unseen class dropped, a stand-in function the analysis wrote
 * around a hunk named as the function it stands for (git's header names it), or dropped where none is
 * known. No name the analysis makes up is ever stated.
 */
export function cleanOwner(owner: string | null, contextFunction: string | null = null): string | null {
  if (!owner) return null;
  // (A type unseen inside a known one, `Response.<unseen>` or `Response.<unseen>.Inner`: whose member it is, the
  // outer class does not say; what stands after the unseen one does.)
  const unseen = owner.split(".").lastIndexOf(UNKNOWN_OWNER);
  if (unseen > 0)
    return cleanOwner(
      owner
        .split(".")
        .slice(unseen + 1)
        .join(".") || null,
      contextFunction,
    );
  const parts = owner
    .split(".")
    .map((p) => (p === STAND_IN ? contextFunction : p))
    .filter((p): p is string => p !== null && p !== UNKNOWN_OWNER && !/^__hintscope|^Hintscope\w*__$/i.test(p));
  return parts.length > 0 ? parts.join(".") : null;
}

const STAND_IN = "__hintscope__";

export async function parseFragment(fragment: Fragment, language: ParsedLanguage): Promise<ParsedFragment> {
  const module = moduleOfGrammar(language);
  const parser = (await getParsers()).get(language);
  const source = module.sourceText ? module.sourceText(fragment.text) : fragment.text;
  const tree = parser?.parse(source);
  if (!tree) return { fragment, definitions: [], uses: [], literals: [] };
  try {
    // Prefix counts of added rows, so any row range can be asked "does it hold an added line?" at once.
    const added = [0];
    for (const line of fragment.rows) added.push((added.at(-1) as number) + (line?.kind === "+" ? 1 : 0));
    const usesIn = (start: number, end: number) =>
      (added[Math.min(end + 1, added.length - 1)] as number) > (added[start] as number);
    const collector = new FactCollector(fragment.side === "post", usesIn);
    const facts = module.extract(tree.rootNode, fragment.owner, fragment.inBody, collector);
    // A definition's own line as written (whole-file images have lines outside the hunks too).
    let lines: string[] | null = null;
    // The parsed text's lines (a module may blank words for its parser), split once, when first asked.
    let sourceLines: string[] | null = null;
    const sourceLine = (row: number) => {
      sourceLines = sourceLines ?? source.split("\n");
      return sourceLines[row] ?? "";
    };
    const lineText = (row: number) => {
      const shown = fragment.rows[row]?.text;
      if (shown !== undefined) return shown;
      lines = lines ?? fragment.text.split("\n");
      return lines[row] ?? "";
    };
    // Rows the analysis added (a stand-in class around a hunk) define nothing.
    const first = fragment.addedRows?.before ?? 0;
    const last = fragment.rows.length - (fragment.addedRows?.after ?? 0);
    const definitions = facts.definitions
      .filter((d) => (d.row >= first || d.row === fragment.signatureRow) && d.row < last)
      // A signature resumed from the hunk header may lack parameters above the hunk: not one to state.
      // (What it says of the rest of the keywords, `**options`, holds: see forwardedMark.)
      .map((d) =>
        d.row === fragment.signatureRow
          ? { ...d, signature: null, ...(takesKeywordRest(d.signature) ? { keywordRest: true as const } : {}) }
          : d,
      )
      // Words blanked for the parser before a declaration (`yyjson_api_inline bool f(…)`) are its own, as written.
      .map((d) => withBlankedPrefix(d, lineText, sourceLine))
      // The original indentation may settle scope (Python): a definition the module moves or drops.
      .flatMap((d) => module.scopeDefinition?.(d, lineText(d.row)) ?? [d])
      .map((d) => {
        const owner = cleanOwner(d.owner, fragment.contextFunction ?? null);
        const { namespace: ns, ...rest } = d;
        const namespace = cleanOwner(ns ?? null);
        return { ...rest, owner, name: owner ? `${owner}.${d.member}` : d.member, ...(namespace ? { namespace } : {}) };
      });
    // Literals of the added rows only: what stood before is checked against the image's text (cheaper).
    const literals = fragment.side === "post" ? fragmentLiterals(tree.rootNode, language, fragment) : [];
    return { fragment, definitions, uses: facts.uses, bindings: facts.bindings ?? [], literals };
  } finally {
    tree.delete();
  }
}

/**
 * A definition's signature with the words the module blanked before it on its line (C's specifier macros,
 * `yyjson_api_inline`, see c/macro-lines.ts) put back: where the parsed line is blank before the definition and
 * the written one holds only such words there.
 */
function withBlankedPrefix(
  def: SyntaxDefinition,
  lineText: (row: number) => string,
  sourceLine: (row: number) => string,
): SyntaxDefinition {
  if (def.signature === null) return def;
  const written = lineText(def.row).slice(0, def.column);
  const parsed = sourceLine(def.row).slice(0, def.column);
  if (parsed.trim() !== "" || !/^\s*[A-Za-z_]\w*(\s+[A-Za-z_]\w*)*\s*$/.test(written)) return def;
  // (After a template's head, which the extractor put before the line: `template <typename P> FMT_CONSTEXPR auto …`.)
  const head = templateHeadLength(def.signature);
  return { ...def, signature: `${def.signature.slice(0, head)}${written.trim()} ${def.signature.slice(head)}` };
}

/** How long the `template <…>` heads a signature starts with are, with the space after each. */
function templateHeadLength(signature: string): number {
  let at = 0;
  while (/^template\s*</.test(signature.slice(at))) {
    let depth = 0;
    let end = signature.indexOf("<", at);
    for (; end < signature.length; end++) {
      if (signature[end] === "<") depth++;
      else if (signature[end] === ">" && --depth === 0) break;
    }
    at = end + 1;
    while (signature[at] === " ") at++;
  }
  return at;
}

/** Whether any row in [row, endRow] of a fragment is a changed line (added in post, removed in pre). */
export const touchesChange = (fragment: Fragment, row: number, endRow: number) =>
  fragment.rows.slice(row, endRow + 1).some((line) => line && line.kind !== " ");

/** Maps a definition found in one image of a hunk onto the other, through the context lines they share. */
function carryOver(def: SyntaxDefinition, from: Fragment, to: Fragment): SyntaxDefinition | null {
  const header = from.rows[def.row];
  if (header?.kind !== " ") return null;
  const row = to.rows.indexOf(header);
  let last = def.endRow;
  while (last > def.row && from.rows[last]?.kind !== " ") last--;
  const endRow = to.rows.indexOf(from.rows[last] as DiffLine);
  return row < 0 ? null : { ...def, row, endRow: Math.max(row, endRow) };
}

/**
 * Parses a file's images. The side of a hunk with no changed lines (the pre-image of a hunk that only
 * adds) holds nothing but context: its definitions are the other side's context definitions, carried over
 * instead of parsed again, unless a changed line falls inside one (its signature may have changed then).
 */
export async function parseFragments(fragments: Fragment[], language: ParsedLanguage): Promise<ParsedFragment[]> {
  const parsed = new Map<Fragment, ParsedFragment>();
  for (const fragment of fragments)
    if (!fragment.unchangedSide) parsed.set(fragment, await parseFragment(fragment, language));
  for (const fragment of fragments) {
    if (!fragment.unchangedSide) continue;
    const other = [...parsed.values()].find(
      (p) => p.fragment.hunkIndex === fragment.hunkIndex && p.fragment !== fragment,
    );
    const carried = other?.definitions.map((def) => ({ def, moved: carryOver(def, other.fragment, fragment) }));
    const safe = carried?.every(
      ({ def, moved }) => !moved || !touchesChange(other?.fragment as Fragment, def.row, def.endRow),
    );
    parsed.set(
      fragment,
      other && carried && safe
        ? { fragment, definitions: carried.flatMap(({ moved }) => (moved ? [moved] : [])), uses: [], literals: [] }
        : await parseFragment(fragment, language),
    );
  }
  return fragments.map((fragment) => parsed.get(fragment) as ParsedFragment);
}

/** The member names a whole file defines (its functions, classes, methods, fields…); empty for a language not parsed. */
export async function membersDefinedIn(filePath: string, text: string): Promise<Set<string>> {
  const language = grammarOfPath(filePath);
  if (!language) return new Set();
  const rows = text.split("\n").map(() => null);
  const fragment: Fragment = { path: filePath, side: "pre", text, rows, owner: null, inBody: false, whole: true };
  const parsed = await parseFragment(fragment, language);
  return new Set(parsed.definitions.map((d) => d.member));
}
