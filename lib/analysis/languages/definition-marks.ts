import type { Node } from "web-tree-sitter";

// What a definition's node says of it beyond its name: a method declared without a body, a trait's member.

/** Declarations that never have a body: Go's interface methods, TypeScript's signatures, Rust's trait items. */
const BODILESS = new Set([
  "method_elem",
  "method_spec",
  "method_signature",
  "abstract_method_signature",
  "function_signature_item",
]);

/** Whether a node stands in a PHP trait's body. */
const inTrait = (node: Node): boolean =>
  !!node.parent && (node.parent.type === "trait_declaration" || inTrait(node.parent));

/**
 * A method declared without a body: one of BODILESS, or Java's and PHP's interface or abstract method. Not a
 * class's overload signature nor a `declare class`'s member (a `.d.ts` describing JavaScript's class): those
 * are the class's own method, declared apart from its body.
 */
const isBodiless = (node: Node, kind: string) =>
  kind === "method" &&
  !(node.type === "method_signature" && node.parent?.type === "class_body") &&
  (BODILESS.has(node.type) || (node.type === "method_declaration" && node.childForFieldName("body") === null));

/** The marks a definition takes from its node: `abstract` (bodiless), `mixin` (a PHP trait's member). */
export const marksOf = (node: Node, kind: string, owner: string | null) => ({
  ...(isBodiless(node, kind) ? { abstract: true } : {}),
  ...(owner && inTrait(node) ? { mixin: true } : {}),
});

/** The marks a syntax definition carries on to the patch's (see SyntaxDefinition). */
const CARRIED = ["local", "implicit", "abstract", "mixin", "unscoped", "outOfLine"] as const;
export const carriedMarks = (def: Partial<Record<(typeof CARRIED)[number], boolean>>) =>
  Object.fromEntries(CARRIED.filter((flag) => def[flag]).map((f) => [f, true]));
