import type { Node } from "web-tree-sitter";
import { type FactCollector, foldSpace, headerText } from "../syntax-facts";
import { declaredName } from "./names";

// C's and C++'s declarations read whole: enums, aliases and macros, and the types locals are declared with.

/**
 * A C++ `using Name = …;` (none inside a function: `owner` undefined there) or a `#define`, object- or
 * function-like (wherever it stands).
 */
export function defineAliasOrMacro(
  node: Node,
  owner: string | null | undefined,
  facts: FactCollector,
  skip: Set<number>,
) {
  const name = node.childForFieldName("name");
  if (!name) return;
  if (node.type === "alias_declaration") {
    if (owner === undefined) return;
    skip.add(name.id);
    facts.define(node, name.text, owner, "type", foldSpace(node.text).replace(/;$/, ""));
    return;
  }
  skip.add(name.id);
  const parameters = node.childForFieldName("parameters");
  facts.define(
    node,
    name.text,
    null,
    node.type === "preproc_function_def" ? "function" : "constant",
    `#define ${name.text}${parameters?.text ?? ""}`,
    (parameters?.namedChildren ?? []).map((p) => p?.text ?? "").filter(Boolean),
  );
}

/** An enum and its constants: `enum class E` scopes them (`E::A`); a plain enum's are names of their own. */
export function defineEnum(node: Node, owner: string | null, facts: FactCollector, skip: Set<number>) {
  const name = node.childForFieldName("name");
  const body = node.childForFieldName("body");
  if (!body) return;
  const scoped = /^enum\s+(class|struct)\b/.test(node.text);
  if (name) {
    skip.add(name.id);
    facts.define(node, name.text, owner, "enum", headerText(node, body));
  }
  for (const enumerator of body.namedChildren) {
    const constant = enumerator?.type === "enumerator" ? enumerator.childForFieldName("name") : null;
    if (!enumerator || !constant) continue;
    skip.add(constant.id);
    const constantOwner = scoped && name ? (owner ? `${owner}.${name.text}` : name.text) : owner;
    // (An unscoped enum's constant is named bare, and through its enum where C++ reads it.)
    if (!scoped && name)
      facts.defineUnscoped(
        enumerator,
        constant.text,
        owner ? `${owner}.${name.text}` : name.text,
        foldSpace(enumerator.text),
      );
    else facts.define(enumerator, constant.text, constantOwner, "constant", foldSpace(enumerator.text));
  }
}

/**
 * A local declared with its type (`ordered_map<std::string, std::string> om;`, `Parser p(text);`): what
 * `om.erase(…)` reaches, where no hunk shows the class line of `erase`; `auto` a copy of one such
 * (`const auto com = om;`) holds the same. `declared` keeps the file's locals' types, by name.
 */
export function bindDeclared(declaration: Node, facts: FactCollector, declared: Map<string, string>) {
  const type = declaration.childForFieldName("type");
  const named =
    type?.type === "template_type"
      ? type.childForFieldName("name")
      : type?.type === "type_identifier" || type?.type === "qualified_identifier"
        ? type
        : null;
  for (const declarator of declaration.childrenForFieldName("declarator")) {
    const name = declarator ? declaredName(declarator) : null;
    if (name?.type !== "identifier") continue;
    const value = declarator?.type === "init_declarator" ? declarator.childForFieldName("value") : null;
    const typeName =
      type?.type === "placeholder_type_specifier" && value?.type === "identifier"
        ? declared.get(value.text)
        : withoutTemplateArguments(named?.text ?? "")
            .split("::")
            .pop(); // (`jsoncons::mdarray_iterator<int>`)
    if (!typeName) continue;
    declared.set(name.text, typeName);
    facts.bindResult(declaration, name.text, typeName);
  }
}

/** A type's name without its template arguments, nested ones too: `dp::thread_pool<>::iterator` → `dp::thread_pool::iterator`. */
function withoutTemplateArguments(text: string): string {
  let out = text;
  for (let previous = ""; previous !== out; ) {
    previous = out;
    out = out.replace(/<[^<>]*>/g, "");
  }
  return out;
}
