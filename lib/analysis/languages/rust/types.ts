import type { Node } from "web-tree-sitter";
import type { FactCollector } from "../syntax-facts";

// Rust: the type a type expression names, and the type a `let` gives its name.

/** `Foo`, `Foo<T>`, `&mut Foo`, `crate::a::Foo` → Foo. */
export function typeName(node: Node | null): string | null {
  if (!node) return null;
  switch (node.type) {
    case "type_identifier":
    case "identifier":
      return node.text;
    case "generic_type":
    case "reference_type":
    case "pointer_type":
      return typeName(node.childForFieldName("type") ?? node.namedChildren[0] ?? null);
    case "scoped_type_identifier":
    case "scoped_identifier":
      return node.childForFieldName("name")?.text ?? null;
    default:
      return null;
  }
}

/** Associated functions that make a value of their type (`IndexMap::new()`, `Config::default()`, `Vec::with_capacity(8)`). */
const MAKES_SELF = /^(new|default|with_\w+|from|from_\w+)$/;

/**
 * `let map = IndexMap::new();` (or `let map: IndexMap<K, V> = …;`, or `let cfg = Config { … };`): `map` holds an
 * instance of the type, so `map.shift_insert(…)` is that type's method.
 */
export function bindLet(node: Node, facts: FactCollector): void {
  const pattern = node.childForFieldName("pattern");
  if (pattern?.type !== "identifier") return;
  const declared = node.childForFieldName("type");
  const value = node.childForFieldName("value");
  let type: string | null = declared ? typeName(declared) : null;
  if (!type && value?.type === "call_expression") {
    const callee = value.childForFieldName("function");
    const path = callee?.type === "scoped_identifier" ? callee.childForFieldName("path") : null;
    if (path && MAKES_SELF.test(callee?.childForFieldName("name")?.text ?? "")) type = typeName(path);
  }
  if (!type && value?.type === "struct_expression") type = typeName(value.childForFieldName("name"));
  if (type) facts.bind(pattern, pattern.text, type);
}
