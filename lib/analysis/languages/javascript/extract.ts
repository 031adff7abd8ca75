// Over 300 lines: one walk of the JavaScript, TypeScript and TSX grammars (their node types are one family), kept whole.

import type { Node } from "web-tree-sitter";
import { UNKNOWN_OWNER } from "../hunk-lines";
import {
  type DefinitionKind,
  type Extractor,
  type FactCollector,
  foldSpace,
  headerText,
  withoutTrailingCommas,
} from "../syntax-facts";
import { readAssignment } from "./assignments";
import { type AssignedNames, FUNCTION_VALUES, markAssigned, readExportAlias } from "./function-properties";
import { GLOBAL_INTERFACES } from "./globals";
import { constructorMembers, declaratorFacts, optionDefaults, readEnumBody } from "./members";
import { parameterNames } from "./parameters";
import { readPrototypeObject } from "./prototype-objects";
import { inBareBlock } from "./scopes";
import { recordUses } from "./uses";

const TYPE_KINDS: Record<string, DefinitionKind> = {
  class_declaration: "class",
  abstract_class_declaration: "class",
  class: "class",
  interface_declaration: "interface",
  type_alias_declaration: "type",
  enum_declaration: "enum",
};

/**
 * The function a declarator's value is, through parentheses and assignments (mocha's `var canonicalType =
 * (exports.canonicalType = function canonicalType(value) {…})`), or null.
 */
function functionValue(value: Node): Node | null {
  let node: Node | null = value;
  while (node?.type === "parenthesized_expression" || node?.type === "assignment_expression")
    node = node.type === "assignment_expression" ? node.childForFieldName("right") : (node.namedChildren[0] ?? null);
  return node && FUNCTION_VALUES.has(node.type) ? node : null;
}

/** Whether a value loads a module: `require('x')`, `require('x').y`, `import('x')`, `await import('x')`. */
function isModuleLoad(value: Node): boolean {
  let node: Node | null = value;
  while (node && (node.type === "member_expression" || node.type === "await_expression")) {
    node = (node.type === "member_expression" ? node.childForFieldName("object") : node.namedChildren[0]) ?? null;
  }
  if (node?.type !== "call_expression") return false;
  const fn = node.childForFieldName("function");
  return fn?.type === "import" || (fn?.type === "identifier" && fn.text === "require");
}

/**
 * What a declaration says before its name, as written: a method's modifiers and kind (`public static`,
 * `async`, `get`, `set`, `*`, decorators left out), a function's `async` (`export function` is not repeated).
 */
function modifiersOf(node: Node): string {
  const name = node.childForFieldName("name");
  if (!name) return "";
  if (
    node.type === "function_declaration" ||
    node.type === "generator_function_declaration" ||
    node.type === "function_signature"
  )
    return node.children.some((child) => child?.type === "async") ? "async " : "";
  const first = node.children.find((child) => child !== null && child.type !== "decorator" && child.type !== "comment");
  if (!first || first.startIndex >= name.startIndex) return "";
  return `${foldSpace(node.text.slice(first.startIndex - node.startIndex, name.startIndex - node.startIndex))} `;
}

/**
 * A function, method or accessor with its signature as declared. A function held in a binding
 * (`const f: FC<P> = (a): R => …`) is stated as the binding, with the binding's type: `f: FC<P> = (a): R`.
 */
/** TypeScript's declarations of an overload, without a body: `function f(x: string): T;`, a class's `f(x: string): T;`. */
const OVERLOAD_TYPES = new Set(["function_signature", "method_signature"]);

/** Whether a function or method with a body follows an overload of its name (an `export` around either aside). */
function overloadImplementation(node: Node, name: string): boolean {
  if (node.type !== "function_declaration" && node.type !== "method_definition") return false;
  const statement = node.parent?.type === "export_statement" ? node.parent : node;
  for (let before = statement.previousNamedSibling; before; before = before.previousNamedSibling) {
    if (before.type === "comment") continue;
    const declaration =
      before.type === "export_statement" ? before.namedChildren.find((c) => c?.type !== "comment") : before;
    return (
      declaration !== null &&
      declaration !== undefined &&
      OVERLOAD_TYPES.has(declaration.type) &&
      declaration.childForFieldName("name")?.text === name
    );
  }
  return false;
}

