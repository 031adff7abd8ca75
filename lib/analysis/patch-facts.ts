import { contextOf, type Fragment, hunkFragments } from "./fragments";
import { getParsers, grammarOfPath, type ParsedLanguage } from "./grammars";
import { functionInContext } from "./hunk-context";
import { extractCFamily } from "./languages/c-family";
import { extractGo } from "./languages/go";
import { javaUnderHeaderMethod, UNKNOWN_OWNER } from "./languages/hunk-lines";
import { languageOfPath } from "./languages/infer-language";
import { extractJava } from "./languages/java";
import { extractJavaScript } from "./languages/javascript";
import { extractPhp } from "./languages/php";
import { extractPython } from "./languages/python";
import { extractRuby } from "./languages/ruby";
import { extractRust } from "./languages/rust";
import {
  type DefinitionKind,
  type Extractor,
  FactCollector,
  type SyntaxDefinition,
  type SyntaxUse,
  type UseKind,
} from "./languages/syntax-facts";
import { fragmentLiterals, type PatchLiteral, type SyntaxLiteral } from "./literals";
import { type Location, locate, paramLocation } from "./locations";
import type { DiffLine, FileDiff } from "./parse-diff";

const EXTRACTORS: Record<ParsedLanguage, Extractor> = {
  python: extractPython,
  java: extractJava,
  go: extractGo,
  javascript: extractJavaScript,
  typescript: extractJavaScript,
  tsx: extractJavaScript,
  rust: extractRust,
  c: extractCFamily,
  cpp: extractCFamily,
  ruby: extractRuby,
  php: extractPhp,
};

export type { Location } from "./locations";

/** A name a patch defines anew or changes. */
export interface PatchDefinition {
  name: string;
  member: string;
  owner: string | null;
  kind: DefinitionKind;
  path: string;
  newFile: boolean;
  signature: string | null;
  status: "new" | "changed";
  /** for callables: the parameters as declared after the patch */
  params: string[];
  /** an overloaded callable: every declaration of the name the patch adds or changes, in file order */
  overloads?: Array<{ signature: string | null; params: string[] }>;
  /** a function or class defined inside a function's body */
  local?: boolean;
  location: Location;
}

/** A name referenced on an added line of a patch. */
export interface PatchUse {
  name: string;
  qualifier: string | null;
  kind: UseKind;
  module?: string;
  /** for calls: how many arguments it passes, where the language's extractor counts them */
  arity?: number;
  location: Location;
}

export interface PatchFacts {
  definitions: PatchDefinition[];
  uses: PatchUse[];
  /** code files in languages the analysis does not parse */
  unsupportedFiles: string[];
  /** true when a changed file was seen only through its hunks */
  approximate: boolean;
  /** every file path the patch touches */
  paths: string[];
  /**
   * Names new to their file: on its added lines (a definition the patch adds, or any name used there) and
   * nowhere in what the patch shows of the file before (the whole file with the repository, else the
   * hunks' context and removed lines). What NoCode-bench's augment.py compares, file by file.
   */
  newNames: Set<string>;
  /** string literals on added lines, with where they stand */
  literals: PatchLiteral[];
  /** what the patch shows of its files before it (the whole files with the repository): where a literal stood already */
  textBefore: string[];
}

/** Supplies the fragments of a file: its hunks by default, whole files in exact mode. */
export type FragmentSource = (file: FileDiff, language: ParsedLanguage) => Fragment[] | Promise<Fragment[]>;

interface ParsedFragment {
  fragment: Fragment;
  definitions: SyntaxDefinition[];
  uses: SyntaxUse[];
  /** string literals: on added rows (post), or anywhere in the image (pre) */
  literals: SyntaxLiteral[];
}

const CALLABLE: ReadonlySet<DefinitionKind> = new Set(["function", "method", "constructor"]);

/** Languages where a second declaration of a name with other parameters is an overload (elsewhere it replaces the first). */
const OVERLOADING: ReadonlySet<ParsedLanguage> = new Set(["java", "cpp", "typescript", "tsx"]);

/**
 * An owner as stated: the placeholder of an unseen class dropped, a stand-in function the analysis wrote
 * around a hunk named as the function it stands for (git's header names it), or dropped where none is
 * known. No name the analysis makes up is ever stated.
 */
export function cleanOwner(owner: string | null, contextFunction: string | null = null): string | null {
  if (!owner) return null;
  const parts = owner
    .split(".")
    .map((p) => (p === STAND_IN ? contextFunction : p))
    .filter((p): p is string => p !== null && p !== UNKNOWN_OWNER && !/^__hintscope/i.test(p));
  return parts.length > 0 ? parts.join(".") : null;
}

const STAND_IN = "__hintscope__";

