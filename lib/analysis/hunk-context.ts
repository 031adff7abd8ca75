import type { ParsedLanguage } from "./grammars";

/** The function a hunk's context line (what git prints after `@@`) names, or null when it names none. */
export interface ContextFunction {
  name: string;
  owner: string | null;
}

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
 * Reads the enclosing function from a hunk header's context. Git prints that line (cut at 80 characters)
 * when the function's own line is above the hunk: a hunk that only changes a body still changes that function.
 */
export function functionInContext(language: ParsedLanguage, context: string): ContextFunction | null {
  const text = context.trim();
  if (text === "") return null;
  let match: RegExpExecArray | null;
  switch (language) {
    case "python":
      match = /^(?:async\s+)?def\s+(\w+)\s*\(/.exec(text);
      return match?.[1] ? { name: match[1], owner: null } : null;
    case "go":
      match = /^func\s+(?:\(\s*(?:\w+\s+)?\*?(\w+)(?:\[[^\]]*\])?\s*\)\s*)?(\w+)\s*[[(]/.exec(text);
      return match?.[2] ? { name: match[2], owner: match[1] ?? null } : null;
    default: {
      if (/^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?(?:class|interface|enum|record|type)\b/.test(text))
        return null;
      match =
        /(?:^|\s)function\s*\*?\s*(\w+)\s*\(/.exec(text) ??
        /^(?:export\s+)?(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?(?:\(|function\b)/.exec(text) ??
        /(\w+)\s*\([^()]*\)?\s*(?::\s*[^{=]+)?(?:throws\s+[\w.,\s]+)?\{?\s*$/.exec(text);
      const name = match?.[1];
      return name && !NOT_FUNCTIONS.has(name) ? { name, owner: null } : null;
    }
  }
}
