import { braceContextFunction } from "../brace-context";
import { closersOfOpenBrackets, leadingSpaceOf, UNKNOWN_OWNER } from "../hunk-lines";
import type { ClosedBlocks, LanguageModule, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerLevelBodyEnd, headerNames, NO_WRAP } from "../wrapping";
import { extractRust } from "./extract";

/** The type an `impl` header implements for (`impl<T> Trait for Store<T> {` → Store), or undefined. */
// (Its generics may nest: `impl<'i, R: XmlRead<'i>, E: EntityResolver> XmlReader<'i, R, E> {`.)
const IMPL_HEAD = String.raw`\bimpl\b(?:\s*<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s+`;
const IMPL_TYPE = new RegExp(`${IMPL_HEAD}(?:[\\w:<>, &']+\\s+for\\s+)?&?(?:\\w+::)*(\\w+)`);
/** The trait an `impl … for` header implements (`impl<T: ?Sized + ImageDecoder> ImageDecoder for Box<T>` → ImageDecoder). */
const IMPL_TRAIT = new RegExp(`${IMPL_HEAD}&?(?:\\w+::)*(\\w+)(?:<[^{]*?>)?\\s+for\\s+`);
const implTypeOf = (context: string) => IMPL_TYPE.exec(context)?.[1];

/**
 * The `impl` a header opens as it is reopened: `impl Box` for `impl<T> Box<T> {`; with its trait where it has one
 * (`impl ImageDecoder for Box<T>`), whose methods the trait names (they define nothing, as in the whole file).
 */
function implOpener(context: string, type: string = implTypeOf(context) ?? UNKNOWN_OWNER): string {
  const trait = IMPL_TRAIT.exec(context)?.[1];
  return trait ? `impl ${trait} for ${type}` : `impl ${type}`;
}

/** The `impl` a header opens, reopened with a method in it (see tailOpeners), or undefined. */
function tailContainer(context: string): string | undefined {
  return implTypeOf(context) ? `${implOpener(context)} { fn __hintscope_tail__() {` : undefined;
}

