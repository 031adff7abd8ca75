import { ACCESS_LABEL, codeWithoutCommentsOf as codeOf, EXPORT_MACRO, UNKNOWN_OWNER } from "../hunk-lines";
import type { ClosedBlocks, HunkRules, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerLevelBodyEnd, headerNames, NO_WRAP } from "../wrapping";

/**
 * C and C++: what a hunk leaves open at its end, closed: blocks (`}`) and preprocessor conditionals
 * (`#endif`). Without them a function whose body runs past the hunk, behind a macro such as `STATIC`, does
 * not parse as a function at all, and its local variables read as globals.
 */
export function cFamilyClosers(lines: readonly string[]): string[] {
  let braces = 0;
  let conditionals = 0;
  for (const line of lines) {
    if (/^\s*#\s*if(n?def)?\b/.test(line)) conditionals++;
    else if (/^\s*#\s*endif\b/.test(line)) conditionals = Math.max(0, conditionals - 1);
    for (const ch of codeOf(line)) {
      if (ch === "{") braces++;
      else if (ch === "}") braces = Math.max(0, braces - 1);
    }
  }
  return [..."}".repeat(braces), ...Array.from({ length: conditionals }, () => "#endif")];
}

/**
 * A header without its `template <…>` head, whose `class Key` names a type parameter, not a class; nothing
 * where git cut the head before its end (`template <class Key, class T, class IgnoredLess = std::less<Key>,`).
 */
export function withoutTemplateHead(context: string): string {
  const start = /^\s*template\s*</.exec(context);
  if (!start) return context;
  let depth = 0;
  for (let i = start[0].length - 1; i < context.length; i++) {
    if (context[i] === "<") depth++;
    else if (context[i] === ">" && --depth === 0) return context.slice(i + 1);
  }
  return "";
}

/**
 * Whether a hunk starts in a constructor's member initializer list: its first code lines are `name(…)` or
 * `name{…}` items ending in `,`, up to one that opens the body (`m_subparsers(other.m_subparsers) {`).
 */
function startsInInitializers(lines: readonly string[]): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*\/[/*]/.test(l));
  const item = /^\s*([\w:]+\s*(\([^;]*\)|\{[^;]*\})\s*,\s*)+/;
  const body = code.findIndex((l) => /\)\s*\{\s*$/.test(l) || /^\s*\{\s*$/.test(l));
  return body > 0 && code.slice(0, body).every((l) => item.test(l) && /,\s*$/.test(l));
}

/**
 * Whether a hunk starts in the parameter list its header opens (`static int json_object_string_to_json_string(struct
 * json_object* jso,` above `int level,` … `int flags)`): its lines close the header's `(` before any `{`, `}` or `;`.
 */
export function resumesParameterList(context: string, lines: readonly string[]): boolean {
  let depth = 0;
  for (const ch of codeOf(context)) depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
  if (depth <= 0) return false;
  for (const [at, line] of lines.entries()) {
    if (/^\s*#/.test(line)) return false;
    const code = codeOf(line);
    for (const [column, ch] of [...code].entries()) {
      if (ch === "(") depth++;
      else if (ch === ")" && --depth === 0)
        return closesParameters(lines.slice(0, at), code.slice(0, column), code.slice(column + 1), lines[at + 1]);
      else if (ch === "{" || ch === "}" || ch === ";") return false;
    }
  }
  return false;
}

/** A parameter's declaration: a type and a name (`int level`, `const char *s`, `size_t n = 0`), or `...`. */
const PARAMETER = /^(?:(?:[A-Za-z_][\w:<>]*[\s*&]+)+[A-Za-z_]\w*\s*(?:\[[^\]]*\])?(?:\s*=\s*.+)?|\.\.\.)$/;

/**
 * Whether the lines a hunk opens with, up to the `)` that closes its header's list, are parameters (a call's
 * arguments, `CONN_TIMEOUT_MS,` / `0);`, are not), and the `)` ends a declarator: a prototype's `;`, `{`,
 * qualifiers, or nothing with the `{` on the next line.
 */
function closesParameters(before: readonly string[], last: string, after: string, next: string | undefined): boolean {
  const pieces = [...before.map(codeOf), last].flatMap((text) => text.split(",")).map((piece) => piece.trim());
  if (!pieces.filter((piece) => piece !== "").every((piece) => PARAMETER.test(piece))) return false;
  const rest = /^\s*(?:(?:const|noexcept|override|final)\s*)*(?:->\s*[^{;]+)?([{;]?)\s*$/.exec(after);
  if (!rest) return false;
  return rest[1] !== "" || /^\s*\{/.test(next ?? "");
}

/** Where C and C++ differ in a hunk's stand-ins. */
export interface CDialect {
  /** the keyword a record the header names is reopened with (C has no `class`: a struct) */
  record: (keyword: string) => string;
  /** a `namespace` header reopens the namespace (C++) */
  namespaces: boolean;
  /** opens a class and a method at once, for a hunk that runs past both (C++) */
  classTail?: string;
}

/** A record's header and its name, after any export macro. */
const RECORD_HEADER = new RegExp(String.raw`\b(class|struct|union)\s+(?:${EXPORT_MACRO}\s+)?(\w+)`);

/** The hunk rules of C and of C++, by dialect. */
export function cFamilyHunks(dialect: CDialect): HunkRules {
  const wrap = ({ context, indented, lines, hunkLines }: WrapRequest): Wrapper => {
    // An access label for a header (`public:`, the last line at column 0 above the hunk): the hunk is in a
    // class's body, whose name is above it; its members are an unknown class's, no free functions. A hunk
    // that starts in a constructor's member initializers (`m_parser_path(other.m_parser_path),` … `{`)
    // goes on in that constructor's.
    const access = ACCESS_LABEL.exec(context.trim())?.[1];
    if (access && dialect.namespaces) {
      const open = `struct ${UNKNOWN_OWNER} { ${access}:`;
      if (startsInInitializers(lines))
        return { prefix: [open, `${UNKNOWN_OWNER}() :`], suffix: ["};"], owner: null, dedent: false, settled: true };
      // Every line deep in (six columns or two tabs, the label at column 0): a method's body, whose own
      // lambdas' parameters (`[&](const Request &req, …) {`) are no fields.
      const code = lines.filter((l) => l.trim() !== "" && !/^\s*[})\]]/.test(l));
      if (code.length > 0 && code.every((l) => /^( {6,}|\t{2,})/.test(l)))
        return { prefix: [open, "void __hintscope__() {"], suffix: ["}", "};"], owner: null, dedent: false };
      return { prefix: [open], suffix: ["};"], owner: null, dedent: false };
    }
    // The header's own function, its parameters above the hunk: read with the header written back, its
    // signature not stated (the parameters above are not shown).
    if (resumesParameterList(context, lines))
      return { prefix: [context], suffix: [], owner: null, dedent: false, resumesHeader: true };
    // An enum's body (`enum EMITTER_MANIP {`): its lines are its values.
    // (`typedef enum {` names its type after the `}`: `} git_error_code;`.)
    // (No `(` before the `{`: `enumerate_devices(bus_t *b) {` and `enum dev_status dev_poll(int fd) {` are functions.)
    const enumerated = /^\s*(?:typedef\s+)?enum(?:\s+((?:class|struct)\s+)?(\w+))?(?![\w(])[^;{(]*\{\s*$/.exec(context);
    if (enumerated)
      return {
        prefix: [`enum ${enumerated[1] ?? ""}${enumerated[2] ?? ""} {`.replace(/\s+\{$/, " {")],
        suffix: ["};"],
        owner: null,
        dedent: false,
      };
    // A hunk that starts among an enum's values whose `enum` line git did not take for its header (indented
    // under `#ifndef`, or below a column-0 declaration): read as a nameless enum's (`BINDING = 261,`).
    if (startsInEnumerators(hunkLines ?? lines) && !inRecordOrFunction(context))
      return { prefix: ["enum {"], suffix: ["};"], owner: null, dedent: false };
    if (!indented) return NO_WRAP;
    const { inFunction } = headerNames(context);
    const ns = /\bnamespace\s+([\w:]+)/.exec(context)?.[1];
    // (An export macro before the name, `class YAML_CPP_API Emitter {`, is no name: the class is Emitter.)
    const record = recordOpenedBy(context);
    if (record && !inFunction)
      return {
        prefix: [`${dialect.record(record[1] as string)} ${record[2]} {`],
        suffix: ["};"],
        owner: null,
        dedent: false,
      };
    if (ns && dialect.namespaces) return { prefix: [`namespace ${ns} {`], suffix: ["}"], owner: null, dedent: false };

    return inFunction ? { prefix: ["void __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
  };
  return {
    headerKeepsIndentation: true,
    wrap,
    // (Under a function's header at column 0, `XMLStreamer::XMLStreamer( FILE* file ) : …`, a lone `}` at column 0
    // is that function's end, the closers before it its inner blocks': no class around it. Two there are the
    // function's and a namespace's.)
    tailOpeners: (wrapper, closed, context, lines) =>
      namespacesReopened(dialect, wrapper, closed, lines) ??
      recordReopened(dialect, wrapper, closed, context, lines) ??
      braceTailOpeners(wrapper, closed, {
        classTail:
          /^\S/.test(context) && headerNames(context).inFunction && closed.atColumnZeroCount === 1
            ? undefined
            : classTailUnder(dialect, context, closed),
        outer: dialect.namespaces ? OUTER_NAMESPACE : undefined,
        first: ({ inClass, atTop }) => (inClass || atTop ? "void __hintscope_tail__() {" : "{"),
      }),
    blockComments: true,
    endOfContextBody: headerLevelBodyEnd,
    closeOpenBlocks: (suffix, lines) => {
      const open = cFamilyClosers(lines);
      return open.length > 0 ? [...open, ...suffix] : [...suffix];
    },
  };
}

/** An enumerator line: `NAME = value,` or `NAME,` (a comment after it), nothing that opens or ends a statement. */
const ENUMERATOR = /^\s+[A-Za-z_]\w*(\s*=\s*[^;{}"]+?)?\s*,?\s*(\/\*.*\*\/|\/\/.*)?$/;
const VALUED = /^\s+[A-Za-z_]\w*\s*=/;

/**
 * Whether a hunk's lines start among an enum's values: every code line up to a closing `}` is an enumerator, two
 * or more of them, most with a value (`IDENT = 259,`; an initializer list of names, `handle_a,`, has none). Both
 * images' lines are read, so a removed last value (`NONOPT = 302`, no comma) stands among them.
 */
export function startsInEnumerators(lines: readonly string[]): boolean {
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*(\/[/*]|\*|#)/.test(line));
  const close = code.findIndex((line) => /^\s*\}/.test(line));
  const values = close < 0 ? code : code.slice(0, close);
  if (values.length < 2 || !values.every((line) => ENUMERATOR.test(line))) return false;
  return values.filter((line) => VALUED.test(line)).length * 2 > values.length;
}

/** The class, struct or union a header opens; none for a declaration (`struct lexer_param;` opens nothing). */
const recordOpenedBy = (context: string) =>
  /;\s*$/.test(context) ? null : RECORD_HEADER.exec(withoutTemplateHead(context));

/** A header that opens a class, a struct or a function (a declaration, `int yyparse(void *scanner);`, opens none). */
const inRecordOrFunction = (context: string) =>
  !/;\s*$/.test(context) && (recordOpenedBy(context) !== null || headerNames(context).inFunction);

/** A line at column 0 that declares a record (`struct _b : token_base<_b<N>>`, `template <class T> class X`), not a function taking one (`static int f(struct server_state *server,`). */
const RECORD_LINE = /^(?:template\s*<.*>\s*)?(?:typedef\s+)?(?:class|struct|union)\s/;

/**
 * The class-and-method opener for a hunk that runs past both: under a record's header at column 0 (git's default
 * driver: `struct _b : token_base<_b<N>>`), whose `};` at column 0 the hunk shows, that record's, so the members
 * after the method's end are its own (`_b.range`); else the dialect's stand-in.
 */
function classTailUnder(dialect: CDialect, context: string, closed: ClosedBlocks): string | undefined {
  // (Only where a block inside the record closes first, a method's: where every closer stands at column 0, the
  // first is the record's own, `};` after `contact(person p, address a) … {}`, and what follows is past it.)
  const methodFirst = closed.count > (closed.atColumnZeroCount ?? 1);
  const record =
    RECORD_LINE.test(context) && !headerNames(context).inFunction && methodFirst ? recordOpenedBy(context) : null;
  if (!dialect.classTail || !record) return dialect.classTail;
  return `${dialect.record(record[1] as string)} ${record[2]} { void __hintscope_tail__() {`;
}

/**
 * A C++ hunk whose every closer of a block opened above stands at column 0 and says it ends a namespace (`} //
 * namespace nameof`): namespaces reopened around it, so the functions before them are the namespace's, not a
 * stand-in function's locals (nameof's `nameof_pointer`). Else null.
 */
function namespacesReopened(
  dialect: CDialect,
  wrapper: Wrapper,
  closed: ClosedBlocks,
  lines: readonly string[],
): string[] | null {
  if (!dialect.namespaces || wrapper.prefix.length > 0 || closed.count < 1) return null;
  if (closed.count !== (closed.atColumnZeroCount ?? 0)) return null;
  // (A function's own `}` at column 0, its `{` in the hunk, closes nothing from above.)
  if (lines.filter((line) => NAMESPACE_CLOSER.test(line)).length !== closed.count) return null;
  return Array.from({ length: closed.count }, () => OUTER_NAMESPACE);
}

/** A namespace's `}` as code styles mark it: `} // namespace nameof`, `} // end namespace YAML`. */
const NAMESPACE_CLOSER = /^\}\s*(\/\/|\/\*)\s*(end\s+(of\s+)?)?(inline\s+)?namespace\b/i;

/**
 * Under a record's header at column 0 (`struct _control : char_class_base<_control>`), a hunk whose every closer of
 * a block opened above stands at column 0: the first is the record's own `};`, those after it namespaces' (C++). The
 * record is reopened around the hunk, a stand-in declarator before a body the hunk starts at (`    {` of a method
 * whose signature is above it). Else null.
 */
function recordReopened(
  dialect: CDialect,
  wrapper: Wrapper,
  closed: ClosedBlocks,
  context: string,
  lines: readonly string[],
): string[] | null {
  if (wrapper.prefix.length > 0 || closed.count < 1 || closed.count !== (closed.atColumnZeroCount ?? 0)) return null;
  if (!RECORD_LINE.test(context) || headerNames(context).inFunction) return null;
  const record = recordOpenedBy(context);
  if (!record || (closed.count > 1 && !dialect.namespaces)) return null;
  // (The record's `};` may stand above the hunk, git's header still naming it: then the closer is a namespace's,
  // `} // namespace detail` first. Inside it, member lines come before its `};`.)
  const code = lines.map((line) => codeOf(line)).filter((line) => line.trim() !== "" && !/^\s*#/.test(line));
  const closer = code.findIndex((line) => /^\}/.test(line));
  if (!code.slice(0, closer < 0 ? code.length : closer).some((line) => /^\s/.test(line))) return null;
  const first = lines.find((line) => codeOf(line).trim() !== "");
  const body = first !== undefined && /^\s+\{\s*$/.test(codeOf(first)) ? ["void __hintscope_tail__()"] : [];
  return [
    ...Array.from({ length: closed.count - 1 }, () => OUTER_NAMESPACE),
    `${dialect.record(record[1] as string)} ${record[2]} {`,
    ...body,
  ];
}

/** A namespace a hunk's closer ends, reopened around it (its name is above the hunk). */
const OUTER_NAMESPACE = "namespace __hintscope_outer__ {";

/** C++'s class-and-method opener (see CDialect.classTail). */
export const CPP_CLASS_TAIL = `struct ${UNKNOWN_OWNER} { void __hintscope_tail__() {`;
