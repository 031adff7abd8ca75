import type { Node } from "web-tree-sitter";

/** The type a type node names: `List<Foo>` → List, `A.B.Foo` → Foo, `Foo?` → Foo. */
export function typeName(node: Node | null): string | null {
  if (!node) return null;
  switch (node.type) {
    case "identifier":
      return node.text;
    case "generic_name":
      return node.namedChildren[0]?.text ?? null;
    case "qualified_name":
      return typeName(node.childForFieldName("name"));
    case "nullable_type":
    case "array_type":
      return typeName(node.childForFieldName("type") ?? node.namedChildren[0] ?? null);
    default:
      return null;
  }
}

/** A member name as written: `Foo` of `Foo` or of `Foo<T>`. */
export const simpleName = (node: Node | null): Node | null =>
  node?.type === "generic_name" ? (node.namedChildren[0] ?? null) : node?.type === "identifier" ? node : null;
