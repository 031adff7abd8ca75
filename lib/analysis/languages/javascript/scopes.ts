import type { Node } from "web-tree-sitter";

/**
 * Whether a node stands in a block that is no namespace's body (`namespace X {`, `declare global {`): its `const`
 * and `let` are the block's, local, as a `var` would not be. (An object's method a hunk shows past its `},`,
 * `fileWebResponse(…) {`, reads as a call and a block: its `const body` is no module's.)
 */
export function inBareBlock(node: Node): boolean {
  for (let up = node.parent; up && up.type !== "program"; up = up.parent)
    if (up.type === "statement_block")
      return !["internal_module", "module", "ambient_declaration"].includes(up.parent?.type ?? "");
  return false;
}
