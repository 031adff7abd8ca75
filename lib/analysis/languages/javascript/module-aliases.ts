// JavaScript's module namespace objects: the names a file gives a whole ES module (`import * as mod from
// "../src/lite"`), through which a member is that module's export. (Not CommonJS's `const X = require("m")`, whose
// value may be a class or an instance another file defines: the member is then that one's.)
import type { Node, Tree } from "web-tree-sitter";

const aliasesOfTree = new WeakMap<Tree, Map<string, string>>();

/** The file's namespace imports: `import * as X from "m"` (not a default import, whose value may be a class). */
function moduleAliases(root: Node): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const statement of root.namedChildren) {
    if (statement?.type !== "import_statement") continue;
    const module = statement.childForFieldName("source")?.text.slice(1, -1);
    const clause = statement.namedChildren.find((c) => c?.type === "import_clause");
    for (const part of clause?.namedChildren ?? []) {
      const name = part?.type === "namespace_import" ? part.namedChildren[0] : null;
      if (name && module !== undefined) aliases.set(name.text, module);
    }
  }
  return aliases;
}

/** The module an identifier names where the file imports it as a module's namespace, else undefined. */
export function moduleAliasOf(identifier: Node): string | undefined {
  const tree = identifier.tree;
  let aliases = aliasesOfTree.get(tree);
  if (!aliases) {
    aliases = moduleAliases(tree.rootNode);
    aliasesOfTree.set(tree, aliases);
  }
  return aliases.get(identifier.text);
}
