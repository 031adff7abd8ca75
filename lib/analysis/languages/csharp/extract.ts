import type { Node } from "web-tree-sitter";
import { type DefinitionKind, type Extractor, foldSpace } from "../syntax-facts";
import { recordUses } from "./uses";

const TYPE_KINDS: Record<string, DefinitionKind> = {
  class_declaration: "class",
  record_declaration: "class",
  struct_declaration: "struct",
  record_struct_declaration: "struct",
  interface_declaration: "interface",
  enum_declaration: "enum",
  delegate_declaration: "type",
};

const parameterNames = (parameters: Node | null) =>
  (parameters?.namedChildren ?? [])
    .filter((p): p is Node => p?.type === "parameter")
    .map((p) => p.childForFieldName("name")?.text ?? "")
    .filter(Boolean);

/**
 * A declaration as written, without its attributes and without its body (a constructor's `: this(…)` and a
 * method's `where` clauses are left out too): `public JProperty Property(string name, StringComparison comparison)`.
 */
function declarationText(node: Node): string {
  const parts = node.children.filter((c): c is Node => c !== null);
  const start = parts.find((c) => c.type !== "attribute_list" && c.type !== "comment")?.startIndex ?? node.startIndex;
  const end = parts.find((c) =>
    ["block", "arrow_expression_clause", "constructor_initializer", "type_parameter_constraints_clause", ";"].includes(
      c.type,
    ),
  );
  return foldSpace(node.text.slice(start - node.startIndex, (end?.startIndex ?? node.endIndex) - node.startIndex));
}

const isConstant = (node: Node) => {
  const modifiers = node.namedChildren.filter((c) => c?.type === "modifier").map((c) => c?.text);
  return modifiers.includes("const") || (modifiers.includes("static") && modifiers.includes("readonly"));
};

/**
 * C#: classes, structs, records, interfaces, enums (and their members), delegates, methods, constructors,
 * properties and fields (stated as fields), events; calls, member access, `new` and its initializer's members,
 * attribute arguments, named arguments, type names. A namespace qualifies nothing: a hint names `Owner.member`.
 */
export const extractCSharp: Extractor = (root, contextOwner, _inBody, facts) => {
  const skip = new Set<number>();

  const visitChildren = (node: Node, owner: string | null, inBody: boolean) => {
    for (const child of node.namedChildren) if (child) visit(child, owner, inBody);
  };

  const visit = (node: Node, owner: string | null, inBody: boolean): void => {
    const typeKind = TYPE_KINDS[node.type];
    if (typeKind) {
      const name = node.childForFieldName("name");
      if (name) {
        skip.add(name.id);
        const parameters =
          node.childForFieldName("parameters") ?? node.namedChildren.find((c) => c?.type === "parameter_list") ?? null;
        facts.define(node, name.text, inBody ? null : owner, typeKind, null, [], inBody);
        const qualified = owner && !inBody ? `${owner}.${name.text}` : name.text;
        // A positional record's parameters are its properties.
        if (node.type.startsWith("record") && parameters)
          for (const p of parameters.namedChildren) {
            const pName = p?.childForFieldName("name");
            if (p && pName) {
              skip.add(pName.id);
              facts.define(p, pName.text, qualified, "field");
            }
          }
        for (const child of node.namedChildren)
          if (child && child.id !== name.id) visit(child, typeKind === "type" ? owner : qualified, inBody);
        return;
      }
    }
    recordUses(node, facts, skip);
    switch (node.type) {
      case "method_declaration":
      case "constructor_declaration":
      case "local_function_statement": {
        const name = node.childForFieldName("name");
        const local = inBody || node.type === "local_function_statement";
        if (name) {
          skip.add(name.id);
          const parameters = node.childForFieldName("parameters");
          const isConstructor = node.type === "constructor_declaration";
          facts.define(
            node,
            name.text,
            local ? null : owner,
            isConstructor ? "constructor" : local && !owner ? "function" : "method",
            declarationText(node),
            parameterNames(parameters),
            local,
          );
          for (const p of parameters?.namedChildren ?? []) if (p) skip.add(p.childForFieldName("name")?.id ?? -1);
        }
        if (facts.bodyMatters(node)) visitChildren(node, owner, true);
        return;
      }
      case "property_declaration":
      case "event_declaration": {
        const name = node.childForFieldName("name");
        if (name && !inBody) {
          skip.add(name.id);
          facts.define(node, name.text, owner, "field");
        }
        if (facts.bodyMatters(node)) visitChildren(node, owner, true);
        return;
      }
      case "field_declaration":
      case "event_field_declaration": {
        if (!inBody) {
          const declaration = node.namedChildren.find((c) => c?.type === "variable_declaration");
          const kind = isConstant(node) ? "constant" : "field";
          for (const declarator of declaration?.namedChildren ?? []) {
            if (declarator?.type !== "variable_declarator") continue;
            const name = declarator.childForFieldName("name");
            if (name) {
              skip.add(name.id);
              facts.define(declarator, name.text, owner, kind);
            }
          }
        }
        break;
      }
      case "enum_member_declaration": {
        const name = node.childForFieldName("name");
        if (name) {
          skip.add(name.id);
          facts.define(node, name.text, owner, "constant");
        }
        break;
      }
      case "using_directive":
      case "namespace_declaration":
      case "file_scoped_namespace_declaration": {
        // A namespace names no file; only the declarations inside one count.
        const body = node.childForFieldName("body");
        if (body) visitChildren(body, owner, inBody);
        else if (node.type === "file_scoped_namespace_declaration")
          for (const child of node.namedChildren)
            if (child && child.id !== node.childForFieldName("name")?.id) visit(child, owner, inBody);
        return;
      }
      case "identifier": {
        if (!skip.has(node.id) && facts.countsAt(node)) {
          const field = node.parent?.childForFieldName("type")?.id === node.id ? "type" : "name";
          facts.use(node, node.text, field);
        }
        return;
      }
    }
    visitChildren(node, owner, inBody);
  };

  visit(root, contextOwner, false);
  return facts.facts();
};
