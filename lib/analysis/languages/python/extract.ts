import type { Node } from "web-tree-sitter";
import { UNKNOWN_OWNER } from "../hunk-lines";
import { type Extractor, type FactCollector, foldSpace, lastSegment, withoutTrailingCommas } from "../syntax-facts";
import { isLocalName } from "./bindings";
import { keywordUses, namesInStrings } from "./call-arguments";
import { inModuleBlock, isProperty, requestsFixtures } from "./module-blocks";
import { overrideUses } from "./overrides";

const PARAM_NAME_TYPES = new Set([
  "identifier",
  "default_parameter",
  "typed_parameter",
  "typed_default_parameter",
  "list_splat_pattern",
  "dictionary_splat_pattern",
]);

const paramNameNode = (param: Node | null | undefined) =>
  param?.childForFieldName("name") ?? param?.namedChildren.find((c) => c?.type === "identifier");

function parameterNames(parameters: Node | null): string[] {
  if (!parameters) return [];
  const names: string[] = [];
  for (const child of parameters.namedChildren) {
    if (!child || !PARAM_NAME_TYPES.has(child.type)) continue;
    const name = child.type === "identifier" ? child : paramNameNode(child);
    if (name && name.type === "identifier") names.push(name.text);
  }
  return names.filter((n) => n !== "self" && n !== "cls");
}

interface Scope {
  owner: string | null;
  inFunction: boolean;
  /** the class whose method we are in, for `self.x = …` fields */
  selfOwner: string | null;
}

const LOCAL_TYPES = ["function_definition", "class_definition"];

/** Whether a class-level assignment is an enum's member (`FUTURE = "FUTURE"` in `class Features(str, Enum):`). */
function inEnumClass(node: Node): boolean {
  let up = node.parent;
  while (up && up.type !== "class_definition" && up.type !== "function_definition") up = up.parent;
  const bases = up?.type === "class_definition" ? (up.childForFieldName("superclasses")?.text ?? "") : "";
  return /\b(Enum|IntEnum|StrEnum|Flag|IntFlag)\b/.test(bases);
}

/** Whether a node lies inside a function of the parsed text. */
function inParsedFunction(node: Node): boolean {
  for (let up = node.parent; up; up = up.parent) if (up.type === "function_definition") return true;
  return false;
}

/** Every function and class nested in `fn`'s body, named after the definitions around it. */
function defineLocals(fn: Node, qualified: string, facts: FactCollector, definitionNames: Set<number>) {
  const body = fn.childForFieldName("body");
  for (const local of body?.descendantsOfType(LOCAL_TYPES) ?? []) {
    if (!local) continue;
    const nameNode = local.childForFieldName("name");
    if (!nameNode) continue;
    const chain: string[] = [];
    for (let up = local.parent; up && up.id !== fn.id; up = up.parent)
      if (LOCAL_TYPES.includes(up.type)) chain.unshift(up.childForFieldName("name")?.text ?? "?");
    definitionNames.add(nameNode.id);
    const parameters = local.childForFieldName("parameters");
    const isFunction = local.type === "function_definition";
    facts.define(
      local,
      nameNode.text,
      [qualified, ...chain].join("."),
      isFunction ? "function" : "class",
      isFunction ? foldSpace(`${nameNode.text}${parameters ? withoutTrailingCommas(parameters) : "()"}`) : null,
      isFunction ? parameterNames(parameters) : [],
      true,
    );
  }
}

/** `z = ZipArchive(…)`: z holds a ZipArchive (what `z.method()` reaches); `team: Team = load_team(1)`: a Team. */
function bindConstruction(assignment: Node, facts: FactCollector) {
  const left = assignment.childForFieldName("left");
  const right = assignment.childForFieldName("right");
  const declared = assignment.childForFieldName("type")?.namedChildren[0] ?? null;
  const made = right?.type === "call" ? right.childForFieldName("function") : null;
  const type = declared?.type === "identifier" || declared?.type === "attribute" ? declared : made;
  if (left?.type === "identifier" && (type?.type === "identifier" || type?.type === "attribute"))
    facts.bind(assignment, left.text, type.text);
}

/** `Derivative(comm_x, comm_x).kind`: the object is a Derivative, made where it is used (see bindConstruction). */
function bindMadeObject(object: Node | null, facts: FactCollector) {
  const made = object?.type === "call" ? object.childForFieldName("function") : null;
  if (object && (made?.type === "identifier" || made?.type === "attribute")) facts.bind(object, object.text, made.text);
}

