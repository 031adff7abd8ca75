import { ACCESS_LABEL, codeWithoutCommentsOf as codeOf, leadingSpaceOf, UNKNOWN_OWNER } from "../hunk-lines";
import type { HunkRules, Wrapper, WrapRequest } from "../language";
import { headerLevelBodyEnd, headerNames, NO_WRAP } from "../wrapping";
import { CppClassTracker, inIndentedClass } from "./class-tracker";
import { cCodeLines, gotoLabel } from "./code-lines";
import { resumesMemberParameters, resumesParameterList, resumesTemplateList } from "./parameter-lists";
import { type CDialect, cTailOpeners, inRecordOrFunction, recordOpenedBy } from "./tail-openers";

export type { CDialect } from "./tail-openers";

/**
 * C and C++: what a hunk leaves open at its end, closed innermost first: blocks (`}`) and preprocessor conditionals
 * (`#endif`). Without them a function whose body runs past the hunk, behind a macro such as `STATIC`, does not parse
 * as a function at all, and its local variables read as globals. (A block opened inside a conditional closes
 * before its `#endif`, one opened outside after it: aws-checksums' `uint64_t aws_checksums_crc64nvme(…) {` over
 * `#if defined(AWS_USE_CPU_EXTENSIONS)` and an `if (…) {` in it.)
 */
