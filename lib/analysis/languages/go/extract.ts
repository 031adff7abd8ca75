import type { Node } from "web-tree-sitter";
import { UNKNOWN_OWNER } from "../hunk-lines";
import { type Extractor, type FactCollector, headerText, OWN_FOLDER, RESULT_OF } from "../syntax-facts";
import { goPackageName } from "./package-name";

const parameterNames = (parameters: Node | null) =>
  (parameters?.namedChildren ?? [])
    .flatMap((p) => (p ? p.childrenForFieldName("name").map((n) => n?.text ?? "") : []))
    .filter(Boolean);

/** The type a receiver or composite literal names: `*Config` → Config, `pkg.T` → T, `T[int]` → T. */
const baseType = (node: Node | null): string | null => {
  if (!node) return null;
  if (node.type === "type_identifier") return node.text;
  if (node.type === "pointer_type" || node.type === "generic_type") return baseType(node.namedChildren[0] ?? null);
  if (node.type === "qualified_type") return node.childForFieldName("name")?.text ?? null;
  if (node.type === "parameter_declaration") return baseType(node.childForFieldName("type"));
  return null;
};

/** Whether a literal's type is an anonymous struct, or a slice, array or map of one (pointers too). */
const anonymousStruct = (type: Node | null): boolean => {
  if (!type) return false;
  if (type.type === "struct_type") return true;
  if (type.type === "pointer_type") return anonymousStruct(type.namedChildren[0] ?? null);
  if (["slice_type", "array_type", "implicit_length_array_type", "map_type"].includes(type.type))
    return anonymousStruct(type.childForFieldName("element") ?? type.childForFieldName("value"));
  return false;
};

/**
 * Whether a keyed element belongs to the literal `literal` or to an elided element of it (`{{now: t}}`),
 * not to a typed literal nested inside (`{now: T{Name: "x"}}` keeps `Name` a use).
 */
const ownLiteral = (element: Node, literal: Node): boolean => {
  for (let node = element.parent; node && node.id !== literal.id; node = node.parent)
    if (node.type === "composite_literal") return false;
  return true;
};

/**
 * The uses a node records by itself: "done" when its children need no visit, "children" when they do, null
 * for a node of another kind.
 */
