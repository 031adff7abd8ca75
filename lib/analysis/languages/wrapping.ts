// Helpers the language modules share to wrap a hunk in stand-in declarations (see HunkRules in language.ts).

import type { DiffLine } from "../parse-diff";
import { indentOf, leadingSpaceOf } from "./hunk-lines";
import type { ClosedBlocks, Wrapper } from "./language";

/** No stand-in: the hunk parses as it is. */
export const NO_WRAP: Wrapper = { prefix: [], suffix: [], owner: null, dedent: false };

/** A one-line stand-in opener and its closer. */
export const wrapIn = (opener: string, closer = "}"): Wrapper => ({
  prefix: [opener],
  suffix: [closer],
  owner: null,
  dedent: false,
});

/** What a hunk header names, read alike for every brace language. */
export interface HeaderNames {
  /** the class, interface, enum, record or struct the header opens */
  typeName: string | null;
  enumName: string | null;
  /** Go's `type X struct` or `type X interface` */
  goType: string | null;
  goKind: "struct" | "interface" | null;
  /** the header opens a function (a `(` and no type) */
  inFunction: boolean;
}

/**
 * A header without the record types its declarators are of: a function's parameters and its return type
 * (`static void *btree_set0(struct btree *btree,`, `static struct node *node_new(struct tree *t, …)`) open no
 * record; a record's own header (`struct wide {`, `customElements.define("x", class extends HTMLElement {`) stays.
 */
export const withoutDeclaratorTypes = (context: string) =>
  context
    .replace(/\b(?:struct|enum|union|class)\s+[A-Za-z_$][\w$]*(?=\s*[*&]+\s*[A-Za-z_$][\w$]*\s*[,)(])/g, "")
    .replace(/\b(?:struct|enum|union)\s+[A-Za-z_$][\w$]*(?=\s+[A-Za-z_$][\w$]*\s*[,)(])/g, "");

export function headerNames(context: string): HeaderNames {
  const head = withoutDeclaratorTypes(context);
  const typeName = /\b(?:class|interface|enum|record|struct)\s+([A-Za-z_$][\w$]*)/.exec(head)?.[1] ?? null;
  const enumName = /\benum\s+([A-Za-z_$][\w$]*)/.exec(head)?.[1] ?? null;
  const go = /^\s*type\s+(\w+)(?:\[(?:[^[\]]|\[[^\]]*\])*\])?\s+(struct|interface)\b/.exec(context);
  const goType = go?.[1] ?? null;
  const goKind = (go?.[2] as "struct" | "interface" | undefined) ?? null;
  const inFunction = !typeName && !goType && /\(/.test(context);
  return { typeName, enumName, goType, goKind, inFunction };
}

/** A hunk's lines of code: not blank, not a comment's. */
function codeLines(lines: readonly string[]): string[] {
  return lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l));
}

/**
 * Whether a hunk's least indented lines are statements (JavaScript, TypeScript): declarations with
 * `const`/`let`/`var`, control flow, `this.x = …`, compound assignments, calls ending in `;`. Class members
 * (`name(…) {`, `x = 1;`, `private y: T;`) are not.
 */
export function looksLikeStatements(lines: readonly string[]): boolean {
  const code = codeLines(lines);
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
 * Whether, under a class's header, a hunk holds an array's end that goes on (`],` after `this.options.gap,`) at its
 * own level: a call's argument in a method, which no class body holds (a field's array ends `];` or `]);`). Not
 * where an object stands in as the prototype (`Router.prototype = {`): a member's array ends so there.
 */
export function endsAnArgument(lines: readonly string[]): boolean {
  const code = codeLines(lines);
  const least = Math.min(...code.map(indentOf));
  return code.some((l) => /^\s*\],\s*$/.test(l) && leadingSpaceOf(l) <= least);
}

/**
 * Whether a hunk header names a method of a class (JavaScript, TypeScript, PHP): an indented line that
 * declares `name(` (with modifiers, `async`, `function` in PHP), not a statement (`if (`, `for (`) or a call.
 */
