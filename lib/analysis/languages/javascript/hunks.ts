import { RenameTracker, SCRIPT_TYPE_LINE } from "../class-renames";
import { blocksClosedFromAbove, closersOfOpenBrackets, UNKNOWN_OWNER } from "../hunk-lines";
import type { HunkRules, Wrapper, WrapRequest } from "../language";
import {
  braceTailOpeners,
  endsAnArgument,
  headerLevelBodyEnd,
  headerNames,
  isMethodHeader,
  looksLikeStatements,
  NO_WRAP,
} from "../wrapping";
import {
  braceDepths,
  methodAfterClosedMember,
  startsInCommaList,
  startsInParameterList,
  twoLevelsUnder,
} from "./hunk-shapes";

/** A TypeScript namespace's header (`export namespace JSXInternal {`), a comment after its `{` or none. */
const NAMESPACE_HEADER = /^\s*(?:export\s+)?(?:declare\s+)?namespace\s+([A-Za-z_$][\w$.]*)\s*\{\s*(\/\/.*|\/\*.*)?$/;

function javaScriptWrap({ context, indented, lines }: WrapRequest): Wrapper {
  // A type's header cut inside its type parameters (`export interface ZodMiniType<`), the hunk going on with
  // them to the line that opens the body (`> extends core.$ZodType<Output, Input, Internals> {`): the header as
  // written opens it (the body's `{` is the hunk's own, closed with the blocks left open).
  if (typeOpener(context) && /[<(,]\s*$/.test(context) && lines.some((l) => /^\S.*\{\s*$/.test(l)))
    return { prefix: [context.trim()], suffix: [], owner: null, dedent: false };
  if (!indented) return NO_WRAP;
  // Under an object literal's header at column 0 (`sanitizeHtml.defaults = {`), a hunk of its keys that ends with
  // its `};` (the file's end or blank lines after it): the header reopens it (see tailOpeners for one that goes on).
  // (Not one that closes a nested object first, `},` then `};`: whose keys those are, no line shows.)
  const last = lines.findLastIndex((line) => line.trim() !== "");
  if (
    OBJECT_HEADER.test(context) &&
    /^\};?\s*$/.test(lines[last] ?? "") &&
    blocksClosedFromAbove(lines.slice(0, last), 0).count === 0 &&
    !looksLikeStatements(lines)
  )
    return { prefix: [context.trim()], suffix: [], owner: null, dedent: false };
  // Methods written into an object a call makes a class's (`inherits(StringSchema, MixedSchema, {`,
  // `Object.assign(Foo.prototype, {`) or set as its prototype (`Foo.prototype = {`): that class's members, as the
  // whole file reads them (prototype-objects.ts). (The object stands in as the prototype's: its members go on
  // past commas, `},` then `clear(statement) {`, which no class body takes; the blocks a hunk closes from above
  // are a method's there.)
  const mixedInto = MIXED_INTO.exec(context);
  const mixedClass = mixedInto?.[1] ?? mixedInto?.[2];
  if (mixedClass && !looksLikeStatements(lines))
    return { prefix: [`${mixedClass}.prototype = {`], suffix: ["}"], owner: null, dedent: false };
  const names = headerNames(context);
  const { typeName, enumName } = names;
  // An arrow function's header (`options.unmount = vnode => {`) opens a function too, parentheses or not.
  const inFunction = names.inFunction || (!typeName && /=>\s*\{?\s*$/.test(context));
  if (enumName && !inFunction) return { prefix: [`enum ${enumName} {`], suffix: ["}"], owner: null, dedent: false };
  // A TypeScript namespace's body (`export namespace JSXInternal {`): its declarations are its members.
  // (A comment may follow its `{`: `namespace is { // tslint:disable-line:no-namespace`.)
  const namespace = NAMESPACE_HEADER.exec(context)?.[1];
  if (namespace && !looksLikeStatements(lines))
    return { prefix: [`namespace ${namespace} {`], suffix: ["}"], owner: null, dedent: false };
  // An interface's or an object type's members (`onFinished();` is a method's signature there, no call).
  const type = typeOpener(context);
  if (type && !type.startsWith("class ")) return { prefix: [type], suffix: ["}"], owner: null, dedent: false };
  // Under a class's header, a hunk that starts in a parameter list with parameter properties (`private
  // readonly userFacade: UserFacade,` … `) {}`) is in the constructor's: those are its parameters. In any
  // other method's, they are that method's, whose name is above the hunk: none is stated (no class field).
  const parameters = typeName ? startsInParameterList(lines) : null;
  // (An arrow function's parameter list, `laneAssignmentMode,` / `) => {`: a callback a method passes; the list's
  // `(` stands in, inside a stand-in method. Its parameters are locals, no class fields.)
  if (parameters === "arrow")
    return {
      prefix: [`class ${typeName} {`, "__hintscope__() {", "("],
      suffix: ["}", "}"],
      owner: null,
      dedent: false,
    };
  if (parameters)
    return {
      prefix: [
        `class ${typeName} {`,
        parameters === "constructor"
          ? "constructor("
          : `__hintscope_tail__(${parameters === "destructured" ? "{" : ""}`,
      ],
      suffix: ["}"],
      owner: null,
      dedent: false,
      ...(parameters === "constructor" ? { resumesHeader: true } : {}),
    };
  // Under a class's header, a hunk that starts among an object literal's members (`get eventBus() {` … `},`,
  // a returned object's getters) is inside a method's expression: what it holds are no class members.
  if (typeName && startsInCommaList(lines)) {
    // (A field's initializer, `state = {` … `};`, when the class's members follow its end at its level.)
    if (methodAfterClosedMember(lines))
      return {
        prefix: [`class ${typeName} {`, "__hintscope_field__ = {"],
        suffix: ["}"],
        owner: null,
        dedent: false,
        settled: true,
      };
    const closed = blocksClosedFromAbove(lines, 0).count;
    return {
      prefix: [`class ${typeName} {`, "__hintscope__() {", "return {"],
      suffix: Array.from({ length: Math.max(0, 3 - closed) }, () => "}"),
      owner: null,
      dedent: false,
      settled: true,
    };
  }
  // Under a class's header, lines that are statements (`const x =`, `return`, `this.y = …`, `total += 1`) are
  // a method's body the hunk is cut from, not the class's members: a stand-in method holds them.
  // (Where the hunk closes that method, `  }` above the class's next members, the stand-in is the block it closes:
  // blocks it closes beyond open inside it, and only the class is left to close.)
  if (typeName && (looksLikeStatements(lines) || twoLevelsUnder(context, lines) || endsAnArgument(lines))) {
    const closed = blocksClosedFromAbove(lines, 1).count;
    return closed > 0 && methodAfterClosedMember(lines, true)
      ? {
          prefix: [`class ${typeName} {`, "__hintscope__() {", ...Array.from({ length: closed - 1 }, () => "{")],
          suffix: ["}"],
          owner: null,
          dedent: false,
          settled: true,
        }
      : { prefix: [`class ${typeName} {`, "__hintscope__() {"], suffix: ["}", "}"], owner: null, dedent: false };
  }
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
  if (inFunction) return { prefix: ["function __hintscope__() {"], suffix: ["}"], owner: null, dedent: false };
  // A header that names nothing (git took the tail of a template literal at column 0, `Read more on …\`);`),
  // over lines that close a member (`  };`) and define another at its level (`  combineFlagAndOptionalValue(arg) {`):
  // the hunk is in a class's body, whose name is above it.
  if (!typeName && methodAfterClosedMember(lines))
    return { prefix: [`class ${UNKNOWN_OWNER} {`], suffix: ["}"], owner: null, dedent: false };
  return NO_WRAP;
}

/** A header at column 0 that assigns an object literal: `const defaults = {`, `sanitizeHtml.defaults = {`. */
const OBJECT_HEADER =
  /^(?:(?:export\s+)?(?:const|let|var)\s+[A-Za-z_$][\w$]*|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\s*=\s*\{\s*$/;

/** A header that opens an object of a class's members: a call given the class first, or its prototype's assignment. */
const MIXED_INTO = /^\s*(?:[\w$.]+\(\s*([A-Z][\w$]*)(?:\.prototype)?\s*,[^()]*|([A-Z][\w$]*)\.prototype\s*=\s*)\{\s*$/;

/** JavaScript's and TypeScript's hunks (TypeScript's module shares them). */
/**
 * A hunk that starts inside a template literal (an inline snapshot's text, then `` `); ``): the index of the line
 * that closes it, or -1. Only a backtick with closers after it and nothing before it that opens one is read as
 * closing: a lone backtick may open a template (`stdout().write(` then `` ` ``), a tag before one does (`` ts` ``).
 */
function templateEnd(lines: readonly string[]): number {
  const first = lines.findIndex((line) => !/^\s*(\/\/|\/\*|\*)/.test(line) && line.includes("`"));
  if (first < 0) return -1;
  const line = lines[first] as string;
  const at = line.indexOf("`");
  const before = line.slice(0, at);
  const after = line.slice(at + 1);
  const closes = /^[)\]},;]+\s*(\/\/.*)?$/.test(after) && !/([\w$=(:,{[?]|=>)\s*$/.test(before) && !/\\$/.test(before);
  return closes ? first : -1;
}

export const javaScriptHunks: HunkRules = {
  headerKeepsIndentation: true,
  stringEnd: templateEnd,
  membersInTypeBody: true,
  wrap: javaScriptWrap,
  classTracker: () => new RenameTracker(SCRIPT_TYPE_LINE),
  tailOpeners: (wrapper, closed, context, lines) => {
    // A hunk under a type's header (`interface Props {`) that closes just that type at the top level: its
    // lines above the `}` are the type's members, reopened under its own name.
    const type = typeOpener(context);
    if (type && wrapper.prefix.length === 0 && closed.count === 1) return [type];
    // (Closing a member's object type first, `  };`, then the type at column 0: `release: {` is unseen.)
    if (type && /^(interface|type)\s/.test(type) && wrapper.prefix.length === 0 && closed.atColumnZero)
      return [type, ...Array.from({ length: closed.count - 1 }, () => `${UNKNOWN_OWNER}: {`)];
    // Under an object literal's header at column 0 (`sanitizeHtml.defaults = {`, `const default_email_options = {`),
    // a hunk of its keys (`  enforceHtmlBoundary: false,`) that closes it at column 0 (`};`): the header reopens it.
    if (wrapper.prefix.length === 0 && closed.count === 1 && closed.atColumnZero && OBJECT_HEADER.test(context))
      return [context.trim()];
    // Inside an interface's or an object type's body (`export interface ChangelogConfig {`), a block the hunk closes
    // from above (`    tagBody?: string;` then `  };`) is a member's object type (`release: {`), never a body; whose
    // member, the hunk does not show (what it holds is no field of the interface's own).
    if (closed.count > 0 && wrapper.prefix.length === 1 && /^(interface|type)\s/.test(wrapper.prefix[0] ?? ""))
      return Array.from({ length: closed.count }, () => `${UNKNOWN_OWNER}: {`);
    // A class's field whose object type began above the hunk (`private replyTo: {` … `} | null = null`): its
    // `}` goes on with the rest of a type, so the lines above it are that type's members, no method's body.
    if (closed.count === 1 && /^class\s/.test(wrapper.prefix[0] ?? "") && wrapper.prefix.length === 1) {
      const closer = lines[braceDepths(lines).closer];
      if (closer !== undefined && /^\s*\}\s*(\||&|\[\]|=(?!>))/.test(closer)) return ["__hintscope_field__: {"];
    }
    // Under a namespace's header (`export namespace Result {`), a hunk that starts in a function's blocks and
    // closes the namespace at column 0: what follows the function's end is the namespace's (`Result.combine`).
    const namespace = NAMESPACE_HEADER.exec(context)?.[1];
    if (namespace && wrapper.prefix.length === 0 && closed.atColumnZero && closed.count >= 2)
      return [
        `namespace ${namespace} {`,
        "function __hintscope_tail__() {",
        ...Array.from({ length: closed.count - 2 }, () => "{"),
      ];
    return braceTailOpeners(wrapper, closed, {
      // A top-level function's header (`function normalizeValue(value) {`): the `}` at column 0 closes that
      // function, and the ones before it blocks inside it, not a method and its class.
      // A class's header (git's default driver names the last line at column 0 above the hunk, so the `}`
      // at column 0 closes that class): its name owns what follows the closed method.
      // (Nor a call's callback, `once.proto = once(function () {`: its `})` closes the call, no class.)
      classTail:
        /^(export\s+)?(default\s+)?(async\s+)?function\b/.test(context.trim()) || /\bfunction\b|=>/.test(context)
          ? undefined
          : `class ${/^class /.test(type ?? "") ? (type as string).slice(6, -2) : UNKNOWN_OWNER} { __hintscope_tail__() {`,
      // (In an object literal, `const renameVisitor: Visitor<Renamer> = {`, a closed block is a method's: a
      // bare `{` there is no property.)
      first: ({ inClass, atTop, wrapper: around }) =>
        inClass || /=\s*\{\s*$/.test(around.prefix.at(-1) ?? "")
          ? "__hintscope_tail__() {"
          : atTop
            ? "function __hintscope_tail__() {"
            : "{",
    });
  },
  blockComments: true,
  endOfContextBody: headerLevelBodyEnd,
  // A function (an arrow component, a `describe` callback) whose body runs past the hunk's end is closed,
  // so that it still parses as a function and its `const`s stay its locals.
  closeOpenBlocks: (suffix, lines) => {
    const open = closersOfOpenBrackets(lines);
    return open !== "" ? [open, ...suffix] : [...suffix];
  },
};

/**
 * The opener of the type a hunk header declares (`interface Props {`, `type Props = {`, `class A {`), or of a
 * typed object (`const DEVICE_0: Device = {`), or null.
 */
export function typeOpener(context: string): string | null {
  const declared =
    /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(class|interface|enum)\s+([A-Za-z_$][\w$]*)/.exec(
      context,
    );
  if (declared) return `${declared[1]} ${declared[2]} {`;
  // (Type parameters may hold defaults: `type ServeStaticOptions<E extends Env = Env> = {`.)
  const alias = /^\s*(?:export\s+)?type\s+([A-Za-z_$][\w$]*)\s*(<.*>)?\s*=\s*\{\s*$/.exec(context);
  if (alias) return `type ${alias[1]}${alias[2] ?? ""} = {`;
  // A typed object (`const DEVICE_0: Device = {`): its keys are the type's fields (see the extractor).
  const typed = /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*:\s*([\w$.<>, []+?)\s*=\s*\{\s*$/.exec(
    context,
  );
  return typed ? `const ${typed[1]}: ${typed[2]} = {` : null;
}
