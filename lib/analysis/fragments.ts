import type { Fragment } from "./fragment";
import type { ParsedLanguage } from "./grammars";
import { functionInContext } from "./hunk-context";
import {
  blockCommentEdges,
  blocksClosedFromAbove,
  cFamilyClosers,
  closersOfOpenBrackets,
  depth,
  indentOf,
  javaMemberIndent,
  javaUnderHeaderMethod,
  UNKNOWN_OWNER,
} from "./languages/hunk-lines";
import type { DiffLine, FileDiff, Hunk } from "./parse-diff";
import {
  continuesFromAbove,
  leavesTheBody,
  PythonClassTracker,
  pythonClosers,
  pythonHeader,
  resumedSignature,
} from "./python-hunks";

export type { Fragment };

interface Wrapper {
  prefix: string[];
  suffix: string[];
  owner: string | null;
  /** strip the hunk's common indentation (Python blocks must start at the wrapper's level) */
  dedent: boolean;
  /** then indent by this, to sit inside the wrapper */
  indent?: string;
  inBody?: boolean;
  /** Python: lines at the hunk's deeper level get this too (they are the stand-in function's body) */
  bodyIndent?: string;
  /** the wrapper already opens the blocks the hunk closes: no tail openers to add */
  settled?: boolean;
  /**
   * Python: strip this many columns of indentation (no more than a line has) instead of the hunk's common
   * indentation: the hunk's lines keep their own levels under a stand-in class and function at the header's.
   */
  dedentBy?: number;
  /** Python: the stand-in function's body indentation, where a `pass` goes when the hunk shows no body line */
  stubBody?: string;
}

/**
 * Stand-in openers for blocks a hunk closes before opening any: inside a class, a method first (its body
 * is what the tail ends); elsewhere plain blocks or a function. Without them the first `}` closed the
 * stand-in class, and the members after it were read as top-level code.
 */
function tailOpeners(
  language: ParsedLanguage,
  wrapper: Wrapper,
  closed: { count: number; atColumnZero: boolean },
  context = "",
): string[] {
  const { count } = closed;
  // Go: a hunk that starts inside `type X struct {` (the header says so) and runs past its `}`: the lines
  // before it are the struct's fields, not statements of a stand-in function.
  const goStruct = language === "go" ? (/^\s*type\s+(\w+)\s+struct\b/.exec(context)?.[1] ?? null) : null;
  if (count <= 0 || language === "python" || language === "ruby") return [];
  // A hunk under a method's header that runs past that method's end and the class's (a `}` at column 0
  // closes the last block): the first `}` ends the method, the members after it are the class's, the last
  // `}` ends the class. Opened as a class and a method: the new members after the named one are kept.
  const classOpener: Partial<Record<ParsedLanguage, string>> = {
    java: `class ${UNKNOWN_OWNER} { void __hintscope_tail__() {`,
    javascript: `class ${UNKNOWN_OWNER} { __hintscope_tail__() {`,
    typescript: `class ${UNKNOWN_OWNER} { __hintscope_tail__() {`,
    tsx: `class ${UNKNOWN_OWNER} { __hintscope_tail__() {`,
    php: `class ${UNKNOWN_OWNER} { function __hintscope_tail__() {`,
    cpp: `struct ${UNKNOWN_OWNER} { void __hintscope_tail__() {`,
  };
  const classTail = classOpener[language];
  if (wrapper.prefix.length === 0 && closed.atColumnZero && count >= 2 && classTail)
    return [classTail, ...Array.from({ length: count - 2 }, () => "{")];
  const inClass =
    wrapper.prefix.some((line) => /^(class|enum|interface|struct|trait)\s/.test(line)) && wrapper.prefix.length === 1;
  const atTop = wrapper.prefix.length === 0;
  const first =
    language === "rust"
      ? atTop
        ? "fn __hintscope_tail__() {"
        : inClass || wrapper.prefix[0]?.startsWith("impl") || wrapper.prefix[0]?.startsWith("trait")
          ? "fn __hintscope_tail__() {"
          : "{"
      : language === "go"
        ? atTop
          ? goStruct
            ? `type ${goStruct} struct {`
            : "func __hintscope_tail__() {"
          : "{"
        : inClass
          ? language === "java" || language === "c" || language === "cpp"
            ? "void __hintscope_tail__() {"
            : language === "php"
              ? "function __hintscope_tail__() {"
              : "__hintscope_tail__() {"
          : atTop
            ? language === "java"
              ? `class ${UNKNOWN_OWNER} { void __hintscope_tail__() {`
              : language === "c" || language === "cpp"
                ? "void __hintscope_tail__() {"
                : "function __hintscope_tail__() {"
            : "{";
  return [first, ...Array.from({ length: count - 1 }, () => "{")];
}

