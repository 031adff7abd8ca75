import type { Node } from "web-tree-sitter";
import type { FactCollector } from "../syntax-facts";
import { defineJsDocFields } from "./jsdoc";
import { bindMadeObject, recordKeys } from "./members";
import { moduleAliasOf } from "./module-aliases";

// The uses a JavaScript or TypeScript node records by itself, apart from the definitions' walk (extract.ts).

/** Objects that stand for the global scope or the instance: a constructor reached through one is any file's. */
const SCOPE_OBJECTS = new Set(["self", "this", "window", "global", "globalThis"]);

/**
 * Assertion matchers that compare a value with the object they are given (`expect(x).toMatchObject({ core: … })`):
 * its keys describe the result, no options a called function takes. Jest's and Vitest's by name; a generic one
 * (`equal`, `same`, `deepEqual`) only down an assertion's chain (`expect(x).to.deep.equal`, `assert.deepEqual`,
 * tap's `t.same`), not a class's own `differ.equals(a, b, { ignoreWhitespace })`.
 */
const MATCHERS = /^(toEqual|toStrictEqual|toMatchObject|toHaveBeenCalledWith|toHaveBeenLastCalledWith|toBeCalledWith)$/;
const GENERIC_MATCHERS = /^(deepEqual|deepStrictEqual|equal|eql|equals|strictEqual|same|containSubset)$/;
const ASSERTION_CHAIN =
  /^(expect\s*\(|assert\b|t\b|chai\b|should\b)|\.(to|be|been|deep|that|and|not|eventually|should)$/;
const comparesWith = (callee: string | null, fn: Node | null) =>
  callee !== null &&
  (MATCHERS.test(callee) ||
    (GENERIC_MATCHERS.test(callee) &&
      fn?.type === "member_expression" &&
      ASSERTION_CHAIN.test(fn.childForFieldName("object")?.text ?? "")));

/**
 * The uses a node records by itself (calls and the keys of options objects, `new`, members, imports, names):
 * "done" when its children need no visit, "children" when they do, null for a node of another kind.
 */
export function recordUses(node: Node, facts: FactCollector, skip: Set<number>): "children" | "done" | null {
  switch (node.type) {
    case "comment": // (No use: JSDoc's `@typedef` and its `@property` lines declare a type's fields.)
      defineJsDocFields(node, facts);
      return "done";
    case "jsx_attribute": {
      // `<Bitcoin awaitingPayment={false} />`: a prop of the component (a field of its props' type).
      const name = node.namedChildren[0];
      const component = node.parent?.childForFieldName("name")?.text ?? "";
      if (name?.type === "property_identifier" && /^[A-Z]/.test(component) && facts.countsAt(name)) {
        skip.add(name.id);
        facts.use(name, name.text, "prop", component.split(".").pop() ?? component);
      }
      return "children";
    }
    case "call_expression": {
      const fn = node.childForFieldName("function");
      let callee: string | null = null;
      // How many arguments the call passes, to tell overloads apart (none said for a spread `...xs`).
      const args = node.childForFieldName("arguments")?.namedChildren.filter((a) => a?.type !== "comment") ?? [];
      const arity = args.some((a) => a?.type === "spread_element") ? undefined : args.length;
      if (fn?.type === "identifier") {
        skip.add(fn.id);
        callee = fn.text;
        facts.use(fn, fn.text, "call", null, undefined, arity);
        if (fn.text === "require") {
          const source = node.childForFieldName("arguments")?.namedChildren[0];
          if (source?.type === "string")
            facts.use(source, source.text.slice(1, -1), "module", null, source.text.slice(1, -1));
        }
      } else if (fn?.type === "import") {
        // A dynamic import (`await import("./find-index.js")`, `typeof import("./x").y`): a use of the file.
        const source = args[0];
        if (source?.type === "string" && facts.countsAt(source)) {
          const module = source.text.slice(1, -1);
          facts.use(source, module.split("/").pop() ?? module, "module", null, module);
        }
      } else if (fn?.type === "member_expression") {
        const property = fn.childForFieldName("property");
        // `jest.mock("../src/NewFile")`, `vi.mock(…)`, `jest.requireActual(…)`: the string names a module,
        // a use of the file that defines it, like an import.
        const object = fn.childForFieldName("object")?.text;
        if (
          property &&
          (object === "jest" || object === "vi") &&
          /^(mock|doMock|unmock|requireActual|requireMock|importActual|importMock)$/.test(property.text)
        ) {
          const source = node.childForFieldName("arguments")?.namedChildren[0];
          if (source?.type === "string" && facts.countsAt(source)) {
            const module = source.text.slice(1, -1);
            facts.use(source, module.split("/").pop() ?? module, "module", null, module);
          }
        }
        if (property) {
          skip.add(property.id);
          callee = property.text;
          facts.use(property, property.text, "call", fn.childForFieldName("object")?.text ?? null, undefined, arity);
          markModuleMember(fn, facts);
          bindMadeObject(fn.childForFieldName("object"), facts);
        }
      }
      // Options objects are the keyword arguments of JavaScript: `formatBytes(1, { binary: true })`.
      for (const arg of node.childForFieldName("arguments")?.namedChildren ?? [])
        if (arg?.type === "object" && !comparesWith(callee, fn)) recordKeys(arg, callee, facts, skip);
      return "children";
    }
    case "new_expression": {
      const ctor = node.childForFieldName("constructor");
      const name = ctor?.type === "member_expression" ? ctor.childForFieldName("property") : ctor;
      if (name && (name.type === "identifier" || name.type === "property_identifier")) {
        skip.add(name.id);
        // (Through a lower-case object, `new uuid.BufferClass(16)`: that object's property, as `uuid.parse(s)` calls its
        // method. A namespace's class, `new L.Marker(…)`, `new self.Headers()`, keeps no qualifier: any file's class.)
        const object = ctor?.type === "member_expression" ? ctor.childForFieldName("object") : null;
        const through =
          object?.type === "identifier" && /^[a-z_$]/.test(object.text) && !SCOPE_OBJECTS.has(object.text)
            ? object.text
            : null;
        facts.use(name, name.text, "instantiation", through);
      }
      // (A constructor's options object, `new Ajv({validateFormats: false})`, as a call's; not a global's or a
      // module's, `new Intl.NumberFormat("en", {currency})`.)
      const made = ctor?.type === "identifier" ? ctor.text : null;
      for (const arg of made ? (node.childForFieldName("arguments")?.namedChildren ?? []) : [])
        if (arg?.type === "object") recordKeys(arg, made, facts, skip);
      return "children";
    }
    case "member_expression": {
      const property = node.childForFieldName("property");
      if (property && !skip.has(property.id)) {
        skip.add(property.id);
        facts.use(property, property.text, "attribute", node.childForFieldName("object")?.text ?? null);
        markModuleMember(node, facts);
        bindMadeObject(node.childForFieldName("object"), facts);
      }
      return "children";
    }
    case "object_pattern": {
      // `const { chunks: jsonChunks } = createFrameDecoder(input)` reads `chunks` off what the call returns, as
      // `createFrameDecoder(input).chunks` would, and so does `({ chunks } = …)` (a parameter's pattern reads nothing
      // the patch shows).
      const parent = node.parent;
      const value =
        parent?.type === "variable_declarator"
          ? parent.childForFieldName("value")
          : parent?.type === "assignment_expression" && parent.childForFieldName("left")?.id === node.id
            ? parent.childForFieldName("right")
            : null;
      // (`const { parse } = require("../src/parser")` imports names, as `import { parse }` does: no member reads.)
      const loaded = /^(await\s+)?(require|import)\s*\(/.test(value?.text ?? "");
      for (const entry of value && !loaded ? node.namedChildren : []) {
        const key = entry?.type === "pair_pattern" ? entry.childForFieldName("key") : entry;
        if (
          key &&
          /^(property_identifier|shorthand_property_identifier_pattern)$/.test(key.type) &&
          facts.countsAt(key)
        )
          facts.use(key, key.text, "attribute", value?.text ?? null);
      }
      return "children";
    }
    case "import_statement": {
      const source = node.childForFieldName("source");
      const module = source?.text.slice(1, -1) ?? "";
      if (source) facts.use(source, module.split("/").pop() ?? module, "module", null, module);
      for (const specifier of node.descendantsOfType(["import_specifier", "namespace_import"])) {
        const name = specifier?.childForFieldName("name") ?? specifier?.namedChildren[0];
        if (name) {
          skip.add(name.id);
          facts.use(name, name.text, "import", null, module);
        }
      }
      const clause = node.namedChildren.find((c) => c?.type === "import_clause");
      const defaultName = clause?.namedChildren.find((c) => c?.type === "identifier");
      if (defaultName) facts.use(defaultName, defaultName.text, "import", null, module);
      return "done";
    }
    case "type_identifier": {
      if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "type");
      return "done";
    }
    case "identifier":
    case "shorthand_property_identifier": {
      if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "name");
      return "done";
    }
  }
  return null;
}

/** A member expression whose object is a module's alias (`Q.nfapply`, `mod.default`): its use reaches that module. */
function markModuleMember(member: Node, facts: FactCollector) {
  const object = member.childForFieldName("object");
  const module = object?.type === "identifier" ? moduleAliasOf(object) : undefined;
  if (module !== undefined) facts.throughModule(module);
}
