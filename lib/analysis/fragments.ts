import { reopeningBrackets } from "./continued-statements";
import type { Fragment } from "./fragment";
import type { ParsedLanguage } from "./grammars";
import { functionInContext } from "./hunk-context";
import { headerUnderPostName } from "./languages/class-renames";
import {
  ACCESS_LABEL,
  BRACE_COMMENT_LINE,
  blockCommentEdges,
  blocksClosedFromAbove,
  clauseOpener,
  depth,
  indentOf,
} from "./languages/hunk-lines";
import type { HunkRules, LanguageModule, OffsideRules, Wrapper, WrapRequest } from "./languages/language";
import { moduleOfGrammar } from "./languages/lookup";
import { codeTexts, NO_WRAP, unfinishedCut } from "./languages/wrapping";
import type { DiffLine, FileDiff, Hunk } from "./parse-diff";

export type { Fragment };

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
  const blocks = levels.sort((a, b) => a - b).map((level) => `${" ".repeat(level)}if True:`);
  return [...blocks, ...clauseOpener(body.find((line) => line.trim() !== "") ?? "")];
}

/**
 * Rows of an image left blank: in an indentation language, unchanged lines before the hunk's first statement
 * at its own level (they belong to a statement that began above the hunk, and cannot parse), and the text of
 * a string the hunk starts inside, up to its closing quotes.
 */
