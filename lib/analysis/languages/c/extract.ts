// Over 300 lines: one walk of the C and C++ grammars (records, namespaces, templates, friends, declarations), kept whole.
import type { Node } from "web-tree-sitter";
import { type Extractor, type FactCollector, foldSpace, headerText } from "../syntax-facts";
import { bindDeclared, defineAliasOrMacro, defineEnum } from "./declarations";
import { declaredName, deductionGuide, functionDeclarator, splitQualified, templateDefaults } from "./names";
import { defineRubyBinding } from "./ruby-bindings";

const parameterNames = (declarator: Node | null) =>
  (declarator?.childForFieldName("parameters")?.namedChildren ?? [])
    .map((p) => (p ? declaredName(p.childForFieldName("declarator"))?.text : null))
    .filter((name): name is string => typeof name === "string" && /^\w+$/.test(name));

/**
 * Statement keywords: a hunk cut from a method body but parsed in a stand-in class body (the header names
 * only the class) reads `if (x) {` as a method named `if`. No C or C++ name is a keyword.
 */
const KEYWORDS = new Set(
  "if else for while do switch case return sizeof alignof decltype catch try throw new delete goto break continue default static_assert".split(
    " ",
  ),
);

const join = (owner: string | null, inner: string | null) => (owner && inner ? `${owner}.${inner}` : (owner ?? inner));

/**
 * The uses a node records by itself: "done" when its children need no visit, "children" when they do, null
 * for a node of another kind.
 */
function recordUses(node: Node, facts: FactCollector, skip: Set<number>): "children" | "done" | null {
  switch (node.type) {
    case "preproc_include": {
      const path = node.childForFieldName("path");
      if (path && facts.countsAt(path)) {
        const module = path.text.replace(/^["<]|[">]$/g, "");
        facts.use(path, module.split("/").pop() ?? module, "module", null, module);
      }
      return "done";
    }
    case "call_expression": {
      const callee = node.childForFieldName("function");
      if (callee?.type === "identifier" && defineRubyBinding(node, callee.text, facts)) return "done";
      if (callee?.type === "identifier") {
        skip.add(callee.id);
        facts.use(callee, callee.text, "call");
      } else if (callee?.type === "field_expression") {
        // (A member template's call names the template: `dsl::byte.range<0x00, 0x10>()` calls `range`.)
        const written = callee.childForFieldName("field");
        const field = written?.type === "template_method" ? written.childForFieldName("name") : written;
        if (field) {
          skip.add(field.id);
          facts.use(field, field.text, "call", callee.childForFieldName("argument")?.text ?? null);
        }
      } else if (callee?.type === "qualified_identifier") {
        const { owner: qualifier, member } = splitQualified(callee);
        skip.add(callee.id);
        facts.use(callee, member, "call", qualifier?.split(".").pop() ?? null);
        scopeUse(callee, qualifier, facts);
      }
      return "children";
    }
    case "field_expression": {
      const field = node.childForFieldName("field");
      if (field && !skip.has(field.id) && facts.countsAt(field)) {
        skip.add(field.id);
        facts.use(field, field.text, "attribute", node.childForFieldName("argument")?.text ?? null);
      }
      return "children";
    }
    case "qualified_identifier": {
      if (!skip.has(node.id) && facts.countsAt(node)) {
        const { owner: qualifier, member } = splitQualified(node);
        skip.add(node.id);
        facts.use(node, member, "attribute", qualifier?.split(".").pop() ?? null);
        // (`etl::nth_type<0, t1>::type`: a scope with template arguments is a class's, never a namespace's.)
        let last: Node = node;
        for (let inner = node.childForFieldName("name"); inner?.type === "qualified_identifier"; )
          [last, inner] = [inner, inner.childForFieldName("name")];
        if (last.childForFieldName("scope")?.type === "template_type") facts.throughTypeScope();
        scopeUse(node, qualifier, facts);
      }
      // Its template arguments name types of their own (`std::make_shared<spdlog::sinks::callback_sink_st>(…)`);
      // the path's own names are recorded.
      const args = node.descendantsOfType("template_argument_list").filter((a): a is Node => a !== null);
      if (args.length === 0) return "done";
      const inArgs = (d: Node) => args.some((a) => d.startIndex >= a.startIndex && d.endIndex <= a.endIndex);
      for (const d of node.descendantsOfType(["identifier", "type_identifier", "namespace_identifier"]))
        if (d && !inArgs(d)) skip.add(d.id);
      return "children";
    }
    case "field_designator": {
      // A designated initializer's field (`struct libdeflate_options options = { .malloc_func = do_malloc }`): a
      // key of the struct the declaration (or a compound literal, an array of them) names.
      const field = node.namedChildren[0];
      const type = designatedType(node);
      if (!field || !type || !facts.countsAt(field)) return null;
      skip.add(field.id);
      facts.use(field, field.text, "key", type.name);
      // (`struct X`'s is X's field, whatever its case; a typedef's name, `opts_t`, may be another struct's alias.)
      if (type.struct) facts.throughTypeScope();
      return "done";
    }
    case "type_identifier": {
      if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "type");
      return "done";
    }
    case "identifier":
    case "field_identifier": {
      if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "name");
      return "done";
    }
  }
  return null;
}

