import { clauseOpener, depth, indentOf, leadingSpaceOf } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import type { SyntaxDefinition } from "../syntax-facts";
import { indentedBodyEnd, NO_WRAP } from "../wrapping";
import { extractPython } from "./extract";
import {
  continuedStatementEnd,
  continuesFromAbove,
  PythonClassTracker,
  pythonClosers,
  pythonHeader,
  resumedSignature,
} from "./hunks";
import { levelWidth } from "./initializer";
import { pythonWrap } from "./wrap";

/**
 * In Python the original indentation settles scope: a hunk shows only part of a block, and the parser,
 * seeing it out of context, can take a local assignment or a nested def for a module-level one. A def one
 * level in, whose class the hunk does not show, is a method of that unseen class; deeper, it is local.
 */
function pythonScope(def: SyntaxDefinition, text: string): SyntaxDefinition[] {
  if (def.owner !== null || def.local || def.conditional) return [def];
  const indent = /^[ \t]*/.exec(text)?.[0] ?? "";
  if (indent === "") return [def];
  const oneLevel = indent === "\t" || indent.length === 4 || indent.length === 2;
  return def.kind === "function" && oneLevel ? [{ ...def, kind: "method" }] : [];
}

/**
 * A line of prose that no Python statement can be: a reStructuredText or numpydoc heading's underline, or a
 * YAML key alone on its line (an Ansible module's `DOCUMENTATION` string: `rate_limit_retry_time:`).
 */
const PROSE_LINE =
  /^\s*(-{3,}|={3,}|~{3,}|(?!(?:else|try|finally)\s*:)[A-Za-z_][\w-]*:)\s*$|^\s*:(param|type|returns?|rtype|raises?|var|ivar|cvar|keyword)\b[^:]*:|^\s*>>>/;

/**
 * A hunk that starts inside a docstring shows its text and then its closing quotes: the index of those, or -1.
 * One that shows no quotes at all but a line of prose (`----------` under `Parameters`, a YAML key) lies wholly in
 * a docstring: every line (numpydoc's `store_cv_values : boolean, default=False` is no annotated field).
 */
