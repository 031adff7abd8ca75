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

/** The class-like node a Ruby method stands in, or null (`class`, `module`, `class << self`). */
const rubyScope = (node: Node | null): Node | null =>
  !node || ["class", "module", "singleton_class"].includes(node.type) ? node : rubyScope(node.parent);

/** A Ruby module's instance method (`module FileUtils … def cp_lr`): every class that includes the module has it. */
const inRubyModule = (node: Node) => node.type === "method" && rubyScope(node.parent)?.type === "module";

/**
 * A method declared without a body: one of BODILESS, Java's and PHP's interface or abstract method, C++'s pure
 * virtual one. Not a
 * class's overload signature nor a `declare class`'s member (a `.d.ts` describing JavaScript's class): those
 * are the class's own method, declared apart from its body.
 */
const isBodiless = (node: Node, kind: string) =>
  kind === "method" &&
  !(node.type === "method_signature" && node.parent?.type === "class_body") &&
  (BODILESS.has(node.type) ||
    (node.type === "method_declaration" && node.childForFieldName("body") === null) ||
    // (C++'s pure virtual one, `virtual void on_trailer_field_impl(…) = 0;`.)
    (node.type === "field_declaration" &&
      /^(\[\[[^\]]*\]\]\s*)*virtual\b[^;]*\)[^;()]*=\s*0\s*;?$/.test(node.text.trim())));

/**
 * The nodes a member's access modifier stands in where the language enforces it: PHP's, Java's and C#'s. (Not
 * TypeScript's `private`, which compiles away: a test run without type checks, vitest's, reaches it.)
 */
const MODIFIER_TYPES = new Set(["visibility_modifier", "modifiers", "modifier"]);

/**
 * A member declared `private` (`private int count;`, `private function f()`) or named `#x`: its class's own. (A
 * field's declarator, `interval` of `private final long interval;`, takes its declaration's modifiers.)
 */
const isPrivate = (node: Node): boolean =>
  node.childForFieldName("name")?.type === "private_property_identifier" ||
  node.children.some((c) => c !== null && MODIFIER_TYPES.has(c.type) && /(^|\s)private\b/.test(c.text)) ||
  (node.type === "variable_declarator" && node.parent?.type === "field_declaration" && isPrivate(node.parent));

/** Rust's items, whose visibility is their own `pub` (a trait's items and an enum's variants take the trait's, the enum's). */
const VISIBLE_ITEMS = new Set([
  "function_item",
  "struct_item",
  "union_item",
  "enum_item",
  "trait_item",
  "const_item",
  "static_item",
  "type_item",
  "mod_item",
  "field_declaration",
]);

/** A Rust item without a plain `pub` (none, or `pub(crate)`, `pub(super)`, `pub(in …)`): its crate's own. */
/** A declarative macro marked `#[macro_export]` (an attribute above it): what other crates, the tests', may call. */
function exportedMacro(node: Node): boolean {
  for (let above = node.previousNamedSibling; above?.type === "attribute_item"; above = above.previousNamedSibling)
    if (/\bmacro_export\b/.test(above.text)) return true;
  return false;
}

const isCrateOnly = (node: Node) =>
  (node.type === "macro_definition" && !exportedMacro(node)) ||
  (VISIBLE_ITEMS.has(node.type) &&
    !(node.parent?.type === "declaration_list" && node.parent.parent?.type === "trait_item") &&
    !node.children.some((c) => c?.type === "visibility_modifier" && c.text === "pub"));

const exportsOfTree = new WeakMap<Node["tree"], Set<string> | "all" | "script">();

/**
 * The names an ES module hands out beside its `export`ed declarations: every name an export statement without a
 * declaration mentions (`export { a, b as c }`, `export default { slugify, titleize: t }`, `export = a`), comments
 * aside; "all" where the module also assigns `module.exports`, `exports.x` or a global (`window.x = …`); "script"
 * for a file with no `import` or `export` at its top, no module. Read once per tree.
 */
function exportedNames(root: Node): Set<string> | "all" | "script" {
  const cached = exportsOfTree.get(root.tree);
  if (cached) return cached;
  const tops = root.namedChildren;
  let names: Set<string> | "all" | "script" = tops.some(
    (c) => c?.type === "import_statement" || c?.type === "export_statement",
  )
    ? new Set<string>()
    : "script";
  for (const top of names === "script" ? [] : tops) {
    if (top?.type === "expression_statement" && HANDS_OUT.test(top.text)) names = "all";
    if (typeof names === "string" || top?.type !== "export_statement" || top.childForFieldName("declaration")) continue;
    for (const id of top.descendantsOfType(["identifier", "shorthand_property_identifier", "type_identifier"]))
      if (id) names.add(id.text);
  }
  exportsOfTree.set(root.tree, names);
  return names;
}

/** A statement that hands names out otherwise than by `export`: CommonJS's, or a global's property. */
const HANDS_OUT = /^(module\.exports|exports\.[\w$]+|(window|globalThis|global|self)\.[\w$]+)\s*=[^=]/;

/**
 * An ES module's top-level declaration the module does not export (`const deflator = new Deflate()` in an example
 * that imports the library): no other file can name it. A module is a file with an `import` or `export` at its top.
 */
const isModuleOnly = (node: Node, owner: string | null): boolean => {
  if (owner !== null) return false;
  const statement = node.type === "variable_declarator" ? node.parent : node;
  const root = statement?.parent;
  const name = node.childForFieldName("name");
  if (!statement || root?.type !== "program" || !name || !/^(identifier|type_identifier)$/.test(name.type))
    return false;
  const exported = exportedNames(root);
  return typeof exported !== "string" && !exported.has(name.text);
};