export function cFamilyClosers(lines: readonly string[]): string[] {
  const open: Array<"}" | "#endif"> = [];
  const closeLast = (closer: "}" | "#endif") => {
    const at = open.lastIndexOf(closer);
    if (at >= 0) open.splice(at, 1);
  };
  for (const line of lines) {
    if (/^\s*#\s*if(n?def)?\b/.test(line)) open.push("#endif");
    else if (/^\s*#\s*endif\b/.test(line)) closeLast("#endif");
    for (const ch of codeOf(line)) {
      if (ch === "{") open.push("}");
      else if (ch === "}") closeLast("}");
    }
  }
  return open.reverse();
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

/** Whether a hunk's code lines before its first `}` at column 0 (if any) all stand at column 0, that `}` no class's `};`. */
function pastTheClass(lines: readonly string[]): boolean {
  const code = lines.map((line) => codeOf(line)).filter((line) => line.trim() !== "" && !/^\s*#/.test(line));
  const closer = code.findIndex((line) => /^\}/.test(line));
  if (closer >= 0 && /^\};/.test(code[closer] ?? "")) return false;
  const before = closer < 0 ? code : code.slice(0, closer);
  if (before.length > 0 && before.every((line) => /^\S/.test(line))) return true;
  // A definition at column 0 whose body the `}` at column 0 closes (GSL's `template <typename SpanType, …>` /
  // `constexpr multi_span<…>` / `as_multi_span(SpanType s, Dimensions2... dims)` / `{` … `}` under `public:`): a
  // class's members stand indented, so this is the namespace's. (Its declaration's continuation lines may be.)
  const opener = before.findIndex((line) => /^\{/.test(line) || /^\S.*\{\s*$/.test(line));
  return (
    closer > 0 &&
    opener >= 0 &&
    /^\}\s*$/.test(code[closer] ?? "") &&
    [before[0], before[opener]].every((line) => /^\S/.test(line ?? "") && !ACCESS_LABEL.test(line ?? "")) &&
    before.slice(opener + 1).every((line) => /^\s/.test(line))
  );
}

/**
 * The class a hunk of its members names by a member only it can declare: its destructor (`~basic_fields();`), a
 * copy or move constructor (`basic_fields(basic_fields const& other);`, `explicit Value(Value&& other)`), or a copy
 * or move assignment (`nsel_constexpr14 unexpected_type & operator=( unexpected_type<E2> const & other )`), at the
 * members' level; or by the deduction guide that follows it. Null where none does.
 */
function classOfMembers(lines: readonly string[]): string | null {
  // (An access label, `public:` at column 0, stands apart from the members; so does a directive, `#if …`.)
  const code = lines
    .map((line) => codeOf(line))
    .filter((line) => line.trim() !== "" && !ACCESS_LABEL.test(line.trim()) && !/^\s*#/.test(line));
  // The deduction guide right after the class's `};` names the class template: `template <class T> optional(T) ->
  // optional<T>;` (not one after another class's definition).
  const end = code.findIndex((line) => /^\s*\};/.test(line));
  const guide = /^\s*(?:template\s*<.*>\s*)?(\w+)\s*\(.*\)\s*->\s*(\w+)\s*</.exec(code[end + 1] ?? "");
  if (end >= 0 && guide && guide[1] === guide[2]) return guide[1] as string;
  const least = Math.min(...code.map((line) => leadingSpaceOf(line)));
  for (const line of code) {
    if (leadingSpaceOf(line) !== least) continue;
    const named =
      /^\s*(?:virtual\s+)?~(\w+)\s*\(/.exec(line) ??
      /^\s*(?:explicit\s+|constexpr\s+)*(\w+)\s*\(\s*(?:const\s+)?(\w+)(?:<[^>]*>)?\s*(?:const\s*)?&&?/.exec(line) ??
      /^\s*(?:\w+\s+)*?(\w+)\s*&\s*operator\s*=\s*\(\s*(?:const\s+)?(\w+)(?:<[^>]*>)?\s*(?:const\s*)?&&?/.exec(line);
    if (named && (named[2] === undefined || named[2] === named[1])) return named[1] as string;
  }
  return null;
}

/** The hunk rules of C and of C++, by dialect. */
export function cFamilyHunks(dialect: CDialect): HunkRules {
  const wrap = ({ context, indented, lines, hunkLines, carriedClass }: WrapRequest): Wrapper => {
    // An access label for a header (`public:`, the last line at column 0 above the hunk): the hunk is in a
    // class's body, whose name is above it; its members are an unknown class's, no free functions. A hunk
    // that starts in a constructor's member initializers (`m_parser_path(other.m_parser_path),` … `{`)
    // goes on in that constructor's.
    // (Not where every line before a closer at column 0 stands at column 0 too: past the class's `};`, the
    // namespace's definitions, `inline Value& Value::front() { … }` before `} // namespace Json`.)
    const access = ACCESS_LABEL.exec(context.trim())?.[1];
    if (access && dialect.namespaces && !pastTheClass(lines)) {
      // (The class an earlier hunk showed open above it: see CppClassTracker.)
      const open = `struct ${classOfMembers(lines) ?? carriedClass ?? UNKNOWN_OWNER} { ${access}:`;
      if (startsInInitializers(lines))
        return { prefix: [open, `${UNKNOWN_OWNER}() :`], suffix: ["};"], owner: null, dedent: false, settled: true };
      // Every line deep in (six columns or two tabs, the label at column 0): a method's body, whose own
      // lambdas' parameters (`[&](const Request &req, …) {`) are no fields.
      const code = lines.filter((l) => l.trim() !== "" && !/^\s*[})\]]/.test(l));
      if (code.length > 0 && code.every((l) => /^( {6,}|\t{2,})/.test(l)))
        return { prefix: [open, "void __hintscope__() {"], suffix: ["}", "};"], owner: null, dedent: false };
      // A hunk that starts in a member function's parameter list (quill's `BackendOptions const& options =
      // BackendOptions{},` … `std::string const& signal_handler_logger = {})` and its body): the function's name
      // is above the hunk, its parameters no fields; a stand-in's, none stated.
      if (resumesMemberParameters(lines))
        return { prefix: [open, "void __hintscope_tail__("], suffix: ["};"], owner: null, dedent: false };
      return { prefix: [open], suffix: ["};"], owner: null, dedent: false };
    }
    // The header's own function, its parameters above the hunk: read with the header written back, its
    // signature not stated (the parameters above are not shown).
    if (resumesParameterList(context, lines) || (dialect.namespaces && resumesTemplateList(context, lines)))
      return { prefix: [context], suffix: [], owner: null, dedent: false, resumesHeader: true };
    // An enum's body (`enum EMITTER_MANIP {`): its lines are its values.
    // (`typedef enum {` names its type after the `}`: `} git_error_code;`.)
    // (No `(` before the `{`: `enumerate_devices(bus_t *b) {` and `enum dev_status dev_poll(int fd) {` are functions.)
    // (Its brace on the next line, `enum class error` then `{`, git takes the `enum` line all the same; not where
    // the hunk shows that `{`.)
    const enumerated =
      /^\s*(?:typedef\s+)?enum(?:\s+((?:class|struct)\s+)?(\w+))?(?![\w(])[^;{(]*\{\s*$/.exec(context) ??
      (lines
        .find((line) => line.trim() !== "")
        ?.trim()
        .startsWith("{")
        ? null
        : /^\s*enum\s+((?:class|struct)\s+)?(\w+)(?:\s*:\s*[\w:]+)?\s*$/.exec(context));
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
    // (A hunk whose first line is an access label at column 0, `public:`, is in the class's body all the same.)
    const first = lines.find((line) => line.trim() !== "");
    const record = recordOpenedBy(context);
    const { inFunction } = headerNames(context);
    // (A preprocessor line stands at column 0 wherever it is: `#ifndef MCDBGQ_USE_RELACY` in a struct's body; not
    // in a function's, `static struct ip *tx_ip(struct mg_tcpip_if *ifp,` included, nor in an array's initializer,
    // `struct testcase_t http_testcases[] = {`.)
    // (Nor does an access label at column 0, `private:` between a struct's members.)
    const code = lines.filter((line) => line.trim() !== "" && !/^#\s*[a-z]+\b/.test(line) && !ACCESS_LABEL.test(line));
    const indentedButDirectives =
      record !== null &&
      !inFunction &&
      !/=\s*\{?\s*$|\(/.test(context) &&
      code.length > 0 &&
      code.every((line) => /^\s/.test(line));
    if (!indented && !indentedButDirectives && !(first !== undefined && ACCESS_LABEL.test(first))) return NO_WRAP;
    const ns = /\bnamespace\s+([\w:]+)/.exec(context)?.[1];
    // (An export macro before the name, `class YAML_CPP_API Emitter {`, is no name: the class is Emitter.)
    if (record && !inFunction)
      return {
        prefix: [`${dialect.record(record[1] as string)} ${record[2]} {`],
        suffix: ["};"],
        owner: null,
        dedent: false,
      };
    // (A hunk in an indented class's body, its access label shown: the class's members. See CppClassTracker.)
    if (ns && dialect.namespaces && inIndentedClass(lines))
      return {
        prefix: [`namespace ${ns} {`, `struct ${classOfMembers(lines) ?? carriedClass ?? UNKNOWN_OWNER} {`],
        suffix: ["};", "}"],
        owner: null,
        dedent: false,
      };
    if (ns && dialect.namespaces) return { prefix: [`namespace ${ns} {`], suffix: ["}"], owner: null, dedent: false };

    // (So is a goto label git took for the header, `@@ … @@ set:` in btree.c's `btree_set0`: a function's body.)
    return inFunction || gotoLabel(context)
      ? { prefix: ["void __hintscope__() {"], suffix: ["}"], owner: null, dedent: false }
      : NO_WRAP;
  };
  return {
    headerKeepsIndentation: true,
    wrap,
    ...(dialect.namespaces ? { classTracker: (path: string) => new CppClassTracker(path) } : {}),
    tailOpeners: cTailOpeners(dialect),
    blockComments: true,
    endOfContextBody: headerLevelBodyEnd,
    unfinishedTail,
    codeLines: cCodeLines,
    closeOpenBlocks: (suffix, lines) => {
      const open = cFamilyClosers(lines);
      return open.length > 0 ? [...open, ...suffix] : [...suffix];
    },
  };
}

/**
 * How many last lines begin a declaration the hunk cuts off: after the last line that ends a statement, a block or
 * a label (`;`, `{`, `}`, `:`, a directive), code lines that end none of them (`template <typename ...Fs>`, `auto
 * visit(Fs ... fs) const ->`, `typename internal::unary_function_result_type<`). None where no line ends one.
 */
function unfinishedTail(lines: readonly string[]): number {
  let unfinished = false;
  for (let index = lines.length - 1; index >= 0; index--) {
    const code = codeOf(lines[index] as string).trim();
    if (code === "") continue;
    if (/^#|[;{}:]$/.test(code)) return unfinished ? lines.length - index - 1 : 0;
    unfinished = true;
  }
  return 0;
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

/** C++'s class-and-method opener (see CDialect.classTail). */
export const CPP_CLASS_TAIL = `struct ${UNKNOWN_OWNER} { void __hintscope_tail__() {`;