/** A pytest function's parameters (not `self`, `cls`, `request`), each a use of the fixture of its name. */
function fixtureRequests(parameters: Node | null, facts: FactCollector) {
  for (const parameter of parameters?.namedChildren ?? []) {
    // (A typed one, `django_db_serialized_rollback: None`, has its name first, in no field.)
    const name = parameter?.type === "identifier" ? parameter : paramNameNode(parameter);
    if (name?.type === "identifier" && !/^(self|cls|request)$/.test(name.text) && facts.countsAt(name))
      facts.use(name, name.text, "name", null);
  }
}

/** `definition: darkmode._Definition` (a test's fixture parameter): definition holds a _Definition. */
function bindTypedParameters(parameters: Node | null, facts: FactCollector) {
  for (const parameter of parameters?.namedChildren ?? []) {
    if (parameter?.type !== "typed_parameter" && parameter?.type !== "typed_default_parameter") continue;
    const name = parameter.childForFieldName("name") ?? parameter.namedChildren.find((c) => c?.type === "identifier");
    const type = parameter.childForFieldName("type");
    if (name && type) facts.bind(parameter, name.text, type.text);
  }
}

/** A function's signature as a hint states it: `async ` for a coroutine function, its parameters, its return type. */
function signatureOf(node: Node, name: string): string {
  const parameters = node.childForFieldName("parameters");
  const returns = node.childForFieldName("return_type");
  // (`async def` is a coroutine function: its callers await it.)
  const isAsync = node.children.some((child) => child?.type === "async") ? "async " : "";
  return foldSpace(
    `${isAsync}${name}${parameters ? withoutTrailingCommas(parameters) : "()"}${returns ? ` -> ${returns.text}` : ""}`,
  );
}

/** A bare name's use, marked where it is its function's own local (`settings = LazySettings(…)`: see bindings.ts). */
function bareUse(node: Node, kind: "call" | "name", facts: FactCollector, inBody: boolean): void {
  facts.use(node, node.text, kind);
  if (isLocalName(node, inBody)) facts.ownLocal();
}

/**
 * Python: functions, classes, methods, class and `self.` fields, module variables; calls, attributes,
 * imports, keywords. Functions and classes inside a function's body are local definitions, named by the
 * definitions that enclose them (`outer.inner`), as FEA-Bench names them.
 */
