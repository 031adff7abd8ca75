// Over 300 lines: one walk of the Ruby grammar (classes, modules, methods, accessor macros, RSpec groups and doubles), kept whole.
import type { Node } from "web-tree-sitter";
import { type Extractor, type FactCollector, foldSpace } from "../syntax-facts";
import { expectationTarget, MESSAGE_EXPECTATIONS, OWN_EXPECTATIONS } from "./expectations";
import { ACCESSORS, FIRST_SYMBOL_ACCESSORS, MORE_ACCESSORS, parameterList, parameterNames, SENDS } from "./vocabulary";

/** `A`, `A::B` (as `A.B`). */
const constantName = (node: Node | null) => (node ? node.text.replace(/\s+/g, "").replace(/::/g, ".") : null);

/**
 * RSpec's doubles, whose keys name the methods they stand in for (`instance_double('A::Client', fetch: 1)`: a
 * method of A::Client; `double('client', fetch: 1)`: of whatever class, its first argument being a label).
 */
const VERIFYING_DOUBLES = new Set(["instance_double", "class_double", "instance_spy", "class_spy", "object_double"]);
const DOUBLES = new Set([...VERIFYING_DOUBLES, "double", "spy", "receive_messages"]);

/** An anonymous class (`Class.new(Filter) { def filter_stream(_tag, es); end }.new`): its methods are no one's. */
const anonymousClass = (call: Node) =>
  call.childForFieldName("method")?.text === "new" &&
  call.childForFieldName("receiver")?.text === "Class" &&
  call.parent?.type !== "assignment";

/** `Struct.new(:a, :b) do … end`, `Data.define(:a)`: the symbols it makes fields of, and its block's statements. */
function recordMembers(right: Node | null): { fields: Node[]; body: Node[] } | null {
  if (right?.type !== "call") return null;
  const made = `${right.childForFieldName("receiver")?.text}.${right.childForFieldName("method")?.text}`;
  if (made !== "Struct.new" && made !== "Data.define") return null;
  const fields = (right.childForFieldName("arguments")?.namedChildren ?? []).filter(
    (arg): arg is Node => arg?.type === "simple_symbol",
  );
  const block = right.childForFieldName("block");
  const body = block?.namedChildren.find((c) => c?.type === "body_statement" || c?.type === "block_body");
  return { fields, body: (body?.namedChildren ?? []).filter((c): c is Node => c !== null) };
}

/**
 * `A = …` in a class body: a constant; or a class where `Struct.new(:a, :b) do … end` / `Data.define(:a)` makes
 * it, its symbols its fields: then its block's statements, to be read as its own (null otherwise).
 */
function defineConstant(node: Node, left: Node, owner: string | null, facts: FactCollector, skip: Set<number>) {
  skip.add(left.id);
  const record = recordMembers(node.childForFieldName("right"));
  facts.define(node, left.text, owner, record ? "class" : "constant", foldSpace(node.text).slice(0, 120));
  if (!record) return null;
  const inner = owner ? `${owner}.${left.text}` : left.text;
  for (const symbol of record.fields) facts.define(symbol, symbol.text.slice(1), inner, "field", symbol.text);
  return { owner: inner, body: record.body };
}

/** Calls that group examples by what they test. */
const EXAMPLE_GROUPS = new Set(["describe", "context"]);
/** The qualifier of a method an example group names: an object of the described class (which one, the uses say). */
const DESCRIBED = "described";

/**
 * The class an enclosing example group describes (`describe Thor::Actions do` … `describe "#link_file"`: Actions),
 * or null.
 */
function describedClass(name: Node): string | null {
  for (let node = name.parent?.parent ?? null; node; node = node.parent) {
    if (node.type !== "call" || !EXAMPLE_GROUPS.has(node.childForFieldName("method")?.text ?? "")) continue;
    const subject = node.childForFieldName("arguments")?.namedChildren[0];
    if (subject?.type === "constant" || subject?.type === "scope_resolution")
      return subject.text.split("::").pop() ?? null;
  }
  return null;
}

