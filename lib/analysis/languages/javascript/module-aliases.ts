// JavaScript's module objects: the names a file gives a whole module (`import * as mod from "../src/lite"`,
// `var Q = require("../q")`), through which a member is that module's export.
import type { Node, Tree } from "web-tree-sitter";

const aliasesOfTree = new WeakMap<Tree, Map<string, string>>();

/** A `require("…")` call's module, or undefined. */
const requiredModule = (value: Node | null | undefined) => {
  if (value?.type !== "call_expression" || value.childForFieldName("function")?.text !== "require") return undefined;
  const source = value.childForFieldName("arguments")?.namedChildren[0];
  return source?.type === "string" ? source.text.slice(1, -1) : undefined;
};

/** The file's top-level module aliases: `import * as X from "m"`, `const X = require("m")`. */
function moduleAliases(root: Node): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const statement of root.namedChildren) {
    if (statement?.type === "import_statement") {
      const module = statement.childForFieldName("source")?.text.slice(1, -1);
      const clause = statement.namedChildren.find((c) => c?.type === "import_clause");
      for (const part of clause?.namedChildren ?? []) {
        // (Not a default import, `import Deflate from "./deflate"`: the module's default export, a class perhaps.)
        const name = part?.type === "namespace_import" ? part.namedChildren[0] : null;
        if (name && module !== undefined) aliases.set(name.text, module);
      }
    } else if (statement?.type === "lexical_declaration" || statement?.type === "variable_declaration") {
      for (const declarator of statement.namedChildren) {
        const name = declarator?.childForFieldName("name");
        const module = requiredModule(declarator?.childForFieldName("value"));
        if (name?.type === "identifier" && module !== undefined) aliases.set(name.text, module);
      }
    }
  }
  return aliases;
}

/** The module an identifier names where the file binds it to a whole module at its top, else undefined. */
export function moduleAliasOf(identifier: Node): string | undefined {
  const tree = identifier.tree;
  let aliases = aliasesOfTree.get(tree);
  if (!aliases) {
    aliases = moduleAliases(tree.rootNode);
    aliasesOfTree.set(tree, aliases);
  }
  return aliases.get(identifier.text);
}
