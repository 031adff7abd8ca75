import type { Node } from "web-tree-sitter";
import { type Extractor, type FactCollector, headerText } from "../syntax-facts";
import { bindLet, typeName } from "./types";

/** Whether an item carries `#[test]` or `#[cfg(test)]` (or sits in a `tests` module): test code. */
function isTestItem(node: Node): boolean {
  for (
    let sibling = node.previousNamedSibling;
    sibling?.type === "attribute_item";
    sibling = sibling.previousNamedSibling
  ) {
    if (/^#\[\s*(test|cfg\s*\(\s*test\s*\)|tokio::test|rstest)/.test(sibling.text)) return true;
  }
  return false;
}

const parameterNames = (parameters: Node | null) =>
  (parameters?.namedChildren ?? [])
    .filter((p) => p?.type === "parameter")
    .map((p) => p?.childForFieldName("pattern")?.text ?? "")
    .filter((name) => /^\w+$/.test(name));

/**
 * The uses a node records by itself: "done" when its children need no visit, "children" when they do, null
 * for a node of another kind.
 */
function recordUses(node: Node, facts: FactCollector, skip: Set<number>): "children" | "done" | null {
  switch (node.type) {
    case "use_declaration": {
      // `use crate::a::b::{C, d}`: each imported name, with its module path.
      const argument = node.childForFieldName("argument");
      if (argument && facts.countsAt(argument)) {
        for (const leaf of argument.descendantsOfType(["identifier", "type_identifier"])) {
          if (!leaf) continue;
          const path = argument.text.replace(/\s+/g, "");
          facts.use(leaf, leaf.text, "import", null, path);
        }
      }
      return "done";
    }
    case "call_expression": {
      const callee = node.childForFieldName("function");
      // (Not a path's, `AhoCorasick::kind(&ac)`, which may pass the method's `self` as its first argument.)
      const arity = node
        .childForFieldName("arguments")
        ?.namedChildren.filter((a) => a && !/comment|attribute/.test(a.type)).length;
      if (callee?.type === "identifier") {
        skip.add(callee.id);
        facts.use(callee, callee.text, "call", null, undefined, arity);
      } else if (callee?.type === "scoped_identifier") {
        const name = callee.childForFieldName("name");
        const path = callee.childForFieldName("path");
        if (name) {
          skip.add(name.id);
          facts.use(name, name.text, "call", path ? (typeName(path) ?? path.text.split("::").pop() ?? null) : null);
        }
      } else if (callee?.type === "field_expression") {
        const field = callee.childForFieldName("field");
        if (field) {
          skip.add(field.id);
          facts.use(field, field.text, "call", callee.childForFieldName("value")?.text ?? null, undefined, arity);
        }
      }
      return "children";
    }
    case "scoped_identifier": {
      // `E::V`, `T::CONST`: a member of E or T.
      const name = node.childForFieldName("name");
      const path = node.childForFieldName("path");
      if (name && !skip.has(name.id) && facts.countsAt(name)) {
        skip.add(name.id);
        // A lower-case segment a path goes on from (`reqwest::dns::Name`) is a module: no function's use.
        const segment = node.parent?.childForFieldName("path")?.id === node.id && /^[a-z_][a-z0-9_]*$/.test(name.text);
        facts.use(
          name,
          name.text,
          segment ? "module" : "attribute",
          path ? (path.text.split("::").pop() ?? null) : null,
        );
      }
      return "children";
    }
    case "field_expression": {
      const field = node.childForFieldName("field");
      if (field && !skip.has(field.id) && facts.countsAt(field)) {
        skip.add(field.id);
        facts.use(field, field.text, "attribute", node.childForFieldName("value")?.text ?? null);
      }
      return "children";
    }
    case "struct_expression": {
      const type = typeName(node.childForFieldName("name"));
      if (type) facts.use(node, type, "instantiation");
      for (const field of node.childForFieldName("body")?.namedChildren ?? []) {
        const key =
          field?.type === "field_initializer"
            ? field.childForFieldName("field")
            : field?.type === "shorthand_field_initializer"
              ? field.namedChildren[0]
              : null;
        if (key && facts.countsAt(key)) {
          skip.add(key.id);
          facts.use(key, key.text, "key", type);
        }
      }
      return "children";
    }
    case "macro_invocation": {
      const macro = node.childForFieldName("macro");
      if (macro) {
        // (Its path, `tracing::debug!`, names the crate the macro is another's of.)
        const path = macro.text.split("::");
        facts.use(macro, path.pop() ?? macro.text, "call", path.length > 0 ? path.join(".") : null);
        facts.invokesMacro();
      }
      // Macro arguments are tokens: `s.evict(…)` and `Mode::Fast` are read back from their order.
      for (const tree of node.descendantsOfType("token_tree")) {
        const tokens = tree?.children ?? [];
        tokens.forEach((token, index) => {
          if (token?.type !== "identifier" || skip.has(token.id) || !facts.countsAt(token)) return;
          const before = tokens[index - 1];
          const owner = before && (before.type === "." || before.type === "::") ? tokens[index - 2] : null;
          const called = tokens[index + 1]?.type === "token_tree" && tokens[index + 1]?.text.startsWith("(");
          facts.use(token, token.text, called ? "call" : owner ? "attribute" : "name", owner?.text ?? null);
        });
      }
      return "done";
    }
    case "type_identifier": {
      if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "type");
      return "done";
    }
    case "identifier":
    case "field_identifier": {
      if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "name");
      return "done";
    }
  }
  return null;
}