/** The `impl` or `trait` a header opens, reopened alone (`impl Store {`, `trait RouterExt {`), or undefined. */
function containerOpener(context: string): string | undefined {
  if (implTypeOf(context)) return `${implOpener(context)} {`;
  const trait = /\btrait\s+(\w+)/.exec(context)?.[1];
  if (trait) return `trait ${trait} {`;
  // (A struct's, an enum's or a union's body: `struct Options<'a> {`, its fields.)
  const record = /\b(struct|enum|union)\s+(\w+)[^;(]*\{\s*$/.exec(context);
  return record ? `${record[1]} ${record[2]} {` : undefined;
}

/**
 * In an `impl` or a `trait`, a hunk that starts inside a method's signature, its `fn` line above the hunk: on
 * a `where` clause's bounds (`        P: TypedPath;`, ending at `;` or `{`) or on its parameters (ending at a
 * line that starts with `)`), or at the `{` that opens its body. The stand-in opening that signature, or nothing.
 */
function signatureTail(lines: readonly string[]): string[] {
  const start = lines.findIndex((line) => line.trim() !== "");
  const first = lines[start];
  // (Or at the `{` alone that opens its body after a `where` clause: futures' `try_all`, then a new `fn try_any`.)
  if (first !== undefined && /^\s+\{\s*$/.test(first)) return ["fn __hintscope__()"];
  if (first === undefined || !/^\s+'?\w+(::\w+)*(<[^>]*>)?\s*:\s*[^=]+$/.test(first)) return [];
  for (const line of lines.slice(start)) {
    const text = line.trim();
    if (text.startsWith(")")) return ["fn __hintscope__("];
    if (/[;{]$/.test(text)) return ["fn __hintscope__() where"];
  }
  return [];
}

/**
 * Whether a hunk goes on in a free function's parameter list: lines `name: Type,` (or attributes, comments) up to
 * a `)` at column 0 that ends the signature (`) -> Result<Value, ShellError> {`), not a macro call's `    );`.
 */
function resumesParameters(lines: readonly string[]): boolean {
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*(\/\/|#\[)/.test(line));
  const close = code.findIndex((line) => /^\)/.test(line));
  if (close <= 0 || /;\s*$/.test(code[close] as string)) return false;
  return code.slice(0, close).every((line) => /^\s+(mut\s+)?'?\w+\s*:\s*[^=;]+,\s*$/.test(line));
}

/**
 * Whether a hunk under a bare `where` at column 0 (git's header for `impl<K, V, S> IndexMap<K, V, S>` / `where` /
 * `S: BuildHasher,` / `{`) is in an `impl` the hunk does not name: its least indented lines declare methods
 * (`pub fn shift_insert(&mut self, …`), not a free function's statements.
 */
function implsUnderWhere(context: string, lines: readonly string[]): boolean {
  if (!/^where\b/.test(context)) return false;
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*(\/\/|#\[)/.test(line));
  const least = Math.min(...code.map((line) => leadingSpaceOf(line)));
  const atLeast = code.filter((line) => leadingSpaceOf(line) === least);
  // (Items only: a generic free function's body under its `where`, `let` and `while` among its lines, is no impl.)
  return (
    atLeast.some((line) => /^\s+(pub(\([\w:]+\))?\s+)?((const|async|unsafe)\s+)*fn\s+\w+/.test(line)) &&
    // (A method's own `where` and `{` stand at its level too.)
    atLeast.every((line) =>
      /^\s+(pub\b|fn\b|const\b|async\b|unsafe\b|type\b|extern\b|where\b|#!?\[|\/\/|\}|\)|\{\s*$)/.test(line),
    )
  );
}

/** An item line: a declaration, an attribute, a doc comment, a macro's block, or a block's end. */
const ITEM_LINE =
  /^\s*(pub(\([\w:\s]+\))?\s+|(unsafe|async|const|extern)\s+)*(fn|mod|use|impl|struct|enum|trait|type|const|static|union|macro_rules!)\b|^\s*(#!?\[|\/\/|\}|[\w:]+!\s*\{\s*$)/;

/** Whether a hunk under an item macro's block (`cfg_rt! {` at column 0) shows items down to its first line's level. */
function itemsUnderMacro(context: string, lines: readonly string[]): boolean {
  if (!/^[\w:]+!\s*\{\s*$/.test(context)) return false;
  const code = lines.filter((line) => line.trim() !== "");
  const first = code[0];
  if (first === undefined) return false;
  const level = leadingSpaceOf(first);
  return code.filter((line) => leadingSpaceOf(line) <= level).every((line) => ITEM_LINE.test(line));
}

/** Stand-in openers for the blocks a Rust hunk closes before it opens any (see HunkRules.tailOpeners). */
function rustTailOpeners(wrapper: Wrapper, closed: ClosedBlocks, context: string, lines: readonly string[]): string[] {
  // A hunk under an item macro's header (tokio's `cfg_rt! {`) whose lines, down to the first one's level, are items
  // (`pub fn worker_index() …`, then `}` and `cfg_taskdump! {`): the blocks it closes are macros' around items,
  // reopened as modules (items, not a function's locals).
  if (wrapper.prefix.length === 0 && itemsUnderMacro(context, lines))
    return Array.from({ length: closed.count }, () => "mod __hintscope_tail__ {");
  // A hunk under an `impl`'s or a `trait`'s header whose one `}` at column 0 closes it: the lines above are its
  // members (a method's signature cut above the hunk reopened, see signatureTail).
  const container = containerOpener(context);
  if (wrapper.prefix.length === 0 && closed.count === 1 && closed.atColumnZero && container)
    return [container, ...(/^(impl|trait)\b/.test(container) ? signatureTail(lines) : [])];
  return braceTailOpeners(wrapper, closed, {
    // A hunk under an `impl` header that closes it at column 0 (a method's tail, new methods, the `impl`'s `}`):
    // reopened as that `impl` and a method in it, so the new methods are the type's.
    classTail: tailContainer(context),
    first: ({ atTop, inClass }) =>
      atTop || inClass || /^(impl|trait|mod)\b/.test(wrapper.prefix[0] ?? "") ? "fn __hintscope_tail__() {" : "{",
  });
}

function rustWrap({ context, indented, lines }: WrapRequest): Wrapper {
  // (Its `)` may stand at column 0.) A free function's header cut in its parameters (`pub(crate) fn dir_entry_dict(`), the hunk going on with them to
  // the `)` that ends them: the header as written opens the signature, so its new parameters are read.
  // (At column 0: an indented header is a method's, in an `impl` the hunk does not name.)
  if (/^\S.*\bfn\s+\w+\s*(<[^>]*>)?\s*\([^)]*$/.test(context) && resumesParameters(lines))
    return { prefix: [context.trim()], suffix: [], owner: null, dedent: false, resumesHeader: true };
  if (!indented) return NO_WRAP;
  // `impl<T> Trait for Store<T> {` → the methods are Store's; `trait T {`, `mod m {` likewise.
  const implType = implTypeOf(context);
  // A hunk that starts at a method's `where` clause (its `fn` line above the hunk): the body after the clause's
  // `{` is that method's, so a `const` in it is the method's local, not an item of the module.
  const first = lines.find((line) => line.trim() !== "");
  if (first !== undefined && /^\s+where\s*$/.test(first))
    return {
      prefix: [`${implOpener(context, implType)} {`, "fn __hintscope__()"],
      suffix: ["}"],
      owner: null,
      dedent: false,
    };
  if (implType || implsUnderWhere(context, lines))
    return {
      prefix: [`${implOpener(context, implType)} {`, ...signatureTail(lines)],
      suffix: ["}"],
      owner: null,
      dedent: false,
    };
  const item = /\b(trait|struct|enum|mod|union)\s+(\w+)/.exec(context);
  if (item)
    return {
      prefix: [`${item[1]} ${item[2]} {`, ...(item[1] === "trait" ? signatureTail(lines) : [])],
      suffix: ["}"],
      owner: null,
      dedent: false,
    };
  return /\bfn\s/.test(context) || headerNames(context).inFunction
    ? { prefix: ["fn __hintscope__() {"], suffix: ["}"], owner: null, dedent: false }
    : NO_WRAP;
}

export const rust: LanguageModule = {
  name: "rust",
  extensions: ["rs"],
  grammars: [{ name: "rust", wasm: "tree-sitter-rust/tree-sitter-rust.wasm" }],
  extract: extractRust,
  overloads: false,
  stringTypes: ["string_literal", "raw_string_literal"],
  memberSeparator: "::",
  uses: {
    fixedArity: true,
    callsNeverReachFields: true,
    staticsUninherited: true,
    // (An integration test, `tests/aes_encryption.rs` or `tokio-postgres/tests/test/main.rs`, is a crate of its own;
    // a unit test under `src/` is its crate's.)
    moduleItemFiles: (path, name) => {
      // (From `src/lib.rs`, `src/main.rs` and `x/mod.rs`, their folder; from `src/foo.rs`, `src/foo/`.)
      const [, folder = "", stem = ""] = /^(.*?)([^/]+)\.rs$/.exec(path) ?? [];
      const base = stem === "mod" || stem === "lib" || stem === "main" ? folder : `${folder}${stem}/`;
      return [`${base}${name}.rs`, `${base}${name}/mod.rs`];
    },
    outsideCrate: (path) => /(^|\/)(tests|benches|examples)\//.test(path) && !/(^|\/)src\//.test(path),
  },
  hunks: {
    headerKeepsIndentation: true,
    // A function's header names it after `fn`, whatever its return type (`pub fn uu_app() -> Command {`).
    contextFunction: (text) => {
      const name = /(?:^|\s)fn\s+(\w+)/.exec(text)?.[1];
      return name ? { name, owner: null } : braceContextFunction(text);
    },
    wrap: rustWrap,
    tailOpeners: rustTailOpeners,
    blockComments: true,
    endOfContextBody: headerLevelBodyEnd,
    // A function whose body runs past the hunk's end (`pub fn list_themes(cfg: &Config, config_dir: &Path) {`
    // and a few lines) is closed, so that it parses as the function it is. A lifetime (`&'a str`) is no
    // character literal.
    closeOpenBlocks: (suffix, lines) => {
      const open = closersOfOpenBrackets(lines.map((line) => line.replace(/'[A-Za-z_]\w*\b(?!')/g, "")));
      return open !== "" ? [open, ...suffix] : [...suffix];
    },
  },
};
