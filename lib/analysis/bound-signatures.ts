// The declarations of names bound to a function by a call rather than declared (a Ruby C extension's methods).
import type { SyntaxDefinition } from "./languages/syntax-facts";
import type { ParsedFragment } from "./patch-types";

/**
 * A definition's signature, where a binding names a function of the patch's file as its body: a Ruby C extension's
 * `rb_define_method(rb_cBigDecimal, "vpdivd", BigDecimal_vpdivd, 2)` is declared as that function is, `VALUE
 * BigDecimal_vpdivd(VALUE self, VALUE r, VALUE cprec)`, which another hunk may show; else its own.
 */
export function boundSignatures(parsed: readonly ParsedFragment[]): (def: SyntaxDefinition) => string | null {
  const functions = new Map(
    parsed
      .filter((x) => x.fragment.side === "post")
      .flatMap((x) => x.definitions)
      .filter((d) => d.kind === "function" && d.signature)
      .map((d) => [d.name, d.signature as string]),
  );
  return (def) => (def.implementedBy ? (functions.get(def.implementedBy) ?? def.signature) : def.signature);
}

/** The kinds a name bound to another may take from it (an export alias of a class, `export { Foo as Bar }`). */
const LENT_KINDS = new Set(["class", "interface", "type", "enum", "constant", "variable"]);

/**
 * A definition's kind, where it is bound to another definition of the file that is no function: JavaScript's `export {
 * Foo as Bar }` with `class Foo` in another hunk is a class, not the function it is read as without it; else its own.
 */
export function boundKinds(parsed: readonly ParsedFragment[]): (def: SyntaxDefinition) => SyntaxDefinition["kind"] {
  const kinds = new Map(
    parsed
      .filter((x) => x.fragment.side === "post")
      .flatMap((x) => x.definitions)
      .filter((d) => d.owner === null && LENT_KINDS.has(d.kind))
      .map((d) => [d.name, d.kind]),
  );
  return (def) =>
    def.implementedBy && def.kind === "function" ? (kinds.get(def.implementedBy) ?? def.kind) : def.kind;
}
