// Python: definitions a module-level block holds (`if sys.version_info >= (3, 13): … else: def deprecated(…)`).
import type { Node } from "web-tree-sitter";

/** Blocks a module-level statement may nest a definition in. */
const MODULE_BLOCKS = new Set([
  "block",
  "if_statement",
  "elif_clause",
  "else_clause",
  "try_statement",
  "except_clause",
  "finally_clause",
  "with_statement",
  "decorated_definition",
]);

/** Whether a definition stands in blocks of a statement at column 0 (`if TYPE_CHECKING:` … `def f`), up to the module. */
export function inModuleBlock(node: Node): boolean {
  let statementAtZero = false;
  for (let up = node.parent; up; up = up.parent) {
    if (up.type === "module") return statementAtZero;
    if (!MODULE_BLOCKS.has(up.type)) return false;
    if (up.type !== "block" && up.type !== "decorated_definition" && up.startPosition.column === 0)
      statementAtZero = true;
  }
  return false;
}