export const extractPython: Extractor = (root, contextOwner, inBody, facts) => {
  const definitionNames = new Set<number>();
  const calleeIds = new Set<number>();

  const visit = (node: Node, scope: Scope, parentType = ""): void => {
    switch (node.type) {
      case "class_definition": {
        const nameNode = node.childForFieldName("name");
        overrideUses(node, facts);
        if (nameNode && scope.inFunction && !inParsedFunction(node)) {
          // The hunk lies in a function body the hunk does not show: its own definitions are local to it.
          definitionNames.add(nameNode.id);
          facts.define(node, nameNode.text, UNKNOWN_OWNER, "class", null, [], true);
          break;
        }
        if (nameNode && !scope.inFunction) {
          definitionNames.add(nameNode.id);
          facts.define(node, nameNode.text, scope.owner, "class");
          const qualified = scope.owner ? `${scope.owner}.${nameNode.text}` : nameNode.text;
          for (const child of node.namedChildren) {
            if (child && child.id !== nameNode.id)
              visit(child, { owner: qualified, inFunction: false, selfOwner: null });
          }
          return;
        }
        break;
      }
      case "function_definition": {
        const nameNode = node.childForFieldName("name");
        if (nameNode && scope.inFunction && !inParsedFunction(node)) {
          // The hunk lies in a function body the hunk does not show: its own definitions are local to it.
          definitionNames.add(nameNode.id);
          const parameters = node.childForFieldName("parameters");
          facts.define(
            node,
            nameNode.text,
            UNKNOWN_OWNER,
            "function",
            foldSpace(`${nameNode.text}${parameters ? withoutTrailingCommas(parameters) : "()"}`),
            parameterNames(parameters),
            true,
          );
          defineLocals(node, `${UNKNOWN_OWNER}.${nameNode.text}`, facts, definitionNames);
          break;
        }
        if (nameNode && !scope.inFunction) {
          definitionNames.add(nameNode.id);
          const parameters = node.childForFieldName("parameters");
          facts.define(
            node,
            nameNode.text,
            scope.owner,
            scope.owner ? (isProperty(node) ? "property" : "method") : "function",
            signatureOf(node, nameNode.text),
            parameterNames(parameters),
          );
          if (!scope.owner && inModuleBlock(node)) facts.markDefinition("conditional");
          defineLocals(node, scope.owner ? `${scope.owner}.${nameNode.text}` : nameNode.text, facts, definitionNames);
          bindTypedParameters(parameters, facts);
          // (A test's or a fixture's parameter requests the fixture of its name: `def test_x(requires_custom_loop)`.)
          if (requestsFixtures(node, nameNode.text)) fixtureRequests(parameters, facts);
          // A method's body may assign `self.x` fields; any other body only matters where it has added lines.
          if (!scope.owner && !facts.bodyMatters(node)) return;
          for (const child of node.namedChildren)
            if (child && child.id !== nameNode.id && child.type !== "parameters")
              visit(child, { owner: null, inFunction: true, selfOwner: scope.owner });
          return;
        }
        break;
      }
      case "assignment": {
        const left = node.childForFieldName("left");
        bindConstruction(node, facts);
        if (left?.type === "identifier" && !scope.inFunction) {
          definitionNames.add(left.id);
          const constant = /^[A-Z][A-Z0-9_]*$/.test(left.text);
          const kind = scope.owner ? (inEnumClass(node) ? "constant" : "field") : constant ? "constant" : "variable";
          facts.define(node, left.text, scope.owner, kind);
          // (`except ImportError: Literal = None` at module level: the module's, as a `def` there is.)
          if (!scope.owner && inModuleBlock(node.parent ?? node)) facts.markDefinition("conditional");
        } else if (left?.type === "attribute" && scope.selfOwner && left.childForFieldName("object")?.text === "self") {
          const attr = left.childForFieldName("attribute");
          if (attr) facts.define(node, attr.text, scope.selfOwner, "field");
        }
        break;
      }
      case "call": {
        const fn = node.childForFieldName("function");
        if (fn) calleeIds.add(fn.id);
        const callee = fn?.type === "attribute" ? fn.childForFieldName("attribute")?.text : fn?.text;
        if (fn?.type === "identifier") bareUse(fn, "call", facts, inBody);
        else if (fn?.type === "attribute") {
          const attr = fn.childForFieldName("attribute");
          if (attr) facts.use(attr, attr.text, "call", fn.childForFieldName("object")?.text ?? null);
          bindMadeObject(fn.childForFieldName("object"), facts);
        }
        const args = node.childForFieldName("arguments");
        namesInStrings(callee, args, facts);
        keywordUses(args, callee, facts);
        break;
      }
      case "attribute": {
        const attr = node.childForFieldName("attribute");
        if (attr && !calleeIds.has(node.id)) {
          facts.use(attr, attr.text, "attribute", node.childForFieldName("object")?.text ?? null);
          bindMadeObject(node.childForFieldName("object"), facts);
        }
        break;
      }
      case "import_from_statement": {
        const module = node.childForFieldName("module_name");
        if (module) facts.use(module, lastSegment(module.text), "module", null, module.text);
        for (const child of node.namedChildren) {
          if (!child || child.id === module?.id) continue;
          const name = child.type === "aliased_import" ? child.childForFieldName("name") : child;
          if (name && (name.type === "dotted_name" || name.type === "identifier")) {
            facts.use(name, lastSegment(name.text), "import", null, module ? `${module.text}.${name.text}` : name.text);
          }
        }
        return;
      }
      case "import_statement": {
        for (const child of node.namedChildren) {
          const name = child?.type === "aliased_import" ? child.childForFieldName("name") : child;
          if (name) facts.use(name, lastSegment(name.text), "module", null, name.text);
        }
        return;
      }
      case "identifier": {
        if (
          facts.collectingUses &&
          !definitionNames.has(node.id) &&
          parentType !== "keyword_argument" &&
          parentType !== "attribute" &&
          facts.countsAt(node)
        ) {
          bareUse(node, "name", facts, inBody);
        }
        return;
      }
    }
    // (In a function's body a local class's `self` is its own: `self.id = id` is no field of the test's class.)
    const local = scope.inFunction && scope.selfOwner !== null && LOCAL_TYPES.includes(node.type);
    for (const child of node.namedChildren)
      if (child) visit(child, local ? { ...scope, selfOwner: null } : scope, node.type);
  };

  visit(root, { owner: contextOwner, inFunction: inBody, selfOwner: null });
  return facts.facts();
};
