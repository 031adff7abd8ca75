import { RenameTracker } from "../class-renames";
import { closersOfOpenBrackets, indentOf, leadingSpaceOf, quotedStringEnd, UNKNOWN_OWNER } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { fileClass, type MemberLines, memberIndent, wrapUnderMethod } from "../member-hunks";
import { braceTailOpeners, headerNames, isMethodHeader, NO_WRAP } from "../wrapping";
import { extractPhp } from "./extract";

/** PHP's member declarations and statements, line by line (see MemberLines). */
const PHP_MEMBER_LINES: MemberLines = {
  // A modifier (`public function`, `private static $x`, `final const`), an attribute line, `use Trait;`.
  declaresMember: (line) =>
    /^\s*((final|abstract)\s+)?(public|protected|private|static|var)\s/.test(line) ||
    /^\s*#\[[\w\\]+/.test(line) ||
    /^\s*(function|const)\s+\w+/.test(line),
  isStatement: (line) =>
    /^\s*(if|for|foreach|while|switch|return|throw|try|do|else|elseif|break|continue|case|yield|echo|unset)\b/.test(
      line,
    ) ||
    /^\s*\$[\w>\-[\]'"]+\s*([-+*/%.&|^]|\?\?)?=[^=>]/.test(line) ||
    /^\s*(\$this|self|static|parent|[A-Z]\w*)(->|::)\w+/.test(line) ||
    /^\s*\$\w+(->|::)\w+/.test(line),
};

/**
 * Where the method a header names ends (git's php driver drops its indentation): at the `}` at its class's
 * member level (the members' own indentation, else one step above the hunk's least indented line), not at the
 * first `}` of a block the hunk starts inside (`            return $data->toHtml();` / `        }`).
 */
function methodBodyEnd(context: string, lines: readonly string[]): number | undefined {
  if (!/\bfunction\s/.test(context)) return undefined;
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*(\*|\/\/|#|\/\*)/.test(line));
  if (code.length === 0) return undefined;
  const member = memberIndent(lines, PHP_MEMBER_LINES) ?? Math.max(0, Math.min(...code.map(indentOf)) - 4);
  // (indentOf passes over a lone `}`: its own indentation is what tells whose it is. A heredoc's lines, `<<<JS`
  // to `JS;`, are a string's.)
  const inHeredoc = heredocLines(lines);
  const end = lines.findIndex(
    (line, index) => !inHeredoc[index] && line.trim().startsWith("}") && leadingSpaceOf(line) <= member,
  );
  return end < 0 ? lines.length : end + 1;
}

/** Which lines stand inside a heredoc or nowdoc the hunk shows opening (`<<<JS` … `JS;`). */
function heredocLines(lines: readonly string[]): boolean[] {
  let closer: string | null = null;
  return lines.map((line) => {
    if (closer !== null) {
      if (new RegExp(`^\\s*${closer}\\b`).test(line)) closer = null;
      return true;
    }
    closer = /<<<\s*['"]?(\w+)['"]?\s*$/.exec(line)?.[1] ?? null;
    return false;
  });
}

function phpWrap({ context, indented, lines, hunkLines, path }: WrapRequest): Wrapper {
  const { inFunction } = headerNames(context);
  // (A header whose braces close on its own line, `enum Foo: string { case FALSE = "false"; }` in a test's code
  // sample, encloses nothing the hunk holds.)
  const phpType = /\{.*\}\s*$/.test(context) ? null : /\b(class|interface|trait|enum)\s+(\w+)/.exec(context);
  // A type's header whose body's `{` opens the hunk on a line of its own (PSR-2's style): the header reopens it,
  // the hunk's own brace being the body's.
  const firstLine = lines.find((line) => line.trim() !== "");
  // (Deeper than the type's header, that `{` opens a member's body whose signature is above the hunk,
  // `    public function indentSize(int $indentSize): self` then `    {`: a method's, in the type's body.)
  if (phpType && !inFunction && firstLine?.trim() === "{")
    return leadingSpaceOf(firstLine) > leadingSpaceOf(context)
      ? {
          prefix: [`${phpType[1]} ${phpType[2]} {`, "function __hintscope_tail__()"],
          suffix: ["}"],
          owner: null,
          dedent: false,
        }
      : { prefix: [`${phpType[1]} ${phpType[2]}`], suffix: [], owner: null, dedent: false };
  if (!indented) return NO_WRAP;
  if (phpType && !inFunction)
    return { prefix: [`${phpType[1]} ${phpType[2]} {`], suffix: ["}"], owner: null, dedent: false };
  // A method's header (git's php driver drops its indentation): the lines at member level after its `}` are
  // the class's members, the file's own class when they stand one level in.
  if (
    inFunction &&
    (isMethodHeader(context) || /^((abstract|final|public|protected|private|static)\s+)+function\s/.test(context))
  )
    return wrapUnderMethod(lines, PHP_MEMBER_LINES, {
      classOf: (shown) => fileClass(path, "php", shown, PHP_MEMBER_LINES, UNKNOWN_OWNER),
      unknownOwner: UNKNOWN_OWNER,
      method: "function __hintscope__() {",
    });
  if (inFunction) return { prefix: ["function __hintscope__() {"], suffix: ["}"], owner: null, dedent: false };
  // Members one level in under no header that names their type: the file's own class (PSR-4), else unknown.
  // (By a visibility or `static`: a bare `function` one level in is a helper in an `if (!function_exists(…))`.
  // Read over both images, so that the context's members are the class's before and after.)
  const both = hunkLines ?? lines;
  const members = both.filter((line) => /^\s+((final|abstract)\s+)?(public|protected|private|static)\s/.test(line));
  if (members.length === 0 || phpType) return NO_WRAP;
  const owner = fileClass(path, "php", both, PHP_MEMBER_LINES, UNKNOWN_OWNER);
  return { prefix: [`class ${owner} {`], suffix: ["}"], owner: null, dedent: false };
}

export const php: LanguageModule = {
  name: "php",
  extensions: ["php", "phpt"],
  // PHP without the `<?php` tag: hunks rarely show it.
  grammars: [{ name: "php", wasm: "tree-sitter-php/tree-sitter-php_only.wasm" }],
  extract: extractPhp,
  overloads: false,
  stringTypes: ["string", "encapsed_string"],
  memberSeparator: "::",
  // PHP's magic methods (`__toString`, `__invoke`, `__get`…): the language calls them by these names.
  dictatedPattern: /^__[A-Za-z]+$/,
  uses: { callsNeverReachFields: true },
  hunks: {
    membersInTypeBody: true,
    classTracker: () => new RenameTracker(),
    wrap: phpWrap,
    // (A file's own class, `final class PeriodDurationTest extends TestCase` in `PeriodDurationTest.php`, ends at
    // column 0: a method's `}` four columns in is the method's.)
    topLevelTypeHeader: (context, path) =>
      headerNames(context).typeName ===
      path
        .split("/")
        .pop()
        ?.replace(/\.php$/, ""),
    tailOpeners: (wrapper, closed) =>
      braceTailOpeners(wrapper, closed, {
        classTail: `class ${UNKNOWN_OWNER} { function __hintscope_tail__() {`,
        first: ({ inClass, atTop }) => (inClass || atTop ? "function __hintscope_tail__() {" : "{"),
      }),
    blockComments: true,
    // (A hunk that starts inside a multi-line quoted string, a fixer test's code sample, shows its text first.)
    stringEnd: (lines) => quotedStringEnd(lines, "'\"", /([=(:,{[.]|=>|\breturn|\becho)\s*$/),
    // A body the hunk's end cuts off is closed, so what it holds still parses as that body.
    closeOpenBlocks: (suffix, lines) => {
      const open = closersOfOpenBrackets(lines);
      return open !== "" ? [open, ...suffix] : [...suffix];
    },
    endOfContextBody: methodBodyEnd,
  },
};