const NO_WRAP: Wrapper = { prefix: [], suffix: [], owner: null, dedent: false };

/**
 * Whether a hunk's least indented lines are statements (JavaScript, TypeScript): declarations with
 * `const`/`let`/`var`, control flow, `this.x = …`, compound assignments, calls ending in `;`. Class members
 * (`name(…) {`, `x = 1;`, `private y: T;`) are not.
 */
function looksLikeStatements(lines: readonly string[]): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l));
  if (code.length === 0) return false;
  const least = Math.min(...code.map(indentOf));
  return code
    .filter((l) => indentOf(l) === least)
    .some(
      (l) =>
        /^\s*(const|let|var|return|if|for|while|switch|throw|await|try|else|do|yield|break|continue)\b/.test(l) ||
        /^\s*this\.[\w$.]+\s*=[^=]/.test(l) ||
        /^\s*[\w$.[\]]+\s*(\+|-|\*|\/|%|\|\||&&|\?\?)=/.test(l) ||
        /^\s*[\w$.]+\([^{}]*\);\s*$/.test(l),
    );
}

/**
 * Whether a hunk header names a method of a class (JavaScript, TypeScript, PHP): an indented line that
 * declares `name(` (with modifiers, `async`, `function` in PHP), not a statement (`if (`, `for (`) or a call.
 */
