import type { Node } from "web-tree-sitter";
import { DEFAULTS_MEMBER } from "../definition-marks";
import type { DefinitionKind, FactCollector } from "../syntax-facts";
import {
  type AssignedNames,
  declaredLiteral,
  FUNCTION_VALUES,
  FUNCTIONS,
  functionGiven,
  valueGiven,
} from "./function-properties";
import { defaultsObjectKeys } from "./members";

// JavaScript's definitions by assignment: `User.getCoverPath = async function …`, `exports.x = …`,
// `Suite.prototype.markOnly = function …`, a module object's static API (`axios.getAdapter = …`).

/** Objects every script can reach: a property given to one is not the module's own. */
const GLOBAL_OBJECTS = new Set([
  "window",
  "global",
  "globalThis",
  "self",
  "document",
  "process",
  "console",
  "navigator",
]);

/**
 * The statement an assignment is, through a chain (`request.del = request.delete = verbFunc('delete')`: both
 * targets are the statement's), and the value the chain gives.
 */
function chainOf(assignment: Node): { statement: Node | null; value: Node | null } {
  let top = assignment;
  while (top.parent?.type === "assignment_expression" && top.parent.childForFieldName("right")?.id === top.id)
    top = top.parent;
  let value = assignment.childForFieldName("right");
  while (value?.type === "assignment_expression") value = value.childForFieldName("right");
  return { statement: top.parent?.type === "expression_statement" ? top.parent : null, value };
}

/**
 * A value a module's static API is given: another name, or in JavaScript what a factory of the module's makes
 * (`request.head = verbFunc('head')`). TypeScript declares such a property in the object's type (unjs/defu's
 * `defu.fn = extend(…)` is its `Defu` interface's `fn`), which is the name to state.
 */
function apiValue(value: Node, object: Node): boolean {
  if (value.type === "identifier" || value.type === "member_expression") return true;
  const callee = value.type === "call_expression" ? value.childForFieldName("function") : null;
  // (Not a global's, `config.port = parseInt(…)`, nor given a plain object the module makes, `var config = {}`.)
  return (
    !typedTree(value) &&
    callee?.type === "identifier" &&
    !/^[A-Z]/.test(callee.text) &&
    !GLOBAL_FUNCTIONS.has(callee.text) &&
    !declaredLiteral(object, object.text)
  );
}

/** Whether the node is TypeScript's (its grammar has type annotations), not JavaScript's. */
function typedTree(node: Node): boolean {
  return node.tree.language.idForNodeType("type_annotation", true) !== null;
}

/** The functions every script can call: a value one returns is no factory's of the module. */
const GLOBAL_FUNCTIONS = new Set(
  "require parseInt parseFloat isNaN isFinite setTimeout setInterval setImmediate encodeURIComponent decodeURIComponent encodeURI decodeURI escape unescape structuredClone fetch queueMicrotask atob btoa eval".split(
    " ",
  ),
);

/**
 * A statement of a module's top level that gives an object of its own a property whose value is another
 * name (`axios.getAdapter = adapters.getAdapter;`, `axios.Cancel = CanceledError;`) or what one of its factories
 * makes (`request.head = verbFunc('head')`): the module's static API, as a function assigned so is its method.
 * Not a literal (`config.retries = 3` sets a value), not a global's, not CommonJS's `module.exports = x` (an
 * export of a name defined elsewhere).
 */
function staticApiProperty(assignment: Node, left: Node): boolean {
  const object = left.childForFieldName("object");
  const { statement, value } = chainOf(assignment);
  // (At column 0: a hunk cut from a function's body, `inst.type = def.type;` under `export const ZodMiniType =
  // …$constructor(…, (inst, def) => {`, parses at the top level too, indented.)
  return (
    statement !== null &&
    // (Or a module wrapper's body written at column 0: jQuery's `define( [ … ], function( jQuery ) {`.)
    (statement.parent?.type === "program" || statement.parent?.type === "statement_block") &&
    statement.startPosition.column === 0 &&
    object !== null &&
    ownObject(assignment, object) &&
    left.childForFieldName("property")?.type === "property_identifier" &&
    // (`reject.prototype = create(Promise.prototype)` sets up a constructor: the language's name, no API.)
    left.childForFieldName("property")?.text !== "prototype" &&
    value !== null &&
    apiValue(value, object)
  );
}

/** An object of the module's own: no global's, not CommonJS's `module`, none the scope makes with `new`. */
const ownObject = (assignment: Node, object: Node) =>
  object.type === "identifier" &&
  !GLOBAL_OBJECTS.has(object.text) &&
  object.text !== "module" &&
  !madeInScope(assignment, object.text);

/** `a.b.c` as owner `a.b` and member `c`, when the whole chain is plain names (no calls, no indexing). */
function memberChain(node: Node): { object: string; member: string } | null {
  const object = node.childForFieldName("object");
  const property = node.childForFieldName("property");
  if (!object || !property || property.type !== "property_identifier") return null;
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(object.text)) return null;
  return { object: object.text, member: property.text };
}

/**
 * Whether, in TypeScript, the node is inside a function and `name` is a value's (lower-case): a local function
 * object given members (`debounced.cancel = () => {…}` in perfect-debounce's `debounce`, declared `const debounced =
 * function … as DebouncedReturn` above the hunk), whose type declares them for callers.
 */
function typedLocal(node: Node, name: string): boolean {
  if (!/^[a-z_$][\w$]*$/.test(name) || !typedTree(node)) return false;
  for (let scope = node.parent; scope; scope = scope.parent) if (FUNCTIONS.has(scope.type)) return true;
  return false;
}

