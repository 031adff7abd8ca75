import type { Node } from "web-tree-sitter";
import { type DefinitionKind, type Extractor, type FactCollector, headerText } from "../syntax-facts";

const TYPE_KINDS: Record<string, DefinitionKind> = {
  class_declaration: "class",
  record_declaration: "class",
  interface_declaration: "interface",
  enum_declaration: "enum",
  annotation_type_declaration: "interface",
};

const parameterNames = (parameters: Node | null) =>
  (parameters?.namedChildren ?? [])
    .filter((p): p is Node => p !== null && (p.type === "formal_parameter" || p.type === "spread_parameter"))
    .map((p) => p.childForFieldName("name")?.text ?? p.namedChildren.at(-1)?.text ?? "")
    .filter(Boolean);

/** The class name a type node names: `List<Foo>` → List, `a.b.Foo` → Foo. */
const typeName = (node: Node | null): string | null => {
  if (!node) return null;
  if (node.type === "generic_type") return typeName(node.namedChildren[0] ?? null);
  if (node.type === "scoped_type_identifier") return node.namedChildren.at(-1)?.text ?? null;
  return node.type === "type_identifier" ? node.text : null;
};

/** Statement keywords: never a class's (so never a constructor's) name. */
const JAVA_KEYWORDS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "synchronized",
  "return",
  "throw",
  "try",
  "do",
  "else",
  "new",
  "super",
  "this",
]);

/** `import static javaslang.Predicates.*`: every static member of the class, named bare (its module keeps the `.*`). */
const staticWildcard = (node: Node) =>
  /^import\s+static\b/.test(node.text) && node.namedChildren.some((c) => c?.type === "asterisk");

/** An import's uses: its last name (`…utils.CircuitBreakerUtil.isCallPermitted`), and a static one's class too. */
function importUses(node: Node, facts: FactCollector) {
  const path = node.namedChildren.find((c) => c?.type === "scoped_identifier" || c?.type === "identifier");
  if (!path) return;
  const last = path.text.split(".").pop() ?? path.text;
  facts.use(path, last, "import", null, staticWildcard(node) ? `${path.text}.*` : path.text);
  // (`import static …utils.CircuitBreakerUtil.isCallPermitted;` names the member's class too.)
  const owner = path.text.split(".").slice(0, -1).at(-1) ?? "";
  if (/^import\s+static\b/.test(node.text) && !staticWildcard(node) && /^[A-Z]/.test(owner))
    facts.use(path, owner, "import", null);
}

/** `@ResponseMetered(level = DETAILED)`: the key calls the annotation type's element, `ResponseMetered.level()`. */
function annotationElementUse(node: Node, facts: FactCollector, skip: Set<number>): void {
  const key = node.childForFieldName("key");
  const annotation = node.parent?.parent;
  const type = annotation?.type === "annotation" ? annotation.childForFieldName("name")?.text : undefined;
  if (!key || !type || !facts.countsAt(key)) return;
  skip.add(key.id);
  facts.use(key, key.text, "call", type, undefined, 0);
}

/** Java: classes, interfaces, enums, records, methods, constructors, fields; calls, field access, `new`, types, imports. */
/**
 * A local variable a declaration binds to a class (`Parser parser = new Parser(…)`, `var parser = new Parser(…)`): the
 * declared type is the static one, what a call through it resolves against (`FileKeyProvider keyFile = new
 * OpenSSHKeyFile()` calls FileKeyProvider's `init`); with `var`, the made one. (Not a field: mockito-3129's
 * `plugins` field of the overriding class still calls the interface's new default method, which is the name.)
 */
function bindDeclared(node: Node, facts: FactCollector): void {
  const declared = node.childForFieldName("type");
  for (const declarator of node.namedChildren) {
    if (declarator?.type !== "variable_declarator") continue;
    const name = declarator.childForFieldName("name");
    const value = declarator.childForFieldName("value");
    const made = value?.type === "object_creation_expression" ? typeName(value.childForFieldName("type")) : null;
    const type = (declared && declared.text !== "var" ? typeName(declared) : null) ?? made;
    if (name && type) facts.bind(declarator, name.text, type);
  }
}

/**
 * A record's components (`record CandidateSearchPlan(String id, List<CandidateSearchLane> lanes)`, ta4j): each is a
 * property of the record read through its accessor, `String id()`, as callers name it (`plan.id()`,
 * `CandidateSearchLane::id`).
 */
function recordComponents(node: Node, owner: string, facts: FactCollector, skip: Set<number>): void {
  for (const component of node.childForFieldName("parameters")?.namedChildren ?? []) {
    if (component?.type !== "formal_parameter") continue;
    const name = component.childForFieldName("name");
    const type = component.childForFieldName("type");
    if (!name || !type) continue;
    skip.add(name.id);
    facts.define(component, name.text, owner, "property", `${type.text} ${name.text}()`);
  }
}

/** An annotation type's element (`int fixedCount();` in `@interface Variadic`): what `@Variadic(fixedCount = 3)` sets. */
function annotationElement(node: Node, owner: string | null, facts: FactCollector, skip: Set<number>): void {
  const name = node.childForFieldName("name");
  if (!name) return;
  skip.add(name.id);
  facts.define(node, name.text, owner, "method", headerText(node, null), []);
  const element = facts.definitions.at(-1);
  if (element) element.typedOnly = true;
}

/** `ElliottWaveAnchorCalibrationHarness.CandidateSearchPlan plan`: the nested type, named through its owner. */
function scopedTypeUse(node: Node, facts: FactCollector, skip: Set<number>): void {
  const parts = node.namedChildren;
  const last = parts.at(-1);
  if (last?.type !== "type_identifier" || parts.length < 2 || skip.has(last.id) || !facts.countsAt(last)) return;
  skip.add(last.id);
  facts.use(last, last.text, "type", parts[0]?.text ?? null);
}