function stringEnd(lines: readonly string[]): number {
  const firstQuotes = lines.findIndex((line) => /"""|'''/.test(line));
  if (firstQuotes < 0) return lines.some((line) => PROSE_LINE.test(line)) ? lines.length - 1 : -1;
  // (Quotes alone on a line right after a `def …:` or `class …:` open a docstring instead, and after an open
  // bracket, a comma or `=` a string (`mod = importasmod(` then `"""`); a YAML key is no such line, nor is an
  // example's `class User(self.Base):` further up inside the docstring the quotes close.)
  const lineBefore = lines.slice(0, firstQuotes).findLast((line) => line.trim() !== "") ?? "";
  const insideString =
    firstQuotes >= 0 &&
    /^\s*("""|''')[)\],;]*\s*$/.test(lines[firstQuotes] ?? "") &&
    !(/[:([{,=]\s*(#.*)?$/.test(lineBefore) && !PROSE_LINE.test(lineBefore));
  return insideString ? firstQuotes : -1;
}

/**
 * Where a hunk that starts inside a top-level class or function (its first statement indented: git's default
 * driver named `class RRCache(Cache):` above it) leaves it for good: the index of the line before its first
 * statement back at column 0 (`def rr_cache(…)` after the class's last method), or -1. The lines above stay
 * the class's (or the function's); those below are read apart, at module level.
 */
function pythonTopLevelEnd(lines: readonly string[]): number {
  let inString = false;
  let open = 0;
  let indented = false;
  const start = stringEnd(lines) + 1;
  for (const [index, line] of lines.entries()) {
    if (index < start) continue;
    const code = line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/#.*$/, "");
    const statement = !inString && open <= 0 && code.trim() !== "";
    if (statement && leadingSpaceOf(line) > 0 && !continuesFromAbove(line)) indented = true;
    // (Not `else:`, `except …:` or `finally:`, which go on with a statement at column 0 begun above.)
    if (statement && indented && /^[A-Za-z_@]/.test(line) && !/^(else|elif|except|finally)\b/.test(line))
      return index - 1;
    if (statement && !indented && leadingSpaceOf(line) === 0 && !continuesFromAbove(line)) return -1;
    if (((line.match(/"""|'''/g) ?? []).length & 1) === 1) inString = !inString;
    if (!inString) open += depth(code);
  }
  return -1;
}

/**
 * Under a class's header, the hunk's lines at their least indentation are the class's members. Lines deeper
 * than that before the first of them are the end of a method the hunk starts inside (`deprecated =
 * attrs.get(…)` in `__init__`'s body, then `def to_info_dict(self)`): a stand-in method holds them, so that
 * they stay its locals, not fields.
 */
/**
 * A line only a function's body holds: a statement's keyword, an assignment to `self`'s attribute (or another
 * object's), `super()`, a call standing as a statement (`xr.DataArray(a).where(cond)`).
 */
const STATEMENT =
  /^\s*(if|elif|else|for|while|return|raise|try|except|finally|with|yield|assert|del|pass|break|continue|await)\b|^\s*self\.\w+\s*=|^\s*super\(\)|^\s*(?!(class|def|async|lambda|not|and|or|in|is)\b)[A-Za-z_][\w.]*\(|^\s*[A-Za-z_]\w*(\.\w+)+\s*[-+*/|&]?=(?!=)/;

const DECLARATION = /^\s*(@|def\s|async\s+def\s|class\s)/;

/** Quotes alone on their line: a docstring's opening or closing. */
const DOCSTRING_QUOTES = /^\s*[rRuU]?("""|''')\s*$/;

/**
 * A statement no class body holds (a class's may hold `if hasattr(…):`, `del x`, `pass`): `return`, `raise`,
 * `assert`, a call standing as a statement, an assignment to an attribute.
 */
const BODY_ONLY =
  /^\s*(return|raise|yield|assert|break|continue|await|nonlocal|global)\b|^\s*self\.\w+\s*=|^\s*super\(\)|^\s*(?!(class|def|async|lambda|not|and|or|in|is|if|elif|while|for|with|del|print)\b)[A-Za-z_][\w.]*\(|^\s*[A-Za-z_]\w*(\.\w+)+\s*[-+*/|&]?=(?!=)/;

function classBodyWrap({ context, lines, hunkLines }: WrapRequest): Wrapper {
  const owner = /^\s*class\s+(\w+)/.exec(context)?.[1] ?? null;
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*#/.test(line));
  const least = Math.min(...code.map((line) => leadingSpaceOf(line)));
  const first = code[0];
  const depth = first === undefined ? least : leadingSpaceOf(first);
  const atLeast = code.findIndex((line) => leadingSpaceOf(line) === least);
  const leading = code.slice(0, atLeast < 0 ? code.length : atLeast);
  // (Members of a nested class the hunk does not show, `X = "X"` / `@classmethod` / `def method(cls)`, are
  // no method's end: a method's body holds statements, and no declaration at its first line's level.)
  const inMethod =
    owner !== null &&
    depth > least &&
    leading.some((line) => STATEMENT.test(line)) &&
    !leading.some((line) => leadingSpaceOf(line) === depth && /^\s*(@|def\s|async\s+def\s|class\s)/.test(line));
  // Every line at one level or deeper (a call's arguments), one of that level's a statement (`self.config = self.make_config(…)`, then `self.aborter =
  // self.make_aborter()`; `new_size = len(new_range)`, then `return type(self)(…)`), none a declaration: all of it
  // a method's body.
  const allBody =
    owner !== null &&
    depth === least &&
    first !== undefined &&
    ((STATEMENT.test(first) && code.every((line) => leadingSpaceOf(line) === least)) ||
      code.some((line) => leadingSpaceOf(line) === least && BODY_ONLY.test(line))) &&
    !code.some((line) => DECLARATION.test(line));
  // Both images' lines two levels or more right of the class's header, a statement only a function's body holds
  // at their least level (or at any, no declaration among them) (`location = location or self.location` then `if arg_name is None …:` in
  // `use_args`), or a docstring's quotes alone at that level (the hunk starts in a member's docstring, Flask-SocketIO's
  // `on_error`, then `namespace = namespace or '/'` and a local `def decorator`): a method's body, no member; read
  // alike in both images (a removed `if` decides the added lines too).
  // (A parameter list alone, which the hunk above did not open, is read as the class's: most often its
  // constructor's, whose keywords are its fields.)
  const both = (hunkLines ?? lines).filter((line) => line.trim() !== "" && !/^\s*#/.test(line));
  const leastOfBoth = Math.min(...both.map((line) => leadingSpaceOf(line)));
  const withinMember =
    owner !== null &&
    leastOfBoth - indentOf(context) >= 2 * levelWidth(both) &&
    (both.some(
      (line) => leadingSpaceOf(line) === leastOfBoth && (STATEMENT.test(line) || DOCSTRING_QUOTES.test(line)),
    ) ||
      (both.some((line) => STATEMENT.test(line)) && !both.some((line) => DECLARATION.test(line))));
  // (Where it starts deeper, inside a block begun above, `raise …` then `elif …:`: a stand-in block opens it.)
  if (withinMember && !allBody && leadingSpaceOf(code[0] ?? "") > least)
    return {
      prefix: ["def __hintscope_tail__(self):", "    if True:"],
      suffix: [],
      owner,
      dedent: true,
      indent: "    ",
    };
  if (allBody || withinMember)
    return { prefix: ["def __hintscope_tail__(self):"], suffix: [], owner, dedent: true, indent: "    " };
  // A hunk that starts in a method's parameter list (`name_dict: Mapping[Any, Hashable],` … `) -> Self:` at the
  // least level, no declaration or statement before it): what follows is that method's body, not the class's.
  const closing = code.findIndex((line) => /^\s*\)\s*(->.*)?:\s*(#.*)?$/.test(line));
  const resumed =
    owner !== null &&
    closing > 0 &&
    leadingSpaceOf(code[closing] as string) === least &&
    !code.slice(0, closing).some((line) => DECLARATION.test(line) || STATEMENT.test(line));
  if (resumed)
    return {
      prefix: ["def __hintscope_tail__(self,"],
      suffix: [],
      owner,
      dedent: true,
      dedentBy: least,
      keepsLeadingRows: true,
    };
  return { prefix: inMethod ? ["def __hintscope_tail__(self):"] : [], suffix: [], owner, dedent: true };
}

/**
 * A module-level hunk that starts in a compound statement's later clause (`except ImportError:` under git's
 * `try:` header, `else:`, `elif …:`): a stand-in first clause opens it, so its block parses as the module's.
 */
function clauseWrap(lines: readonly string[]): Wrapper | null {
  const first = lines.find((line) => line.trim() !== "" && !/^\s*#/.test(line));
  if (first === undefined || !/^(except|finally|else|elif)\b[^:]*:/.test(first)) return null;
  return { prefix: clauseOpener(first), suffix: [], owner: null, dedent: false };
}

export const python: LanguageModule = {
  name: "python",
  aliases: ["py"],
  extensions: ["py", "pyi"],
  grammars: [{ name: "python", wasm: "tree-sitter-python/tree-sitter-python.wasm" }],
  extract: extractPython,
  scopeDefinition: pythonScope,
  overloads: false,
  stringTypes: ["concatenated_string", "string"],
  memberSeparator: ".",
  dictatedPattern: /^__\w+__$/,
  hunks: {
    headerKeepsIndentation: true,
    membersInTypeBody: true,
    header: (hunk) => pythonHeader(hunk.context, hunk.lines),
    contextFunction: (text) => {
      const match = /^(?:async\s+)?def\s+(\w+)\s*\(/.exec(text);
      if (match?.[1]) return { name: match[1], owner: null };
      // A class's header: a change in its body (a method's, a field's) changes the class.
      const type = /^class\s+(\w+)\s*[(:]/.exec(text);
      return type?.[1] ? { name: type[1], owner: null, kind: "class" } : null;
    },
    wrap: (request) =>
      pythonWrap(request) ?? (request.indented ? classBodyWrap(request) : (clauseWrap(request.lines) ?? NO_WRAP)),
    blockComments: false,
    closeOpenBlocks: (suffix, lines) => {
      const closers = pythonClosers(lines);
      return closers !== "" ? [...suffix, closers] : [...suffix];
    },
    // A `]`, `)` or `}` at column 0 closes a bracket the module opened: the lines above it are that
    // expression's (a list of providers after a class), and the header's body ended above the hunk.
    endOfContextBody: (context, lines) => {
      const end = indentedBodyEnd(context, lines);
      return lines.slice(0, end + 1).some((line) => /^[\])}]/.test(line)) ? 0 : end;
    },
    offside: {
      resumedSignature,
      continuesFromAbove,
      stringEnd,
      continuedStatementEnd,
      // (`_` names nothing: no definition of the stand-in's.)
      reopenStatement: (brackets) => `_ = ${brackets}`,
    },
    topLevelEnd: pythonTopLevelEnd,
    classTracker: () => new PythonClassTracker(),
    // (Only Python puts a class's bases in parentheses: `class Variant(enum.Enum):`.)
    enumClassHeader: (header, owner) =>
      new RegExp(`^\\s*class\\s+${owner.replace(/\W/g, "")}\\s*\\([^)]*\\b(Enum|IntEnum|StrEnum|Flag|IntFlag)\\b`).test(
        header,
      ),
  },
  uses: { importOmitsExtension: true, fileScopedNames: true, literalMembersAreBuiltin: true, hooksAreOverrides: true },
};
