// Over 300 lines: the facts every language's extractor records (their kinds, marks and uses) and the one collector of them.
import type { Node } from "web-tree-sitter";
import { marksOf } from "./definition-marks";

export type DefinitionKind =
  | "function"
  | "method"
  /** an accessor read as a field (`get state()`, `set state(v)`) */
  | "property"
  | "constructor"
  | "class"
  | "interface"
  | "struct"
  | "enum"
  | "type"
  | "field"
  | "variable"
  | "constant"
  | "parameter"
  | "module"
  /** a namespace a class of its name may replace (Ruby's `module UnixToUnix`): what the pre-image defines, never stated */
  | "namespace"
  | "file";

export type UseKind =
  | "call"
  | "attribute"
  | "import"
  | "module"
  | "instantiation"
  | "type"
  | "keyword"
  | "key"
  /** an attribute of a JSX element of a component (`<Bitcoin awaitingPayment={…} />`): its qualifier is the component */
  | "prop"
  | "name";

/** A definition found in one parsed image; rows are 0-based rows of the image text. */
/** The kinds a caller calls: their parameters are names too. */
export const CALLABLE: ReadonlySet<DefinitionKind> = new Set(["function", "method", "constructor"]);

export interface SyntaxDefinition {
  /** qualified: `Owner.member`, or the bare name at top level */
  name: string;
  member: string;
  owner: string | null;
  kind: DefinitionKind;
  /** as declared, for callables; whitespace folded */
  signature: string | null;
  params: string[];
  /** a callable that takes the rest of the keywords (`**options`), said where its signature is not stated */
  keywordRest?: true;
  row: number;
  /** the node's first column in its row (0-based): where the search for its name on the diff line starts */
  column: number;
  endRow: number;
  /** defined inside a function's body (a nested function or class): FEA-Bench counts it, nothing else does */
  local?: boolean;
  /** a field no declaration states, assigned in a constructor (`this.isSphere = true`) */
  implicit?: boolean;
  /** reached only through its type (an annotation's element, `@Tag(name = …)`): no use by its name alone */
  typedOnly?: boolean;
  /** a method declared without a body (an interface's or a trait's, an abstract one): implementations take its name */
  abstract?: boolean;
  /** a member of a PHP trait: any class that uses the trait has it (`Assert::allIsNotInstanceOfAny` reaches Mixin's) */
  mixin?: boolean;
  /** a method of a Ruby `module`: a class that includes the module calls it bare (`include FileUtils`, `cp_lr …`) */
  included?: boolean;
  /** an unscoped C++ enum's constant, stated under its enum (`EMITTER_MANIP.LowerNull`), named bare too (UseRules) */
  unscoped?: boolean;
  /** a member its class keeps to itself (`private`, `#x`): no other file's code reaches it but by reflection */
  private?: boolean;
  /** an item its crate keeps (`pub(crate) struct X`, a `fn` with no `pub`): no other crate names it (UseRules.outsideCrate) */
  crateOnly?: boolean;
  /** the function a binding names as this one's body (`rb_define_method(…, "vpdivd", BigDecimal_vpdivd, 2)`) */
  implementedBy?: string;
  /** an ES module's top-level name it does not export (`const deflator = …` beside an `import`): no other file's */
  moduleOnly?: boolean;
  /**
   * a function or value the module gives an object as its member (`uuid.parse = parse;`): callers reach it through
   * that object, as which it is stated; a use through an object is the member's, not this name's
   */
  givenAway?: boolean;
  /**
   * in TypeScript, a member a function gives a lower-case object of its own (`debounced.cancel = () => {…}`): the
   * type that declares it, where the file declares one (`DebouncedReturn`'s `cancel`), is what callers name
   */
  typedLocal?: boolean;
  /** a C++ method defined outside its class, by its qualified name (`inline Value& Value::front() { … }`) */
  outOfLine?: boolean;
  /** a Python definition in a module-level block the fragment shows (`if …: … else: def f(…)`), not in a function */
  conditional?: boolean;
  /** a field only a documentation comment declares (JSDoc's `@property` under `@typedef`), no code */
  documented?: boolean;
  /** the leading part of `owner` that is namespaces (C++'s `Catch.Generators`): it qualifies nothing a hint states */
  namespace?: string;
}

