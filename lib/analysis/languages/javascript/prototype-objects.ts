import type { Node } from "web-tree-sitter";
import type { FactCollector } from "../syntax-facts";
import type { AssignmentWalk } from "./assignments";

// JavaScript's classes written before `class`: an object of methods set as a constructor's prototype
// (`HandlebarsEnvironment.prototype = { registerDecorator: function (name, fn) { … } }`) or handed to a call that
// makes them its members (`Object.assign(AxiosHeaders.prototype, { toJSON(asStrings) { … } })`,
// `inherits(StringSchema, MixedSchema, { uuid(message) { … } })`). Its methods are the class's.

const CLASS_NAME = /^[A-Z][\w$]*$/;

/** `Foo` or `Foo.prototype`: the class such an expression names, else null. */
function classNamed(node: Node | null): string | null {
  if (!node) return null;
  if (node.type === "identifier") return CLASS_NAME.test(node.text) ? node.text : null;
  if (node.type !== "member_expression" || node.childForFieldName("property")?.text !== "prototype") return null;
  const object = node.childForFieldName("object");
  if (object?.type === "identifier") return CLASS_NAME.test(object.text) ? object.text : null;
  // (A module's exported class, `exports.HttpProxy.prototype = {…}`, `module.exports.Foo.prototype`.)
  const exported = object?.type === "member_expression" ? object.childForFieldName("property")?.text : undefined;
  return exported &&
    /^(module\.)?exports$/.test(object?.childForFieldName("object")?.text ?? "") &&
    CLASS_NAME.test(exported)
    ? exported
    : null;
}

/**
 * The class whose members an object literal holds: the right side of `Foo.prototype = {…}`, or the last
 * argument of a call whose first names the class (`Foo` or `Foo.prototype`) and holds nothing but names.
 */
export function prototypeOwnerOf(object: Node): string | null {
  const parent = object.parent;
  if (parent?.type === "assignment_expression" && parent.childForFieldName("right")?.id === object.id) {
    const left = parent.childForFieldName("left");
    return left?.type === "member_expression" && left.childForFieldName("property")?.text === "prototype"
      ? classNamed(left)
      : null;
  }
  if (parent?.type !== "arguments" || parent.parent?.type !== "call_expression") return null;
  const args = parent.namedChildren.filter((arg): arg is Node => arg !== null && arg.type !== "comment");
  if (args.length < 2 || args.at(-1)?.id !== object.id) return null;
  // (Only classes before it: `inherits(Sub, Base, {…})`; `describe(Foo, () => …)` or `render(App, { props })` hand
  // over no prototype, nor a call whose first argument is no class.)
  // (Nor `Object.defineProperty(Foo.prototype, Symbol.iterator, {value: …})`: a property's descriptor.)
  if (/definepropert/i.test(parent.parent.childForFieldName("function")?.text ?? "")) return null;
  if (!args.slice(1, -1).every((arg) => classNamed(arg) !== null)) return null;
  const first = args[0] as Node;
  if (first.type === "identifier" && args.length === 2) return null;
  return classNamed(first);
}

/** The function an object's member holds: `name: function (…) {…}`, `name: (…) => …`; else null. */
function pairFunction(pair: Node): Node | null {
  const value = pair.type === "pair" ? pair.childForFieldName("value") : null;
  return value && /^(function_expression|function|arrow_function|generator_function)$/.test(value.type) ? value : null;
}

/** The class or object `Object.defineProperties(URLUtils, {…})` gives the properties its object describes, else null. */
function definedPropertiesOwner(object: Node): string | null {
  const args = object.parent?.type === "arguments" ? object.parent.namedChildren : [];
  const call = object.parent?.parent;
  if (call?.type !== "call_expression" || call.childForFieldName("function")?.text !== "Object.defineProperties")
    return null;
  return args.length === 2 && args[1]?.id === object.id ? classNamed(args[0] ?? null) : null;
}

/**
 * `Object.defineProperties(URLUtils, { protocol: { get() {…}, set(v) {…} }, … })`: each key a property of the
 * object (its descriptor's accessors walked as functions).
 */
function readDefinedProperties(node: Node, owner: string, facts: FactCollector, { visit }: AssignmentWalk): void {
  for (const pair of node.namedChildren) {
    const key = pair?.type === "pair" ? pair.childForFieldName("key") : null;
    const descriptor = pair?.childForFieldName("value");
    if (!pair || !key || key.type !== "property_identifier") continue;
    const accessor = descriptor?.namedChildren.find((c) => c?.type === "method_definition")?.childForFieldName("name");
    facts.define(pair, key.text, owner, "property", accessor ? `${accessor.text} ${key.text}()` : key.text);
    for (const part of descriptor?.namedChildren ?? []) {
      const fn = part?.type === "method_definition" ? part : part ? pairFunction(part) : null;
      const body = fn?.childForFieldName("body");
      if (body && facts.bodyMatters(body)) visit(body, null, true);
    }
  }
}

/**
 * An object of a class's methods (see prototypeOwnerOf): its `name: function (…)` members and its methods are
 * the class's, their bodies walked as functions'; "children" when the object is no such one. (Or of the
 * properties `Object.defineProperties` gives an object: see readDefinedProperties.)
 */
export function readPrototypeObject(
  node: Node,
  facts: FactCollector,
  skip: Set<number>,
  { callable, visit }: AssignmentWalk,
): "done" | "children" {
  const propertiesOf = definedPropertiesOwner(node);
  if (propertiesOf) {
    readDefinedProperties(node, propertiesOf, facts, { callable, visit });
    return "done";
  }
  const prototypeOf = prototypeOwnerOf(node);
  if (!prototypeOf) return "children";
  for (const member of node.namedChildren) {
    const key = member?.type === "pair" ? member.childForFieldName("key") : null;
    const fn = member ? pairFunction(member) : null;
    if (member && key?.type === "property_identifier" && fn) {
      skip.add(key.id);
      callable(member, key.text, prototypeOf, "method", fn);
      if (facts.bodyMatters(fn)) for (const child of fn.namedChildren) if (child) visit(child, null, true);
    } else if (member) visit(member, member.type === "method_definition" ? prototypeOf : null, false);
  }
  return "done";
}
