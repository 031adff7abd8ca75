import type { Fragment } from "./fragment";
import type { ParsedLanguage } from "./grammars";
import type { DefinitionKind, SyntaxBinding, SyntaxDefinition, SyntaxUse, UseKind } from "./languages/syntax-facts";
import type { PatchLiteral, SyntaxLiteral } from "./literals";
import type { Location } from "./locations";
import type { FileDiff } from "./parse-diff";

/** A name a patch defines anew or changes. */
export interface PatchDefinition {
  name: string;
  member: string;
  owner: string | null;
  kind: DefinitionKind;
  path: string;
  newFile: boolean;
  signature: string | null;
  /** a changed function's declaration line as git's hunk header shows it, where its parameter list closes there */
  header?: string;
  status: "new" | "changed";
  /** for callables: the parameters as declared after the patch */
  params: string[];
  /** an overloaded callable: every declaration of the name the patch adds or changes, in file order */
  overloads?: Array<{ signature: string | null; params: string[] }>;
  /** a function or class defined inside a function's body */
  local?: boolean;
  /** a field no declaration states, assigned in a constructor (`this.isSphere = true`) */
  implicit?: boolean;
  /** reached only through its type (an annotation's element, `@Tag(name = …)`): no use by its name alone */
  typedOnly?: boolean;
  /** a parameter that takes the rest of the arguments (`*a`, `**kw`, `...handlers`): no keyword names it */
  variadic?: boolean;
  /** a parameter of a callable that takes the rest of the keywords too (`**options`): others hand theirs on to it */
  forwarded?: boolean;
  /** a method declared without a body (an interface's, a trait's, an abstract one) */
  abstract?: boolean;
  /** a member of a PHP trait, which every class using the trait has (see SyntaxDefinition.mixin) */
  mixin?: boolean;
  /** a Ruby module's method, called bare where a class includes it (see SyntaxDefinition.included) */
  included?: boolean;
  /** a member declared private (see SyntaxDefinition.private) */
  private?: boolean;
  /** an item its crate keeps to itself, or a member of such a type (see SyntaxDefinition.crateOnly) */
  crateOnly?: boolean;
  /** an ES module's top-level name it does not export (see SyntaxDefinition.moduleOnly) */
  moduleOnly?: boolean;
  /** a function the module gives an object as its member, stated as that member (see SyntaxDefinition.givenAway) */
  givenAway?: boolean;
  /** a member a TypeScript function gives an object of its own (see SyntaxDefinition.typedLocal) */
  typedLocal?: boolean;
  /** a C++ method defined outside its class (see SyntaxDefinition.outOfLine) */
  outOfLine?: boolean;
  /** a field only a documentation comment declares (see SyntaxDefinition.documented) */
  documented?: boolean;
  /** a constant of an unscoped C++ enum, named bare too (see SyntaxDefinition.unscoped) */
  unscoped?: boolean;
  /** the leading part of `owner` that is namespaces (C++'s `Catch.Generators`), which a hint does not state */
  namespace?: string;
  location: Location;
}

/** A name referenced on an added line of a patch. */
export interface PatchUse {
  name: string;
  qualifier: string | null;
  kind: UseKind;
  module?: string;
  /** for calls: how many arguments it passes, where the language's extractor counts them */
  arity?: number;
  /** the class the qualifier holds an instance of, where the file binds it plainly (`z = ZipArchive(…)`) */
  qualifierType?: string;
  /** a name a test replaces by string (`monkeypatch.setattr(mod, "name", …)`, `mock.patch("pkg.mod.name")`) */
  patched?: boolean;
  /** reached through a module's namespace, `mod.default` (see SyntaxUse.viaModule) */
  viaModule?: string;
  /** a function's own local (see SyntaxUse.ownLocal) */
  ownLocal?: boolean;
  /** reached through a type's scope (see SyntaxUse.typeScope) */
  typeScope?: boolean;
  /** a macro's invocation (see SyntaxUse.macro) */
  macro?: boolean;
  location: Location;
}

export interface PatchFacts {
  definitions: PatchDefinition[];
  uses: PatchUse[];
  /** code files in languages the analysis does not parse */
  unsupportedFiles: string[];
  /** files the patch regenerates from a grammar it changes (bison's `parser.c` beside `parser.y`): only the grammar's new names read */
  generatedFiles?: string[];
  /** true when a changed file was seen only through its hunks */
  approximate: boolean;
  /** every file path the patch touches */
  paths: string[];
  /**
   * Names new to their file: on its added lines (a definition the patch adds, or any name used there) and
   * nowhere in what the patch shows of the file before (the whole file with the repository, else the
   * hunks' context and removed lines). What NoCode-bench's augment.py compares, file by file.
   */
  newNames: Set<string>;
  /** string literals on added lines, with where they stand */
  literals: PatchLiteral[];
  /** what the patch shows of its files before it (the whole files with the repository): where a literal stood already */
  textBefore: string[];
  /** the pre-image's lines as the patch shows them (context and removed lines, git's hunk headers), no stand-in's */
  shownBefore?: string[];
  /**
   * Fields the pre-image declares and the post-image no longer does, by member name with
   * their owners (`SegmentOperator` → Rule): a member re-homed to another type keeps a name the code had.
   */
  removedMembers?: Map<string, Set<string>>;
  /** files the patch adds in no language it parses (fixtures, data, images), with where each starts */
  addedDataFiles?: Location[];
  /**
   * Per file, the classes whose every static member it imports (Java's `import static pkg.Cls.*`), read from
   * any row: a bare `exists(P1)` on an added line reaches `Cls.exists` through one above the hunk.
   */
  staticWildcards?: Map<string, Set<string>>;
  /** the name each external test package's file gives the package it tests (Go's `package kong_test`: `kong`) */
  ownPackages?: Array<{ path: string; name: string }>;
}

/** Supplies the fragments of a file: its hunks by default, whole files in exact mode. */
export type FragmentSource = (file: FileDiff, language: ParsedLanguage) => Fragment[] | Promise<Fragment[]>;

/** One parsed image of a file: what it defines, uses and quotes. */
export interface ParsedFragment {
  fragment: Fragment;
  definitions: SyntaxDefinition[];
  uses: SyntaxUse[];
  /** local names bound to instances of named classes */
  bindings?: SyntaxBinding[];
  /** string literals: on added rows (post), or anywhere in the image (pre) */
  literals: SyntaxLiteral[];
}