function recordUses(node: Node, facts: FactCollector, skip: Set<number>): "children" | "done" | null {
  switch (node.type) {
    case "call_expression": {
      const fn = node.childForFieldName("function");
      if (fn?.type === "identifier") {
        skip.add(fn.id);
        facts.use(fn, fn.text, "call");
      } else if (fn?.type === "selector_expression") {
        const field = fn.childForFieldName("field");
        if (field) {
          skip.add(field.id);
          facts.use(field, field.text, "call", fn.childForFieldName("operand")?.text ?? null);
        }
      }
      return "children";
    }
    case "selector_expression": {
      const field = node.childForFieldName("field");
      // The field is this use alone: not also a bare name (a bare `SegmentKey` reaches the package's type).
      if (field && !skip.has(field.id)) {
        skip.add(field.id);
        facts.use(field, field.text, "attribute", node.childForFieldName("operand")?.text ?? null);
      }
      return "children";
    }
    case "composite_literal": {
      const typeNode = node.childForFieldName("type");
      // A literal of an anonymous struct (`[]struct{ now time.Time }{{now: t}}`, a test's table): its keys
      // are fields the literal declares itself, uses of nothing.
      if (anonymousStruct(typeNode)) {
        for (const key of node.childForFieldName("body")?.descendantsOfType("keyed_element") ?? []) {
          const name = key?.namedChildren[0]?.namedChildren[0] ?? key?.namedChildren[0];
          if (name && key?.parent?.parent && ownLiteral(key, node)) skip.add(name.id);
        }
      }
      // (The analysis's stand-in for a literal whose type is above the hunk: its keys are of an unknown type.)
      const stated = baseType(typeNode);
      const type = stated === UNKNOWN_OWNER ? null : stated;
      const pkg = typeNode?.type === "qualified_type" ? (typeNode.childForFieldName("package")?.text ?? null) : null;
      if (type) facts.use(node, type, "instantiation", pkg);
      // A map literal's keys are expressions (`map[string]string{kubeClusterEnvVar: …}`): names used as any
      // other, left to the walk, not fields of a type.
      if (typeNode?.type === "map_type") return "children";
      for (const element of node.childForFieldName("body")?.namedChildren ?? []) {
        if (element?.type !== "keyed_element") continue;
        const key = element.namedChildren[0]?.namedChildren[0] ?? element.namedChildren[0];
        if (key?.type === "identifier" || key?.type === "field_identifier") {
          skip.add(key.id);
          // (Qualified by its package where it has one: `http.Client{Timeout: …}` keys net/http's Client.)
          facts.use(key, key.text, "key", type && pkg ? `${pkg}.${type}` : type);
          // (A literal whose type is above the hunk may be a map's: `KindA: "a",` may name a constant too.)
          if (stated === UNKNOWN_OWNER) facts.use(key, key.text, "name", null);
        }
      }
      return "children";
    }
    case "literal_value": {
      if (mapLiteralBody(node)) return "children";
      // A literal whose type is elided (`VulnInfos{"a": {DiffStatus: "+"}}`, `[]T{{Name: "x"}}`): its keys
      // are still the fields of the element type, uses as in a typed literal (whose own body is handled
      // above, so this is reached for the nested ones only).
      for (const element of node.namedChildren) {
        if (element?.type !== "keyed_element") continue;
        const key = element.namedChildren[0]?.namedChildren[0] ?? element.namedChildren[0];
        if ((key?.type === "identifier" || key?.type === "field_identifier") && !skip.has(key.id)) {
          skip.add(key.id);
          facts.use(key, key.text, "key", null);
        }
      }
      return "children";
    }
    case "import_spec": {
      // The name a file refers to the package by: its alias (`au "…/audit"`), else the path's last part.
      const path = node.childForFieldName("path");
      const alias = node.childForFieldName("name");
      const text = path?.text.replace(/^["`]|["`]$/g, "") ?? "";
      const name = alias?.type === "package_identifier" ? alias.text : goPackageName(text);
      if (path) facts.use(path, name, "module", null, text);
      return "done";
    }
    case "qualified_type": {
      // `flipt.Variant`: the type Variant of the package the file calls flipt.
      const pkg = node.childForFieldName("package");
      const name = node.childForFieldName("name");
      if (pkg && name && facts.countsAt(name)) {
        skip.add(name.id);
        facts.use(name, name.text, "type", pkg.text);
      }
      return "done";
    }
    case "package_clause": {
      // An external test package (`package kong_test`) names the package under test, its folder's, as `kong.`.
      const name = node.namedChildren[0];
      const tested = /^(\w+)_test$/.exec(name?.text ?? "")?.[1];
      if (name && tested) facts.use(name, tested, "module", null, OWN_FOLDER);
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

/** Go: functions, methods (owned by their receiver type), structs and their fields, interfaces, types, package constants and variables; calls, selectors, struct-literal keys, types, imports. */
export const extractGo: Extractor = (root, _owner, _inBody, facts) => {
  const skip = new Set<number>();

  /** A struct's fields; those of an anonymous struct nested in a field belong to that field
   * (`Server struct { Port int }` in `Config` defines `Config.Server.Port`). */
  const defineStructFields = (owner: string, struct: Node) => {
    const list = struct.namedChildren.find((c) => c?.type === "field_declaration_list");
    for (const field of list?.namedChildren ?? []) {
      if (field?.type !== "field_declaration") continue;
      const names = field.childrenForFieldName("name").filter((n): n is Node => n !== null);
      for (const name of names) {
        skip.add(name.id);
        facts.define(field, name.text, owner, "field");
      }
      const type = field.childForFieldName("type");
      // An embedded field of the package's own type (`*Scope`, `base[T]` in `ClassDecl struct {`), named by it: not `sync.Mutex`.
      const embedded = names.length === 0 && /^\*?([A-Za-z_]\w*)(\[.*\])?$/.exec(type?.text ?? "")?.[1];
      if (embedded) facts.define(field, embedded, owner, "field");
      const nested = type?.type === "struct_type" ? type : type?.descendantsOfType("struct_type")[0];
      if (nested)
        for (const name of names.length ? names : [null])
          defineStructFields(name ? `${owner}.${name.text}` : owner, nested);
    }
  };

  const visit = (node: Node, inFunction: boolean): void => {
    switch (node.type) {
      case "function_declaration":
      case "method_declaration": {
        const name = node.childForFieldName("name");
        if (name) {
          skip.add(name.id);
          const receiver = node.childForFieldName("receiver");
          const owner = receiver ? baseType(receiver.namedChildren[0] ?? null) : null;
          const parameters = node.childForFieldName("parameters");
          facts.define(
            node,
            name.text,
            owner,
            owner ? "method" : "function",
            headerText(node, node.childForFieldName("body")),
            parameterNames(parameters),
          );
          for (const p of parameters?.namedChildren ?? [])
            for (const n of p?.childrenForFieldName("name") ?? []) if (n) skip.add(n.id);
          for (const r of receiver?.namedChildren ?? [])
            for (const n of r?.childrenForFieldName("name") ?? []) if (n) skip.add(n.id);
        }
        if (facts.bodyMatters(node)) for (const child of node.namedChildren) if (child) visit(child, true);
        return;
      }
      case "struct_type": {
        // An anonymous struct in a function (a test's table `[]struct{ devicesLimitReached bool }{…}`): its
        // fields are the function's own (local: what that file's keys and `test.x` reach, nothing to state).
        if (inFunction)
          for (const field of node.descendantsOfType("field_declaration"))
            for (const name of field?.childrenForFieldName("name") ?? [])
              if (field && name) facts.define(field, name.text, null, "field", null, [], true);
        break;
      }
      case "func_literal": {
        // A closure's body (`Describe("…", func() { var rr *T })`) is a function scope: its names are local.
        if (facts.bodyMatters(node)) for (const child of node.namedChildren) if (child) visit(child, true);
        return;
      }
      case "type_spec":
      case "type_alias": {
        const name = node.childForFieldName("name");
        const type = node.childForFieldName("type");
        if (name && !inFunction) {
          skip.add(name.id);
          const kind = type?.type === "struct_type" ? "struct" : type?.type === "interface_type" ? "interface" : "type";
          facts.define(node, name.text, null, kind);
          if (type?.type === "struct_type") defineStructFields(name.text, type);
          if (type?.type === "interface_type") {
            for (const method of type.descendantsOfType("method_elem")) {
              const methodName = method?.childForFieldName("name");
              if (method && methodName) {
                skip.add(methodName.id);
                facts.define(method, methodName.text, name.text, "method", method.text.replace(/\s+/g, " "));
              }
            }
          }
        }
        break;
      }
      case "const_spec":
      case "var_spec": {
        // `var ht HTTPTransport` in a function: ht is an HTTPTransport (what `ht.RequestHeaderOps()` reaches).
        const declared = node.type === "var_spec" && inFunction ? baseType(node.childForFieldName("type")) : null;
        if (declared)
          for (const name of node.childrenForFieldName("name")) if (name) facts.bindResult(node, name.text, declared);
        if (!inFunction) {
          for (const name of node.childrenForFieldName("name")) {
            if (!name) continue;
            skip.add(name.id);
            facts.define(node, name.text, null, node.type === "const_spec" ? "constant" : "variable");
          }
        }
        break;
      }
      case "short_var_declaration":
        bindValue(node, facts);
        if (recordUses(node, facts, skip) === "done") return;
        break;
      default:
        if (recordUses(node, facts, skip) === "done") return;
    }
    for (const child of node.namedChildren) if (child) visit(child, inFunction);
  };

  visit(root, false);
  return facts.facts();
};

/**
 * `q := &Queue{…}` or `q := Queue{…}`: q holds a Queue; `c := NewHTTPClient(…)` (or `c, err := …`): c holds
 * what NewHTTPClient returns, which its declaration says (see resultTypes in select-identifiers.ts).
 */
function bindValue(node: Node, facts: FactCollector) {
  const name = node.childForFieldName("left")?.namedChildren[0];
  let value = node.childForFieldName("right")?.namedChildren[0] ?? null;
  if (name?.type !== "identifier" || !value) return;
  if (value.type === "unary_expression" && value.child(0)?.type === "&") value = value.childForFieldName("operand");
  if (value?.type === "composite_literal") {
    const type = baseType(value.childForFieldName("type"));
    if (type) facts.bindResult(node, name.text, type);
  } else if (value?.type === "type_conversion_expression") {
    // `NewLRU[string, int](2)` reads as a conversion to a generic type: a generic function's call as well.
    const type = value.childForFieldName("type");
    const callee = type?.type === "generic_type" ? type.childForFieldName("type") : null;
    if (callee?.type === "type_identifier") facts.bindResult(node, name.text, `${callee.text}${RESULT_OF}`);
  } else if (value?.type === "call_expression") {
    const callee = value.childForFieldName("function");
    const called = callee?.type === "selector_expression" ? callee.childForFieldName("field") : callee;
    if (called?.type === "identifier" || called?.type === "field_identifier")
      facts.bindResult(node, name.text, `${called.text}${RESULT_OF}`);
  }
}

/** The body of a map literal (`map[K]V{…}`): its keys are expressions, not fields. */
function mapLiteralBody(node: Node): boolean {
  const parent = node.parent;
  return parent?.type === "composite_literal" && parent.childForFieldName("type")?.type === "map_type";
}
