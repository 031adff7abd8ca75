import type { Node, Tree } from "web-tree-sitter";
import type { FactCollector, SyntaxFacts } from "../syntax-facts";

// Old JavaScript's API on a function object: `uuid.parse = parse;` in node-uuid's wrapper, `debug.extend = extend;`
// in debug's factory. Callers name the property (`uuid.parse(s)`, `log.extend('bar')`): it is the function it is
// given, stated as the object's method with that function's signature.

/** The values that are functions (`function () {…}`, `() => …`). */
export const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "function", "generator_function"]);
/** The nodes that open a function's scope. */
export const FUNCTIONS = new Set([
  ...FUNCTION_VALUES,
  "function_declaration",
  "method_definition",
  "generator_function_declaration",
]);

interface Declared {
  /** by name, the function each declares (`function parse(s) {…}`, `const openApp = (name) => …`) */
  functions: Map<string, Node>;
  /** the names declared as other values (`var BufferClass = …`) */
  values: Set<string>;
  /** of those, the ones declared as an object or array literal (`var config = {}`) */
  literals: Set<string>;
}
const declaredOf = new WeakMap<Tree, Declared>();

/** The names a tree declares, once per tree. */
function declaredIn(tree: Tree): Declared {
  const known = declaredOf.get(tree);
  if (known) return known;
  const out: Declared = { functions: new Map(), values: new Set(), literals: new Set() };
  for (const node of tree.rootNode.descendantsOfType([
    "function_declaration",
    "generator_function_declaration",
    "variable_declarator",
  ])) {
    const name = node?.childForFieldName("name");
    if (!node || name?.type !== "identifier" || out.functions.has(name.text)) continue;
    const value = node.type === "variable_declarator" ? node.childForFieldName("value") : node;
    if (value && (value.id === node.id || FUNCTION_VALUES.has(value.type))) out.functions.set(name.text, value);
    else out.values.add(name.text);
    if (value?.type === "object" || value?.type === "array") out.literals.add(name.text);
  }
  declaredOf.set(tree, out);
  return out;
}

/** Whether a function around the node takes `name` as a parameter (`function use(opt) { opt.filter = filter }`), or a loop. */
function parameterAround(node: Node, name: string): boolean {
  for (let scope = node.parent; scope; scope = scope.parent) {
    // (A loop's variable, `for (const plugin of plugins) plugin.install = install`, is as passed in.)
    if (
      scope.type === "for_in_statement" &&
      scope
        .childForFieldName("left")
        ?.descendantsOfType("identifier")
        .some((id) => id?.text === name)
    )
      return true;
    if (!FUNCTIONS.has(scope.type)) continue;
    const parameters = scope.childForFieldName("parameters") ?? scope.childForFieldName("parameter");
    if (parameters?.descendantsOfType("identifier").some((id) => id?.text === name)) return true;
  }
  return false;
}

/**
 * The function an assignment statement gives an object of the module's (`uuid.parse = parse;`), when the tree
 * declares that function by name and the object is no parameter: null otherwise. The object is a name the module
 * keeps (a function, as `uuid` and `debug` are), not one a caller passes in.
 */
export function functionGiven(object: Node, value: Node): Node | null {
  if (object.type !== "identifier" || value.type !== "identifier") return null;
  const declared = declaredIn(value.tree);
  const fn = declared.functions.get(value.text);
  // (Not a plain object the tree makes, `const fixture1 = {…}; fixture1.fn = fn;`: a value, not an API.)
  const plainObject = declared.values.has(object.text) && !declared.functions.has(object.text);
  return fn && !plainObject && !parameterAround(object, object.text) ? fn : null;
}

/** Whether a function object the tree declares is given another value it declares (`uuid.BufferClass = BufferClass;`). */
export function valueGiven(object: Node, value: Node): boolean {
  if (object.type !== "identifier" || value.type !== "identifier") return false;
  const declared = declaredIn(value.tree);
  return (
    declared.functions.has(object.text) && declared.values.has(value.text) && !parameterAround(object, object.text)
  );
}

/** What readAssignment collects for marks made once the walk is done. */
export interface AssignedNames {
  /** the module's names given to an object as its members (`uuid.parse = parse;`) */
  givenAway: Set<string>;
  /** the members a TypeScript function gives a lower-case object of its own (`debounced.cancel`) */
  typedLocals: Set<string>;
}

/**
 * Marks the module's functions and values it gives an object as members (`uuid.parse = parse;`): callers reach
 * them through that object, stated as its member (SyntaxDefinition.givenAway); and the members a TypeScript function
 * gives an object of its own (SyntaxDefinition.typedLocal).
 */
export function markAssigned(facts: SyntaxFacts, names: AssignedNames): SyntaxFacts {
  for (const def of facts.definitions) {
    if (def.owner === null && names.givenAway.has(def.member) && (def.kind === "function" || def.kind === "variable"))
      def.givenAway = true;
    if (names.typedLocals.has(def.name)) def.typedLocal = true;
  }
  return facts;
}

/** Whether the tree declares `name` as an object or array literal (`var config = {}`): a value, no function's API. */
export const declaredLiteral = (node: Node, name: string) => declaredIn(node.tree).literals.has(name);

/**
 * A module's export under another name (`function arr(v) {…}` then `export { arr as Array }`, pelotom/runtypes):
 * callers import the alias, which is the name to state, as the function it names (with its signature, which
 * another hunk of the file may show: see bound-signatures.ts) or the class. Not a re-export from another module
 * (`export { a as b } from "./x"`: its definition is elsewhere), nor `as default`. Returns whether it stated one.
 */
export function readExportAlias(
  specifier: Node,
  callable: (node: Node, name: string, owner: string | null, kind: "function", fn: Node) => void,
  facts: FactCollector,
): boolean {
  const statement = specifier.parent?.parent;
  const name = specifier.childForFieldName("name");
  const alias = specifier.childForFieldName("alias");
  if (statement?.type !== "export_statement" || statement.childForFieldName("source")) return false;
  if (name?.type !== "identifier" || !alias || alias.text === name.text || alias.text === "default") return false;
  if (!facts.countsAt(specifier)) return false;
  const declared = declaredIn(specifier.tree);
  const fn = declared.functions.get(name.text);
  const isClass = () =>
    specifier.tree.rootNode
      .descendantsOfType(["class_declaration", "abstract_class_declaration"])
      .some((c) => c?.childForFieldName("name")?.text === name.text);
  if (fn) callable(specifier, alias.text, null, "function", fn);
  else if (isClass()) facts.define(specifier, alias.text, null, "class");
  else if (declared.values.has(name.text)) return false;
  else {
    // (Declared in another hunk: a function of the file's by that name lends its signature.)
    facts.define(specifier, alias.text, null, "function");
    const defined = facts.definitions.at(-1);
    if (defined?.member === alias.text) defined.implementedBy = name.text;
  }
  return true;
}
