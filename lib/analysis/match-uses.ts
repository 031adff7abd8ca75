// Over 300 lines: the one matcher of a use to a definition (useMatches) with its certainty, each rule beside its note.
import { fileStem, importLoadsFile } from "./import-paths";
import { DEFAULTS_MEMBER } from "./languages/definition-marks";
import type { UseRules } from "./languages/language";
import { isDictatedMember, moduleOfPath } from "./languages/lookup";
import { moduleObjectReaches } from "./module-objects";
import { folderOf, type ImportAliases, packageAllows } from "./package-scope";
import type { PatchDefinition, PatchUse } from "./patch-facts";

export const CONSTRUCTOR_MEMBERS = new Set(["__init__", "constructor", "__new__"]);
const SELF_NAMES = new Set(["self", "this", "cls", "$this", "static", "parent", "Self"]);

/** A use through the using object or class itself (`self.x`, `$this->x`, `static::x`). */
export const isSelfQualified = (use: PatchUse) => use.qualifier !== null && SELF_NAMES.has(use.qualifier);

export { importLoadsFile, literalNamesFile } from "./import-paths";

/** How uses reach definitions in a path's language (see UseRules): none of its departures for unknown files. */
const rulesOfPath = (path: string): UseRules => moduleOfPath(path)?.uses ?? {};

const lastSegment = (name: string | null) => (name ? (name.split(".").pop() ?? name) : null);

/** Whether a parameter's owner is a constructor (`RST.__init__`, `Cls.constructor`). */
const isConstructorOwner = (owner: string | null) =>
  owner !== null && CONSTRUCTOR_MEMBERS.has(owner.split(".").pop() ?? "");

/** The names a call site uses for a callable: `Cls` for a constructor, else the function's own name. */
export function calleeNames(owner: string | null): string[] {
  if (!owner) return [];
  const parts = owner.split(".");
  const last = parts.at(-1) ?? owner;
  return CONSTRUCTOR_MEMBERS.has(last) && parts.length > 1 ? [parts.at(-2) as string, last] : [last];
}

/** Whether the object or module a patched name is given with (its qualifier) is the definition's class or file. */
function patchedNames(use: PatchUse, def: PatchDefinition): boolean {
  const qualifier = use.qualifier ?? "";
  if (def.owner) return lastSegment(qualifier) === lastSegment(def.owner);
  const module = def.path.replace(/\.py$/, "").replace(/\/__init__$/, "");
  return lastSegment(qualifier) === module.split("/").pop() || importLoadsFile(qualifier, use.location.path, def.path);
}

export { folderOf, type ImportAliases } from "./package-scope";

/** Whether a definition's name was dictated by the language rather than chosen by the patch's author. */
export const isDictatedName = (def: Pick<PatchDefinition, "member" | "path" | "owner">) =>
  isDictatedMember(def.member, def.path, def.owner !== null);

/**
 * A class-like qualifier: `QTable`, `Store`, a short acronym such as `RST`; not an `ALL_CAPS_CONSTANT` such
 * as an enum constant (`Feature.EXPERIMENTAL.enabled()` calls a method on a value).
 */
export const classLike = (qualifier: string) => {
  const last = qualifier.split(".").pop() ?? qualifier;
  if (!/^[A-Z]\w*$/.test(last)) return false;
  return /[a-z]/.test(last) || (last.length <= 4 && /^[A-Z]+$/.test(last));
};

