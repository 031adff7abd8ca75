import type { Node } from "web-tree-sitter";
import { type DefinitionKind, type Extractor, type FactCollector, foldSpace, headerText } from "../syntax-facts";

const TYPE_KINDS: Record<string, DefinitionKind> = {
  class_declaration: "class",
  interface_declaration: "interface",
  trait_declaration: "class",
  enum_declaration: "enum",
};

const nameText = (node: Node | null) => node?.text.replace(/^\\/, "") ?? null;
const lastPart = (text: string | null) => (text ? (text.split("\\").pop() ?? text) : null);

const parameterNames = (parameters: Node | null) =>
  (parameters?.namedChildren ?? [])
    .map((p) => p?.childForFieldName("name")?.text.replace(/^\$/, "") ?? "")
    .filter(Boolean);

/** `$store = new ArrayStore(…)`: $store holds an ArrayStore (what `$store->method()` reaches). */
function bindConstruction(assignment: Node, facts: FactCollector) {
  const left = assignment.childForFieldName("left");
  const right = assignment.childForFieldName("right");
  const made =
    right?.type === "object_creation_expression"
      ? right.namedChildren.find((c) => c?.type === "name" || c?.type === "qualified_name")
      : null;
  if (left?.type === "variable_name" && made) facts.bind(assignment, left.text, lastPart(nameText(made)) ?? made.text);
}

/**
 * A method of an anonymous class (`new class() implements SourcePolicyInterface { public function enableSandbox(…) }`
 * in a test): local, named under the interface (or class) it implements, whose name it must keep.
 */
function defineAnonymousMethod(node: Node, name: Node, facts: FactCollector, skip: Set<number>): void {
  const anonymous = node.parent?.type === "declaration_list" ? node.parent.parent : null;
  if (anonymous?.type !== "anonymous_class" || node.type !== "method_declaration") return;
  skip.add(name.id);
  const implemented = anonymous.namedChildren.find(
    (c) => c?.type === "class_interface_clause" || c?.type === "base_clause",
  );
  const type = lastPart(nameText(implemented?.namedChildren.at(-1) ?? null)) ?? null;
  facts.define(
    node,
    name.text,
    type,
    "method",
    headerText(node, node.childForFieldName("body")).replace(/;$/, ""),
    [],
    true,
  );
}

/**
 * PHP: classes, interfaces, traits, enums and their cases, methods (`A::m` as `A.m`), properties,
 * functions, class constants; namespaces qualify nothing here (a hint names `A`, with its path).
 * Uses: `->m()` and `::m()` calls, `new A`, `A::CONST`, `use` imports, names in types and calls.
 */
/**
 * PHP 8's named arguments (`$c->denormalize('x', context: [...])`): uses of the callee's parameters by name; a
 * constructor's through `new Cell(column: 1)` or an attribute, `#[Cell(column: 'date')]` (its class's).
 */
function namedArguments(call: Node, facts: FactCollector) {
  const made = call.type === "object_creation_expression" || call.type === "attribute";
  if (!made && !/call_expression$/.test(call.type)) return;
  const callee = made
    ? (call.namedChildren.find((c) => c?.type === "name" || c?.type === "qualified_name") ?? null)
    : (call.childForFieldName("name") ?? call.childForFieldName("function"));
  if (!callee || (callee.type !== "name" && callee.type !== "qualified_name")) return;
  const list = made
    ? (call.childForFieldName("parameters") ?? call.namedChildren.find((c) => c?.type === "arguments"))
    : call.childForFieldName("arguments");
  for (const argument of list?.namedChildren ?? []) {
    const name = argument?.type === "argument" ? argument.childForFieldName("name") : null;
    if (name && facts.countsAt(name)) facts.use(name, name.text, "keyword", lastPart(nameText(callee)) ?? callee.text);
  }
}

/**
 * A method call's receiver as the code reads it; in a phpspec spec (`class EmitterSpec extends ObjectBehavior`),
 * `$this` is the object the spec describes (`$this->releaseGeneratorEvents(…)` calls Emitter's); Pest's
 * higher-order expectation (`expect($validator)->validate()`) calls the method of the value expected.
 */
function receiverOf(call: Node): string | null {
  const receiver = call.childForFieldName("object");
  const object = receiver?.text ?? null;
  if (receiver?.type === "function_call_expression" && receiver.childForFieldName("function")?.text === "expect") {
    const values = receiver.childForFieldName("arguments")?.namedChildren ?? [];
    if (values.length === 1) return values[0]?.text ?? object;
  }
  if (object !== "$this") return object;
  let up: Node | null = call.parent;
  while (up && up.type !== "class_declaration") up = up.parent;
  return /^(\w+)Spec$/.exec(up?.childForFieldName("name")?.text ?? "")?.[1] ?? object;
}

/** `use …\Reason\UnclosedComment` (under an alias too, `as ReasonUnclosedComment`): imports UnclosedComment. */
function namespaceImports(node: Node, facts: FactCollector) {
  for (const clause of node.descendantsOfType(["namespace_use_clause"])) {
    if (!clause || !facts.countsAt(clause)) continue;
    const full = nameText(clause.namedChildren.find((c) => c?.type === "qualified_name" || c?.type === "name") ?? null);
    if (full) facts.use(clause, lastPart(full) ?? full, "import", null, full);
  }
}

/**
 * A class named by its namespaced name in a string (`new \ReflectionClass('Fixtures\Prophecy\X')`, a container's
 * `'App\Handler'`): a use of that class, as `X::class` would be.
 */
