// What a file's pre-image defines, by name: what the post-image's definitions are new or changed against.
import type { ParsedLanguage } from "./grammars";
import { moduleOfGrammar } from "./languages/lookup";
import type { SyntaxDefinition } from "./languages/syntax-facts";
import { touchesChange } from "./parse-fragments";
import type { ParsedFragment } from "./patch-types";

/**
 * The pre-image's definitions by name, each with whether a changed line touches it (the touched one where a name
 * is declared twice). An unscoped enum's constant, where the language puts it in the file's scope (C's and C++'s
 * `enum mjson_tok { MJSON_TOK_INVALID = 0 }`, no `enum class`), is there by its bare name too.
 */
export function preImageDefinitions(
  parsed: readonly ParsedFragment[],
  language: ParsedLanguage,
): Map<string, { def: SyntaxDefinition; touched: boolean }> {
  const before = new Map<string, { def: SyntaxDefinition; touched: boolean }>();
  for (const p of parsed.filter((x) => x.fragment.side === "pre")) {
    for (const def of p.definitions) {
      const touched = touchesChange(p.fragment, def.row, def.endRow);
      const seen = before.get(def.name);
      if (!seen || touched) before.set(def.name, { def, touched: touched || (seen?.touched ?? false) });
    }
  }
  if (moduleOfGrammar(language).uses?.enumConstantsUnscoped)
    for (const seen of [...before.values()]) {
      const scoped = /\benum\s+(class|struct)\b/.test(before.get(seen.def.owner ?? "")?.def.signature ?? "");
      if (seen.def.kind === "constant" && seen.def.owner && !scoped && !before.has(seen.def.member))
        before.set(seen.def.member, { ...seen, def: { ...seen.def, name: seen.def.member } });
    }
  return before;
}