/** A pointer to a function's name (`void *(*malloc_func)(size_t);`): data, a field or a variable, no function. */
function functionPointerName(declarator: Node | null): Node | null {
  const pointed = declarator?.childForFieldName("declarator");
  const pointer = pointed?.type === "parenthesized_declarator" ? pointed.namedChildren[0] : null;
  // (Not a function that returns one, `void (*lookup_handler(const char *name))(int)`, nor a name in
  // parentheses, `static int (max)();`: both functions.)
  if (pointer?.type !== "pointer_declarator" || functionDeclarator(pointer.childForFieldName("declarator")))
    return null;
  return declaredName(pointer);
}

/**
 * The struct a designated initializer's list is of: its declaration's (`struct X x = {…}`, an array's `X xs[] =
 * {{…}}`) or its compound literal's; `struct` where the declaration says `struct X`. (A positional nested struct's
 * list, `struct rect r = {{ .x = 0 }}`, is of a type none of them says.)
 */
function designatedType(designator: Node): { name: string; struct: boolean } | null {
  let list = designator.parent?.type === "initializer_pair" ? designator.parent.parent : null;
  if (list?.parent?.type === "initializer_list") {
    list = list.parent;
    const declarator = list.parent?.type === "init_declarator" ? list.parent.childForFieldName("declarator") : null;
    if (declarator?.type !== "array_declarator") return null;
  }
  const holder = list?.parent?.type === "init_declarator" ? list.parent.parent : list?.parent;
  const written =
    holder?.type === "declaration"
      ? holder.childForFieldName("type")
      : holder?.type === "compound_literal_expression"
        ? holder.childForFieldName("type")?.childForFieldName("type")
        : null;
  if (written?.type === "struct_specifier" && !written.childForFieldName("body")) {
    const name = written.childForFieldName("name")?.text;
    return name ? { name, struct: true } : null;
  }
  return written?.type === "type_identifier" ? { name: written.text, struct: false } : null;
}

/** The class (or namespace: no definition) a path goes through names a type: `GrammarBlob::serialize(…)` uses GrammarBlob. */
function scopeUse(path: Node, qualifier: string | null, facts: FactCollector): void {
  const parts = qualifier?.split(".") ?? [];
  const scope = parts.pop();
  if (scope) facts.use(path, scope, "type", parts.length > 0 ? parts.join(".") : null);
}

/**
 * Whether a block at file scope is a test macro's body (Catch2's `TEST_CASE("…", "[tag]") {`, which parses as a
 * call then a block): a function's. (Not the analysis's own `{` around a class's members no hunk shows the header of.)
 */
