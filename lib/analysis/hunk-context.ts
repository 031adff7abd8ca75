import type { ParsedLanguage } from "./grammars";
import { braceContextFunction } from "./languages/brace-context";
import type { ContextFunction } from "./languages/language";
import { moduleOfGrammar } from "./languages/lookup";

export type { ContextFunction } from "./languages/language";

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