function defineCallable(
  decl: { node: Node; name: string; owner: string | null; kind: DefinitionKind; fn: Node; local?: boolean },
  facts: FactCollector,
  skip: Set<number>,
) {
  const { node, name, owner, kind, fn, local = false } = decl;
  const parameters = fn.childForFieldName("parameters");
  // An arrow function's one bare parameter (`x => …`) has a field of its own.
  const single = parameters ? null : fn.childForFieldName("parameter");
  const returns = fn.childForFieldName("return_type");
  const list = parameters ? withoutTrailingCommas(parameters) : single ? `(${single.text})` : "()";
  const rest = `${fn.childForFieldName("type_parameters")?.text ?? ""}${list}${returns?.text ?? ""}`;
  const bound = node.type === "variable_declarator" && fn.type === "arrow_function";
  const async = fn.children.some((child) => child?.type === "async") ? "async " : "";
  const type = bound ? (node.childForFieldName("type")?.text ?? "") : "";
  // The implementation of an overloaded function (`export function invert() {…}` after its `function invert(…);`
  // declarations) is not callable as written: its overloads are the signatures.
  // (An optional method keeps its `?`: `setup?(context: CommandContext): void`.)
  const optional = node.children.some((child) => child?.type === "?") ? "?" : "";
  const signature = overloadImplementation(node, name)
    ? null
    : foldSpace(bound ? `${name}${type} = ${async}${rest}` : `${modifiersOf(node)}${name}${optional}${rest}`);
  const names = single?.type === "identifier" ? [single.text] : parameterNames(parameters);
  facts.define(node, name, owner, kind, signature, names, local);
  for (const p of parameters?.descendantsOfType("identifier") ?? []) if (p) skip.add(p.id);
  if (single) skip.add(single.id);
}

/** JavaScript and TypeScript: functions, classes, methods, fields, interfaces and their members, types, enums, top-level constants; calls, members, `new`, imports and `require`, types, object keys passed to calls. */
/** A built-in's interface (`interface Promise<T> {`, unexported) merges its new members into what was there: no definition. */
const mergesIntoBuiltin = (node: Node, kind: DefinitionKind, name: string) =>
  kind === "interface" && node.parent?.type !== "export_statement" && GLOBAL_INTERFACES.has(name);