function classNamedInString(node: Node, facts: FactCollector) {
  const named = /^\\{0,2}(?:[A-Z]\w*\\{1,2})+([A-Z]\w*)$/.exec(node.text.slice(1, -1));
  if (named?.[1] && facts.countsAt(node)) facts.use(node, named[1], "type");
}

/** What a node says beyond its names: the class an assignment binds (bindConstruction), a call's named arguments. */
function bindingsAndKeywords(node: Node, facts: FactCollector) {
  if (node.type === "assignment_expression") bindConstruction(node, facts);
  namedArguments(node, facts);
}

export const extractPhp: Extractor = (root, contextOwner, _inBody, facts) => {
  const skip = new Set<number>();
  const visit = (node: Node, owner: string | null, inFunction: boolean): void => {
    bindingsAndKeywords(node, facts);
    const typeKind = TYPE_KINDS[node.type];
    if (typeKind) {
      const name = node.childForFieldName("name");
      const body = node.childForFieldName("body");
      if (name && !inFunction) {
        skip.add(name.id);
        facts.define(node, name.text, null, typeKind, headerText(node, body));
      }
      for (const child of node.namedChildren)
        if (child && child.id !== name?.id) visit(child, name?.text ?? owner, false);
      return;
    }
    switch (node.type) {
      case "method_declaration":
      case "function_definition": {
        const name = node.childForFieldName("name");
        const body = node.childForFieldName("body");
        if (name && !inFunction) {
          skip.add(name.id);
          const isMethod = node.type === "method_declaration";
          const kind = name.text === "__construct" ? "constructor" : isMethod ? "method" : "function";
          facts.define(
            node,
            name.text,
            isMethod ? owner : null,
            kind,
            headerText(node, body).replace(/;$/, ""),
            parameterNames(node.childForFieldName("parameters")),
          );
        }
        if (name && inFunction) defineAnonymousMethod(node, name, facts, skip);
        if (body && facts.bodyMatters(body)) visit(body, null, true);
        return;
      }
      case "property_declaration": {
        for (const element of node.namedChildren) {
          if (element?.type !== "property_element") continue;
          const variable = element.childForFieldName("name") ?? element.namedChildren[0];
          if (variable && owner && !inFunction) {
            skip.add(variable.id);
            facts.define(
              element,
              variable.text.replace(/^\$/, ""),
              owner,
              "field",
              foldSpace(node.text).replace(/;$/, ""),
            );
          }
        }
        return;
      }
      case "const_declaration": {
        for (const element of node.namedChildren) {
          if (element?.type !== "const_element") continue;
          const name = element.namedChildren.find((c) => c?.type === "name");
          if (name && !inFunction) {
            skip.add(name.id);
            facts.define(element, name.text, owner, "constant", foldSpace(element.text));
          }
        }
        return;
      }
      case "enum_case": {
        const name = node.childForFieldName("name");
        if (name && owner) {
          skip.add(name.id);
          facts.define(node, name.text, owner, "constant", foldSpace(node.text).replace(/;$/, ""));
        }
        return;
      }
      case "namespace_use_declaration":
        namespaceImports(node, facts);
        return;
      case "namespace_definition": // Its own name (`namespace …\Test\ClosureSerializer;`) names no class: a body is read.
        for (const body of node.childrenForFieldName("body")) if (body) visit(body, owner, inFunction);
        return;
      case "member_call_expression":
      case "nullsafe_member_call_expression": {
        const name = node.childForFieldName("name");
        if (name) {
          skip.add(name.id);
          facts.use(name, name.text, "call", receiverOf(node));
        }
        break;
      }
      case "scoped_call_expression": {
        const name = node.childForFieldName("name");
        const scope = node.childForFieldName("scope");
        if (name) {
          skip.add(name.id);
          facts.use(name, name.text, "call", lastPart(nameText(scope)));
        }
        break;
      }
      case "member_access_expression":
      case "nullsafe_member_access_expression": {
        const name = node.childForFieldName("name");
        if (name && !skip.has(name.id) && facts.countsAt(name)) {
          skip.add(name.id);
          facts.use(name, name.text, "attribute", node.childForFieldName("object")?.text ?? null);
        }
        break;
      }
      case "class_constant_access_expression": {
        const [scope, name] = node.namedChildren;
        if (name && facts.countsAt(name)) {
          skip.add(name.id);
          facts.use(name, name.text, "attribute", lastPart(nameText(scope ?? null)));
        }
        break;
      }
      case "object_creation_expression": {
        const type = node.namedChildren.find((c) => c?.type === "name" || c?.type === "qualified_name");
        if (type && facts.countsAt(type)) {
          skip.add(type.id);
          facts.use(type, lastPart(nameText(type)) ?? type.text, "instantiation");
        }
        break;
      }
      case "function_call_expression": {
        const fn = node.childForFieldName("function");
        if (fn && (fn.type === "name" || fn.type === "qualified_name") && facts.countsAt(fn)) {
          skip.add(fn.id);
          facts.use(fn, lastPart(nameText(fn)) ?? fn.text, "call");
        }
        break;
      }
      case "string":
      case "encapsed_string":
        // (Its interpolations, `"{$foo->newMethod()}"`, are read on.)
        classNamedInString(node, facts);
        break;
      case "named_type":
      case "qualified_name":
      case "name": {
        if (!skip.has(node.id) && facts.countsAt(node))
          facts.use(node, lastPart(nameText(node)) ?? node.text, node.type === "name" ? "name" : "type");
        return;
      }
    }
    for (const child of node.namedChildren) if (child) visit(child, owner, inFunction);
  };

  visit(root, contextOwner, false);
  return facts.facts();
};
