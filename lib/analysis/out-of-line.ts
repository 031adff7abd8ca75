import { moduleOfPath } from "./languages/lookup";
import type { PatchDefinition } from "./patch-types";

// C++'s declarations in a header and definitions out of line (`bool GeneratorUntypedBase::countedNext() {` in a
// `.cpp`): one member, whose class a header hunk under a namespace's header (`@@ … @@ namespace Catch {`) does not show.

/**
 * The patch's definitions with a C++ header's functions whose class no hunk shows (owner a namespace only:
 * `Catch.countedNext`) given the class of the one out-of-line definition of that name the patch writes in that
 * namespace (`Catch.Generators.GeneratorUntypedBase.countedNext`), and its methods of no known class (under
 * `public:`) that of the one such definition anywhere (`void XMLElement::DeleteAttribute(…)`); and such a definition, new only because its
 * source file is, no newer than the declaration the header had before (a body moved out of line).
 */
export function withOutOfLineOwners(given: PatchDefinition[]): PatchDefinition[] {
  const definitions = withKnownNamespaces(given);
  const outOfLine = new Map<string, PatchDefinition[]>();
  // (A source's, or a header's own written out of line: `inline Value& Value::front() { … }` below its class.)
  for (const def of definitions)
    if ((header(def) === false || def.outOfLine) && (def.kind === "method" || def.kind === "constructor") && def.owner)
      outOfLine.set(def.member, [...(outOfLine.get(def.member) ?? []), def]);
  const declared = new Map<string, PatchDefinition>();
  const renamed = new Map<string, string>();
  const reowned = definitions.map((def) => {
    // (A method with no owner stood in a class no hunk shows, under `public:`: any class may be its; so may a
    // function of no namespace, pugixml's `bool set(const char_t* rhs, size_t sz);` under `@@ … @@ namespace pugi`.)
    // (Not a pure virtual one, `virtual void reset() = 0;`: a base's, which another class defines.)
    const unowned = def.kind === "method" && def.owner === null && !/=\s*0\s*$/.test(def.signature ?? "");
    if (header(def) !== true || (def.kind !== "function" && !unowned)) return def;
    // (Declared alike but for the class's qualification: `StringRef currentElementAsString() const` and
    // `StringRef GeneratorUntypedBase::currentElementAsString() const`; a free function `to_json(const Value&)`
    // beside a `Printer::to_json(const Value&) const` is none.)
    const own = declarations(def);
    const owners = new Set(
      (outOfLine.get(def.member) ?? [])
        .filter(
          (d) =>
            unowned ||
            def.owner === null ||
            (d.owner as string).startsWith(`${def.owner}.`) ||
            // (Or a namespace's, where the source's hunk shows none: `PUGI__FN bool xml_text::set(…)`.)
            (def.namespace === def.owner && d.namespace === undefined),
        )
        .filter((d) => declarations(d).some((s) => own.includes(s)))
        .map((d) => d.owner as string),
    );
    if (owners.size !== 1) return def;
    const owner = [...owners][0] as string;
    const namespace = (outOfLine.get(def.member) ?? []).find((d) => d.owner === owner)?.namespace;
    const moved: PatchDefinition = {
      ...def,
      owner,
      kind: "method",
      name: `${owner}.${def.member}`,
      ...(namespace ? { namespace } : {}),
    };
    declared.set(moved.name, moved);
    renamed.set(`${def.path}\0${def.name}`, moved.name);
    return moved;
  });
  // (Its parameters with it: `pugi.set.precision` is `pugi.xml_text.set.precision`.)
  const withParameters = reowned.map((def) => {
    const owner = def.kind === "parameter" && def.owner ? renamed.get(`${def.path}\0${def.owner}`) : undefined;
    return owner ? { ...def, owner, name: `${owner}.${def.member}` } : def;
  });
  // (A header's declaration and its definition out of line below the class, `Value.front` twice in `value.h`: one.)
  const seen = new Set<string>();
  const once = withParameters.filter((def) => {
    const key = `${def.path}\0${def.name}\0${def.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return headersFirst(
    once.map((def) =>
      def.status === "new" && header(def) === false && declared.get(def.name)?.status === "changed"
        ? { ...def, status: "changed" }
        : def,
    ),
  );
}

const callable = (def: PatchDefinition) =>
  def.kind === "function" || def.kind === "method" || def.kind === "constructor";

/**
 * The definitions with a source's definition of a callable a header of the patch declares too (`bool
 * xml_node::remove_children()` in `pugixml.cpp`, `bool remove_children();` in `pugixml.hpp`) moved after that
 * declaration and its parameters, with its own: a hint states first what a test includes, in the header's words.
 */
function headersFirst(definitions: PatchDefinition[]): PatchDefinition[] {
  const declared = new Set(definitions.filter((d) => header(d) === true && callable(d)).map((d) => d.name));
  // (A source's callable, or a parameter of one: the callable's name.)
  const callableOf = (d: PatchDefinition) => {
    if (header(d) !== false) return undefined;
    if (callable(d)) return d.name;
    return d.kind === "parameter" ? (d.owner ?? undefined) : undefined;
  };
  const deferred = new Map<string, PatchDefinition[]>();
  for (const def of definitions) {
    const name = callableOf(def);
    if (name !== undefined && declared.has(name)) deferred.set(name, [...(deferred.get(name) ?? []), def]);
  }
  if (deferred.size === 0) return definitions;
  const ordered: PatchDefinition[] = [];
  let open: PatchDefinition | undefined;
  const flush = () => {
    if (open) ordered.push(...(deferred.get(open.name) ?? []));
    if (open) deferred.delete(open.name);
    open = undefined;
  };
  for (const def of definitions) {
    const name = callableOf(def);
    if (name !== undefined && declared.has(name)) continue;
    const ownParameter = open && def.kind === "parameter" && def.owner === open.name && def.path === open.path;
    if (!ownParameter) flush();
    ordered.push(def);
    if (header(def) === true && callable(def) && deferred.has(def.name)) open = def;
  }
  flush();
  return ordered;
}

/**
 * A definition qualified out of line through a namespace the patch opens elsewhere (`int acme::Widget::area()
 * const` in a source beside `namespace acme {` in its header): that namespace, which qualifies no stated name
 * (`Widget.area`, as in the header), for the definitions of the same language.
 */
function withKnownNamespaces(definitions: PatchDefinition[]): PatchDefinition[] {
  // (C's headers and C++'s sources are one family: a `.h` is read as C++ too.)
  const family = (path: string) => {
    const module = moduleOfPath(path);
    return module?.uses?.includePaths ? "include" : module?.name;
  };
  const known = new Map<string, Set<string>>();
  for (const def of definitions) {
    const language = family(def.path);
    if (!def.namespace || !language) continue;
    const parts = def.namespace.split(".");
    const set = known.get(language) ?? new Set<string>();
    for (let n = 1; n <= parts.length; n++) set.add(parts.slice(0, n).join("."));
    known.set(language, set);
  }
  if (known.size === 0) return definitions;
  return definitions.map((def) => {
    const namespaces = known.get(family(def.path) ?? "");
    if (def.namespace || !def.owner || !namespaces) return def;
    const parts = def.owner.split(".");
    let longest = 0;
    for (let n = 1; n <= parts.length; n++) if (namespaces.has(parts.slice(0, n).join("."))) longest = n;
    if (longest === 0) return def;
    const namespace = parts.slice(0, longest).join(".");
    // (`void acme::reset_all(int)` out of line is a function, not a method of `acme`.)
    const kind = longest === parts.length && def.kind === "method" ? "function" : def.kind;
    return { ...def, namespace, kind };
  });
}

/** Whether a definition's file is a header (true) or a source (false) in a language that has both, else undefined. */
const header = (def: PatchDefinition) => moduleOfPath(def.path)?.uses?.declarationHeader?.(def.path);

/** Each declaration of a definition (an overloaded one's every one, `set(double, int)` and `set(float, int)`), unqualified. */
const declarations = (def: PatchDefinition) =>
  (def.overloads?.map((o) => o.signature) ?? [def.signature]).map((s) => unnamed(unqualified(s, def.path)));

/** Words that end a parameter's type, never name the parameter (`unsigned int`, `long long`). */
const TYPE_WORDS = new Set([
  "int",
  "long",
  "short",
  "char",
  "double",
  "float",
  "bool",
  "unsigned",
  "signed",
  "const",
  "volatile",
  "auto",
  "void",
  "size_t",
]);

/**
 * A declaration with its parameters' names and defaults left out: a class's declaration may leave them unnamed
 * (`formatter& symbols(symbol_mode);` against the source's `formatter& formatter::symbols(symbol_mode mode) {`).
 */
function unnamed(declaration: string): string {
  const open = declaration.indexOf("(");
  const close = declaration.lastIndexOf(")");
  if (open < 0 || close < open) return declaration;
  const params: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i <= close; i++) {
    const c = declaration[i];
    if (c === "(" || c === "<" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === ">" || c === "]" || c === "}") && !(i === close && depth === 0)) depth--;
    if ((c === "," && depth === 0) || i === close) {
      params.push(declaration.slice(start, i));
      start = i + 1;
    }
  }
  const typeOf = (param: string) => {
    const bare = param.replace(/=.*$/s, "").trim();
    // (`symbol_mode mode`, `const std::string& s`, `char* buf`, `int xs[4]`; not `unsigned int`, `struct stat`.)
    const named = /^(.*?)(?:\s+|(?<=[&*]))([A-Za-z_]\w*)(\s*\[[^\]]*\])?$/.exec(bare);
    if (!named || TYPE_WORDS.has(named[2] as string)) return bare;
    const type = (named[1] as string).trim();
    return type === "" || /^(const|struct|enum|class|typename|union)$/.test(type) ? bare : `${type}${named[3] ?? ""}`;
  };
  const types = params.map((param) => typeOf(param).replace(/\s*([&*])\s*/g, "$1"));
  return `${declaration.slice(0, open + 1)}${types.join(", ")}${declaration.slice(close)}`;
}

/**
 * A declaration without the scopes qualifying its name (`GeneratorUntypedBase::`), what only a declaration in
 * the class says (`virtual`, `static`, `override`, `= 0`), a macro after the parameters (`NOEXCEPT`) and the specifier macros its language reads past (a
 * source's `PUGI__FN bool xml_node::remove_children()` against the header's `bool remove_children();`), white
 * space folded.
 */
const unqualified = (signature: string | null, path: string) =>
  (moduleOfPath(path)?.sourceText ?? ((text: string) => text))(signature ?? "")
    .replace(/^\s*((virtual|static|inline|explicit|constexpr|friend)\s+)+/, "")
    .replace(/\s*(override|final|=\s*0)\s*$/, "")
    // (A macro after the parameters, `const NOEXCEPT`, as the class's declaration may leave it off.)
    .replace(/(\)\s*(const\s*)?)(\s*[A-Z][A-Z0-9_]*)+\s*$/, "$1")
    .replace(/(\w+\s*::\s*)+(?=~?\w+\s*\()/g, "")
    .replace(/\s+/g, " ")
    .trim();
