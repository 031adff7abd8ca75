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
): Map<string, PreImageDefinition> {
  const before = new Map<string, PreImageDefinition>();
  for (const p of parsed.filter((x) => x.fragment.side === "pre")) {
    for (const def of p.definitions) {
      const touched = touchesChange(p.fragment, def.row, def.endRow);
      const seen = before.get(def.name);
      if (!seen || touched) before.set(def.name, { def, touched: touched || (seen?.touched ?? false) });
    }
  }
  // (Only an enum a hunk line shows, at the file's or a namespace's level, without `class` or `struct`: a class's
  // enum puts its constants in the class, an `enum class` in itself.)
  if (moduleOfGrammar(language).uses?.enumConstantsUnscoped)
    for (const seen of [...before.values()]) {
      const enumeration = before.get(seen.def.owner ?? "")?.def;
      const unscoped =
        enumeration?.kind === "enum" &&
        enumeration.owner === null &&
        !/\benum\s+(class|struct)\b/.test(enumeration.signature ?? "");
      if (seen.def.kind === "constant" && unscoped && !before.has(seen.def.member))
        before.set(seen.def.member, { ...seen, def: { ...seen.def, name: seen.def.member }, bareConstant: true });
    }
  return before;
}

/** A pre-image definition, whether a changed line touches it, and whether it is an enum's constant by its bare name. */
export interface PreImageDefinition {
  def: SyntaxDefinition;
  touched: boolean;
  /** an unscoped enum's constant: the same name only as a constant or variable (`#define X 0`), no class or function */
  bareConstant?: boolean;
}
