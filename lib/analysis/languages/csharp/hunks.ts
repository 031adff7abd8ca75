// C# hunks: what their lines say about where they stand (namespace, type, member body), read from their
// indentation and braces, so a hunk cut from inside a class parses as that class's members.
import { indentOf, leadingSpaceOf, UNKNOWN_OWNER } from "../hunk-lines";
import type { ContextFunction, Wrapper, WrapRequest } from "../language";

/** One line's code with strings, characters and comments blanked, and whether it began inside a string or comment. */
interface ScannedLine {
  code: string;
  continued: boolean;
}

/**
 * Blanks string literals (regular, verbatim `@"…"` with `""`, interpolated, raw `"""…"""`), character
 * literals and comments, carrying a verbatim string or block comment from line to line.
 */
export function scanLines(lines: readonly string[]): ScannedLine[] {
  let open: "verbatim" | "raw" | "comment" | null = null;
  return lines.map((line) => {
    const continued = open !== null;
    let code = "";
    let i = 0;
    while (i < line.length) {
      if (open === "comment") {
        const end = line.indexOf("*/", i);
        if (end < 0) {
          i = line.length;
          break;
        }
        i = end + 2;
        open = null;
        continue;
      }
      if (open === "verbatim") {
        const quote = line.indexOf('"', i);
        if (quote < 0) {
          i = line.length;
          break;
        }
        if (line[quote + 1] === '"') {
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        open = null;
        code += '""';
        continue;
      }
      if (open === "raw") {
        const end = line.indexOf('"""', i);
        if (end < 0) {
          i = line.length;
          break;
        }
        i = end + 3;
        open = null;
        code += '""';
        continue;
      }
      const rest = line.slice(i);
      if (rest.startsWith("//")) break;
      if (rest.startsWith("/*")) {
        open = "comment";
        i += 2;
        continue;
      }
      if (rest.startsWith('"""')) {
        open = "raw";
        i += 3;
        continue;
      }
      const verbatim = /^(?:@\$|\$@|@)"/.exec(rest);
      if (verbatim) {
        open = "verbatim";
        i += verbatim[0].length;
        continue;
      }
      const literal = /^\$?"(?:\\.|[^"\\])*"|^'(?:\\.|[^'\\])+'/.exec(rest);
      if (literal) {
        code += '""';
        i += literal[0].length;
        continue;
      }
      code += line[i];
      i++;
    }
    return { code, continued };
  });
}

const TYPE_DECLARATION =
  /^\s*(?:\[.*\]\s*)*(?:(?:public|private|protected|internal|static|sealed|abstract|partial|unsafe|new|file|readonly|ref)\s+)*(?:class|struct|interface|enum|record|delegate)\b/;
const MEMBER_MODIFIERS =
  /^\s*(?:public|private|protected|internal|static|readonly|const|override|virtual|abstract|sealed|async|extern|unsafe|new|partial|event|implicit|explicit|operator|required|volatile)\b/;