/**
 * Rust: free functions, methods of `impl T` / `impl Trait for T` (owned by T), traits and their methods,
 * structs and their fields, enums and their variants, constants, statics, type aliases, modules. Items
 * under `#[test]` / `#[cfg(test)]` are test code, whatever file they sit in: they define nothing here.
 * Uses: calls (`f()`, `T::f()`, `x.f()`), fields, paths in `use`, struct literals and their keys, types,
 * and the plain identifiers inside macro invocations.
 */
export const extractRust: Extractor = (root, contextOwner, _inBody, facts) => {
  const skip = new Set<number>();

  const fn = (node: Node, owner: string | null) => {
    const name = node.childForFieldName("name");
    if (!name) return;
    skip.add(name.id);
    const body = node.childForFieldName("body");
    facts.define(
      node,
      name.text,
      owner,
      owner ? "method" : "function",
      headerText(node, body),
      parameterNames(node.childForFieldName("parameters")),
    );
  };

  const visit = (node: Node, owner: string | null, inFunction: boolean): void => {
    // Test code defines nothing (its uses count: they are what a test needs from the code).
    if (isTestItem(node)) {
      for (const child of node.namedChildren) if (child) visit(child, null, true);
      return;
    }
    switch (node.type) {
      case "function_item":
      case "function_signature_item": {
        if (!inFunction) fn(node, owner);
        const body = node.childForFieldName("body");
        if (body && facts.bodyMatters(body)) visit(body, null, true);
        // A signature's types are uses too (`fn new(cfg: Config) -> Store`).
        for (const field of ["parameters", "return_type"]) {
          const part = node.childForFieldName(field);
          if (part && facts.bodyMatters(part)) visit(part, null, true);
        }
        return;
      }
      case "impl_item": {
        const type = typeName(node.childForFieldName("type"));
        const trait = node.childForFieldName("trait");
        if (trait) {
          const traitName = typeName(trait);
          if (traitName) facts.use(trait, traitName, "type");
        }
        // The methods of `impl Trait for T` are named by the trait, not chosen by the patch's author: they
        // define nothing (their bodies' uses still count).
        const body = node.childForFieldName("body");
        if (body) for (const child of body.namedChildren) if (child) visit(child, type, trait !== null);
        return;
      }
      case "trait_item": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          facts.define(node, name.text, null, "interface", headerText(node, node.childForFieldName("body")));
        }
        const body = node.childForFieldName("body");
        if (body) for (const child of body.namedChildren) if (child) visit(child, name?.text ?? null, false);
        return;
      }
      case "struct_item":
      case "union_item": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          facts.define(node, name.text, null, "struct", headerText(node, node.childForFieldName("body")));
          for (const field of node.childForFieldName("body")?.namedChildren ?? []) {
            const fieldName = field?.type === "field_declaration" ? field.childForFieldName("name") : null;
            if (field && fieldName) {
              skip.add(fieldName.id);
              facts.define(field, fieldName.text, name.text, "field", field.text.replace(/,$/, ""));
            }
          }
        }
        break;
      }
      case "enum_item": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          facts.define(node, name.text, null, "enum", headerText(node, node.childForFieldName("body")));
          for (const variant of node.childForFieldName("body")?.namedChildren ?? []) {
            const variantName = variant?.type === "enum_variant" ? variant.childForFieldName("name") : null;
            if (variant && variantName) {
              skip.add(variantName.id);
              facts.define(variant, variantName.text, name.text, "constant", variant.text.replace(/,$/, ""));
            }
          }
        }
        break;
      }
      case "const_item":
      case "static_item": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          facts.define(
            node,
            name.text,
            owner,
            node.type === "const_item" ? "constant" : "variable",
            headerText(node, node.childForFieldName("value")),
          );
        }
        break;
      }
      case "let_declaration":
        bindLet(node, facts);
        break;
      case "type_item": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          facts.define(node, name.text, owner, "type", node.text.replace(/;$/, ""));
        }
        break;
      }
      // A declarative macro (`macro_rules! bitflags_match {`): what `bitflags_match!(…)` calls, as a function is.
      case "macro_definition": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          facts.define(node, name.text, null, "function", `macro_rules! ${name.text}`);
        }
        break;
      }
      case "mod_item": {
        const name = node.childForFieldName("name");
        // The conventional unit-test module is test code, like a `#[cfg(test)]` one.
        const tests = name?.text === "tests";
        if (name && !inFunction && !tests) {
          skip.add(name.id);
          facts.define(node, name.text, null, "module", `mod ${name.text}`);
        }
        const body = node.childForFieldName("body");
        if (body) for (const child of body.namedChildren) if (child) visit(child, null, inFunction || tests);
        return;
      }
      default:
        if (recordUses(node, facts, skip) === "done") return;
    }
    for (const child of node.namedChildren) if (child) visit(child, owner, inFunction);
  };

  visit(root, contextOwner, false);
  return facts.facts();
};
