// How brace languages' hunk headers name the function or type a hunk changes (git's funcname line).
import { EXPORT_MACRO } from "./hunk-lines";
import type { ContextFunction } from "./language";

const NOT_FUNCTIONS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "return",
  "function",
  "new",
  "else",
  "do",
  "try",
  "synchronized",
]);

/**
 * A type's header (`public class MockUtil {`, `class FileNull < Base`, `pub trait RouterExt<B>: sealed::Sealed`,
 * `struct formatter<group_digits_view<T>> : formatter<T> {`): its keyword and name, after any modifiers.
 */
const TYPE_HEADER = new RegExp(
  String.raw`^(?:(?:export|default|declare|public|private|protected|internal|static|final|abstract|sealed|partial|readonly|unsafe|pub(?:\([^)]*\))?|template\s*<[^>]*>)\s+)*(class|interface|enum(?:\s+class|\s+struct)?|record|struct|trait)\s+(?:${EXPORT_MACRO}\s+(?=[A-Za-z_]))?(?!extends\b|implements\b)([A-Za-z_$][\w$]*)`,
);

/** The kind each type keyword declares, as the extractors name it (a Java record is a class, a Rust trait an interface). */
const TYPE_KINDS: Record<string, NonNullable<ContextFunction["kind"]>> = {
  class: "class",
  interface: "interface",
  enum: "enum",
  record: "class",
  struct: "struct",
  trait: "interface",
};

/**
 * The type a header declares, or null: not a forward declaration (`struct lexer_param;`) nor a function
 * returning a struct (`struct node *make_node(int kind)`: a `(` after the name; a record's components aside).
 */
function typeInContext(text: string): ContextFunction | null {
  const match = TYPE_HEADER.exec(text);
  if (!match || /;\s*$/.test(text)) return null;
  const keyword = (match[1] as string).split(/\s+/)[0] as string;
  const after = text.slice(match.index + match[0].length);
  const beforeBody = after.indexOf("{") < 0 ? after : after.slice(0, after.indexOf("{"));
  if (keyword !== "record" && /\(/.test(beforeBody)) return null;
  return { name: match[2] as string, owner: null, kind: TYPE_KINDS[keyword] };
}

/** The brace languages' reading of a header: a function, method or function-valued `const`, or a type. */
export function braceContextFunction(text: string): ContextFunction | null {
  // A type's header names that type; one that only looks like it (`struct node *make_node(int kind)`, a C
  // function returning a struct) is read on as a function's.
  const type = typeInContext(text);
  if (type) return type;
  if (/^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?(?:class|interface|enum|record|type)\b/.test(text)) return null;
  // A call with a string first (`describe('helpers::isAbsoluteURL', function () {`): no declaration's
  // parameter list starts with a literal.
  if (/^[\w$.]+\s*\(\s*['"`]/.test(text)) return null;
  // An upper-case macro called at the top level (`RAPIDJSON_DIAG_OFF(effc++)`): no function's header.
  if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\s*\([^{]*$/.test(text)) return null;
  // A method called on an object (`Object.assign(AxiosHeaders.prototype, {`): a call, not a declaration.
  if (/^[\w$]+(\.[\w$]+)+\s*\(/.test(text)) return null;
  const bound = /^(?:export\s+)?(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?(?:\(|function\b)/.exec(text);
  // A module-level array or object (`export const functionIdentifierTerms = [`): a changed entry changes it.
  const data = /^(?:export\s+)?(const|let|var)\s+(\w+)\s*(?::[^=]+)?=\s*[[{]\s*$/.exec(text);
  if (!bound && data)
    return { name: data[2] as string, owner: null, kind: data[1] === "const" ? "constant" : "variable" };
  // A function expression inside an expression (`export default isHttpAdapterSupported && function
  // httpAdapter(config) {`, `module.exports = function httpAdapter(config) {`): no declaration, as the syntax
  // tree reads it.
  if (!bound && /(&&|\|\||[?:,(=])\s*(async\s+)?function\b/.test(text)) return null;
  const match =
    bound ??
    /(?:^|\s)function\s*\*?\s*(\w+)\s*\(/.exec(text) ??
    /(\w+)\s*\([^()]*\)?\s*(?::\s*[^{=]+)?(?:throws\s+[\w.,\s]+)?(?:(?:const\s+)?->\s*[^{;]+)?\{?\s*$/.exec(text);
  const name = match?.[1];
  return name && !NOT_FUNCTIONS.has(name) ? { name, owner: null } : null;
}
