import type { Node } from "web-tree-sitter";
import type { FactCollector } from "../syntax-facts";

/**
 * A subclass's class attribute or method (`class MyFlask(flask.Flask): aborter_class = MyAborter`) overrides its
 * base's of that name: a use of the base's, which the override relies on being so named.
 */
export function overrideUses(node: Node, facts: FactCollector) {
  const bases = (node.childForFieldName("superclasses")?.namedChildren ?? [])
    .filter((base): base is Node => base?.type === "identifier" || base?.type === "attribute")
    .map((base) => base.text.split(".").pop() as string)
    .filter((base) => /^[A-Z]\w*[a-z]\w*$/.test(base));
  if (bases.length === 0) return;
  for (const statement of node.childForFieldName("body")?.namedChildren ?? []) {
    const member =
      statement?.type === "expression_statement" && statement.namedChildren[0]?.type === "assignment"
        ? statement.namedChildren[0].childForFieldName("left")
        : statement?.type === "function_definition"
          ? statement.childForFieldName("name")
          : statement?.type === "decorated_definition"
            ? (statement.childForFieldName("definition")?.childForFieldName("name") ?? null)
            : null;
    if (member?.type !== "identifier" || !facts.countsAt(member)) continue;
    for (const base of bases) facts.use(member, member.text, "attribute", base);
  }
}