async function parseFragment(fragment: Fragment, language: ParsedLanguage): Promise<ParsedFragment> {
  const parser = (await getParsers()).get(language);
  const tree = parser?.parse(fragment.text);
  if (!tree) return { fragment, definitions: [], uses: [], literals: [] };
  try {
    // Prefix counts of added rows, so any row range can be asked "does it hold an added line?" at once.
    const added = [0];
    for (const line of fragment.rows) added.push((added.at(-1) as number) + (line?.kind === "+" ? 1 : 0));
    const usesIn = (start: number, end: number) =>
      (added[Math.min(end + 1, added.length - 1)] as number) > (added[start] as number);
    const collector = new FactCollector(fragment.side === "post", usesIn);
    const facts = EXTRACTORS[language](tree.rootNode, fragment.owner, fragment.inBody, collector);
    // A definition's own line as written (whole-file images have lines outside the hunks too).
    let lines: string[] | null = null;
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
      .map((d) => (d.row === fragment.signatureRow ? { ...d, signature: null } : d))
      .flatMap((d) => (language === "python" ? pythonScope(d, lineText(d.row)) : [d]))
      .map((d) => {
        const owner = cleanOwner(d.owner, fragment.contextFunction ?? null);
        return { ...d, owner, name: owner ? `${owner}.${d.member}` : d.member };
      });
    // Literals of the added rows only: what stood before is checked against the image's text (cheaper).
    const literals = fragment.side === "post" ? fragmentLiterals(tree.rootNode, language, fragment) : [];
    return { fragment, definitions, uses: facts.uses, literals };
  } finally {
    tree.delete();
  }
}

/**
 * In Python the original indentation settles scope: a hunk shows only part of a block, and the parser,
 * seeing it out of context, can take a local assignment or a nested def for a module-level one. A def one
 * level in, whose class the hunk does not show, is a method of that unseen class; deeper, it is local.
 */
function pythonScope(def: SyntaxDefinition, text: string): SyntaxDefinition[] {
  if (def.owner !== null || def.local) return [def];
  const indent = /^[ \t]*/.exec(text)?.[0] ?? "";
  if (indent === "") return [def];
  const oneLevel = indent === "\t" || indent.length === 4 || indent.length === 2;
  return def.kind === "function" && oneLevel ? [{ ...def, kind: "method" }] : [];
}

/** Whether any row in [row, endRow] of a fragment is a changed line (added in post, removed in pre). */
const touchesChange = (fragment: Fragment, row: number, endRow: number) =>
  fragment.rows.slice(row, endRow + 1).some((line) => line && line.kind !== " ");