/**
 * Whether a block around the node, inside the function the node is in, declares `name` as an object it makes
 * (`const deflate = new Deflate(…)` in a test's callback). Not a module's own object (`var bus = new EventEmitter();`
 * at its top, then `bus.publish = function …` defines its API), nor past a function whose parameter is `name`.
 */
function madeInScope(node: Node, name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  for (let scope = node.parent; scope && scope.type !== "program"; scope = scope.parent) {
    if (FUNCTIONS.has(scope.type)) {
      const parameters = scope.childForFieldName("parameters") ?? scope.childForFieldName("parameter");
      if (parameters?.descendantsOfType("identifier").some((id) => id?.text === name)) return false;
      continue;
    }
    if (scope.type !== "statement_block") continue;
    for (const statement of scope.namedChildren) {
      if (statement?.type !== "lexical_declaration" && statement?.type !== "variable_declaration") continue;
      for (const declarator of statement.namedChildren)
        if (
          declarator?.type === "variable_declarator" &&
          declarator.childForFieldName("name")?.text === name &&
          declarator.childForFieldName("value")?.type === "new_expression"
        )
          return true;
    }
  }
  return false;
}

/** What reading an assignment needs of the walk around it. */
export interface AssignmentWalk {
  callable: (node: Node, name: string, owner: string | null, kind: DefinitionKind, fn: Node, local?: boolean) => void;
  /** collects the names marked once the walk is done (see markAssigned) */
  assigned?: AssignedNames;
  visit: (node: Node, owner: string | null, inFunction: boolean) => void;
}

/**
 * `User.getCoverPath = async function (uid) {…}`, `Posts.uploads.deleteFromDisk = async () => {…}`,
 * `module.exports.x = …`, `exports.x = …`: a name defined by assignment, even inside the module function that
 * receives `User` (nodebb's style). Only functions, exports and a module object's static API count: assigning a
 * value to a property elsewhere is not a definition. "done" where the walk is not to go into the node's children.
 */
export function readAssignment(
  node: Node,
  at: { owner: string | null; inFunction: boolean },
  facts: FactCollector,
  skip: Set<number>,
  walk: AssignmentWalk,
): "done" | "children" {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const target = left?.type === "member_expression" ? memberChain(left) : null;
  if (!left || !right || !target || target.object === "this") return "children";
  const exported = /^(module\.exports|exports)$/.test(target.object);
  // (`Suite.prototype.markOnly = function …` is a method of Suite; `exports.it.only = …`, of the export it.)
  const ownerName = exported
    ? null
    : target.object.replace(/\.prototype$/, "").replace(/^(module\.exports|exports)\./, "");
  const property = left.childForFieldName("property");
  // (An object the scope makes, `const deflate = new Deflate()`, given a function for a member, `deflate.onStart =
  // function (strm) {…}`, has its class's hook overridden: a use of that member, no definition of the object's.)
  if (FUNCTION_VALUES.has(right.type) && property && madeInScope(node, target.object)) {
    skip.add(property.id);
    facts.use(property, target.member, "attribute", target.object);
    for (const child of right.namedChildren) if (child) walk.visit(child, null, true);
    return "done";
  }
  if (FUNCTION_VALUES.has(right.type)) {
    if (property) skip.add(property.id);
    // (A typed local's member: the type that declares it, where the file declares one, is stated; see typedLocal.)
    if (ownerName && typedLocal(node, target.object)) walk.assigned?.typedLocals.add(`${ownerName}.${target.member}`);
    walk.callable(node, target.member, ownerName, ownerName ? "method" : "function", right);
    if (facts.bodyMatters(right)) for (const child of right.namedChildren) if (child) walk.visit(child, null, true);
    return "done";
  }
  // A function object's property given a function or value the module declares (`uuid.parse = parse;`), at any
  // depth: the object's method with that function's signature, or its property.
  const object = left.childForFieldName("object");
  const statement = chainOf(node).statement;
  if (ownerName && !exported && object && statement && ownObject(node, object)) {
    const given = functionGiven(object, right);
    if (given || valueGiven(object, right)) {
      if (property) skip.add(property.id);
      walk.assigned?.givenAway.add(right.text);
      if (given) walk.callable(node, target.member, ownerName, "method", given);
      else facts.define(node, target.member, ownerName, "property");
      return "done";
    }
  }
  // A module's defaults for a function's options, `sanitizeHtml.defaults = { … }` at its top level: their keys (the
  // object's methods and values are read on). Not a global's (`window.APP_DEFAULTS`), nor a table named for its
  // defaults (`icon.defaultIcons`).
  if (
    ownerName &&
    !at.inFunction &&
    DEFAULTS_MEMBER.test(target.member) &&
    right.type === "object" &&
    statement &&
    object &&
    ownObject(node, object.type === "member_expression" ? (object.childForFieldName("object") ?? object) : object)
  )
    defaultsObjectKeys(right, `${ownerName}.${target.member}`, facts, skip);
  // (An export is the module's name wherever it is assigned: mocha's `exports.it = context.it` inside a
  // callback before, `exports.it = function …` at the top after, is one name changed, not a new one.)
  if (exported) {
    if (property) skip.add(property.id);
    facts.define(node, target.member, null, "variable");
  } else if (ownerName && staticApiProperty(node, left)) {
    // `axios.getAdapter = adapters.getAdapter;` at a module's top level: its object's static API.
    if (property) skip.add(property.id);
    facts.define(node, target.member, ownerName, "property");
    walk.visit(right, at.owner, at.inFunction);
    return "done";
  }
  return "children";
}