export const extractJava: Extractor = (root, contextOwner, _inBody, facts) => {
  const skip = new Set<number>();

  const visit = (node: Node, owner: string | null, inBody: boolean): void => {
    const typeKind = TYPE_KINDS[node.type];
    if (typeKind) {
      const name = node.childForFieldName("name");
      if (name) {
        skip.add(name.id);
        facts.define(node, name.text, inBody ? null : owner, typeKind);
        const qualified = owner && !inBody ? `${owner}.${name.text}` : name.text;
        if (node.type === "record_declaration" && !inBody) recordComponents(node, qualified, facts, skip);
        for (const child of node.namedChildren) if (child && child.id !== name.id) visit(child, qualified, false);
        return;
      }
    }
    switch (node.type) {
      case "method_declaration":
      case "constructor_declaration": {
        const name = node.childForFieldName("name");
        // A "constructor" named by a keyword or whose parameters do not parse is a statement or an enum constant
        // (`if (runtimeType != type) {`, `POW("pow") {`) a hunk's stand-in misread: no definition.
        const misread =
          node.type === "constructor_declaration" &&
          (JAVA_KEYWORDS.has(name?.text ?? "") || (node.childForFieldName("parameters")?.hasError ?? false));
        if (name && !inBody && !misread) {
          skip.add(name.id);
          const parameters = node.childForFieldName("parameters");
          const isConstructor = node.type === "constructor_declaration";
          const signature = headerText(node, node.childForFieldName("body"));
          // A constructor is named as its class: where a hunk's stand-in named the class otherwise (the second
          // top-level class of a file, `NoArgsException` in StandardExceptions.java), its name says whose it is.
          const path = owner?.split(".") ?? [];
          const ownerOf =
            isConstructor && path.at(-1) !== name.text ? [...path.slice(0, -1), name.text].join(".") : owner;
          facts.define(
            node,
            isConstructor ? "constructor" : name.text,
            ownerOf,
            isConstructor ? "constructor" : "method",
            signature,
            parameterNames(parameters),
          );
          for (const p of parameters?.namedChildren ?? []) if (p) skip.add(p.childForFieldName("name")?.id ?? -1);
        }
        // A method of an anonymous class (`new SourcePolicy() { public boolean enableSandbox(…) }` in a test): local,
        // named under the type it implements, which it must name as that type does.
        const made = node.parent?.type === "class_body" ? node.parent.parent : null;
        if (name && inBody && made?.type === "object_creation_expression" && node.type === "method_declaration") {
          skip.add(name.id);
          const type = typeName(made.childForFieldName("type"));
          facts.define(node, name.text, type, "method", headerText(node, node.childForFieldName("body")), [], true);
        }
        if (facts.bodyMatters(node)) for (const child of node.namedChildren) if (child) visit(child, owner, true);
        return;
      }
      case "annotation_type_element_declaration":
        if (!inBody) annotationElement(node, owner, facts, skip);
        return;
      case "field_declaration":
      case "constant_declaration": {
        if (!inBody) {
          const modifiers = node.namedChildren.find((c) => c?.type === "modifiers")?.text ?? "";
          const constant =
            node.type === "constant_declaration" || (/\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers));
          for (const declarator of node.childrenForFieldName("declarator")) {
            const name = declarator?.childForFieldName("name");
            if (name) {
              skip.add(name.id);
              facts.define(declarator as Node, name.text, owner, constant ? "constant" : "field");
            }
          }
        }
        break;
      }
      case "enum_constant": {
        const name = node.childForFieldName("name");
        if (name) {
          skip.add(name.id);
          facts.define(node, name.text, owner, "constant");
        }
        break;
      }
      case "method_invocation": {
        const name = node.childForFieldName("name");
        if (name) {
          skip.add(name.id);
          const arity = node.childForFieldName("arguments")?.namedChildren.filter((a) => a?.type !== "comment").length;
          facts.use(name, name.text, "call", node.childForFieldName("object")?.text ?? null, undefined, arity);
        }
        break;
      }
      case "element_value_pair":
        annotationElementUse(node, facts, skip);
        break;
      case "local_variable_declaration":
        bindDeclared(node, facts);
        break;
      case "object_creation_expression": {
        const type = typeName(node.childForFieldName("type"));
        // (How many arguments it passes: which constructor it calls, see constructor-overloads.ts.)
        const args = node
          .childForFieldName("arguments")
          ?.namedChildren.filter(
            (a) => a?.type !== "comment" && a?.type !== "line_comment" && a?.type !== "block_comment",
          );
        if (type) facts.use(node, type, "instantiation", null, undefined, args?.length);
        break;
      }
      case "field_access": {
        const field = node.childForFieldName("field");
        if (field) {
          skip.add(field.id);
          facts.use(field, field.text, "attribute", node.childForFieldName("object")?.text ?? null);
        }
        break;
      }
      case "scoped_type_identifier":
        scopedTypeUse(node, facts, skip);
        break;
      case "method_reference": {
        const parts = node.namedChildren;
        const member = parts.at(-1);
        if (member && parts.length > 1) {
          skip.add(member.id);
          facts.use(member, member.text, "attribute", parts[0]?.text ?? null);
        }
        break;
      }
      case "import_declaration":
        importUses(node, facts);
        return;
      case "package_declaration":
        return;
      case "type_identifier": {
        if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "type");
        return;
      }
      case "identifier": {
        if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "name");
        return;
      }
    }
    for (const child of node.namedChildren) if (child) visit(child, owner, inBody);
  };

  visit(root, contextOwner, false);
  return facts.facts();
};