/** A literal as a qualifier: a string, a number, a Ruby symbol. */
const LITERAL = /^(["'`]|[0-9]|:[A-Za-z_])/;
/** The types a literal may be of, which a patch may reopen (Ruby's `class String`, Rust's `impl T for str`). */
const LITERAL_TYPES = new Set(
  "String str string Integer Float Numeric Number Symbol Object Kernel BasicObject Comparable".split(" "),
);

/**
 * Whether a PHP import's namespace (`use App\Warning\Comment as WarningComment`) fits the file of a class of that
 * name: a namespace's folder (PSR-4 capitalises them: `src/Reason/Comment.php` is `…\Reason\Comment`) is one of
 * its parts. An alias most often tells two classes of one name apart. True where either says nothing (a root
 * folder such as `src/` holds the namespace's root).
 */
function namespaceFitsPath(module: string | undefined, path: string): boolean {
  const parts = (module?.split("\\").filter(Boolean) ?? []).map((part) => part.toLowerCase());
  const folder = path.split("/").at(-2);
  if (parts.length < 2 || folder === undefined || !/^[A-Z]/.test(folder)) return true;
  return parts.slice(0, -1).includes(folder.toLowerCase());
}

/**
 * What only a namespace owns in JavaScript and TypeScript (a class's members are methods, fields, properties;
 * an enum's, constants: a namespace's constants are left to the member rules for that reason).
 */
const NAMESPACE_MEMBER_KINDS = new Set(["type", "interface", "class", "struct", "enum", "function"]);
const NOT_NAMESPACE_USES = new Set(["key", "prop", "keyword", "module"]);

/**
 * Whether a use calls a protocol's method by name through an object (`result.to_h`, `u.toJSON()`), as tests do
 * to check what a new one returns: where the language's tests so call it (`calledProtocols`), through a variable
 * (`product.inspect`), the owner's class (`IPAddr.new(…).to_json`) or something named for it
 * (`@router.inspector.to_s` of RoutesInspector); not through another class or value (`Date.new(…).to_s`,
 * `bank.default_currency.to_s`), whose own method it is.
 */
function calledProtocol(use: PatchUse, def: PatchDefinition): boolean {
  if (!(rulesOfPath(def.path).calledProtocols ?? []).includes(def.member)) return false;
  if (use.qualifier === null || (use.kind !== "call" && use.kind !== "attribute") || isSelfQualified(use)) return false;
  const owner = lastSegment(def.owner) ?? "";
  const head = use.qualifier.split(/[.(\s]/)[0] ?? "";
  if (classLike(head)) return head === owner;
  if (/^[@$]?[a-z_][\w$]*$/.test(use.qualifier)) return true;
  const last = (use.qualifier.split(".").pop() ?? "").replace(/[@_$]/g, "").toLowerCase();
  return /^[a-z]\w*$/.test(last) && owner.toLowerCase().includes(last);
}

/** Whether a use on one side refers to a definition made on the other (SPEC §3: by qualified name, or by member name for `obj.member`). */
export function useMatches(use: PatchUse, def: PatchDefinition, aliases?: ImportAliases): boolean {
  // (A function's own local, Python's `settings = LazySettings(…)` in a test, is no other file's name.)
  if (use.ownLocal) return false;
  // Files only the tests load (Go's `_test.go`): code never loads them, nor anything they define.
  const testOnly = rulesOfPath(def.path).testOnlyFile;
  if (testOnly?.(def.path) && !testOnly(use.location.path)) return false;
  if (def.kind === "file") {
    return (
      (use.kind === "import" || use.kind === "module") &&
      use.module !== undefined &&
      importLoadsFile(use.module, use.location.path, def.path)
    );
  }
  // A module (Rust's `mod positions;`) is named by an import or a path, never called (`.positions(…)` is a method).
  if (def.kind === "module" && use.kind === "call") return false;
  // (A path's module segment, `reqwest::dns::Name`, names only a module.)
  if (def.kind === "module" && use.kind === "module" && use.module === undefined) return use.name === def.member;
  if (def.kind === "parameter") {
    // Without keyword arguments (Go) a key names a struct's field, never a parameter.
    if (rulesOfPath(def.path).noKeywordArguments) return false;
    if ((use.kind !== "keyword" && use.kind !== "key") || use.name !== def.member) return false;
    // (A rest parameter takes what no other parameter's name does: `Let(a='a')` goes to `**kw`, not to `*a`.)
    if (def.variadic) return false;
    // (A key of a nested options object, `{retry: {retries: 3}}`, is some type's field, no function's parameter.)
    if (use.kind === "key" && (use.qualifier === null || use.qualifier.startsWith("{"))) return false;
    if (use.qualifier === null || calleeNames(def.owner).includes(use.qualifier)) return true;
    // A constructor's keyword passed on by a factory (`QTable.read(…, format="ascii.rst", header_rows=[…])`
    // reaches `RST.__init__`, `ax.legend(draggable=True)` Legend's): where the name is one nobody else would
    // choose (an underscore in it, or eight letters at least), as `timeout` or `object` is not.
    // (So does one handed on through `**options` to a private function that takes it and the rest: griffe's
    // `parse_google(docstring, receives_named_value=False)` reaches `_read_receives_section`'s, where the name has
    // three words at least, as `random_state`, `return_value` and `exist_ok`, any library's, have not.)
    const handedOn =
      def.forwarded === true &&
      /^_/.test(lastSegment(def.owner) ?? "") &&
      /^_?[a-z0-9]+(_[a-z0-9]+){2,}$/.test(def.member);
    return use.kind === "keyword" && ((isConstructorOwner(def.owner) && /_|\w{8}/.test(def.member)) || handedOn);
  }
  // A name a test replaces by string is one of what it names with it: its module (`webenginesettings`,
  // `pkg.mod`), or the class (`patch.object(Cls, "name")`), never `sys.platform` or `requests.get` by member name.
  if (use.patched) return use.name === def.member && patchedNames(use, def);
  // A constructor has no name of its own to guess: its class (and its parameters) carry the contract. An
  // override's name is the overridden method's (Java's `@Override`): that one is the name to state.
  if (def.kind === "constructor" || CONSTRUCTOR_MEMBERS.has(def.member)) return false;
  // (A function given an object as its member, `uuid.parse = parse;`: a use through an object is that member's.)
  if (def.givenAway && use.qualifier !== null && use.kind !== "import") return false;
  if (isDictatedName(def) && !calledProtocol(use, def)) return false;
  // Unless the use names the overriding class itself (`DoNotMockEnforcer.super.check(…)`, `Owner.check`), or goes
  // through a variable declared of it (`JsonTreeWriter writer = …; writer.value(Float.NaN)`, gson d2aee65): then it
  // is this method the test calls, as when the patch adds both (mockito-3220).
  if (
    def.kind === "method" &&
    /(^|\s)@Override\b/.test(def.signature ?? "") &&
    !namesOwner(use, def) &&
    (use.qualifierType === undefined || use.qualifierType !== lastSegment(def.owner))
  )
    return false;
  // A keyword argument of a class's call names a field of it where the class makes its constructor of its
  // fields (a dataclass, a NamedTuple, a pydantic model: `PrioritizedIdentifier(identifier=…)`, a private `_Settings(…)`).
  if (use.kind === "keyword") return def.kind === "field" && use.name === def.member && callsOwnClass(use, def);
  if (use.name !== def.member || use.kind === "module") return false;
  if (def.signature?.startsWith("macro_rules!")) return invokesOwnMacro(use);
  // A component's prop is a field of a type (which one: componentPropsMay).
  if (use.kind === "prop") return def.kind === "field" && def.owner !== null;
  const rules = rulesOfPath(def.path);
  // (`TomlIntegerFormat::new().format(v)` calls the method `format`, not TomlInteger's field `format`.)
  if (use.kind === "call" && def.kind === "field" && rules.callsNeverReachFields) return false;
  // A member of a literal (`'foo'.method(:Integer)`, `"{}".format(x)`) is its builtin type's, no class of the
  // patch's but one that reopens that type (`class String`); where extension traits or methods may add members
  // (Rust's `impl StrExt for str`, C#), any may be.
  if (
    use.qualifier !== null &&
    LITERAL.test(use.qualifier) &&
    rulesOfPath(def.path).literalMembersAreBuiltin &&
    !LITERAL_TYPES.has(lastSegment(def.owner) ?? "")
  )
    return false;
  // `self.x` and `this.x` reach the using class's own members, which live on the using side (and the members of
  // a trait it uses: see traitOfUser).
  if (isSelfQualified(use) && !def.mixin) return false;
  if (!def.owner && use.kind === "import" && !namespaceFitsPath(use.module, def.path)) return false;
  const throughModule = moduleObjectReaches(use, def);
  if (throughModule !== undefined) return throughModule;
  if (!def.owner) {
    // A Go struct's field whose type line no hunk shows (a `type (` group's) is what a literal of an exported
    // type keys (`SecureConfig{HSTSPreloadEnabled: true}`): that type's, as ownerFromUses then says.
    // (The type of the field's own package: `SecureConfig{…}`, `middleware.SecureConfig{…}`; not `http.Client{…}`.)
    if (use.kind === "key")
      return (
        def.kind === "field" &&
        rules.qualifierNeverClass === true &&
        use.qualifier !== null &&
        classLike(use.qualifier) &&
        (!use.qualifier.includes(".") || use.qualifier.split(".")[0] === folderOf(def.path).split("/").pop())
      );
    if (rules.packageIsFolder) return packageAllows(use, def, aliases);
    if (rules.namespacedTypes && (def.kind === "class" || def.kind === "constant" || def.kind === "module"))
      return true;
    // `Cls.name` cannot reach a module-level name (a module would be lower-case); it can reach a method
    // whose class line no hunk shows (qutebrowser's `WebEngineVersions.from_qt`). Nor can an instance of a class
    // (`serializer` made a `Serializer(…)`) reach a module's function (apscheduler's `serializer.serialize(…)`).
    if (use.qualifierType !== undefined && def.kind === "function") return false;
    return use.qualifier === null || !classLike(use.qualifier) || def.kind === "method";
  }
  // A namespace's type or function (`JSXInternal.TargetedToggleEvent`, `React.isMemo`) by its name:
  // bare, imported, or through the namespace under any alias it is exported as (`h.JSX.…`).
  // (Not through another class: `Tokenizer::split` is no namespace's free `split`.)
  if (
    rules.namespaceOwnsTypes &&
    NAMESPACE_MEMBER_KINDS.has(def.kind) &&
    !NOT_NAMESPACE_USES.has(use.kind) &&
    (use.qualifier === null || !classLike(use.qualifier) || use.qualifier.split(".").pop() === lastSegment(def.owner))
  )
    return true;
  // `QTable.read(…)` reaches QTable's read, not RST's: a class-like qualifier must be the owner (Go has no
  // class-qualified calls; its PascalCase qualifiers are package variables).
  if (!rules.qualifierNeverClass && use.qualifier !== null && use.kind !== "key" && throughClass(use, def)) {
    const owner = lastSegment(def.owner);
    // (A trait's member is every using class's: `Assert::allIsNotInstanceOfAny` reaches Mixin's. So is a class's
    // constant of a name nobody else would choose, read through a subclass where the language inherits statics:
    // vert.x's `NetClientOptions.DEFAULT_TCP_KEEAPLIVE_COUNT` of `TCPSSLOptions`.)
    const inherited =
      (def.kind === "constant" && /^[A-Z][A-Z0-9]*(_[A-Z0-9]+){2,}$/.test(def.member)) ||
      (def.kind === "method" && /^_?[a-z][a-z0-9]*(_[a-z0-9]+){2,}$/.test(def.member));
    if (
      owner !== null &&
      use.qualifier.split(".").pop() !== owner &&
      !def.mixin &&
      !(inherited && !rules.staticsUninherited)
    )
      return false;
  }
  if (use.kind === "key" && defaultsOfAnother(use, def, rules)) return false;
  // Keys name fields of the literal's type; in Go the qualifier is that type (the test's own struct's keys are none).
  if (use.kind === "key")
    return (
      use.qualifier === null ||
      use.qualifier.split(".").pop() === lastSegment(def.owner) ||
      (def.kind === "field" && !rules.qualifierNeverClass && use.typeScope !== true)
    );
  // An import reaches a member only through its owner (Java's `import static org.pkg.Cls.member`, Rust's
  // `use crate::Enum::Variant`), not as a module's own name (`from …icx import run_commands` is no test
  // class's `self.run_commands`).
  if (use.kind === "import") return use.module === undefined || importNamesOwner(use.module, def);
  // A module's method is every including class's: a test that includes it calls it bare (`cp_lr 'data', 'tmp'`).
  // (A bare word without arguments may be a local: `filter_newest = lambda …`.)
  if (use.qualifier === null && def.included && rules.bareCallsReachIncluded) return use.kind === "call";
  // A member is reached through something: `obj.member`, `Owner.member`, `obj.method()`.
  return use.qualifier !== null;
}

/**
 * Whether a key matched by name to a default a function carries (`sanitizeHtml.defaults = { parseStyleAttributes:
 * true }`) is given to another's call (`waitFor(…, { timeout })`): it is an option of that function's calls only
 * (`sanitizeHtml(html, { parseStyleAttributes: false })`).
 */
function defaultsOfAnother(use: PatchUse, def: PatchDefinition, rules: UseRules): boolean {
  const owner = def.owner ?? "";
  if (!rules.defaultsOnFunctions || !owner.includes(".") || !DEFAULTS_MEMBER.test(lastSegment(owner) ?? ""))
    return false;
  return use.qualifier?.split(".").pop() !== owner.split(".").at(-2);
}

/**
 * Whether a component's prop (`<Bitcoin awaitingPayment={…} />`) may be this field: one of the props' type
 * the component's own file declares (`Bitcoin.tsx`'s `Props`), one named for it (`BitcoinProps`), or one
 * declared in a module the using file loads (`import Bitcoin from './Bitcoin'`, then wrapped in a
 * `BitcoinContext`); not any type's field of that name.
 */
export function componentPropsMay(use: PatchUse, def: PatchDefinition, usingFileLoads: boolean): boolean {
  if (use.kind !== "prop") return true;
  return fileStem(def.path) === use.qualifier || lastSegment(def.owner) === `${use.qualifier}Props` || usingFileLoads;
}

/**
 * Whether a use goes through a class: a class-like qualifier, or a type's scope for a member type (`nth_type<0,
 * t1>::type` is nth_type's own; a static reached through a derived template, `etl::string<10>::no_pos`, may be a base's).
 */
const throughClass = (use: PatchUse, def: PatchDefinition) =>
  use.qualifier !== null && (classLike(use.qualifier) || (use.typeScope === true && def.kind === "type"));

/**
 * Whether a use invokes a declarative macro of the code's crate: bare or through the crate (`$crate::m!`), no
 * function call (`ready(5)`) nor another crate's macro (`tracing::debug!`).
 */
const invokesOwnMacro = (use: PatchUse) =>
  use.macro === true && (use.qualifier === null || /^\$?crate$/.test(use.qualifier));

/**
 * Whether a matched use surely denotes the definition, or only may: a member reached through an object
 * (`obj.read()`, `cfg.Timeout`) whose class the hunks do not show could be any class's member of that
 * name. Through its class (`QTable.read`), an import, `self`, or a bare name in scope, it is certain.
 */
export function matchIsCertain(use: PatchUse, def: PatchDefinition): boolean {
  if (!def.owner || def.kind === "file" || def.kind === "parameter") return true;
  if (use.kind === "import") return true;
  if (use.qualifier === null) return use.kind !== "key";
  if (SELF_NAMES.has(use.qualifier)) return true;
  // (A key of a literal of the owner's type, Go's `unionFind[int]{parents: …}`, whatever the type's case.)
  if (use.kind === "key" && use.qualifier.split(".").pop() === lastSegment(def.owner)) return true;
  if (use.qualifierType !== undefined && use.qualifierType === lastSegment(def.owner)) return true;
  return classLike(use.qualifier) && use.qualifier.split(".").pop() === lastSegment(def.owner);
}

/** Whether an import's path goes through the definition's owner to it: `…Cls.member`, `…Enum::Variant`. */
function importNamesOwner(module: string, def: PatchDefinition): boolean {
  const parts = module.split(/::|[./\\]/).filter(Boolean);
  const owner = lastSegment(def.owner);
  return parts.at(-1) === def.member ? parts.at(-2) === owner : parts.at(-1) === owner;
}

/** Whether a use's class-like qualifier is the definition's owner (`Owner.member`, `Owner.super.member`). */
function namesOwner(use: PatchUse, def: PatchDefinition): boolean {
  const owner = lastSegment(def.owner);
  const qualifier = use.qualifier?.replace(/\.super$/, "") ?? null;
  return owner !== null && qualifier !== null && classLike(qualifier) && qualifier.split(".").pop() === owner;
}

/** A call of the definition's own class, a module's private one too (`_Settings(container_strategy=None)`). */
const callsOwnClass = (use: PatchUse, def: PatchDefinition) =>
  namesOwner(use, def) || (/^_[A-Z]\w*[a-z]\w*$/.test(use.qualifier ?? "") && use.qualifier === lastSegment(def.owner));