function blankedRows(
  kept: readonly DiffLine[],
  texts: readonly string[],
  minIndent: number,
  stringEnd: number,
  offside: OffsideRules | undefined,
  wrapper: Wrapper,
  continued: { end: number; reopened: boolean },
): boolean[] {
  const continues = (text: string) => offside?.continuesFromAbove(text) === true;
  let leading = offside !== undefined && wrapper.keepsLeadingRows !== true;
  // (Added lines too, up to the bracket that closes a statement begun above: `+ "path",` in a tuple whose `(` is
  // above the hunk cannot parse; unless a stand-in line reopens it.)
  const blanked = kept.map((line, index) => {
    if (index <= stringEnd) return true;
    if (index <= continued.end) return !continued.reopened;
    if (leading && line.kind === " " && (indentOf(line.text) > minIndent || continues(line.text))) return true;
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
      if (index <= stringEnd) {
        until = index;
        continue;
      }
      open += depth((texts[index] as string).replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "").replace(/#.*$/, ""));
      if (open <= least || continues(texts[index] as string)) {
        least = Math.min(least, open);
        until = index;
      }
    }
    blanked.forEach((_, index) => {
      if (index > until && index < (leadingRows < 0 ? kept.length : leadingRows)) blanked[index] = false;
    });
  }
  return blanked;
}

/**
 * How far in a `}` must stand to close a block inside the wrapper rather than the wrapper itself. Under a
 * stand-in function (the header named one), a `}` no more indented than that header ends the function: the
 * hunk runs past its body, and what follows are the class's members. Under the class the header declares,
 * any `}` deeper than that header is inside the class: the hunk's least indented code may be a method's
 * body (`this.cache.delete(owner)` before the method's `}` one level in), not the class's members; and one no
 * deeper than the header is the class's end, whatever follows at file scope.
 */
function wrapperEndIndent(rules: HunkRules, base: Wrapper, context: string, minIndent: number, path: string): number {
  if (context.trim() === "") return minIndent;
  if (base.prefix.some((line) => line.includes("__hintscope__()"))) return Math.max(minIndent, indentOf(context) + 1);
  // (Only where the header keeps its indentation: Java's driver drops it.)
  // (An access label for a header, `private:`, is a class's body too: its `};` at column 0 ends the class.)
  const declaresClass =
    /^(class|struct)\s/.test(base.prefix[0] as string) &&
    (/\b(class|struct)\s/.test(context) || ACCESS_LABEL.test(context.trim()));
  if (rules.headerKeepsIndentation && base.prefix.length === 1 && declaresClass) return indentOf(context) + 1;
  // (Where the driver drops it, a top-level type's `}` is still at column 0: a hunk whose every other line stands
  // deep in a method, `throw …;` at eight columns, then `}` `}` `}` down to column 0, closes two blocks above it.)
  if (base.prefix.length === 1 && declaresClass && rules.topLevelTypeHeader?.(context, path))
    return Math.min(minIndent, 1);
  return minIndent;
}

/** The stand-in declarations around a hunk's image: the module's wrapper, its tail openers and closers. */
function wrapperOf(
  rules: HunkRules,
  hunk: Hunk | null,
  request: Omit<WrapRequest, "context" | "indented">,
  kept: readonly DiffLine[],
  minIndent: number,
  commentOpenAtEnd: boolean,
): Wrapper {
  const texts = request.lines;
  const base = hunk
    ? rules.wrap({ ...request, context: hunk.context, indented: Number.isFinite(minIndent) && minIndent > 0 })
    : NO_WRAP;
  const openers =
    hunk && Number.isFinite(minIndent) && !base.settled && rules.tailOpeners
      ? rules.tailOpeners(
          base,
          blocksClosedFromAbove(texts, wrapperEndIndent(rules, base, hunk.context, minIndent, request.path)),
          hunk.context,
          texts,
        )
      : [];
  let wrapper: Wrapper = openers.length > 0 ? { ...base, prefix: [...base.prefix, ...openers] } : base;
  if (hunk && rules.reopen)
    wrapper = rules.reopen(
      wrapper,
      hunk.context,
      kept.map((line) => line.text),
    );
  if (rules.closeOpenBlocks) wrapper = { ...wrapper, suffix: rules.closeOpenBlocks(wrapper.suffix, texts) };
  if (commentOpenAtEnd) wrapper = { ...wrapper, suffix: ["*/", ...wrapper.suffix] };
  return wrapper;
}

function imageOf(
  path: string,
  side: "pre" | "post",
  lines: DiffLine[],
  hunk: Hunk | null,
  module: LanguageModule,
  carriedClass: string | null = null,
): Fragment {
  const kept = lines.filter((line) => line.kind === " " || line.kind === (side === "pre" ? "-" : "+"));
  const rules = module.hunks;
  // An image that starts at the file's first line (a whole file, or a hunk from line 1) has nothing above
  // it: no string, statement or block began before its first line.
  const fromTop = hunk === null || (side === "pre" ? hunk.oldStart : hunk.newStart) <= 1;
  const offside = fromTop ? undefined : rules.offside;
  if (offside && hunk) {
    const resumed = offside.resumedSignature(path, side, kept, hunk.context, carriedClass);
    if (resumed) return resumed;
  }
  // Brace languages: the end of a comment that opened above the hunk is blanked (its prose parses as code),
  // and a comment the hunk leaves open is closed before anything the analysis adds after it.
  const comments = rules.blockComments ? blockCommentEdges(kept.map((l) => l.text)) : { leading: 0, openAtEnd: false };
  const cut = unfinishedCut(kept, rules.unfinishedTail); // (blanked in the image only: see unfinishedCut)
  const texts = codeTexts(kept, comments.leading, rules.codeLines);
  // A hunk that starts inside a string (a Python docstring) shows its text and then its closing quotes.
  const stringEnd = offside
    ? offside.stringEnd(kept.map((line) => line.text))
    : !fromTop && rules.stringEnd
      ? rules.stringEnd(kept.map((line) => line.text))
      : -1;
  // (A comment line says nothing of levels: an indentation language's `# Mapping …` at column 0 after a class's
  // last member does not end the class's body, nor does a brace language's doc comment written at column 0 inside
  // a class, pako's `/**` ` * Deflate#onStart(strm) -> Void` ` **/` above `  onStart(strm) {}`.)
  const commentLine = (text: string) => (offside ? /^\s*#/.test(text) : BRACE_COMMENT_LINE.test(text));
  const minIndent = Math.min(
    ...kept.map((line, index) =>
      index <= stringEnd || offside?.continuesFromAbove(line.text) === true || commentLine(line.text)
        ? Number.POSITIVE_INFINITY
        : indentOf(texts[index] as string),
    ),
  );
  const hunkLines = lines.map((line) => line.text);
  // (A brace language's string the hunk starts in closes no block: `}` in a template literal's code is text.)
  const wrapTexts = offside || stringEnd < 0 ? texts : texts.map((text, index) => (index <= stringEnd ? "" : text));
  let wrapper = wrapperOf(
    rules,
    hunk,
    { lines: wrapTexts, hunkLines, carriedClass, path },
    kept,
    minIndent,
    comments.openAtEnd,
  );
  const bodyIndentOf = (text: string) =>
    wrapper.bodyIndent !== undefined && indentOf(text) > minIndent ? wrapper.bodyIndent : "";
  // A statement begun above the hunk, up to its closing line: reopened by a stand-in line where that is sure (not
  // under a stand-in function, whose levels its first lines set).
  const continuedEnd =
    offside && wrapper.keepsLeadingRows !== true
      ? stringEnd + 1 + offside.continuedStatementEnd(texts.slice(stringEnd + 1))
      : -1;
  const brackets =
    continuedEnd > stringEnd && offside?.reopenStatement && wrapper.stubBody === undefined
      ? reopeningBrackets(texts.slice(stringEnd + 1, continuedEnd + 1))
      : null;
  const blanked = blankedRows(kept, texts, minIndent, stringEnd, offside, wrapper, {
    end: continuedEnd,
    reopened: brackets !== null,
  });
  // (The comment's own lines, blanked for the wrapper, stay in the image as a comment: JSDoc's `@property` lines
  // declare fields.)
  const reopenedComment = comments.leading > 0;
  const body = kept.map((line, index) => {
    if (index < comments.leading && reopenedComment) return line.text;
    if (blanked[index] || index >= cut) return "";
    const text = texts[index] as string;
    const dedented =
      wrapper.dedentBy !== undefined ? text.slice(Math.min(wrapper.dedentBy, indentOf(text))) : text.slice(minIndent);
    return `${wrapper.indent ?? ""}${bodyIndentOf(text)}${wrapper.dedent ? dedented : text}`;
  });
  if (wrapper.stubBody !== undefined)
    wrapper = { ...wrapper, prefix: [...wrapper.prefix, ...stubBlocks(body, wrapper.stubBody)] };
  if (reopenedComment) {
    const closed = kept.slice(0, comments.leading).some((line) => line.text.includes("*/"));
    wrapper = {
      ...wrapper,
      prefix: [...wrapper.prefix, "/**"],
      suffix: closed ? wrapper.suffix : ["*/", ...wrapper.suffix],
    };
  }
  if (brackets !== null && offside?.reopenStatement) {
    // (At the level of the statement after it, which the reopened one stands beside.)
    const next = body.slice(continuedEnd + 1).find((line) => line.trim() !== "" && !/^\s*#/.test(line));
    const at = /^\s*/.exec(next ?? body[continuedEnd] ?? "")?.[0] ?? "";
    wrapper = { ...wrapper, prefix: [...wrapper.prefix, `${at}${offside.reopenStatement(brackets)}`] };
  }
  return {
    path,
    side,
    text: [...wrapper.prefix, ...body, ...wrapper.suffix].join("\n"),
    rows: [...wrapper.prefix.map(() => null), ...kept, ...wrapper.suffix.map(() => null)],
    owner: wrapper.owner,
    inBody: wrapper.inBody ?? false,
    addedRows: { before: wrapper.prefix.length, after: wrapper.suffix.length },
    ...(wrapper.resumesHeader ? { signatureRow: wrapper.prefix.length - 1 } : {}),
  };
}

/** A hunk's header as the analysis reads it (a Python `def` header gets back the indentation git dropped). */
export const contextOf = (hunk: Hunk, language: ParsedLanguage): string =>
  moduleOfGrammar(language).hunks.header?.(hunk) ?? hunk.context;

/** Where a hunk's lines go on past the top-level declaration its header is in (see HunkRules.topLevelEnd): the index in `lines` after that declaration's end, or -1. */
function topLevelCut(module: LanguageModule, lines: readonly DiffLine[], side: "pre" | "post"): number {
  if (!module.hunks.topLevelEnd) return -1;
  const kept = lines.flatMap((line, index) =>
    line.kind === " " || line.kind === (side === "pre" ? "-" : "+") ? [index] : [],
  );
  const end = module.hunks.topLevelEnd(kept.map((index) => (lines[index] as DiffLine).text));
  return end < 0 ? -1 : (kept[end] as number) + 1;
}

/** The pre- and post-images of every hunk of a file diff (the whole file for added and deleted files). */
export function hunkFragments(file: FileDiff, language: ParsedLanguage): Fragment[] {
  const fragments: Fragment[] = [];
  const module = moduleOfGrammar(language);
  // The classes earlier hunks of this file showed, carried to a later hunk where they say so (see ClassTracker).
  const classes = module.hunks.classTracker?.(file.path) ?? null;
  const renamed = classes ? headerUnderPostName(file, classes) : null;
  file.hunks.forEach((shown, hunkIndex) => {
    const whole = file.status === "added" || file.status === "deleted";
    const header = contextOf(shown, language);
    // (A hunk inside a parameter list the hunk above left open is read under that list's `def`.)
    const hunk = { ...shown, context: classes?.openSignature?.(shown, header) ?? header };
    const carried = classes?.classOf(hunk.context, hunk.oldStart, hunk) ?? null;
    const renamedHeader = (side: "pre" | "post") =>
      renamed ? { ...hunk, context: renamed(hunk.context, side) } : hunk;
    const contextFunction = whole ? null : (functionInContext(language, hunk.context)?.name ?? null);
    for (const side of ["pre", "post"] as const) {
      if (side === "pre" ? file.status === "added" : file.status === "deleted") continue;
      const header = whole ? null : renamedHeader(side);
      // Past the end of the top-level declaration the hunk started in, its lines are read apart, unwrapped.
      const cut = whole ? -1 : topLevelCut(module, hunk.lines, side);
      const head = cut < 0 ? hunk.lines : hunk.lines.slice(0, cut);
      fragments.push({ ...imageOf(file.path, side, head, header, module, carried), hunkIndex, contextFunction });
      if (cut >= 0)
        fragments.push({
          ...imageOf(file.path, side, hunk.lines.slice(cut), { ...hunk, context: "" }, module, carried),
          hunkIndex,
          contextFunction: null,
        });
    }
    classes?.see(hunk, hunk.context, carried);
  });
  return fragments;
}