/** The definitions a file's patch adds or changes, by comparing its pre- and post-images. */
function fileDefinitions(
  file: FileDiff,
  parsed: ParsedFragment[],
  language: ParsedLanguage,
  exact: boolean,
): PatchDefinition[] {
  const newFile = file.status === "added";
  const before = new Map<string, { def: SyntaxDefinition; touched: boolean }>();
  for (const p of parsed.filter((x) => x.fragment.side === "pre")) {
    for (const def of p.definitions) {
      const touched = touchesChange(p.fragment, def.row, def.endRow);
      const seen = before.get(def.name);
      if (!seen || touched) before.set(def.name, { def, touched: touched || (seen?.touched ?? false) });
    }
  }
  // Every declaration of a name on each side: an overload the post-image adds has a signature none of the
  // pre-image's declarations of that name has, and the name has more declarations after than before.
  const declarations = (side: "pre" | "post") => {
    const byName = new Map<string, SyntaxDefinition[]>();
    for (const p of parsed.filter((x) => x.fragment.side === side))
      for (const def of p.definitions) byName.set(def.name, [...(byName.get(def.name) ?? []), def]);
    return byName;
  };
  const preDeclarations = declarations("pre");
  const postDeclarations = declarations("post");
  const out = new Map<string, PatchDefinition>();
  for (const p of parsed.filter((x) => x.fragment.side === "post")) {
    for (const def of p.definitions) {
      const location = locate(p.fragment, def.row, def.endRow, { name: def.member, column: def.column });
      if (!location) continue;
      const first = out.get(def.name);
      if (first) {
        // Another declaration of the same name: an overload. Every one is kept; the hint states those the
        // tests call (see select-identifiers).
        // (An overload the patch leaves as it was is none of them.)
        const untouched =
          (preDeclarations.get(def.name) ?? []).some((d) => (d.signature ?? "") === (def.signature ?? "")) &&
          !touchesChange(p.fragment, def.row, def.endRow);
        if (CALLABLE.has(def.kind) && first.kind === def.kind && def.signature !== first.signature && !untouched) {
          first.overloads ??= [{ signature: first.signature, params: first.params }];
          if (!first.overloads.some((o) => o.signature === def.signature))
            first.overloads.push({ signature: def.signature, params: def.params });
        }
        continue;
      }
      const earlier = preDeclarations.get(def.name) ?? [];
      const sameSignature = earlier.find((d) => (d.signature ?? "") === (def.signature ?? ""));
      const newOverload =
        OVERLOADING.has(language) &&
        CALLABLE.has(def.kind) &&
        earlier.length > 0 &&
        !sameSignature &&
        (postDeclarations.get(def.name)?.length ?? 0) > earlier.length;
      const old = newOverload ? undefined : (sameSignature ?? before.get(def.name)?.def);
      const signatureChanged = old !== undefined && (old.signature ?? "") !== (def.signature ?? "");
      const bodyChanged = touchesChange(p.fragment, def.row, def.endRow) || (before.get(def.name)?.touched ?? false);
      if (old && !signatureChanged && !bodyChanged) continue;
      const status = old ? "changed" : "new";
      const base = { path: file.path, newFile, location };
      out.set(def.name, {
        ...base,
        name: def.name,
        member: def.member,
        owner: def.owner,
        kind: def.kind,
        signature: def.signature,
        status,
        params: def.params,
        ...(def.local ? { local: true } : {}),
      });
      // A local function's parameters are nobody's to call by keyword from outside it.
      if (!CALLABLE.has(def.kind) || def.local) continue;
      // Parameters of a new function are new names; a changed one's new names are the parameters it gained.
      const known = newOverload ? earlier.flatMap((d) => d.params) : (old?.params ?? []);
      const gained = def.params.filter((param) => !known.includes(param));
      const callable = def.kind === "constructor" && def.owner ? def.owner : def.name;
      for (const param of gained) {
        const name = `${callable}.${param}`;
        if (!out.has(name))
          out.set(name, {
            ...base,
            location: paramLocation(p.fragment, def, param) ?? { ...location, column: undefined },
            name,
            member: param,
            owner: callable,
            kind: "parameter",
            signature: null,
            status: "new",
            params: [],
          });
      }
    }
  }
  // Whole files show which definition a changed line is in; only hunks need git's guess in their headers.
  if (!exact) addContextFunctions(file, language, out, parsed);
  const definitions = [...out.values()];
  if (newFile) {
    const firstRow = parsed.find((p) => p.fragment.side === "post")?.fragment.rows.find((r) => r !== null);
    definitions.unshift({
      name: file.path,
      member: file.path.split("/").pop() ?? file.path,
      owner: null,
      kind: "file",
      path: file.path,
      newFile: true,
      signature: null,
      status: "new",
      params: [],
      location: { path: file.path, diffLine: firstRow?.diffLine ?? 0, fileLine: 1 },
    });
  }
  return definitions;
}

/**
 * Where, in a hunk's lines, the body of the function its header names ends (the index of the first line
 * past it; the hunk's length when it does not end in the hunk): in brace languages the line whose `}` closes
 * more blocks than the hunk opened; in Python and Ruby the first line indented no deeper than the header.
 */