function testMacroBody(block: Node): boolean {
  const macro = block.previousNamedSibling;
  return macro?.type === "expression_statement" && macro.firstNamedChild?.type === "call_expression";
}

/** A function, method or constructor (a definition or a prototype), with its signature as its callers read it. */
function defineCallable(
  decl: { node: Node; declarator: Node; owner: string | null; inClass: boolean },
  facts: FactCollector,
  skip: Set<number>,
): void {
  const { node, declarator, owner, inClass } = decl;
  const nameNode = declaredName(declarator.childForFieldName("declarator"));
  if (!nameNode) return;
  skip.add(nameNode.id);
  const { owner: qualified, member } = splitQualified(nameNode);
  if (KEYWORDS.has(member)) return;
  const fullOwner = join(owner, qualified);
  const isMethod = inClass || qualified !== null;
  // (A member declared with no return type is a constructor where no line shows its class, where it says so: named
  // in its own parameters, the move constructor `ReaderWriterQueue(ReaderWriterQueue&& other)` under a `public:`
  // hunk header, or `explicit`. Not a capitalised method whose return type stands on the line above the hunk,
  // Mozilla's `GetAttributeNodeNS(…)`, nor a macro's leftovers, `to_address(std::nullptr_t) span_noexcept`.)
  const untyped =
    inClass &&
    !node.childForFieldName("type") &&
    /^\w+$/.test(member) &&
    (/^explicit\b/.test(node.text.trim()) ||
      new RegExp(`\\b${member}\\b`).test(declarator.childForFieldName("parameters")?.text ?? ""));
  const kind =
    member.startsWith("~") || member === fullOwner?.split(".").pop() || untyped
      ? "constructor"
      : isMethod
        ? "method"
        : "function";
  // (No type and a macro's name, `CONCEPT_ASSERT(sizeof...(Rngs) != 0);` in a struct: a macro's call, no declaration.
  // One with a body, gtest's `TEST(Suite, Name) { … }`, stays what holds its changed lines.)
  const macroCall = node.type !== "function_definition" && !node.childForFieldName("type");
  if (kind !== "constructor" && macroCall && /^[A-Z][A-Z0-9_]*$/.test(member)) return;
  // (A constructor's member initializers, `: m_isValid(true), m_pNode(NULL)`, are its body's beginning.)
  const body = node.namedChildren.find((c) => c?.type === "field_initializer_list") ?? node.childForFieldName("body");
  // A template's parameters are its callers' to know (`template <typename I> Task& acquire(I first, I last)`).
  // (A class template's member defined outside it, `template <typename T> Vec<T>::Vec(std::size_t n)`: the head is the
  // class's, unless a second head is the member's own.)
  // (A friend's, `template <class P> friend size_type erase_if(…)`, through its `friend`.)
  const friend = node.parent?.type === "friend_declaration" ? node.parent : null;
  const head = (friend ?? node)?.parent?.type === "template_declaration" ? ((friend ?? node).parent as Node) : null;
  const classTemplateHead =
    head !== null && qualified !== null && /</.test(nameNode.text.split("::").slice(0, -1).join("::"));
  const ownHead = !classTemplateHead || head?.parent?.type === "template_declaration";
  const template = head && ownHead ? head.childForFieldName("parameters") : null;
  // A method defined outside its class (`inline Task& Task::acquire(I first, I last) {`) is stated as its class
  // declares it: without the class's name and the `inline` that only the definition writes.
  const header =
    qualified !== null && isMethod
      ? headerText(node, body)
          .replace(/;$/, "")
          .replace(/^inline\s+/, "")
          .replace(`${nameNode.text}(`, `${member}(`)
      : `${friend ? "friend " : ""}${headerText(node, body).replace(/;$/, "")}`;
  const signature = template ? foldSpace(`template ${template.text} ${header}`) : header;
  facts.define(node, member, fullOwner, kind, signature, parameterNames(declarator));
  if (qualified !== null && isMethod) facts.markDefinition("outOfLine");
}

