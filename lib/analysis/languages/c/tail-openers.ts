import { codeWithoutCommentsOf as codeOf, EXPORT_MACRO } from "../hunk-lines";
import type { ClosedBlocks, HunkRules, Wrapper } from "../language";
import { braceTailOpeners, headerNames, withoutDeclaratorTypes } from "../wrapping";

// What C and C++ hunks reopen above their first line when they close blocks opened above them (see
// HunkRules.tailOpeners): a record, a typedef's nameless record, namespaces, a stand-in function.

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
 * The openers of the blocks a C or C++ hunk closes from above, outermost first: a nameless typedef's record, the
 * namespaces its closers say they end, a record its header names, else a stand-in class and method or function.
 */
export function cTailOpeners(dialect: CDialect): NonNullable<HunkRules["tailOpeners"]> {
  return (wrapper, closed, context, lines) => {
    // (Under a function's header at column 0, `XMLStreamer::XMLStreamer( FILE* file ) : …`, a lone `}` at column 0
    // is that function's end, the closers before it its inner blocks': no class around it. Two there are the
    // function's and a namespace's.)
    const opened = (blocks: ClosedBlocks) =>
      braceTailOpeners(wrapper, blocks, {
        classTail:
          /^\S/.test(context) && headerNames(context).inFunction && blocks.atColumnZeroCount === 1
            ? undefined
            : classTailUnder(dialect, context, blocks),
        outer: dialect.namespaces ? OUTER_NAMESPACE : undefined,
        first: ({ inClass, atTop }) => (inClass || atTop ? "void __hintscope_tail__() {" : "{"),
      });
    return (
      typedefRecordReopened(wrapper, closed, context, lines) ??
      namespacesReopened(dialect, wrapper, closed, lines, context) ??
      recordReopened(dialect, wrapper, closed, context, lines) ??
      (recordOpenedBy(context) ? null : namespacesAround(dialect, wrapper, closed, lines, opened)) ??
      opened(closed)
    );
  };
}

/** The class, struct or union a header opens; none for a declaration (`struct lexer_param;` opens nothing). */
export const recordOpenedBy = (context: string) =>
  /;\s*$/.test(context) ? null : RECORD_HEADER.exec(withoutDeclaratorTypes(withoutTemplateHead(context)));

/** A header that opens a class, a struct or a function (a declaration, `int yyparse(void *scanner);`, opens none). */
export const inRecordOrFunction = (context: string) =>
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
  context: string,
): string[] | null {
  if (!dialect.namespaces || wrapper.prefix.length > 0 || closed.count < 1) return null;
  if (closed.count !== (closed.atColumnZeroCount ?? 0)) return null;
  // (Under git's header `namespace etl`, its one closer from above a bare `}` at column 0: that namespace's end,
  // so the structs before it are the namespace's (ETL's `type_list_contains`), not a stand-in function's locals.)
  if (/^namespace\s+[\w:]+\s*\{?\s*$/.test(context.trim()) && closed.count === 1) {
    const closers = lines.filter((line) => /^\}/.test(codeOf(line)));
    if (closers.length === 1 && /^\}\s*$/.test(codeOf(closers[0] as string))) return [OUTER_NAMESPACE];
  }
  // (A function's own `}` at column 0, its `{` in the hunk, closes nothing from above.)
  if (lines.filter((line) => NAMESPACE_CLOSER.test(line)).length !== closed.count) return null;
  return Array.from({ length: closed.count }, () => OUTER_NAMESPACE);
}

/**
 * Under a nameless record's header (`typedef struct {`, `typedef union {`) a hunk whose one closer of a block opened
 * above is `} name;` at column 0: that record reopened around it, so its lines are the typedef's fields
 * (`nghttp2_aux_data.rst_stream`), not a stand-in function's locals. Else null.
 */
function typedefRecordReopened(
  wrapper: Wrapper,
  closed: ClosedBlocks,
  context: string,
  lines: readonly string[],
): string[] | null {
  const record = /^typedef\s+(struct|union)\s*\{\s*$/.exec(context.trim());
  if (!record || wrapper.prefix.length > 0 || closed.count !== 1) return null;
  const closer = lines.find((line) => /^\}/.test(codeOf(line)));
  return closer !== undefined && /^\}\s*\w+\s*;/.test(codeOf(closer)) ? [`typedef ${record[1]} {`] : null;
}

/**
 * A C++ hunk whose outermost closers of blocks opened above say they end namespaces, inner ones not (a function's `}`
 * then `} // namespace GFLAGS_NAMESPACE`): those namespaces reopened outside what the inner closers open, so the
 * functions after the inner block's end are the namespace's, not a stand-in function's locals (gflags' `SafeFOpen`).
 * Else null. (Under a record's header the class tail reopens its namespaces itself.)
 */
function namespacesAround(
  dialect: CDialect,
  wrapper: Wrapper,
  closed: ClosedBlocks,
  lines: readonly string[],
  inner: (blocks: ClosedBlocks) => string[],
): string[] | null {
  if (!dialect.namespaces || wrapper.prefix.length > 0 || closed.count < 2) return null;
  // (A namespace the hunk opens and closes is none from above.)
  const closers = lines.filter((line) => NAMESPACE_CLOSER.test(line)).length;
  const namespaces = closers - lines.filter((line) => /^\s*namespace\b[^;=]*\{/.test(line)).length;
  if (namespaces < 1 || namespaces >= closed.count) return null;
  const atZero = (closed.atColumnZeroCount ?? 0) - namespaces;
  return [
    ...Array.from({ length: namespaces }, () => OUTER_NAMESPACE),
    ...inner({ count: closed.count - namespaces, atColumnZero: atZero > 0, atColumnZeroCount: Math.max(0, atZero) }),
  ];
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
