import type { ParsedLanguage } from "./grammars";
import type { ContextFunction } from "./languages/language";
import { moduleOfGrammar } from "./languages/lookup";

export type { ContextFunction } from "./languages/language";

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

/** The brace languages' reading of a header: a function, method or function-valued `const`, not a type. */
function braceContextFunction(text: string): ContextFunction | null {
  if (/^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?(?:class|interface|enum|record|type)\b/.test(text)) return null;
  // A call with a string first (`describe('helpers::isAbsoluteURL', function () {`): no declaration's
  // parameter list starts with a literal.
  if (/^[\w$.]+\s*\(\s*['"`]/.test(text)) return null;
  const match =
    /(?:^|\s)function\s*\*?\s*(\w+)\s*\(/.exec(text) ??
    /^(?:export\s+)?(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?(?:\(|function\b)/.exec(text) ??
    /(\w+)\s*\([^()]*\)?\s*(?::\s*[^{=]+)?(?:throws\s+[\w.,\s]+)?\{?\s*$/.exec(text);
  const name = match?.[1];
  return name && !NOT_FUNCTIONS.has(name) ? { name, owner: null } : null;
}

/**
 * Reads the enclosing function from a hunk header's context. Git prints that line (cut at 80 characters)
 * when the function's own line is above the hunk: a hunk that only changes a body still changes that function.
 */
export function functionInContext(language: ParsedLanguage, context: string): ContextFunction | null {
  const text = context.trim();
  if (text === "") return null;
  const own = moduleOfGrammar(language).hunks.contextFunction;
  return own ? own(text) : braceContextFunction(text);
}