/** A name referenced in one parsed image. */
export interface SyntaxUse {
  name: string;
  /** the object of `obj.name`, the callee of a keyword argument, the type of a struct-literal key */
  qualifier: string | null;
  kind: UseKind;
  row: number;
  /** the node's first column in its row (0-based) */
  column: number;
  /** for imports: the module as written (`a.b.c`, `../src/x`, `org.pkg.Cls`) */
  module?: string;
  /** for calls whose arguments the language lists plainly: how many it passes (to tell overloads apart) */
  arity?: number;
  /** a name a test replaces by string, its qualifier the object or module named with it */
  patched?: boolean;
  /** a member reached through a module's namespace (`mod.default` after `import * as mod from "../src/lite"`) */
  viaModule?: string;
  /** a function's own local (Python's `settings = LazySettings(…)`, then `settings`): names nothing of another file's */
  ownLocal?: boolean;
  /** reached through a type's scope, its template arguments written (C++'s `nth_type<0, t1>::type`): its qualifier is a class, whatever its case */
  typeScope?: boolean;
  /** a macro's invocation (Rust's `bitflags_match!(…)`): only a macro is what it calls */
  macro?: boolean;
}

/**
 * A local name bound to an instance of a class the code names (`z = ZipArchive(…)`, `const p = new Parser(…)`,
 * `q := &Queue{…}`): what `z.method()` then reaches, where the class line of `method` is in no hunk.
 */
export interface SyntaxBinding {
  name: string;
  type: string;
  row: number;
}

export interface SyntaxFacts {
  definitions: SyntaxDefinition[];
  uses: SyntaxUse[];
  bindings?: SyntaxBinding[];
}

/** A class's name as code writes it: capitalised and not an ALL_CAPS constant (`ZipArchive`, `Queue`). */
export const classNamed = (name: string) => /^_*[A-Z]\w*$/.test(name) && /[a-z]/.test(name);

/** What a language module extracts from a tree, given the owner implied by the hunk's context line and whether the hunk lies in a function body. */
export type Extractor = (root: Node, owner: string | null, inBody: boolean, facts: FactCollector) => SyntaxFacts;

/** Folds runs of white space, as signatures spread over several lines are shown on one. */
export const foldSpace = (text: string) => text.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")").trim();

const PARAMETER_LISTS = ["parameters", "parameter_list", "formal_parameters"];

/**
 * A node's source text up to `end`, without the trailing comma of any parameter list in it: a signature
 * spread over lines (`def make(\n    a,\n    b,\n)`) reads `make(a, b)`. Only the comma right before a
 * list's `)` goes; a one-element tuple `(1,)` is no parameter list and keeps its comma.
 */
export function withoutTrailingCommas(node: Node, end = node.endIndex): string {
  const lists = node.type && PARAMETER_LISTS.includes(node.type) ? [node] : [];
  lists.push(...node.descendantsOfType(PARAMETER_LISTS).filter((n): n is Node => n !== null));
  const commas = lists
    .map((list) => {
      const close = list.child(list.childCount - 1);
      // (A comment may stand between the comma and the bracket: `parsed_args: Namespace,  # noqa: ARG001`.)
      let at = list.childCount - 2;
      while (at > 0 && /comment/.test(list.child(at)?.type ?? "")) at--;
      const comma = list.child(at);
      return close?.type === ")" && comma?.type === "," ? comma.startIndex - node.startIndex : -1;
    })
    .filter((at) => at >= 0)
    .map((at) => ({ from: at, to: at + 1 }));
  // Comments between the parameters (`http_host=None,  # type: str`) are no part of the declaration either.
  const comments = node
    .descendantsOfType(["comment", "line_comment", "block_comment"])
    .filter((n): n is Node => n !== null)
    .map((comment) => ({ from: comment.startIndex - node.startIndex, to: comment.endIndex - node.startIndex }));
  const cuts = [...commas, ...comments]
    .filter((cut) => cut.to <= end - node.startIndex)
    .sort((a, b) => b.from - a.from);
  let text = node.text.slice(0, end - node.startIndex);
  for (const cut of cuts) text = text.slice(0, cut.from) + text.slice(cut.to);
  return text;
}

