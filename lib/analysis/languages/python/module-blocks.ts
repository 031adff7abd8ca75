// Python: what a definition's surroundings say of it: a module-level block holding it (`if sys.version_info >= (3,
// 13): … else: def deprecated(…)`), a decorator making it a property.
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

/**
 * A method read as an attribute: decorated `@property`, `@cached_property`, `@lazy_property`, `@hybrid_property`,
 * Pyramid's `@reify` (any module's), or an accessor's `@x.setter`.
 */
export function isProperty(node: Node): boolean {
  const decorated = node.parent?.type === "decorated_definition" ? node.parent : null;
  return (decorated?.namedChildren ?? []).some(
    (d) =>
      d?.type === "decorator" &&
      /^@\s*(([\w.]+\.)?(\w+_property|property|reify)|\w+\.(setter|getter|deleter))\s*$/.test(d.text),
  );
}

/**
 * Whether pytest calls a function with fixtures by its parameters' names: a test (`test_…`, at module level or in a
 * class) or a fixture (`@pytest.fixture`, `@pytest_asyncio.fixture(…)`).
 */
export function requestsFixtures(node: Node, name: string): boolean {
  if (/^test/.test(name)) return true;
  const decorated = node.parent?.type === "decorated_definition" ? node.parent : null;
  return (decorated?.namedChildren ?? []).some(
    (d) => d?.type === "decorator" && /^@\s*([\w.]+\.)?fixture\b/.test(d.text),
  );
}
