import type { Node } from "web-tree-sitter";

// The names C and C++ declarators and qualified names spell.

/** The declared name at the end of a declarator chain: `x`, `*x`, `x[3]`, `x = 1` → x. */
export function declaredName(node: Node | null): Node | null {
  for (let current = node; current; ) {
    if (
      current.type === "identifier" ||
      current.type === "field_identifier" ||
      current.type === "type_identifier" ||
      current.type === "qualified_identifier" ||
      current.type === "destructor_name" ||
      current.type === "operator_name"
    )
      return current;
    current = innerDeclarator(current);
  }
  return null;
}

/**
 * The declarator a declarator wraps: its `declarator` field, or, for C++'s `&`/`&&` (`PrettyWriter&
 * SetFormatOptions(…)`, a reference_declarator whose inner declarator has no field name), its last named child.
 */
export function innerDeclarator(node: Node): Node | null {
  const inner = node.childForFieldName("declarator");
  if (inner) return inner;
  return node.type === "reference_declarator" ? (node.namedChildren.at(-1) ?? null) : null;
}

/** `ns::A::m` → owner `ns.A`, member `m`; `m` → no owner. */
export function splitQualified(name: Node): { owner: string | null; member: string } {
  // Template arguments name no scope: `fmt::Pool<T>::acquire` is fmt.Pool's acquire.
  let text = name.text.replace(/\s+/g, "");
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/<[^<>]*>/g, "");
  }
  const parts = text.split("::");
  const member = parts.pop() ?? name.text;
  return { owner: parts.length > 0 ? parts.filter(Boolean).join(".") : null, member };
}

/** The function declarator inside a declarator chain (`*f(int)`, `(*f)(void)`, `A::m(int) const`). */
export function functionDeclarator(node: Node | null): Node | null {
  for (let current = node; current; ) {
    if (current.type === "function_declarator") return current;
    current = innerDeclarator(current);
  }
  return null;
}

/** Whether a function declarator is a class template's deduction guide: `optional(T) -> optional<T>`. */
export function deductionGuide(declarator: Node): boolean {
  const returned = declarator.namedChildren.find((c) => c?.type === "trailing_return_type")?.namedChildren[0];
  const template = returned?.childForFieldName("type");
  return (
    template?.type === "template_type" &&
    template.childForFieldName("name")?.text === declarator.childForFieldName("declarator")?.text
  );
}

/** The default values and types of a template's parameters (`bool R = Traits::X`, `class A = std::allocator<T>`). */
export const templateDefaults = (list: Node): Node[] =>
  list.namedChildren.flatMap((p) => {
    const value = p?.childForFieldName("default_value") ?? p?.childForFieldName("default_type");
    return value ? [value] : [];
  });
