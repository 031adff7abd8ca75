// Python's local names: a name a function binds (assigns, loops over, takes as a parameter, catches, imports) is
// the function's own wherever in it it is read, unless the function declares it `global` or `nonlocal`.
import type { Node, Tree } from "web-tree-sitter";

const SCOPES = new Set(["function_definition", "lambda"]);
/** The nodes whose target binds names, and the field that holds it (a comprehension's variable is its own). */
const TARGETS: Record<string, string> = {
  assignment: "left",
  augmented_assignment: "left",
  for_statement: "left",
  named_expression: "name",
};
const boundOf = new WeakMap<Tree, Map<number, Set<string>>>();

/** The identifiers a target binds: `x`, `a, b`, `(a, [b, *c])`; not an attribute's or a subscript's. */
function targetNames(target: Node | null, out: Set<string>): void {
  if (!target) return;
  if (target.type === "identifier") out.add(target.text);
  else if (
    /^(pattern_list|tuple_pattern|list_pattern|list_splat_pattern|parenthesized_expression|tuple|list)$/.test(
      target.type,
    )
  )
    for (const child of target.namedChildren) targetNames(child, out);
}

/** The names a function (or the body a hunk shows, `scope`) binds, its nested functions' and classes' bodies aside. */
function boundIn(scope: Node): Set<string> {
  const out = new Set<string>();
  const declaredOuter = new Set<string>();
  const walk = (node: Node) => {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (SCOPES.has(child.type) || child.type === "class_definition") {
        // (A nested def or class binds its own name here, nothing of its body.)
        const name = child.childForFieldName("name");
        if (name) out.add(name.text);
        continue;
      }
      const field = TARGETS[child.type];
      if (field) targetNames(child.childForFieldName(field), out);
      if (child.type === "as_pattern") targetNames(child.childForFieldName("alias")?.namedChildren[0] ?? null, out);
      if (child.type === "global_statement" || child.type === "nonlocal_statement")
        for (const id of child.namedChildren) if (id?.type === "identifier") declaredOuter.add(id.text);
      walk(child);
    }
  };
  // (Only the parameters' own names bind: an annotation, `policy: RetryPolicy | None`, and a default's value,
  // `n=RetryPolicy.DEFAULT`, are read outside the function.)
  for (const parameter of scope.childForFieldName("parameters")?.namedChildren ?? []) {
    const name =
      parameter?.type === "identifier"
        ? parameter
        : (parameter?.childForFieldName("name") ?? parameter?.namedChildren.find((c) => c?.type === "identifier"));
    if (name?.type === "identifier") out.add(name.text);
  }
  walk(scope.childForFieldName("body") ?? scope);
  for (const name of declaredOuter) out.delete(name);
  return out;
}

/**
 * Whether an identifier read in a function names one of the function's own locals (`settings = LazySettings(…)`
 * then `settings.FOO`, a test's fixture parameter): no other file's definition. `inBody`: the hunk is in a function
 * whose `def` it does not show, its lines that function's body.
 */
export function isLocalName(identifier: Node, inBody: boolean): boolean {
  let scope: Node | null = identifier.parent;
  while (scope && !SCOPES.has(scope.type)) scope = scope.parent;
  if (!scope && !inBody) return false;
  const owner = scope ?? identifier.tree.rootNode;
  let byScope = boundOf.get(identifier.tree);
  if (!byScope) {
    byScope = new Map();
    boundOf.set(identifier.tree, byScope);
  }
  let bound = byScope.get(owner.id);
  if (!bound) {
    bound = boundIn(owner);
    byScope.set(owner.id, bound);
  }
  return bound.has(identifier.text);
}
