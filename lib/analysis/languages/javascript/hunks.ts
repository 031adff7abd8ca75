import { closersOfOpenBrackets, UNKNOWN_OWNER } from "../hunk-lines";
import type { HunkRules, Wrapper, WrapRequest } from "../language";
import {
  braceTailOpeners,
  headerLevelBodyEnd,
  headerNames,
  isMethodHeader,
  looksLikeStatements,
  NO_WRAP,
} from "../wrapping";

function javaScriptWrap({ context, indented, lines }: WrapRequest): Wrapper {
  // A type's header cut inside its type parameters (`export interface ZodMiniType<`), the hunk going on with
  // them to the line that opens the body (`> extends core.$ZodType<Output, Input, Internals> {`): the header as
  // written opens it (the body's `{` is the hunk's own, closed with the blocks left open).
  if (typeOpener(context) && /[<(,]\s*$/.test(context) && lines.some((l) => /^\S.*\{\s*$/.test(l)))
    return { prefix: [context.trim()], suffix: [], owner: null, dedent: false };
  if (!indented) return NO_WRAP;
  const names = headerNames(context);
  const { typeName, enumName } = names;
  // An arrow function's header (`options.unmount = vnode => {`) opens a function too, parentheses or not.
  const inFunction = names.inFunction || (!typeName && /=>\s*\{?\s*$/.test(context));
  if (enumName && !inFunction) return { prefix: [`enum ${enumName} {`], suffix: ["}"], owner: null, dedent: false };
  // A TypeScript namespace's body (`export namespace JSXInternal {`): its declarations are its members.
  const namespace = /^\s*(?:export\s+)?(?:declare\s+)?namespace\s+([A-Za-z_$][\w$.]*)\s*\{\s*$/.exec(context)?.[1];
  if (namespace && !looksLikeStatements(lines))
    return { prefix: [`namespace ${namespace} {`], suffix: ["}"], owner: null, dedent: false };
  // An interface's or an object type's members (`onFinished();` is a method's signature there, no call).
  const type = typeOpener(context);
  if (type && !type.startsWith("class ")) return { prefix: [type], suffix: ["}"], owner: null, dedent: false };
  // Under a class's header, lines that are statements (`const x =`, `return`, `this.y = …`, `total += 1`) are
  // a method's body the hunk is cut from, not the class's members: a stand-in method holds them.
  if (typeName && (looksLikeStatements(lines) || twoLevelsUnder(context, lines)))
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
  return inFunction ? { prefix: ["function __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
}

/**
 * Whether every line of a hunk stands two levels or more under the header's (two tabs, or eight spaces): in a
 * method's body, the class's members being one level in (MailViewer's `actions.push(` / `m(ButtonN, {` under
 * `export class MailViewer …`, a call without its `;`).
 */
function twoLevelsUnder(context: string, lines: readonly string[]): boolean {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l));
  if (code.length === 0) return false;
  const lead = (l: string) => /^[ \t]*/.exec(l)?.[0] ?? "";
  const header = lead(context);
  // (Not a constructor's parameter list, `private readonly orderCache: OrderCacheService,` … `) {`.)
  if (code.some((l) => /^\s*((public|private|protected|readonly)\s+)+[\w$]+\??\s*:.*,\s*$|^\s*\)\s*\{\s*$/.test(l)))
    return false;
  const tabs = code.every((l) => lead(l).startsWith(`${header}\t\t`));
  const spaces = code.every((l) => lead(l).startsWith(`${header}        `));
  return tabs || spaces;
}

/** JavaScript's and TypeScript's hunks (TypeScript's module shares them). */
export const javaScriptHunks: HunkRules = {
  headerKeepsIndentation: true,
  membersInTypeBody: true,
  wrap: javaScriptWrap,
  tailOpeners: (wrapper, closed, context) => {
    // A hunk under a type's header (`interface Props {`) that closes just that type at the top level: its
    // lines above the `}` are the type's members, reopened under its own name.
    const type = typeOpener(context);
    if (type && wrapper.prefix.length === 0 && closed.count === 1) return [type];
    return braceTailOpeners(wrapper, closed, {
      // A top-level function's header (`function normalizeValue(value) {`): the `}` at column 0 closes that
      // function, and the ones before it blocks inside it, not a method and its class.
      classTail: /^(export\s+)?(default\s+)?(async\s+)?function\b/.test(context.trim())
        ? undefined
        : `class ${UNKNOWN_OWNER} { __hintscope_tail__() {`,
      first: ({ inClass, atTop }) =>
        inClass ? "__hintscope_tail__() {" : atTop ? "function __hintscope_tail__() {" : "{",
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
  const alias = /^\s*(?:export\s+)?type\s+([A-Za-z_$][\w$]*)\s*(<[^=]*>)?\s*=\s*\{\s*$/.exec(context);
  if (alias) return `type ${alias[1]}${alias[2] ?? ""} = {`;
  // A typed object (`const DEVICE_0: Device = {`): its keys are the type's fields (see the extractor).
  const typed = /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*:\s*([\w$.<>, []+?)\s*=\s*\{\s*$/.exec(
    context,
  );
  return typed ? `const ${typed[1]}: ${typed[2]} = {` : null;
}