/** The source text from a node's start up to (not including) its body: a declaration as written. */
export function headerText(node: Node, body: Node | null): string {
  // A declaration without a body (an abstract or interface method, a prototype) is stated without its `;`.
  if (!body) return foldSpace(withoutTrailingCommas(node)).replace(/\s*;$/, "");
  return foldSpace(withoutTrailingCommas(node, body.startIndex)).replace(/[\s{:]+$/, "");
}

/** Collects facts while walking a tree; shared by the language modules. */
export class FactCollector {
  readonly definitions: SyntaxDefinition[] = [];
  readonly uses: SyntaxUse[] = [];
  readonly bindings: SyntaxBinding[] = [];
  private readonly namespaces = new Set<string>();

  /**
   * @param collectingUses false for a pre-image, whose uses count for nothing: saves reading every name
   * @param usesIn whether rows start..end hold a line whose uses count (an added line)
   */
  constructor(
    readonly collectingUses = true,
    private readonly usesIn: (start: number, end: number) => boolean = () => true,
  ) {}

  /** Whether a use at this node would count (it stands on an added line): checked before reading its text. */
  countsAt(node: Node): boolean {
    if (!this.collectingUses) return false;
    const row = node.startPosition.row;
    return this.usesIn(row, row);
  }

  /**
   * Whether a function's body can hold anything that counts: a use on an added line, or (in a pre-image) a
   * definition made inside it that the post-image's may be (`currentComponent.shouldComponentUpdate = function
   * …` inside useReducer: without it before, the same one after reads as new). Bodies that cannot are not walked.
   */
  bodyMatters(node: Node): boolean {
    return !this.collectingUses || this.usesIn(node.startPosition.row, node.endPosition.row);
  }

  define(
    node: Node,
    member: string,
    owner: string | null,
    kind: DefinitionKind,
    signature: string | null = null,
    params: string[] = [],
    local = false,
  ) {
    if (!member) return;
    const namespace = this.namespaceOf(owner);
    this.definitions.push({
      ...(local ? { local: true } : {}),
      ...(namespace ? { namespace } : {}),
      ...marksOf(node, kind, owner),
      name: owner ? `${owner}.${member}` : member,
      member,
      owner,
      kind,
      signature,
      params,
      row: node.startPosition.row,
      column: node.startPosition.column,
      endRow: node.endPosition.row,
    });
  }

  /** `qualified` (`Catch.Generators`) is a namespace: it qualifies names inside it, a hint states none of it. */
  enterNamespace(qualified: string) {
    this.namespaces.add(qualified);
  }

  /** The longest namespace `owner` starts with (or is). */
  private namespaceOf(owner: string | null): string | undefined {
    let found: string | undefined;
    for (const ns of this.namespaces)
      if ((owner === ns || owner?.startsWith(`${ns}.`)) && ns.length > (found?.length ?? 0)) found = ns;
    return found;
  }

  use(node: Node, name: string, kind: UseKind, qualifier: string | null = null, module?: string, arity?: number) {
    if (!name || !this.collectingUses) return;
    this.uses.push({
      name,
      qualifier,
      kind,
      row: node.startPosition.row,
      column: node.startPosition.column,
      ...(module !== undefined ? { module } : {}),
      ...(arity !== undefined ? { arity } : {}),
    });
  }

  /** The use just recorded was reached through a module's namespace (see SyntaxUse.viaModule). */
  throughModule(module: string) {
    const last = this.uses.at(-1);
    if (last) last.viaModule = module;
  }

  /** The use just recorded invokes a macro (see SyntaxUse.macro). */
  invokesMacro() {
    const last = this.uses.at(-1);
    if (last) last.macro = true;
  }

  /** The use just recorded goes through a type's scope (see SyntaxUse.typeScope). */
  throughTypeScope() {
    const last = this.uses.at(-1);
    if (last) last.typeScope = true;
  }

  /** The use just recorded names a local of its function (see SyntaxUse.ownLocal). */
  ownLocal() {
    const last = this.uses.at(-1);
    if (last) last.ownLocal = true;
  }

  /** `name` holds an instance of the class `type` (its last segment), where it is a class's name. */
  bind(node: Node, name: string, type: string) {
    const last = lastSegment(type.replace(/<.*$/s, "").replace(/\[.*$/s, ""));
    if (!this.collectingUses || !name || !classNamed(last)) return;
    this.bindings.push({ name, type: last, row: node.startPosition.row });
  }

  /**
   * `name` holds a value of the type `type` (any name: Go's unexported `simpleCache` too), or, as
   * `Callee` + RESULT_OF, whatever the function `Callee` returns (its declaration, in either patch, tells).
   */
  bindResult(node: Node, name: string, type: string) {
    if (this.collectingUses && name && type) this.bindings.push({ name, type, row: node.startPosition.row });
  }

  /** The last use recorded names what a test replaces by string (`monkeypatch.setattr(mod, "name", …)`). */
  markPatched() {
    const last = this.uses.at(-1);
    if (last) last.patched = true;
  }

  /** The last definition stands in a module-level block the fragment shows, or outside its class (see SyntaxDefinition). */
  markDefinition(mark: "conditional" | "outOfLine" | "documented") {
    const last = this.definitions.at(-1);
    if (last) last[mark] = true;
  }

  /** Puts the last definition at one line of its node (a JSDoc `@property` line inside its comment). */
  placeDefinition(row: number, column: number) {
    const last = this.definitions.at(-1);
    if (last) Object.assign(last, { row, column, endRow: row });
  }

  /** A field a constructor assigns (`this.isSphere = true`), which no declaration states. */
  defineImplicitField(node: Node, member: string, owner: string) {
    this.define(node, member, owner, "field");
    const last = this.definitions.at(-1);
    if (last) last.implicit = true;
  }

  /** A constant of an unscoped C++ enum (`enum EMITTER_MANIP { LowerNull, … }`): named bare too (see `unscoped`). */
  defineUnscoped(node: Node, member: string, owner: string, signature: string) {
    this.define(node, member, owner, "constant", signature);
    const last = this.definitions.at(-1);
    if (last) last.unscoped = true;
  }

  facts(): SyntaxFacts {
    return { definitions: this.definitions, uses: this.uses, bindings: this.bindings };
  }
}

/** What a binding's type ends with when it is a function's result (`NewHTTPClient()`), to be read from its declaration. */
export const RESULT_OF = "()";

/** The module of the name an external test package gives the package it tests (Go's `kong_test`'s `kong`): its folder's. */
export const OWN_FOLDER = "(the file's own folder)";

/**
 * The module a root folder's file may mean by the repository's root package name (`jwt.` in golang-jwt/jwt's
 * `package jwt_test`) where no import it shows says: the root package, or as ever a package of that folder name.
 */
export const ROOT_PACKAGE = "(the repository's root package)";

/** The last segment of a dotted or member expression's text: `a.b.c` → `c`. */
export const lastSegment = (text: string) => text.split(/[.:]+/).pop() ?? text;