/** The keys of a call's `key: value` arguments (`fetch: 1`, in a braced hash too). */
const symbolKeys = (args: Node | null): Node[] =>
  (args?.namedChildren ?? [])
    .flatMap((arg) => (arg?.type === "hash" ? arg.namedChildren : [arg]))
    .map((pair) => (pair?.type === "pair" ? pair.childForFieldName("key") : null))
    .filter((key): key is Node => key?.type === "hash_key_symbol");

/**
 * A plain name's use; a predicate's or a bang method's name as a symbol (`:crossing?`, `%i[contains? contained?]`
 * handed on to `send`), only a method being so named: a call of it, sent to an object the symbol does not name.
 */
function nameUse(node: Node, facts: FactCollector, skip: Set<number>) {
  if (skip.has(node.id) || !facts.countsAt(node)) return;
  if (node.type === "identifier") facts.use(node, node.text, "name");
  const method = node.type === "identifier" ? undefined : /^:?([a-z_]\w*[?!])$/.exec(node.text)?.[1];
  if (method) facts.use(node, method, "call", "object");
}

/**
 * A call of a method by name, of the methods it names by symbol (`send(:name)`, `respond_to?(:name)`,
 * RSpec's `receive(:name)` and a double's keys), and of its parameters its keyword arguments name.
 */
