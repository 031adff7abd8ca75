import type { Node } from "web-tree-sitter";
import type { FactCollector } from "../syntax-facts";
import { simpleName, typeName } from "./names";

/** `new T { A = 1, B = { … } }`: each `A` sets a member of T. */
function initializerKeys(facts: FactCollector, skip: Set<number>, initializer: Node | null, type: string | null): void {
  for (const entry of initializer?.namedChildren ?? []) {
    if (entry?.type !== "assignment_expression") continue;
    const left = entry.childForFieldName("left");
    if (left?.type === "identifier") {
      skip.add(left.id);
      if (facts.countsAt(left)) facts.use(left, left.text, "key", type);
    }
  }
}

/**
 * The uses a node itself makes (its children are walked after): calls and their named arguments, `new` with
 * its named arguments and initializer's members, attributes (`[JsonObject(…)]` is JsonObjectAttribute's) and
 * their named arguments, member access. Names recorded here go into `skip`, so the walk does not count them twice.
 */
export function recordUses(node: Node, facts: FactCollector, skip: Set<number>): void {
  switch (node.type) {
    case "invocation_expression": {
      const fn = node.childForFieldName("function");
      const args = node.childForFieldName("arguments");
      const arity = args?.namedChildren.filter((a) => a?.type === "argument").length;
      const callee = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : fn;
      const name = simpleName(callee ?? null);
      if (name && fn) {
        skip.add(name.id);
        const qualifier =
          fn.type === "member_access_expression" ? (fn.childForFieldName("expression")?.text ?? null) : null;
        if (facts.countsAt(name)) facts.use(name, name.text, "call", qualifier, undefined, arity);
        // Named arguments (`Foo(comparison: …)`) name the callee's parameters.
        for (const arg of args?.namedChildren ?? []) {
          const label = arg?.type === "argument" ? arg.childForFieldName("name") : null;
          if (label) {
            skip.add(label.id);
            if (facts.countsAt(label)) facts.use(label, label.text, "keyword", name.text);
          }
        }
      }
      break;
    }
    case "object_creation_expression": {
      const type = typeName(node.childForFieldName("type"));
      if (type && facts.countsAt(node))
        facts.use(
          node,
          type,
          "instantiation",
          null,
          undefined,
          node.childForFieldName("arguments")?.namedChildren.filter((a) => a?.type === "argument").length,
        );
      const args = node.childForFieldName("arguments");
      for (const arg of args?.namedChildren ?? []) {
        const label = arg?.type === "argument" ? arg.childForFieldName("name") : null;
        if (label && type) {
          skip.add(label.id);
          if (facts.countsAt(label)) facts.use(label, label.text, "keyword", type);
        }
      }
      initializerKeys(facts, skip, node.childForFieldName("initializer"), type);
      break;
    }
    case "implicit_object_creation_expression":
      initializerKeys(facts, skip, node.namedChildren.find((c) => c?.type === "initializer_expression") ?? null, null);
      break;
    case "attribute": {
      // `[JsonObject(MissingMemberHandling = …)]` is JsonObjectAttribute's: its named arguments set its members.
      const name = typeName(node.childForFieldName("name"));
      if (name) {
        const attribute = name.endsWith("Attribute") ? name : `${name}Attribute`;
        if (facts.countsAt(node)) {
          facts.use(node, name, "type");
          if (attribute !== name) facts.use(node, attribute, "type");
        }
        for (const arg of node.namedChildren.find((c) => c?.type === "attribute_argument_list")?.namedChildren ?? []) {
          const label = arg?.childForFieldName("name");
          if (label) {
            skip.add(label.id);
            if (facts.countsAt(label)) facts.use(label, label.text, "key", attribute);
          }
        }
        const nameNode = node.childForFieldName("name");
        if (nameNode) for (const id of nameNode.descendantsOfType("identifier")) if (id) skip.add(id.id);
        if (nameNode?.type === "identifier") skip.add(nameNode.id);
      }
      break;
    }
    case "member_access_expression": {
      const name = simpleName(node.childForFieldName("name"));
      if (name && !skip.has(name.id)) {
        skip.add(name.id);
        if (facts.countsAt(name))
          facts.use(name, name.text, "attribute", node.childForFieldName("expression")?.text ?? null);
      }
      break;
    }
  }
}