function endOfContextBody(language: ParsedLanguage, context: string, lines: readonly string[]): number {
  // Java: the named method ends at the `}` at its class's member level (git's java driver drops the
  // header's indentation, so a `}` of the method and one of a block inside it look alike otherwise).
  if (language === "java") {
    const under = javaUnderHeaderMethod(lines);
    if (under) return under.end ?? lines.length;
  }
  if (language === "python" || language === "ruby") {
    const own = /^[ \t]*/.exec(context)?.[0].length ?? 0;
    const end = lines.findIndex(
      (line) => line.trim() !== "" && !/^\s*#/.test(line) && (/^[ \t]*/.exec(line)?.[0].length ?? 0) <= own,
    );
    return end < 0 ? lines.length : end;
  }
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

/** Functions whose bodies a hunk changes while their own line is above it: git names them in the hunk header. */
function addContextFunctions(
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
    // git names the last function line above the hunk; when a definition that opens inside the hunk (on
    // the changed line or above it) holds the first change, the change is that definition's, not the named one's.
    const side = changed.kind === "+" ? "post" : "pre";
    const image = parsed.find((p) => p.fragment.hunkIndex === hunkIndex && p.fragment.side === side);
    const changedRow = image?.fragment.rows.indexOf(changed) ?? -1;
    const holdsChange = image?.definitions.some(
      (def) => def.row <= changedRow && def.endRow >= changedRow && image.fragment.rows[def.row] != null,
    );
    if (holdsChange) return;
    members.add(fn.name);
    const name = fn.owner ? `${fn.owner}.${fn.name}` : fn.name;
    out.set(name, {
      name,
      member: fn.name,
      owner: fn.owner,
      kind: fn.owner ? "method" : "function",
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

/** The names referenced on a file's added lines. */
function fileUses(parsed: ParsedFragment[]): PatchUse[] {
  const uses: PatchUse[] = [];
  for (const p of parsed) {
    if (p.fragment.side !== "post") continue;
    for (const use of p.uses) {
      const line = p.fragment.rows[use.row];
      if (line?.kind !== "+") continue;
      const location = locate(p.fragment, use.row, use.row, use);
      if (location) uses.push({ ...use, qualifier: use.qualifier, location });
    }
  }
  return uses;
}

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
async function parseFragments(fragments: Fragment[], language: ParsedLanguage): Promise<ParsedFragment[]> {
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

/** Definitions and uses of one patch (already parsed into file diffs); `exact` when the fragments are whole files. */
export async function analysePatchFiles(
  files: FileDiff[],
  fragmentsOf: FragmentSource = hunkFragments,
  exact = false,
): Promise<PatchFacts> {
  const facts: PatchFacts = {
    definitions: [],
    uses: [],
    unsupportedFiles: [],
    approximate: false,
    paths: [],
    newNames: new Set(),
    literals: [],
    textBefore: [],
  };
  // Definitions a file's pre-image holds and its post-image does not: moved, if another file adds them.
  const removed: Array<{ path: string; def: SyntaxDefinition }> = [];
  for (const file of files) {
    facts.paths.push(file.path);
    if (file.binary) continue;
    const language = grammarOfPath(file.path);
    if (!language) {
      if (languageOfPath(file.path)) facts.unsupportedFiles.push(file.path);
      continue;
    }
    const fragments = await fragmentsOf(file, language);
    if (!exact && file.status !== "added" && file.status !== "deleted") facts.approximate = true;
    const parsed = await parseFragments(fragments, language);
    const definitions = fileDefinitions(file, parsed, language, exact);
    removed.push(...removedDefinitions(file.path, parsed));
    const uses = fileUses(parsed);
    facts.definitions.push(...definitions);
    facts.uses.push(...uses);
    const before = new Set(
      fragments.filter((f) => f.side === "pre").flatMap((f) => f.text.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []),
    );
    for (const def of definitions)
      if (def.kind !== "file" && def.status === "new" && def.location.diffLine > 0) facts.newNames.add(def.member);
    for (const use of uses) if (use.kind !== "module" && !before.has(use.name)) facts.newNames.add(use.name);
    for (const p of parsed) {
      if (p.fragment.side === "pre") {
        facts.textBefore.push(p.fragment.text);
        continue;
      }
      for (const literal of p.literals) {
        const location = locate(p.fragment, literal.row);
        if (location)
          facts.literals.push({
            text: literal.text,
            checked: literal.checked,
            location: { ...location, column: undefined },
          });
      }
    }
  }
  facts.definitions = withoutMoved(facts.definitions, removed);
  return facts;
}

/** A file's definitions that its pre-image has and its post-image does not (by qualified name). */
function removedDefinitions(path: string, parsed: ParsedFragment[]): Array<{ path: string; def: SyntaxDefinition }> {
  const after = new Set(
    parsed.filter((p) => p.fragment.side === "post").flatMap((p) => p.definitions.map((d) => d.name)),
  );
  return parsed
    .filter((p) => p.fragment.side === "pre")
    .flatMap((p) => p.definitions)
    .filter((def) => !def.local && !after.has(def.name))
    .map((def) => ({ path, def }));
}

const folderOf = (path: string) => path.split("/").slice(0, -1).join("/");

/**
 * New-ness against the whole patch's pre-image (SPEC §3): a definition one file adds under a name another
 * file of the patch removes is moved, not new (in Go, within its package: the same folder). Moved as it
 * was, it is dropped; with another signature it is changed, and only the parameters it gains are new.
 */
function withoutMoved(
  definitions: PatchDefinition[],
  removed: Array<{ path: string; def: SyntaxDefinition }>,
): PatchDefinition[] {
  if (removed.length === 0) return definitions;
  const movedFrom = (def: PatchDefinition) =>
    removed.find(
      (r) =>
        r.path !== def.path &&
        r.def.name === def.name &&
        r.def.kind === def.kind &&
        (!def.path.endsWith(".go") || folderOf(r.path) === folderOf(def.path)),
    )?.def;
  const out: PatchDefinition[] = [];
  const dropped = new Map<string, SyntaxDefinition>();
  for (const def of definitions) {
    const old = def.status === "new" && def.kind !== "file" && def.kind !== "parameter" ? movedFrom(def) : undefined;
    if (!old) {
      out.push(def);
      continue;
    }
    dropped.set(`${def.path}\0${def.name}`, old);
    if ((old.signature ?? "") !== (def.signature ?? "")) out.push({ ...def, status: "changed" });
  }
  // A moved callable's parameters are new only where it gains them.
  return out.filter((def) => {
    if (def.kind !== "parameter" || !def.owner) return true;
    const old = dropped.get(`${def.path}\0${def.owner}`);
    return !old?.params.includes(def.member);
  });
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