export function isMethodHeader(context: string): boolean {
  if (indentOf(context) === 0) return false;
  if (/^\s*(if|for|while|switch|catch|return|else|do|try|await|new|throw|yield)\b/.test(context)) return false;
  return /^\s*((public|private|protected|static|async|override|readonly|abstract|final|get|set)\s+)*(function\s+)?[A-Za-z_$][\w$]*\s*(<[^>]*>)?\s*\([^;]*\{?\s*$/.test(
    context,
  );
}

/** Where a brace language's tail openers stand: at the top (no wrapper) or in a one-line class wrapper. */
export interface TailPlace {
  atTop: boolean;
  inClass: boolean;
  wrapper: Wrapper;
}

/**
 * Stand-in openers for blocks a hunk closes before opening any: inside a class, a method first (its body
 * is what the tail ends); elsewhere plain blocks or a function. Without them the first `}` closed the
 * stand-in class, and the members after it were read as top-level code. `classTail` opens a class and a
 * method at once, for a hunk under a method's header that runs past that method's end and the class's (a
 * `}` at column 0 closes the last block): the new members after the named one are kept.
 */
export function braceTailOpeners(
  wrapper: Wrapper,
  closed: ClosedBlocks,
  shape: { classTail?: string; first: (place: TailPlace) => string; outer?: string },
): string[] {
  const { count } = closed;
  if (count <= 0) return [];
  if (wrapper.prefix.length === 0 && closed.atColumnZero && count >= 2 && shape.classTail) {
    // Closers at column 0 past the class's are of blocks around it (`}  // namespace nlohmann`), opened first.
    const outer = shape.outer ? Math.min(count - 2, Math.max(0, (closed.atColumnZeroCount ?? 1) - 1)) : 0;
    return [
      ...Array.from({ length: outer }, () => shape.outer as string),
      shape.classTail,
      ...Array.from({ length: count - 2 - outer }, () => "{"),
    ];
  }
  const inClass =
    wrapper.prefix.some((line) => /^(class|enum|interface|struct|trait)\s/.test(line)) && wrapper.prefix.length === 1;
  const atTop = wrapper.prefix.length === 0;
  return [shape.first({ atTop, inClass, wrapper }), ...Array.from({ length: count - 1 }, () => "{")];
}

/** Where the body a header names ends in an indentation language (Python, Ruby): the first line no deeper. */
export function indentedBodyEnd(context: string, lines: readonly string[]): number {
  const own = leadingSpaceOf(context);
  const end = lines.findIndex((line) => line.trim() !== "" && !/^\s*#/.test(line) && leadingSpaceOf(line) <= own);
  return end < 0 ? lines.length : end;
}

/**
 * Where the body a header names ends in a brace language whose hunk headers come from git's default driver
 * (C, C++, Rust, JavaScript, TypeScript): that driver names the line as it stands, at column 0 but for an
 * indentation a driver keeps, so the function (or type) it names closes at the first `}` no deeper than its
 * header. Counting braces from the hunk's start ends it too early when the hunk starts inside a block
 * (`            return;` / `    }` closes an `if`, and the changed line below is still the function's).
 */
export function headerLevelBodyEnd(context: string, lines: readonly string[]): number {
  const own = leadingSpaceOf(context);
  // A type's members stand deeper than its header: a line back at the header's level that is none of its own
  // (`impl<B> RouterExt<B> for Router<B>` after `pub trait RouterExt<B> … {`'s end above the hunk) is past it.
  // A function's ends there too at a declaration back at its level, or the `/**` of the next one's comment.
  // (Lines inside a multi-line string, a template literal's or a raw string's, say nothing of either.)
  const isType = TYPE_DECLARATION.test(context.trim());
  const inString = multilineStringLines(lines);
  const end = lines.findIndex((line, index) => {
    if (inString[index] || leadingSpaceOf(line) > own || line.trim() === "") return false;
    const text = line.trim();
    // (A `]` closes a module-level array as a `}` closes a body.)
    if (/^[}\]]/.test(text)) return true;
    return isType ? !/^(\{|where\b|#|\/\/|\/\*|\*|(public|private|protected)\s*:)/.test(text) : NEXT_ITEM.test(text);
  });
  if (end < 0) return lines.length;
  return /^[}\]]/.test(lines[end]?.trim() ?? "") ? end + 1 : end;
}

/**
 * Which lines start inside a multi-line string the hunk shows opening: a template literal (an odd count of
 * backticks opens or closes one) or a Rust raw string (`r#"` … `"#`).
 */
function multilineStringLines(lines: readonly string[]): boolean[] {
  let template = false;
  let raw = false;
  return lines.map((line) => {
    const inside = template || raw;
    const code = line.replace(/\\./g, "");
    if (!raw && ((code.match(/`/g) ?? []).length & 1) === 1) template = !template;
    if (!template) {
      if (!raw && /\br#+"/.test(code) && !/\br#+"[^"]*"#/.test(code)) raw = true;
      else if (raw && /"#/.test(code)) raw = false;
    }
    return inside;
  });
}

/** What opens the next top-level item after a function: the `/**` or `///` of its comment, a declaration's keyword. */
const NEXT_ITEM =
  /^(\/\*\*|\/\/\/|(export|function|async|const|let|var|class|interface|type|enum|static|pub|fn|impl|struct|trait|mod|use|typedef|#\[)\b)/;

/** A header that declares a type (not a function returning one): `class X`, `pub trait X<B>: Y {`, `struct X {`. */
const TYPE_DECLARATION = /^[^(]*\b(class|interface|enum|struct|trait|union)\s+[A-Za-z_$][\w$]*[^(;]*$/;

/**
 * Where an image's rows stop being read: before the last lines that begin a declaration the hunk cuts off (see
 * HunkRules.unfinishedTail), where they are context, blank lines aside (an added line is the patch's own text,
 * kept whatever it parses as); else after the last row. (The wrapping still reads the levels those lines stand at.)
 */
export function unfinishedCut(
  kept: readonly DiffLine[],
  tailOf: ((lines: readonly string[]) => number) | undefined,
): number {
  const tail = tailOf?.(kept.map((line) => line.text)) ?? 0;
  const cutOff = kept.slice(kept.length - tail);
  return tail > 0 && cutOff.every((line) => line.kind === " " || line.text.trim() === "")
    ? kept.length - tail
    : kept.length;
}

/**
 * An image's lines as code for the wrapping and the grammar: the end of a comment opened above blanked (its first
 * `leading` lines), then what the module blanks (HunkRules.codeLines).
 */
export function codeTexts(
  kept: readonly DiffLine[],
  leading: number,
  codeLines: ((lines: readonly string[]) => string[]) | undefined,
): string[] {
  const texts = kept.map((line, index) => (index < leading ? "" : line.text));
  return codeLines ? codeLines(texts) : texts;
}