function callUse(name: Node, receiver: Node | null, args: Node | null, facts: FactCollector, skip: Set<number>) {
  skip.add(name.id);
  // (A receiver through namespaces, `Jekyll::Commands::Serve`, qualifies as `Jekyll.Commands.Serve`: its class last.)
  const qualifier = receiver ? receiver.text.replace(/\s*::\s*/g, ".") : null;
  facts.use(name, name.text, "call", qualifier);
  const first = args?.namedChildren[0];
  // `require 'flipper/serializers/gzip'` loads the library's file under its load path (`lib/`);
  // `require_relative '../support/x'`, the file beside this one. (A bare `require 'json'` is a library's.)
  const required = first?.type === "string" && first.namedChildCount <= 1 ? first.text.slice(1, -1) : "";
  if (!receiver && facts.countsAt(name) && /^[\w./-]+$/.test(required)) {
    if (name.text === "require_relative")
      facts.use(first as Node, required, "module", null, required.startsWith(".") ? required : `./${required}`);
    else if (name.text === "require" && required.includes("/") && !required.startsWith("."))
      facts.use(first as Node, required, "module", null, required);
  }
  const own = SENDS.has(name.text) || (OWN_EXPECTATIONS.has(name.text) && receiver !== null);
  if (own || (MESSAGE_EXPECTATIONS.has(name.text) && !receiver)) {
    // `obj.send(:finalize!)`, `respond_to?(:name)`, `receive(:name)`: the symbol names a method, the object's
    // the expectation is set on (`allow(columns).to receive(:expand)`).
    if (first?.type === "simple_symbol" && facts.countsAt(first))
      facts.use(first, first.text.slice(1), "call", own ? qualifier : expectationTarget(name.parent ?? name));
  }
  // RSpec's and minitest's `describe "#link_file"` (an instance method) or `".parse"` (a class method): the
  // method under test, of the described class (`describe Thor::Actions`), whose line the hunk may not show.
  if (EXAMPLE_GROUPS.has(name.text) && first?.type === "string" && facts.countsAt(first)) {
    const method = /^["'][#.]([a-z_]\w*[!?=]?)["']$/.exec(first.text)?.[1];
    // (Through an object of that class: a subclass's method of the name, Logger's `on_error` hook under
    // `describe Faraday::Middleware`, may be the one meant.)
    const described = describedClass(name);
    if (method && described) facts.bind(first, DESCRIBED, described);
    if (method) facts.use(first, method, "call", DESCRIBED);
  }
  if (!DOUBLES.has(name.text) || receiver) {
    // `fetch(build_id: 1)`: a keyword argument names the called method's parameter.
    for (const key of symbolKeys(args)) if (facts.countsAt(key)) facts.use(key, key.text, "keyword", name.text);
  } else {
    // The class a verifying double stands in for, by constant or by its name in a string; the object an
    // expectation is set on (`allow(cart).to receive_messages(recalculate: 3)`).
    const named = VERIFYING_DOUBLES.has(name.text) && first ? first.text.replace(/^["']|["']$/g, "") : "";
    const owner = /^[A-Z][\w:]*$/.test(named)
      ? (named.split("::").pop() ?? null)
      : name.text === "receive_messages"
        ? expectationTarget(name.parent ?? name)
        : null;
    for (const key of symbolKeys(args)) if (facts.countsAt(key)) facts.use(key, key.text, "call", owner);
  }
}

/**
 * A class's or module's name inside its owner: inside a class it keeps that class (`Outer.Inner`); inside
 * modules only (or written `A::B::C`) it stands alone, the modules being namespaces that names drop as Java
 * drops its package (`Jekyll::Drops::DocumentDrop#name` is `DocumentDrop.name`, as hand labels write it).
 * `whole` is the full nesting, modules included (what tells a reopened library).
 */
function nestedName(name: string, owner: string | null, namespaces: Set<string>, nesting: Map<string, string>) {
  const member = name.split(".").pop() ?? name;
  const prefix = name.includes(".") ? name.split(".").slice(0, -1).join(".") : null;
  const whole = [owner ? (nesting.get(owner) ?? owner) : null, prefix].filter(Boolean).join(".") || null;
  const inClass = owner !== null && !namespaces.has(owner) && prefix === null;
  return { member, whole, inClass, fullOwner: inClass ? owner : null };
}

/** `entry = DataEntry.new(…)`: entry holds a DataEntry (what `entry.data` reaches). */
function bindConstruction(assignment: Node, facts: FactCollector) {
  const left = assignment.childForFieldName("left");
  const right = assignment.childForFieldName("right");
  const made =
    right?.type === "call" && right.childForFieldName("method")?.text === "new"
      ? right.childForFieldName("receiver")
      : null;
  if (left?.type === "identifier" && made) facts.bind(assignment, left.text, made.text);
}

/** Whether a class's path spells a library the file requires (two constants at least): the gem's class, reopened. */
function reopensRequired(parts: readonly string[], required: ReadonlySet<string | undefined>): boolean {
  return parts.some(
    (_, i) =>
      i >= 1 &&
      required.has(
        parts
          .slice(0, i + 1)
          .join("")
          .replace(/[^A-Za-z0-9]/g, "")
          .toLowerCase(),
      ),
  );
}

/** Ruby's core (and standard library) classes and modules, which a file may reopen at the top (`module Kernel` / `def URI(uri)`, `class Date` in `core_ext/`), never add. */
const RUBY_CORE = new Set(
  [
    "Kernel Comparable Enumerable Object BasicObject Module Class String Symbol Integer Float Numeric Array Hash Range",
    "Proc Method UnboundMethod IO File Dir Time Struct Math Process Signal GC ObjectSpace Marshal Warning NilClass",
    "TrueClass FalseClass Regexp MatchData Enumerator Rational Complex Thread Mutex Encoding Random Exception",
    "StandardError RuntimeError ArgumentError TypeError NameError NoMethodError KeyError IndexError Date DateTime Set",
  ]
    .join(" ")
    .split(" "),
);

/** Whether a body holds classes and modules only (comments aside), and something. */
const holdsOnlyTypes = (body: Node | null) =>
  (body?.namedChildren ?? []).length > 0 &&
  (body?.namedChildren ?? []).every((c) => c?.type === "class" || c?.type === "module" || c?.type === "comment");

/**
 * Whether a module's body makes it an object of its own, named and called (`Flipper::Serializers::Gzip.serialize`):
 * `def self.m`, or `module_function` / `extend self` over its `def`s. (A module of instance methods alone is mixed
 * into classes, and a file may reopen one to add to it: no name of its own; one of classes alone is a namespace.)
 */
const actsAsObject = (body: Node | null) => {
  const children = body?.namedChildren ?? [];
  const selfMethods = children.some((c) => c?.type === "singleton_method");
  const ownFunctions =
    children.some((c) => c?.type === "identifier" && c.text === "module_function") ||
    children.some((c) => c?.type === "call" && /^extend\s+self$/.test(c.text));
  return selfMethods || (ownFunctions && children.some((c) => c?.type === "method"));
};

/** `entry.atime = time` calls the writer `atime=` (`x.count += 1`, the reader and the writer). */
function writerUse(left: Node | null, facts: FactCollector): void {
  const written = left?.type === "call" ? left.childForFieldName("method") : null;
  const receiver = left?.type === "call" ? left.childForFieldName("receiver") : null;
  if (written && receiver && facts.countsAt(written))
    facts.use(written, `${written.text}=`, "call", receiver.text.replace(/\s*::\s*/g, "."));
}

/** A `def` (or `def self.m`) as its owner's method, `initialize` as the constructor, or a function outside any. */
function defineMethod(node: Node, owner: string | null, facts: FactCollector, skip: Set<number>): void {
  const name = node.childForFieldName("name");
  if (!name) return;
  skip.add(name.id);
  const parameters = node.childForFieldName("parameters");
  const kind = name.text === "initialize" ? "constructor" : owner ? "method" : "function";
  // A class's own method says so as Ruby declares it (`def self.add_formatter`, or a `def` in `class << self`).
  const inSingletonClass = node.parent?.type === "body_statement" && node.parent.parent?.type === "singleton_class";
  const self = owner && (node.type === "singleton_method" || inSingletonClass) ? "self." : "";
  facts.define(
    node,
    name.text,
    owner,
    kind,
    foldSpace(`${self}${name.text}${parameters ? parameterList(parameters) : ""}`),
    parameterNames(parameters),
  );
}

/**
 * Ruby: classes and modules (`A::B` as `A.B`), instance methods (`A#m`) and singleton methods
 * (`def self.m`), both `A.m` in hints, `attr_accessor`/`attr_reader`/`attr_writer` attributes, constants.
 * Uses: calls with and without receivers, constants and `A::B` paths, and the symbols passed to `send`,
 * `respond_to?` and their kin.
 */
export const extractRuby: Extractor = (root, contextOwner, _inBody, facts) => {
  const skip = new Set<number>();
  // Libraries the file requires, by their letters alone (`require 'terminal-table'` → "terminaltable"):
  // a class whose path spells one (`module Terminal; class Table`) is that library's class, reopened to
  // patch it, not a new class of the patch.
  const required = new Set(
    [...root.text.matchAll(/^\s*require\s*\(?\s*["']([^"']+)["']/gm)].map((m) =>
      (m[1] ?? "")
        .split("/")
        .pop()
        ?.replace(/[^A-Za-z0-9]/g, "")
        .toLowerCase(),
    ),
  );

  const method = (node: Node, owner: string | null) => defineMethod(node, owner, facts, skip);

  // Owners that are modules only (namespaces a name drops: nestedName), and the whole nesting of each.
  const [namespaces, nesting] = [new Set<string>(), new Map<string, string>()];
  const visit = (node: Node, owner: string | null, inMethod: boolean): void => {
    switch (node.type) {
      case "class":
      case "module": {
        const nameNode = node.childForFieldName("name");
        const name = constantName(nameNode);
        if (nameNode && name && !inMethod) {
          skip.add(nameNode.id);
          const { member, whole, inClass, fullOwner } = nestedName(name, owner, namespaces, nesting);
          const superclass = node.childForFieldName("superclass");
          // `module Jekyll` reopens a namespace in file after file: it qualifies names, it is not one.
          // …and so is any class inside it (`Terminal::Table::Cell`).
          const parts = (whole ? `${whole}.${member}` : member).split(".");
          // Two constants at least: `require 'jekyll'` does not make every class in `module Jekyll` the gem's.
          const reopensLibrary = reopensRequired(parts, required) || (parts.length === 1 && RUBY_CORE.has(member));
          const body = node.childForFieldName("body") ?? node.namedChildren.find((c) => c?.type === "body_statement");
          // A class with no superclass whose body holds only classes and modules (`class ConnectAPI` / `class
          // BuildBundleFileSizes`, in a file that adds the inner one) reopens a namespace, as a module would.
          const namespaceOnly = node.type === "class" && !superclass && holdsOnlyTypes(body ?? null);
          if (node.type === "class" && !reopensLibrary && !namespaceOnly)
            facts.define(
              node,
              member,
              fullOwner,
              "class",
              foldSpace(`class ${nameNode.text}${superclass ? ` ${superclass.text}` : ""}`),
            );
          // (A module: a class of its name replacing it, `module UnixToUnix` → `class UnixToUnix < …`, is not new.)
          if (node.type === "module" && !reopensLibrary) {
            const object = actsAsObject(body ?? null);
            facts.define(
              node,
              member,
              fullOwner,
              object ? "module" : "namespace",
              object ? `module ${nameNode.text}` : null,
            );
          }
          const inner = fullOwner ? `${fullOwner}.${member}` : member;
          if ((node.type === "module" || namespaceOnly) && !inClass) namespaces.add(inner);
          nesting.set(inner, parts.join("."));
          if (superclass) visit(superclass, owner, inMethod);
          for (const child of body?.namedChildren ?? []) if (child) visit(child, inner, false);
          return;
        }
        break;
      }
      case "method": {
        if (!inMethod) method(node, owner);
        const body = node.childForFieldName("body") ?? node.namedChildren.find((c) => c?.type === "body_statement");
        if (body && facts.bodyMatters(node))
          for (const child of body.namedChildren) if (child) visit(child, null, true);
        return;
      }
      case "singleton_method": {
        // `def self.m` is the class's; `def Cache.m`, Cache's; `def query_parser.missing_value`, one object's
        // own override (a test's), no name of its own.
        const object = node.childForFieldName("object");
        const on = object?.type === "constant" ? object.text : object?.type === "self" ? owner : undefined;
        if (!inMethod && on !== undefined) method(node, on);
        const body = node.childForFieldName("body") ?? node.namedChildren.find((c) => c?.type === "body_statement");
        if (body && facts.bodyMatters(node))
          for (const child of body.namedChildren) if (child) visit(child, null, true);
        return;
      }
      case "assignment":
      case "operator_assignment": {
        const left = node.childForFieldName("left");
        bindConstruction(node, facts);
        writerUse(left, facts);
        if (left?.type === "constant" && !inMethod) {
          const record = defineConstant(node, left, owner, facts, skip);
          for (const child of record?.body ?? []) visit(child, record?.owner ?? owner, false);
          if (record) return;
        }
        break;
      }
      case "call": {
        const name = node.childForFieldName("method");
        const receiver = node.childForFieldName("receiver");
        const args = node.childForFieldName("arguments");
        const macro = name?.text ?? "";
        if (
          name &&
          !receiver &&
          (ACCESSORS.has(macro) || MORE_ACCESSORS.has(macro) || FIRST_SYMBOL_ACCESSORS.has(macro)) &&
          owner &&
          !inMethod
        ) {
          // `attr_accessor :name, :email`, `config_param :name, :string, default: 1`: the class's accessors
          // (every symbol, or the first one only where the others are the accessor's type).
          const symbols = (args?.namedChildren ?? []).filter((arg) => arg?.type === "simple_symbol");
          for (const arg of FIRST_SYMBOL_ACCESSORS.has(macro) ? symbols.slice(0, 1) : symbols) {
            if (arg) facts.define(arg, arg.text.slice(1), owner, "field", `${macro} ${arg.text}`);
          }
          // The other arguments (`to: :user`, defaults) are uses as anywhere.
          for (const arg of args?.namedChildren ?? [])
            if (arg && arg.type !== "simple_symbol") visit(arg, owner, inMethod);
          return;
        }
        if (name) callUse(name, receiver, args, facts, skip);
        if (!anonymousClass(node)) break;
        for (const child of node.namedChildren) if (child && child.id !== name?.id) visit(child, owner, true);
        return;
      }
      case "scope_resolution": {
        const name = node.childForFieldName("name");
        const scope = node.childForFieldName("scope");
        if (name && facts.countsAt(name)) {
          skip.add(name.id);
          facts.use(name, name.text, "attribute", scope ? (constantName(scope)?.split(".").pop() ?? null) : null);
        }
        if (scope) visit(scope, owner, inMethod);
        return;
      }
      case "constant": {
        if (!skip.has(node.id) && facts.countsAt(node)) facts.use(node, node.text, "type");
        return;
      }
      case "identifier":
      case "simple_symbol":
      case "bare_symbol":
        nameUse(node, facts, skip);
        return;
    }
    for (const child of node.namedChildren) if (child) visit(child, owner, inMethod);
  };

  visit(root, contextOwner, false);
  return facts.facts();
};