/**
 * The marks a definition takes from its node: `abstract` (bodiless), `mixin` (a PHP trait's member), `included` (a Ruby
 * module's method), `private`,
 * `crateOnly`, `moduleOnly`.
 */
export const marksOf = (node: Node, kind: string, owner: string | null) => ({
  ...(isBodiless(node, kind) ? { abstract: true } : {}),
  ...(owner && inTrait(node) ? { mixin: true } : {}),
  ...(owner && inRubyModule(node) ? { included: true } : {}),
  ...(owner && isPrivate(node) ? { private: true } : {}),
  ...(isCrateOnly(node) ? { crateOnly: true } : {}),
  ...(isModuleOnly(node, owner) ? { moduleOnly: true } : {}),
});

/** The marks a syntax definition carries on to the patch's (see SyntaxDefinition). */
const CARRIED = [
  "local",
  "implicit",
  "typedOnly",
  "abstract",
  "mixin",
  "included",
  "unscoped",
  "outOfLine",
  "documented",
  "private",
  "crateOnly",
  "moduleOnly",
  "givenAway",
  "typedLocal",
] as const;
export const carriedMarks = (def: Partial<Record<(typeof CARRIED)[number], boolean>>) =>
  Object.fromEntries(CARRIED.filter((flag) => def[flag]).map((f) => [f, true]));

/**
 * The types marked so (`crateOnly`: a crate keeps them to itself; `private`: a class's own nested type), as lines
 * of the patch show them (no stand-in's `struct X {`): their members are as closed as they are.
 */
const typesMarked = (
  parsed: ReadonlyArray<{
    definitions: ReadonlyArray<{
      crateOnly?: boolean;
      private?: boolean;
      moduleOnly?: boolean;
      row: number;
      name: string;
      kind: string;
    }>;
    fragment: { rows: readonly unknown[] };
  }>,
  mark: "crateOnly" | "private" | "moduleOnly",
): Set<string> =>
  new Set(
    parsed.flatMap((p) =>
      p.definitions
        .filter(
          (d) =>
            d[mark] &&
            p.fragment.rows[d.row] &&
            // (An unexported class's or interface's members stay reachable, through its instances and structurally.)
            (mark === "crateOnly" || (mark === "private") === TYPE_KINDS.has(d.kind)),
        )
        .map((d) => d.name),
    ),
  );

const TYPE_KINDS = new Set(["class", "interface", "enum", "struct", "record"]);

/**
 * The marks a member takes from its owner (see typesMarked): `crateOnly`, `private`, `moduleOnly` (a member set on
 * a module's own unexported object, `deflator.onStart = function …` in an example script).
 */
export function ownerMarks(parsed: Parameters<typeof typesMarked>[0]) {
  const crateOnly = typesMarked(parsed, "crateOnly");
  const closed = typesMarked(parsed, "private");
  const moduleOnly = typesMarked(parsed, "moduleOnly");
  return (owner: string | null) => ({
    ...(owner && crateOnly.has(owner) ? { crateOnly: true } : {}),
    ...(owner && closed.has(owner) ? { private: true } : {}),
    ...(owner && moduleOnly.has(owner) ? { moduleOnly: true } : {}),
  });
}

/** A signature's parameter list at its own level, what nested brackets hold blanked (`(cb: (…) => void, args)`). */
function topLevelParameters(signature: string): string {
  const open = signature.indexOf("(");
  let depth = 0;
  let list = "";
  let previous = "";
  for (const ch of open < 0 ? "" : signature.slice(open)) {
    // (An arrow's `>`, `=>` or `->`, closes nothing.)
    if ("([{<".includes(ch)) depth++;
    else if (")]}>".includes(ch) && !(ch === ">" && "=-".includes(previous)) && --depth === 0) break;
    list += depth === 1 && ch !== "(" ? ch : " ";
    previous = ch;
  }
  return list;
}

/**
 * A parameter its callable's signature declares as the rest of the arguments (`*a`, `**kw`, `...handlers`, at the
 * list's own level: not a callback type's `(...args: any[]) => void`): marked, as no keyword names it.
 */
export const restParameterMark = (signature: string | null, param: string): { variadic?: true } =>
  signature !== null &&
  new RegExp(`(?:^|,)\\s*(?:\\*\\*?|\\.\\.\\.)\\s*\\$?${param.replace(/\$/g, "\\$")}\\b`).test(
    topLevelParameters(signature),
  )
    ? { variadic: true }
    : {};

/**
 * A parameter of a callable that also takes the rest of the keywords (`def _read_receives_section(docstring, *,
 * offset, receives_named_value=True, **options)`): its callers hand their options on to it, so a keyword a test
 * passes to another function (griffe's `parse_google(docstring, receives_named_value=False)`) may be this one.
 */
export const forwardedMark = (
  def: { signature: string | null; keywordRest?: true },
  param: string,
): { forwarded?: true } =>
  (def.keywordRest || takesKeywordRest(def.signature)) && !restParameterMark(def.signature, param).variadic
    ? { forwarded: true }
    : {};

/** Whether a signature takes the rest of the keywords at its list's own level (`**options: Any`). */
export const takesKeywordRest = (signature: string | null): boolean =>
  signature !== null && /(?:^|,)\s*\*\*\s*\w+/.test(topLevelParameters(signature));

/**
 * A property that holds a function's option defaults (`sanitizeHtml.defaults`, `DEFAULTS`, `defaultOptions`,
 * `default_config`): its keys are options a caller passes (javascript/assignments.ts), none a test's own defines.
 */
export const DEFAULTS_MEMBER = /^_?(defaults?|default_?(options|opts|config|settings))$/i;