export const extractJavaScript: Extractor = (root, contextOwner, _inBody, facts) => {
  const skip = new Set<number>();

  const callable = (node: Node, name: string, owner: string | null, kind: DefinitionKind, fn: Node, local = false) =>
    defineCallable({ node, name, owner, kind, fn, local }, facts, skip);
  // The names readAssignment marks once the walk is done (`uuid.parse = parse;`, `debounced.cancel = …`).
  const assigned: AssignedNames = { givenAway: new Set(), typedLocals: new Set() };

  // The TypeScript namespace being read (`namespace JSXInternal {`): its types and functions are its members,
  // as code outside it names them (`JSXInternal.TargetedToggleEvent`).
  let namespace: string | null = null;
  const visit = (node: Node, owner: string | null, inFunction: boolean): void => {
    const typeKind = TYPE_KINDS[node.type];
    if (typeKind && !inFunction) {
      const name = node.childForFieldName("name");
      if (name) {
        skip.add(name.id);
        const inner = owner === null ? namespace : null;
        if (!(owner === null && mergesIntoBuiltin(node, typeKind, name.text)))
          facts.define(node, name.text, inner, typeKind, typeKind === "type" ? headerText(node, null) : null);
        const members = inner ? `${inner}.${name.text}` : name.text;
        for (const child of node.namedChildren) if (child && child.id !== name.id) visit(child, members, false);
        return;
      }
    }
    switch (node.type) {
      case "internal_module": {
        const name = node.childForFieldName("name");
        const body = node.childForFieldName("body");
        if (name && body && !inFunction && owner === null) {
          skip.add(name.id);
          const outer = namespace;
          namespace = outer ? `${outer}.${name.text}` : name.text;
          for (const child of body.namedChildren) if (child) visit(child, null, false);
          namespace = outer;
          return;
        }
        break;
      }
      case "function_declaration":
      case "function_signature": // a TypeScript overload: `export function parse(text: string): number;`
      case "generator_function_declaration": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          callable(node, name.text, namespace, "function", node);
        }
        if (facts.bodyMatters(node)) for (const child of node.namedChildren) if (child) visit(child, null, true);
        return;
      }
      case "method_definition":
      case "method_signature":
      case "abstract_method_signature": {
        const name = node.childForFieldName("name");
        if (name && !inFunction) {
          skip.add(name.id);
          // An accessor (`public get state()`) is read as a field: a property.
          const accessor = node.children.some((child) => child?.type === "get" || child?.type === "set");
          const kind = name.text === "constructor" ? "constructor" : accessor ? "property" : "method";
          callable(node, name.text, owner, kind, node);
          // (And the stand-in for a method above the hunk, under its class's header: prompts' `this.cursorOffset = 0;`.)
          if ((name.text === "constructor" || name.text === "__hintscope__") && owner && owner !== UNKNOWN_OWNER)
            constructorMembers(node, owner, facts, skip);
        }
        if (facts.bodyMatters(node)) for (const child of node.namedChildren) if (child) visit(child, null, true);
        return;
      }
      case "public_field_definition":
      case "field_definition":
      case "property_signature": {
        const name = node.childForFieldName("name") ?? node.childForFieldName("property");
        if (name && owner && !inFunction) {
          skip.add(name.id);
          facts.define(
            node,
            name.text,
            owner,
            "field",
            node.type === "property_signature" ? foldSpace(node.text).replace(/;$/, "") : null,
          );
          // A nested type literal's members are its holder's (`Schema { Labels: { status: string } }`: `Schema.Labels.status`).
          for (const child of node.namedChildren) if (child) visit(child, `${owner}.${name.text}`, inFunction);
          return;
        }
        break;
      }
      case "variable_declarator": {
        const name = node.childForFieldName("name");
        const value = node.childForFieldName("value");
        declaratorFacts(node, facts, skip);
        // `const meta = require('../meta')` (or `import()`) binds a module: a use of it, not a new name.
        if (name?.type === "identifier" && value && isModuleLoad(value)) {
          skip.add(name.id);
          break;
        }
        if (name?.type === "identifier" && !inFunction && !owner) {
          skip.add(name.id);
          const fn = value ? functionValue(value) : null;
          if (value && fn) {
            callable(node, name.text, namespace, "function", fn);
            for (const child of value.namedChildren) if (child) visit(child, null, true);
            return;
          }
          const constant = node.parent?.text.startsWith("const") ?? false;
          facts.define(node, name.text, namespace, constant ? "constant" : "variable");
          optionDefaults(node, facts, skip);
        }
        break;
      }
      case "lexical_declaration": // A block's `const`/`let` is local (see inBareBlock).
        if (inFunction || !inBareBlock(node)) break;
        for (const child of node.namedChildren) if (child) visit(child, owner, true);
        return;
      case "enum_body":
        readEnumBody(node, { owner, inFunction }, facts, skip, visit);
        return;
      case "object":
        // A prototype's object of methods (prototype-objects.ts): the class's methods.
        if (owner === null && !inFunction && readPrototypeObject(node, facts, skip, { callable, visit }) === "done")
          return;
        break;
      case "export_specifier": // `export { arr as Array }`: the alias is the module's name for it.
        if (!inFunction && readExportAlias(node, callable, facts)) return;
        break;
      case "assignment_expression":
        if (readAssignment(node, { owner, inFunction }, facts, skip, { callable, visit, assigned }) === "done") return;
        break;
      case "function_type":
      case "constructor_type":
        // A function type's parameters and result (`type SwaggerTransform = ({ schema }: { schema: S }) => …`,
        // `onChange: (e: { value: string }) => void`) are no members of the type that holds it.
        for (const child of node.namedChildren) if (child) visit(child, null, inFunction);
        return;
      case "arrow_function":
      case "function_expression":
      case "function":
      case "generator_function": {
        // A callback's body (`it("…", () => { const x = … })`) is a function scope: its names are local.
        if (facts.bodyMatters(node)) for (const child of node.namedChildren) if (child) visit(child, null, true);
        return;
      }
      default:
        if (recordUses(node, facts, skip) === "done") return;
    }
    for (const child of node.namedChildren) if (child) visit(child, owner, inFunction);
  };

  visit(root, contextOwner, false);
  return markAssigned(facts.facts(), assigned);
};
