// A Ruby C extension's bindings: the C calls that give Ruby its classes, methods and constants by name.
import type { Node } from "web-tree-sitter";
import type { DefinitionKind, FactCollector } from "../syntax-facts";

/** The calls that define a Ruby method on a class or module held in their first argument, named by their second. */
const METHODS = new Set([
  "rb_define_method",
  "rb_define_singleton_method",
  "rb_define_module_function",
  "rb_define_protected_method",
]);

/** `rb_cBigDecimal`, `cBigDecimal`, `rb_mBigMath`: the Ruby constant a class or module variable holds, by its name. */
const rubyConstantOf = (variable: string) => /^(?:rb_)?[cm]([A-Z]\w*)$/.exec(variable)?.[1] ?? null;

/** A string literal's text, or null for anything else (a name the call computes). */
const literal = (node: Node | null | undefined) =>
  node?.type === "string_literal" ? (/^"([^"\\]+)"$/.exec(node.text)?.[1] ?? null) : null;

/**
 * Whether a call defines a Ruby name, and if so defines it: `rb_define_method(rb_cBigDecimal, "vpdivd",
 * BigDecimal_vpdivd, 2)` gives BigDecimal the method `vpdivd` a Ruby test calls (`x.vpdivd(y, 10)`), as an
 * attribute's reader (`rb_define_attr(cFoo, "size", 1, 0)`) or an alias (`rb_define_alias(cFoo, "length", "size")`)
 * does; `rb_define_const(rb_cIO, "NAME", …)` a constant, `rb_define_class("BigDecimal", …)` and
 * `rb_define_module("BigMath")` (or `…_under(outer, "Name", …)`) a class or a module.
 */
export function defineRubyBinding(call: Node, callee: string, facts: FactCollector): boolean {
  const args = call.childForFieldName("arguments")?.namedChildren ?? [];
  const define = (name: string | null, owner: string | null, kind: DefinitionKind) => {
    if (!name || !facts.countsAt(call)) return false;
    facts.define(call, name, owner, kind, foldedCall(call));
    // (Declared as its C function is, where the patch shows it: see patch-facts.)
    // (Through a cast: `RUBY_METHOD_FUNC(foo_bar)`.)
    const fn = args[2]?.type === "call_expression" ? args[2].childForFieldName("arguments")?.namedChildren[0] : args[2];
    const defined = facts.definitions.at(-1);
    if (kind === "method" && fn?.type === "identifier" && defined?.member === name) defined.implementedBy = fn.text;
    return true;
  };
  if (
    METHODS.has(callee) ||
    callee === "rb_define_const" ||
    callee === "rb_define_attr" ||
    callee === "rb_define_alias"
  ) {
    const owner = args[0]?.type === "identifier" ? rubyConstantOf(args[0].text) : null;
    if (!owner) return false;
    return define(literal(args[1]), owner, callee === "rb_define_const" ? "constant" : "method");
  }
  if (callee === "rb_define_class" || callee === "rb_define_module")
    return define(literal(args[0]), null, callee === "rb_define_class" ? "class" : "module");
  if (callee === "rb_define_class_under" || callee === "rb_define_module_under") {
    const outer = args[0]?.type === "identifier" ? rubyConstantOf(args[0].text) : null;
    return define(literal(args[1]), outer, callee === "rb_define_class_under" ? "class" : "module");
  }
  return false;
}

/** The binding call as written, whitespace folded: what the hint shows as its declaration. */
const foldedCall = (call: Node) => call.text.replace(/\s+/g, " ");