const STATEMENT =
  /^\s*(?:if|else|for|foreach|while|do|switch|case|default|return|throw|try|catch|finally|using\s*\(|lock|var|await|yield|break|continue|goto|checked|unchecked|fixed)\b|^\s*[\w.[\]()]+\s*(?:[+\-*/%&|^]|\?\?|<<|>>)?=[^=>]|^\s*[\w.<>[\]]+\([^;{]*\);?\s*$/;
const ACCESSOR = /^\s*(?:(?:public|private|protected|internal)\s+)*(?:get|set|init|add|remove)\s*(?:=>|\{|;|$)/;
const NAMESPACE = /^\s*namespace\s+[\w.]+/;
const PREPROCESSOR = /^\s*#/;

/** What a hunk's least indented lines are. */
function roleOf(lines: readonly string[]): "type" | "member" | "statement" | "unknown" {
  if (lines.some((l) => TYPE_DECLARATION.test(l) || NAMESPACE.test(l) || /^\s*using\s+[\w.=\s]+;/.test(l)))
    return "type";
  if (lines.some((l) => /^\s*(\/\/\/|\[)/.test(l) || MEMBER_MODIFIERS.test(l))) return "member";
  if (lines.some((l) => STATEMENT.test(l))) return "statement";
  return "unknown";
}

/** The class a file is named after: `JContainer.Async.cs` → JContainer. */
export function fileClass(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1).split(".")[0] ?? "";
  return /^[A-Za-z_]\w*$/.test(base) ? base : UNKNOWN_OWNER;
}

const TYPE_IN_HEADER = /\b(class|struct|interface|enum|record)\s+([A-Za-z_]\w*)/;

/**
 * The braces a hunk's lines leave open (`depth`, negative when they close more than they open), the
 * indentation of each closer that ends a block opened above the hunk, and the index of the first such closer
 * at the members' level or less (where the hunk leaves the member it started in).
 */
function bracesOf(
  scanned: readonly ScannedLine[],
  lines: readonly string[],
  memberLevel: number,
): { depth: number; closers: number[]; leadingEnd: number } {
  let depth = 0;
  let lowest = 0;
  const closers: number[] = [];
  let leadingEnd = lines.length;
  scanned.forEach(({ code: text }, index) => {
    if (PREPROCESSOR.test(lines[index] as string)) return;
    const indent = leadingSpaceOf(lines[index] as string);
    for (const ch of text) {
      if (ch === "{") depth++;
      else if (ch === "}") {
        depth--;
        if (depth < lowest) {
          lowest = depth;
          closers.push(indent);
          if (indent <= memberLevel && leadingEnd === lines.length) leadingEnd = index;
        }
      }
    }
  });
  return { depth, closers, leadingEnd };
}

/**
 * The stand-in blocks around a hunk: a namespace for each level above the members, the class the header or
 * the file names at the members' level, a method for the level below, plain blocks deeper; as many as the
 * hunk's least indented lines and its closing braces need, and closers for all that stays open.
 */
export function csharpWrap({ context, lines, path }: WrapRequest): Wrapper {
  const scanned = scanLines(lines);
  const code = lines.filter((line, index) => {
    const s = scanned[index] as ScannedLine;
    return !s.continued && s.code.trim() !== "" && !/^\s*\{\s*$/.test(s.code) && !PREPROCESSOR.test(line);
  });
  const indents = code.map(indentOf).filter(Number.isFinite);
  const tabs = code.some((l) => /^\t/.test(l));
  const unit = tabs ? 1 : 4;
  const least = indents.length > 0 ? Math.min(...indents) : 0;
  const atLeast = code.filter((l) => indentOf(l) === least);
  const role = roleOf(atLeast);
  const fileScoped = /^\s*namespace\s+[\w.]+\s*;/.test(context) || lines.some((l) => /^namespace\s+[\w.]+\s*;/.test(l));
  // The members' level: where a member stands in these lines, else under a type they declare, else the file's style.
  const memberLines = code.filter((l) => !TYPE_DECLARATION.test(l) && roleOf([l]) === "member");
  const typeLines = code.filter((l) => TYPE_DECLARATION.test(l));
  const memberLevel =
    memberLines.length > 0
      ? Math.min(...memberLines.map(indentOf))
      : typeLines.length > 0
        ? Math.min(...typeLines.map(indentOf)) + unit
        : fileScoped
          ? unit
          : 2 * unit;
  // The level the lines' top stands at, as the wrapper must open it.
  const top =
    role === "type"
      ? Math.min(least, memberLevel - unit)
      : role === "member"
        ? memberLevel
        : role === "statement"
          ? Math.max(least, memberLevel + unit)
          : least;
  const { depth, closers, leadingEnd } = bracesOf(scanned, lines, memberLevel);
  // Content levels to open, outermost first: every level a closer ends and the top's, and under a member
  // every level from the class's down.
  const closed = closers.map((c) => c + unit);
  let start = Math.min(top, ...closed);
  if (top >= memberLevel) start = Math.min(start, memberLevel);
  const end = Math.max(top, ...closed);
  const levels: number[] = [];
  for (let level = start; level <= end; level += unit) if (level > 0) levels.push(level);
  // A first line that is a lone `{` opens the block of the declaration above the hunk: that level's opener
  // is written without its own brace.
  const firstCode = scanned.findIndex(
    (s, index) => !s.continued && s.code.trim() !== "" && !PREPROCESSOR.test(lines[index] as string),
  );
  const leadingBrace =
    firstCode >= 0 && /^\s*\{\s*$/.test(scanned[firstCode]?.code ?? "")
      ? leadingSpaceOf(lines[firstCode] as string) + unit
      : null;
  // Accessors (`get`, `set =>`) at the level under the members, before the hunk leaves that member: a property.
  const inProperty = lines
    .slice(0, leadingEnd)
    .some((l, index) => !scanned[index]?.continued && indentOf(l) === memberLevel + unit && ACCESSOR.test(l));
  const headerType = TYPE_IN_HEADER.exec(context);
  const owner = headerType?.[2] ?? fileClass(path);
  const openerOf = (level: number) =>
    level < memberLevel
      ? "namespace __hintscope_ns__ {"
      : level === memberLevel
        ? headerType?.[1] === "enum"
          ? `enum ${owner} {`
          : `class ${owner} {`
        : level === memberLevel + unit
          ? inProperty
            ? "object __hintscope__ {"
            : "void __hintscope__() {"
          : level === memberLevel + 2 * unit && inProperty
            ? "set {"
            : "{";
  const prefix = levels.map((level) => {
    const opener = openerOf(level);
    return level === leadingBrace ? opener.replace(/\s*\{$/, "") : opener;
  });
  const open = prefix.length - (leadingBrace !== null && levels.includes(leadingBrace) ? 1 : 0) + depth;
  return {
    prefix,
    suffix: open > 0 ? ["}".repeat(open)] : [],
    owner: null,
    dedent: false,
    settled: true,
  };
}

const NOT_FUNCTIONS = new Set([
  "if",
  "for",
  "foreach",
  "while",
  "switch",
  "catch",
  "return",
  "new",
  "using",
  "lock",
  "nameof",
  "typeof",
  "sizeof",
  "default",
  "base",
  "this",
]);

/** The method a header names (`public JProperty Property(string name)`); none for a type or namespace line. */
export function csharpContextFunction(text: string): ContextFunction | null {
  if (TYPE_IN_HEADER.test(text) || NAMESPACE.test(text) || /;\s*$/.test(text)) return null;
  const match = /([A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*\(/.exec(text);
  const name = match?.[1];
  return name && !NOT_FUNCTIONS.has(name) ? { name, owner: null } : null;
}