function isMethodHeader(context: string): boolean {
  if (indentOf(context) === 0) return false;
  if (/^\s*(if|for|while|switch|catch|return|else|do|try|await|new|throw|yield)\b/.test(context)) return false;
  return /^\s*((public|private|protected|static|async|override|readonly|abstract|final|get|set)\s+)*(function\s+)?[A-Za-z_$][\w$]*\s*(<[^>]*>)?\s*\([^;]*\{?\s*$/.test(
    context,
  );
}

/**
 * How to make a hunk parse on its own: a hunk cut from inside a class or function body is wrapped in a
 * stand-in declaration (named after the class git printed on the hunk header, where it printed one).
 */
function wrapperFor(
  language: ParsedLanguage,
  context: string,
  indented: boolean,
  lines: readonly string[],
  carriedClass: string | null = null,
  path = "",
): Wrapper {
  // Python: under a `def` header (its indentation read back from the hunk), the hunk's lines keep their own
  // levels below a stand-in function at the header's: deeper lines are its body, lines at its level are its
  // siblings, lines less indented are outside it, so a hunk may run past the function and past its class (a
  // method's: the class an earlier hunk showed, where the hunks say which, else an unknown one).
  const pythonDef = language === "python" ? /^(\s*)(?:async\s+)?def\s/.exec(context) : null;
  if (pythonDef) {
    const level = (pythonDef[1] as string).length;
    return level > 0
      ? {
          prefix: [`class ${carriedClass ?? UNKNOWN_OWNER}:`, "    def __hintscope__(self):"],
          suffix: [],
          owner: null,
          dedent: true,
          dedentBy: level - 4,
          stubBody: "        ",
          inBody: false,
        }
      : {
          prefix: ["def __hintscope__():"],
          suffix: [],
          owner: null,
          dedent: true,
          dedentBy: 0,
          stubBody: "    ",
          // A hunk that goes on past the function to definitions beside it defines module names there.
          inBody: !leavesTheBody(lines, 0),
        };
  }
  if (!indented) return NO_WRAP;
  // Java: a class whose header the hunk does not show, its members one level in, is the file's own class.
  const javaFileClass = (shown: readonly string[]) => {
    const own = /([A-Z][\w$]*)\.java$/.exec(path)?.[1];
    const member = javaMemberIndent(shown) ?? Math.min(...shown.map(indentOf));
    return own && (member === 4 || member === 2 || shown.some((l) => /^\t\S/.test(l) && indentOf(l) === member))
      ? own
      : UNKNOWN_OWNER;
  };
  const typeName = /\b(?:class|interface|enum|record|struct)\s+([A-Za-z_$][\w$]*)/.exec(context)?.[1] ?? null;
  const enumName = /\benum\s+([A-Za-z_$][\w$]*)/.exec(context)?.[1] ?? null;
  const goType = /^\s*type\s+(\w+)\s+struct\b/.exec(context)?.[1] ?? null;
  const inFunction = !typeName && !goType && /\(/.test(context);
  switch (language) {
    case "python":
      return { prefix: [], suffix: [], owner: /^\s*class\s+(\w+)/.exec(context)?.[1] ?? null, dedent: true };
    case "java":
      // Enum constants only parse in an enum: `A(false),` is no class member. A hunk past the constants
      // (the first line is no constant) starts after the `;` that ends them.
      if (enumName && !inFunction) {
        const first = lines.find((l) => l.trim() !== "" && !/^\s*(\/\/|\*|\/\*)/.test(l)) ?? "";
        const constants = /^\s*[A-Z][A-Z0-9_]*\s*(\(|,|;|\{|$)/.test(first);
        return { prefix: [`enum ${enumName} {${constants ? "" : " ;"}`], suffix: ["}"], owner: null, dedent: false };
      }
      return inFunction
        ? javaUnderMethod(lines, javaFileClass)
        : { prefix: [`class ${typeName ?? javaFileClass(lines)} {`], suffix: ["}"], owner: null, dedent: false };
    case "rust": {
      // `impl<T> Trait for Store<T> {` → the methods are Store's; `trait T {`, `mod m {` likewise.
      const implType = /\bimpl\b(?:\s*<[^>]*>)?\s+(?:[\w:<>, &']+\s+for\s+)?&?(?:[\w]+::)*(\w+)/.exec(context)?.[1];
      if (implType) return { prefix: [`impl ${implType} {`], suffix: ["}"], owner: null, dedent: false };
      const item = /\b(trait|struct|enum|mod|union)\s+(\w+)/.exec(context);
      if (item) return { prefix: [`${item[1]} ${item[2]} {`], suffix: ["}"], owner: null, dedent: false };
      return /\bfn\s/.test(context) || inFunction
        ? { prefix: ["fn __hintscope__() {"], suffix: ["}"], owner: null, dedent: false }
        : NO_WRAP;
    }
    case "c":
    case "cpp": {
      const ns = /\bnamespace\s+([\w:]+)/.exec(context)?.[1];
      const record = /\b(class|struct|union)\s+(\w+)/.exec(context);
      if (record && !inFunction)
        return {
          prefix: [`${language === "c" ? (record[1] === "class" ? "struct" : record[1]) : record[1]} ${record[2]} {`],
          suffix: ["};"],
          owner: null,
          dedent: false,
        };
      if (ns && language === "cpp") return { prefix: [`namespace ${ns} {`], suffix: ["}"], owner: null, dedent: false };
      return inFunction ? { prefix: ["void __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
    }
    case "ruby": {
      const scopes = [...context.matchAll(/\b(class|module)\s+([A-Z][\w:]*)/g)];
      const last = scopes.at(-1);
      if (last) return { prefix: [`${last[1]} ${last[2]}`], suffix: ["end"], owner: null, dedent: false };
      return /\bdef\s/.test(context)
        ? { prefix: ["def __hintscope__"], suffix: ["end"], owner: null, dedent: false, inBody: true }
        : NO_WRAP;
    }
    case "php": {
      const phpType = /\b(class|interface|trait|enum)\s+(\w+)/.exec(context);
      if (phpType && !inFunction)
        return { prefix: [`${phpType[1]} ${phpType[2]} {`], suffix: ["}"], owner: null, dedent: false };
      if (inFunction && isMethodHeader(context))
        return {
          prefix: [`class ${UNKNOWN_OWNER} {`, "function __hintscope__() {"],
          suffix: ["}", "}"],
          owner: null,
          dedent: false,
        };
      return inFunction
        ? { prefix: ["function __hintscope__() {"], suffix: ["}"], owner: null, dedent: false }
        : NO_WRAP;
    }
    case "go": {
      if (goType) return { prefix: [`type ${goType} struct {`], suffix: ["}"], owner: null, dedent: false };
      // Inside a `var (` or `const (` block: its entries are package-level names, not a function's locals.
      const group = /^\s*(var|const)\s*\(\s*$/.exec(context)?.[1];
      if (group) return { prefix: [`${group} (`], suffix: [")"], owner: null, dedent: false };
      return inFunction ? { prefix: ["func __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
    }
    default:
      if (enumName && !inFunction) return { prefix: [`enum ${enumName} {`], suffix: ["}"], owner: null, dedent: false };
      // Under a class's header, lines that are statements (`const x =`, `return`, `this.y = …`, `total += 1`) are
      // a method's body the hunk is cut from, not the class's members: a stand-in method holds them.
      if (typeName && looksLikeStatements(lines))
        return {
          prefix: [`class ${typeName} {`, "__hintscope__() {"],
          suffix: ["}", "}"],
          owner: null,
          dedent: false,
        };
      if (typeName) return { prefix: [`class ${typeName} {`], suffix: ["}"], owner: null, dedent: false };
      // A method's header (indented, `name(`): the hunk may run past the method into its class's members, so
      // the stand-in is a method in a class, not a lone function.
      if (inFunction && isMethodHeader(context))
        return {
          prefix: [`class ${UNKNOWN_OWNER} {`, "__hintscope__() {"],
          suffix: ["}", "}"],
          owner: null,
          dedent: false,
        };
      return inFunction
        ? { prefix: ["function __hintscope__() {"], suffix: ["}"], owner: null, dedent: false }
        : NO_WRAP;
  }
}

/**
 * Java: a hunk under a header that names a method (git's java driver prints it without its indentation). Its
 * lines at member level (declarations with modifiers or annotations) are the class's members; the `}` at
 * that level closes the named method, and only the lines above it are that method's body.
 */
function javaUnderMethod(lines: readonly string[], classOf: (shown: readonly string[]) => string): Wrapper {
  const under = javaUnderHeaderMethod(lines);
  const suffix = ["}".repeat((under?.openAtEnd ?? 0) + 1)];
  if (under?.end === 0)
    return { prefix: [`class ${classOf(lines)} {`], suffix, owner: null, dedent: false, settled: true };
  if (under && under.end !== null)
    return {
      prefix: [
        `class ${classOf(lines)} {`,
        "void __hintscope__() {",
        ...Array.from({ length: under.nested }, () => "{"),
      ],
      suffix,
      owner: null,
      dedent: false,
      settled: true,
    };
  return {
    prefix: [`class ${UNKNOWN_OWNER} {`, "void __hintscope__() {"],
    suffix: ["}", "}"],
    owner: null,
    dedent: false,
  };
}

/**
 * Python: the lines a stand-in function needs before a hunk's first line, so the hunk's levels nest as they
 * did in the file: a `pass` when the hunk shows no line of its body, or a block (`if True:`) for each level
 * the hunk returns to later between the function's and its first line's (a hunk that starts deep in a nested
 * block, then goes on at the body's level).
 */
function stubBlocks(body: readonly string[], stubBody: string): string[] {
  const shown = body.map(indentOf).filter((level) => Number.isFinite(level));
  const first = shown[0];
  const functionLevel = stubBody.length - 4;
  if (first === undefined || first <= functionLevel) return [`${stubBody}pass`];
  const levels = [...new Set(shown.slice(1).filter((level) => level > functionLevel && level < first))];
  return levels.sort((a, b) => a - b).map((level) => `${" ".repeat(level)}if True:`);
}

function imageOf(
  path: string,
  side: "pre" | "post",
  lines: DiffLine[],
  hunk: Hunk | null,
  language: ParsedLanguage,
  carriedClass: string | null = null,
): Fragment {
  const kept = lines.filter((line) => line.kind === " " || line.kind === (side === "pre" ? "-" : "+"));
  const python = language === "python";
  if (python && hunk) {
    const resumed = resumedSignature(path, side, kept, hunk.context, carriedClass);
    if (resumed) return resumed;
  }
  // Brace languages: the end of a comment that opened above the hunk is blanked (its prose parses as code),
  // and a comment the hunk leaves open is closed before anything the analysis adds after it.
  const comments =
    python || language === "ruby" ? { leading: 0, openAtEnd: false } : blockCommentEdges(kept.map((l) => l.text));
  const texts = kept.map((line, index) => (index < comments.leading ? "" : line.text));

  // Python: a hunk that starts inside a docstring shows its text and then its closing quotes: blank both.
  const firstQuotes = python ? kept.findIndex((line) => /"""|'''/.test(line.text)) : -1;
  // (Quotes alone on a line right after a `def …:` or `class …:` open a docstring instead.)
  const insideString =
    firstQuotes >= 0 &&
    /^\s*("""|''')[)\],;]*\s*$/.test(kept[firstQuotes]?.text ?? "") &&
    !kept.slice(0, firstQuotes).some((line) => /:\s*(#.*)?$/.test(line.text));
  const minIndent = Math.min(
    ...kept.map((line, index) =>
      (insideString && index <= firstQuotes) || (python && continuesFromAbove(line.text))
        ? Number.POSITIVE_INFINITY
        : indentOf(texts[index] as string),
    ),
  );
  const base = hunk
    ? wrapperFor(language, hunk.context, Number.isFinite(minIndent) && minIndent > 0, texts, carriedClass, path)
    : NO_WRAP;
  const openers =
    hunk && Number.isFinite(minIndent) && !base.settled
      ? tailOpeners(
          language,
          base,
          blocksClosedFromAbove(
            texts,
            // Under a stand-in function (the header named one), a `}` no more indented than that header
            // ends the function: the hunk runs past its body, and what follows are the class's members.
            base.prefix.some((line) => line.includes("__hintscope__()")) && hunk.context.trim() !== ""
              ? Math.max(minIndent, indentOf(hunk.context) + 1)
              : minIndent,
          ),
          hunk.context,
        )
      : [];
  let wrapper: Wrapper = openers.length > 0 ? { ...base, prefix: [...base.prefix, ...openers] } : base;
  // Go: a hunk that starts inside `var (` / `const (` and runs past its `)`: reopen the group above it.
  const goGroup = language === "go" && hunk ? /^\s*(var|const)\s*\(\s*$/.exec(hunk.context)?.[1] : undefined;
  if (goGroup && wrapper.prefix.length === 0 && kept.some((line) => /^\)/.test(line.text)))
    wrapper = { ...wrapper, prefix: [`${goGroup} (`] };
  const closers = python ? pythonClosers(kept.map((line) => line.text)) : "";
  if (closers !== "") wrapper = { ...wrapper, suffix: [...wrapper.suffix, closers] };
  if (language === "c" || language === "cpp") {
    const open = cFamilyClosers(texts);
    if (open.length > 0) wrapper = { ...wrapper, suffix: [...open, ...wrapper.suffix] };
  }
  // JavaScript and TypeScript: a function (an arrow component, a `describe` callback) whose body runs past
  // the hunk's end is closed, so that it still parses as a function and its `const`s stay its locals.
  if (language === "javascript" || language === "typescript" || language === "tsx") {
    const open = closersOfOpenBrackets(texts);
    if (open !== "") wrapper = { ...wrapper, suffix: [open, ...wrapper.suffix] };
  }
  if (comments.openAtEnd) wrapper = { ...wrapper, suffix: ["*/", ...wrapper.suffix] };
  const bodyIndentOf = (text: string) =>
    wrapper.bodyIndent !== undefined && indentOf(text) > minIndent ? wrapper.bodyIndent : "";
  // Python: unchanged lines before the hunk's first statement at its own level belong to a statement that
  // began above the hunk (an argument list, a string); they cannot parse, so they are blanked.
  let leading = python;
  const blanked = kept.map((line, index) => {
    if (insideString && index <= firstQuotes) return true;
    if (leading && line.kind === " " && (indentOf(line.text) > minIndent || continuesFromAbove(line.text))) return true;
    leading = false;
    return false;
  });
  // Under a stand-in function the leading lines are its body: only those that end a statement begun above
  // the hunk are blanked (up to the last line where the brackets closed so far reach their least depth), so
  // a statement the hunk's first lines open (`return JsonResponse({`) keeps its brackets.
  if (wrapper.stubBody !== undefined) {
    const leadingRows = blanked.findIndex((b) => !b);
    let open = 0;
    let least = 0;
    let until = -1;
    for (let index = 0; index < (leadingRows < 0 ? kept.length : leadingRows); index++) {
      if (insideString && index <= firstQuotes) {
        until = index;
        continue;
      }
      open += depth((texts[index] as string).replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/#.*$/, ""));
      if (open <= least || continuesFromAbove(texts[index] as string)) {
        least = Math.min(least, open);
        until = index;
      }
    }
    blanked.forEach((_, index) => {
      if (index > until && index < (leadingRows < 0 ? kept.length : leadingRows)) blanked[index] = false;
    });
  }
  const body = kept.map((_, index) => {
    if (blanked[index]) return "";
    const text = texts[index] as string;
    const dedented =
      wrapper.dedentBy !== undefined ? text.slice(Math.min(wrapper.dedentBy, indentOf(text))) : text.slice(minIndent);
    return `${wrapper.indent ?? ""}${bodyIndentOf(text)}${wrapper.dedent ? dedented : text}`;
  });
  if (wrapper.stubBody !== undefined)
    wrapper = { ...wrapper, prefix: [...wrapper.prefix, ...stubBlocks(body, wrapper.stubBody)] };
  return {
    path,
    side,
    text: [...wrapper.prefix, ...body, ...wrapper.suffix].join("\n"),
    rows: [...wrapper.prefix.map(() => null), ...kept, ...wrapper.suffix.map(() => null)],
    owner: wrapper.owner,
    inBody: wrapper.inBody ?? false,
    addedRows: { before: wrapper.prefix.length, after: wrapper.suffix.length },
  };
}

/** A hunk's header as the analysis reads it: a Python `def` header gets back the indentation git dropped. */
export const contextOf = (hunk: Hunk, language: ParsedLanguage): string =>
  language === "python" ? pythonHeader(hunk.context, hunk.lines) : hunk.context;

/** The pre- and post-images of every hunk of a file diff (the whole file for added and deleted files). */
export function hunkFragments(file: FileDiff, language: ParsedLanguage): Fragment[] {
  const fragments: Fragment[] = [];
  // Python: the classes earlier hunks of this file showed, carried to a later hunk under one of their
  // methods' headers (which names the method but not the class) only where the hunks say so.
  const classes = language === "python" ? new PythonClassTracker() : null;
  file.hunks.forEach((shown, hunkIndex) => {
    const whole = file.status === "added" || file.status === "deleted";
    const hunk = { ...shown, context: contextOf(shown, language) };
    const carried = classes?.classOf(hunk.context, hunk.oldStart) ?? null;
    // A header naming a class an earlier hunk renamed: git printed the old name; the post-image has the new.
    // Both images take the new name: the class is one, and its members are not new for its new name.
    const renamedHeader = () =>
      classes
        ? {
            ...hunk,
            context: hunk.context.replace(/^(\s*class\s+)(\w+)/, (_, head, name) => head + classes.postName(name)),
          }
        : hunk;
    const contextFunction = whole ? null : (functionInContext(language, hunk.context)?.name ?? null);
    if (file.status !== "added")
      fragments.push({
        ...imageOf(file.path, "pre", hunk.lines, whole ? null : renamedHeader(), language, carried),
        hunkIndex,
        contextFunction,
      });
    if (file.status !== "deleted")
      fragments.push({
        ...imageOf(file.path, "post", hunk.lines, whole ? null : renamedHeader(), language, carried),
        hunkIndex,
        contextFunction,
      });
    classes?.see(hunk, hunk.context, carried);
  });
  return fragments;
}