/** A friend's definition (`friend size_type erase_if(…) { … }`, templated too); not a grant (`friend class X;`, a prototype). */
const friendDefined = (node: Node | null) =>
  node?.type === "function_definition" ||
  (node?.type === "template_declaration" && node.namedChildren.some((c) => c?.type === "function_definition"));

/**
 * C and C++: functions (a prototype in a header and the definition in a source are the same name),
 * structs, unions, enums and their constants, typedefs, object- and function-like macros, globals; C++
 * classes, namespaces (`ns::f` as `ns.f`), methods (in the class or as `Class::m`), templates. Uses: calls,
 * `.`/`->` members, `ns::x` paths, types, `#include`s, and plain identifiers (macros among them).
 */
export const extractCFamily: Extractor = (root, contextOwner, _inBody, facts) => {
  const skip = new Set<number>();
  const declaredLocals = new Map<string, string>();

  const callable = (node: Node, declarator: Node, owner: string | null, inClass: boolean) =>
    defineCallable({ node, declarator, owner, inClass }, facts, skip);

  const visit = (node: Node, owner: string | null, inClass: boolean, inFunction: boolean): void => {
    switch (node.type) {
      case "function_definition": {
        const declarator = functionDeclarator(node.childForFieldName("declarator"));
        if (declarator && !inFunction) callable(node, declarator, owner, inClass);
        const body = node.childForFieldName("body");
        if (body && facts.bodyMatters(body)) visit(body, null, false, true);
        return;
      }
      case "declaration":
      case "field_declaration": {
        if (inFunction) {
          bindDeclared(node, facts, declaredLocals);
          break;
        }
        const declarators = node.childrenForFieldName("declarator");
        const type = node.childForFieldName("type");
        if (type && type.namedChildCount > 0 && /_specifier$/.test(type.type)) visit(type, owner, inClass, false);
        // What a declaration at file scope names: its type (`spdlog::pattern_formatter`), its value's calls.
        else if (type && facts.countsAt(node)) visit(type, owner, inClass, true);
        for (const declarator of declarators) {
          if (!declarator) continue;
          const value = declarator.type === "init_declarator" ? declarator.childForFieldName("value") : null;
          if (value && facts.bodyMatters(value)) visit(value, owner, inClass, true);
          const fnDeclarator = functionDeclarator(declarator);
          // (A deduction guide, `template <class T> optional(T) -> optional<T>;`, declares no function.)
          if (fnDeclarator && !type && deductionGuide(fnDeclarator)) continue;
          const fnPointer = functionPointerName(fnDeclarator);
          if (fnDeclarator && !fnPointer) {
            callable(node, fnDeclarator, owner, inClass || node.type === "field_declaration");
            continue;
          }
          const name = fnPointer ?? declaredName(declarator);
          if (!name) continue;
          skip.add(name.id);
          const { owner: qualified, member } = splitQualified(name);
          if (KEYWORDS.has(member)) continue;
          facts.define(
            node,
            member,
            join(owner, qualified),
            inClass || node.type === "field_declaration" ? "field" : "variable",
            foldSpace(node.text).replace(/;$/, ""),
          );
        }
        return;
      }
      case "struct_specifier":
      case "union_specifier":
      case "class_specifier": {
        const name = node.childForFieldName("name");
        const body = node.childForFieldName("body");
        // A specialization (`template <> struct capture_by_value<Lit0> : std::true_type {};`) names the template
        // it specializes, declared before it: a use of that, no new type (a test's specializes the code's new
        // template); its members are the template's.
        const template = name?.type === "template_type" ? name.childForFieldName("name") : null;
        if (template && body && !inFunction) {
          if (facts.countsAt(template)) facts.use(template, template.text, "type");
          skip.add(name?.id ?? template.id);
          for (const child of body.namedChildren) if (child) visit(child, join(owner, template.text), true, false);
          return;
        }
        if (name && body && !inFunction) {
          skip.add(name.id);
          const { member } = splitQualified(name);
          facts.define(
            node,
            member,
            owner,
            node.type === "class_specifier" ? "class" : "struct",
            headerText(node, body),
          );
          for (const child of body.namedChildren) if (child) visit(child, join(owner, member), true, false);
          return;
        }
        break;
      }
      case "enum_specifier":
        if (!node.childForFieldName("body") || inFunction) break;
        defineEnum(node, owner, facts, skip);
        return;
      case "type_definition": {
        if (inFunction) break;
        const type = node.childForFieldName("type");
        // A nameless record the typedef names (`typedef struct { … } nghttp2_rst_stream_aux_data;`): its fields are
        // that name's, as code reaches them (`item->aux_data.rst_stream.continue_without_stream`).
        const declarators = node.childrenForFieldName("declarator");
        const alias = declarators.length === 1 && declarators[0]?.type === "type_identifier" ? declarators[0] : null;
        const body = type && /^(struct|union)_specifier$/.test(type.type) ? type.childForFieldName("body") : null;
        if (alias && body && !type?.childForFieldName("name")) {
          for (const child of body.namedChildren) if (child) visit(child, join(owner, alias.text), true, false);
        } else if (type && type.namedChildCount > 0) visit(type, owner, inClass, false);
        for (const declarator of node.childrenForFieldName("declarator")) {
          const name = functionPointerName(declarator) ?? declaredName(declarator); // (`typedef int (*cag_printer)(…);`)
          if (name) {
            skip.add(name.id);
            facts.define(node, name.text, owner, "type", foldSpace(node.text).replace(/;$/, ""));
          }
        }
        return;
      }
      case "alias_declaration":
      case "preproc_def":
      case "preproc_function_def": {
        defineAliasOrMacro(node, inFunction ? undefined : owner, facts, skip);
        // What an alias stands for is a use (`using subtype_type = ns::byte_container_with_subtype<…>::subtype_type;`).
        const aliased = node.type === "alias_declaration" ? node.childForFieldName("type") : null;
        if (aliased) visit(aliased, owner, inClass, inFunction);
        return;
      }
      case "namespace_definition": {
        const name = node.childForFieldName("name");
        const body = node.childForFieldName("body");
        const ns = name ? join(owner, name.text.replace(/::/g, ".")) : owner;
        // A namespace is reopened in file after file: it qualifies names (`ns::f` as `ns.f`), it is not one.
        if (name) skip.add(name.id);
        if (name && ns) facts.enterNamespace(ns);
        if (body) for (const child of body.namedChildren) if (child) visit(child, ns, false, false);
        return;
      }
      case "compound_statement":
        if (inFunction || !testMacroBody(node)) break;
        if (facts.bodyMatters(node)) visit(node, null, false, true);
        return;
      case "friend_declaration": // A friend defined in a class is the namespace's, called bare (`erase_if(map, pred)`).
        for (const child of node.namedChildren) if (friendDefined(child)) visit(child as Node, null, false, inFunction);
        return;
      case "template_declaration": {
        // (Its parameters define nothing; their defaults use names: `bool R = Traits::RECYCLE_ALLOCATED_BLOCKS`.)
        for (const child of node.namedChildren)
          for (const part of child?.type === "template_parameter_list" ? templateDefaults(child) : [child])
            if (part) visit(part, owner, inClass, inFunction);
        return;
      }
      default:
        if (recordUses(node, facts, skip) === "done") return;
    }
    for (const child of node.namedChildren) if (child) visit(child, owner, inClass, inFunction);
  };

  visit(root, contextOwner, false, false);
  return facts.facts();
};
