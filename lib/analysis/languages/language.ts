// Over 300 lines: the one contract every language module fills, each rule with its note.
// What the shared analysis asks of a language: one object per language (`languages/<name>/index.ts`),
// listed once in `registry.ts`. The shared code never tests a language's name; it asks the module.
import type { Fragment } from "../fragment";
import type { DiffLine, Hunk } from "../parse-diff";
import type { Extractor, SyntaxDefinition } from "./syntax-facts";

/** A tree-sitter grammar the analysis loads: its name (what `grammarOf` answers) and its .wasm under node_modules. */
export interface Grammar {
  name: string;
  /** path of the .wasm file under node_modules (read from there, never fetched) */
  wasm: string;
}

/** The function a hunk's context line (what git prints after `@@`) names. */
export interface ContextFunction {
  name: string;
  owner: string | null;
  /** a type the header declares (Go's `type X struct {`): changed with its members (default: a function) */
  kind?: "struct" | "interface" | "class" | "enum" | "variable" | "constant";
}

/** How a hunk cut from inside a class or function body is made to parse on its own. */
export interface Wrapper {
  prefix: string[];
  suffix: string[];
  owner: string | null;
  /** strip the hunk's common indentation (Python blocks must start at the wrapper's level) */
  dedent: boolean;
  /** then indent by this, to sit inside the wrapper */
  indent?: string;
  inBody?: boolean;
  /** lines at the hunk's deeper level get this too (they are the stand-in function's body) */
  bodyIndent?: string;
  /** the wrapper already opens the blocks the hunk closes: no tail openers to add */
  settled?: boolean;
  /**
   * the prefix's last line is the header's own declaration, resumed (a signature cut in its parameters): what it
   * declares is read, its signature not stated (the parameters above the hunk are not shown)
   */
  resumesHeader?: boolean;
  /**
   * Strip this many columns of indentation (no more than a line has) instead of the hunk's common
   * indentation: the hunk's lines keep their own levels under a stand-in class and function at the header's.
   */
  dedentBy?: number;
  /**
   * the prefix opens what the hunk's first lines go on with (a stand-in method's parameter list, closed by the
   * hunk's `) -> Self:`): no leading line is blanked as the end of a statement begun above
   */
  keepsLeadingRows?: boolean;
  /** the stand-in function's body indentation, where a `pass` goes when the hunk shows no body line */
  stubBody?: string;
}

/** What `wrap` is told of a hunk image. */
export interface WrapRequest {
  /** the hunk header's context line, as `hunks.header` gave it */
  context: string;
  /** the hunk's least indented line is indented (it was cut from inside something) */
  indented: boolean;
  /** the image's lines (a comment opened above the hunk blanked) */
  lines: readonly string[];
  /**
   * both images' lines (context, removed and added, in the hunk's order): what a rule reads to wrap both images
   * alike, so that a context line is the same definition before and after
   */
  hunkLines?: readonly string[];
  /** the class an earlier hunk of the file showed, carried to this one (see `classTracker`) */
  carriedClass: string | null;
  path: string;
}

/** Blocks a hunk closes before it opens any: how many, and whether the last `}` stands at column 0. */
export interface ClosedBlocks {
  count: number;
  atColumnZero: boolean;
  /**
   * how many of them close at column 0 (a C++ class's `};` then its namespace's `}`): past the first, blocks
   * around the class
   */
  atColumnZeroCount?: number;
}

/** Carries the classes earlier hunks of a file showed to later hunks whose headers name only a method. */
export interface ClassTracker {
  /** the class a hunk under this header (starting at `oldStart`) is in, where the hunks say so */
  classOf(context: string, oldStart: number, hunk?: Hunk): string | null;
  /** a class's name after the patch (an earlier hunk may have renamed it) */
  postName(name: string): string;
  /** records what a hunk shows */
  see(hunk: Hunk, context: string, carried: string | null): void;
  /** the header a hunk is read under where the hunk above left that header's parameter list open, else null */
  openSignature?(hunk: Hunk, context: string): string | null;
}

/** A language whose blocks are its indentation (Python): what a hunk's lines say that brackets would. */
export interface OffsideRules {
  /** a hunk that starts inside the signature its header opens: the image with that header written back */
  resumedSignature(
    path: string,
    side: "pre" | "post",
    kept: DiffLine[],
    context: string,
    carriedClass: string | null,
  ): Fragment | null;
  /** a line that ends a statement begun above the hunk (blanked when leading, never sets the indentation) */
  continuesFromAbove(text: string): boolean;
  /** the index of the line closing a string the hunk starts inside (its text blanked up to it), or -1 */
  stringEnd(lines: readonly string[]): number;
  /** the index of the last line that closes a bracket a statement begun above the hunk left open, or -1 */
  continuedStatementEnd(lines: readonly string[]): number;
  /** a stand-in line that reopens such a statement's brackets (`_ = {`), so its lines parse (see continued-statements.ts) */
  reopenStatement?(brackets: string): string;
}

/** How a language's hunks are read and made to parse. */
export interface HunkRules {
  /** the header as the analysis reads it (default: git's context line as is) */
  header?(hunk: Hunk): string;
  /** the function a header names (default: the brace languages' reading in hunk-context.ts) */
  contextFunction?(context: string): ContextFunction | null;
  /** the stand-in declaration around a hunk (`NO_WRAP` in wrapping.ts when none is needed) */
  wrap(request: WrapRequest): Wrapper;
  /** stand-in openers for blocks a hunk closes before it opens any (default: none) */
  tailOpeners?(wrapper: Wrapper, closed: ClosedBlocks, context: string, lines: readonly string[]): string[];
  /** the language has `/* … *\/` comments: one opened above the hunk is blanked, one left open is closed */
  blockComments: boolean;
  /**
   * How many of an image's last lines begin a declaration the hunk cuts off (C++'s `template <typename ...Fs>` /
   * `auto visit(Fs ... fs) const ->` / `typename internal::unary_function_result_type<`): blanked where they are
   * context, so the grammar does not lose the class around them (default: none).
   */
  unfinishedTail?(lines: readonly string[]): number;
  /** a hunk's lines as code, with lines that open or close no block of the language's blanked (default: as they are) */
  codeLines?(lines: readonly string[]): string[];
  /** the wrapper's suffix with closers for blocks the hunk's lines leave open (default: as it is) */
  closeOpenBlocks?(suffix: readonly string[], lines: readonly string[]): string[];
  /**
   * Where a hunk's lines (one image's) leave a top-level declaration for good: the index of the line that
   * ends it (Go's `}` at column 0, which gofmt puts nowhere else), when top-level declarations follow; -1
   * otherwise. The lines after it are read apart, as top-level code, so what the cut-off part above cannot
   * parse (a composite literal's tail read as blocks) does not swallow them.
   */
  topLevelEnd?(lines: readonly string[]): number;
  /**
   * A brace language's multi-line string the hunk starts inside (Go's raw strings): the index of the line
   * that closes it, its text blanked up to there; -1 when the hunk does not start in one (default: never).
   */
  stringEnd?(lines: readonly string[]): number;
  /** a wrapper reopened around a hunk that runs past the end of a group its header opened (Go's `var (`) */
  reopen?(wrapper: Wrapper, context: string, lines: readonly string[]): Wrapper;
  /**
   * The header stands at its own indentation (git's default driver names column-0 lines; Python's is read back
   * from the hunk): a definition the hunk shows deeper is inside the named function. Not where git's driver
   * trims it (Java, PHP, Ruby, C#).
   */
  headerKeepsIndentation?: boolean;
  /**
   * Where the header does not keep its indentation: whether it is a type the file declares at column 0 (Java's
   * file class), whose `}` is then at column 0 too, so closers above it in the hunk end blocks the hunk opened above.
   */
  topLevelTypeHeader?(context: string, path: string): boolean;
  /** where the body of the function a header names ends in a hunk's lines; undefined: by counting braces */
  endOfContextBody?(context: string, lines: readonly string[]): number | undefined;
  /** present for a language whose blocks are its indentation */
  offside?: OffsideRules;
  /**
   * Members are declared inside their type's body (Python, Java, PHP, Ruby, JavaScript, TypeScript, C#): a
   * change to one, in hunks, is a change of the type around it, as exact mode reads the body's lines.
   */
  membersInTypeBody?: boolean;
  /** a fresh tracker of classes across one file's hunks (default: none) */
  classTracker?(path: string): ClassTracker;
  /**
   * whether a field of the class `owner` is a constant by git's header alone: the header declares that class an
   * enum (Python's `class Variant(enum.Enum):`; default: never)
   */
  enumClassHeader?(header: string, owner: string): boolean;
}

/** How uses reach definitions, where a language departs from classes and modules. */
export interface UseRules {
  /** a call passes as many arguments as its callable takes (but a varargs or a default's): Java's, C#'s, Rust's (default: no) */
  fixedArity?: boolean;
  /**
   * a file of another crate than the code's (Rust's integration tests, `tests/*.rs` beside `src/`): it names only
   * what its crate makes public, no `crateOnly` definition (default: none is)
   */
  outsideCrate?(path: string): boolean;
  /**
   * The files a module item without a body loads (Rust's `pub mod test_strategies;` in `src/strategy/mod.rs`:
   * `src/strategy/test_strategies.rs`, `src/strategy/test_strategies/mod.rs`); default: none.
   */
  moduleItemFiles?(path: string, name: string): string[];
  /**
   * the class a test file is named for (`APITest.java` → `API`), whose static members it calls bare (through an
   * `import static …API.*` above its hunks, or as its subclass), else null
   */
  testedClassOf?(path: string): string | null;
  /**
   * a function carries its options' defaults as a property (`sanitizeHtml.defaults = { … }`): a key of them is an
   * option of that function's calls only (JavaScript's; default: no)
   */
  defaultsOnFunctions?: boolean;
  /** an import names a file without its extension (`a.b.c`, `org.pkg.Cls`, `./x`) */
  importOmitsExtension?: boolean;
  /**
   * an owner the hunks do not show is spelt from its file's name (Ruby's `api.rb` → `Api`), so the patches' own
   * spelling of its letters (`WebMock::API`) is the better one (see owner-spelling.ts)
   */
  ownersSpeltFromFileNames?: boolean;
  /**
   * A package is its folder: importing the folder loads its files, a bare name reaches only its own
   * package's files, a qualified one only through the package's name or import alias, and a definition
   * moves only within its folder.
   */
  packageIsFolder?: boolean;
  /** a qualifier names a package (or, for a key, the literal's type), never a class */
  qualifierNeverClass?: boolean;
  /**
   * `x.name(…)` calls a method, never a field (Rust, Java, PHP: a field holding a function is called as
   * `(x.name)(…)`); where a field may be called so (Python, JavaScript, Go's func fields, C's function pointers,
   * C#'s delegates), unset
   */
  callsNeverReachFields?: boolean;
  /**
   * A member of a literal (`'foo'.method(:Integer)`, `"{}".format(x)`) is its builtin type's: a patch reaches it
   * only by reopening that type (Ruby's `class String`), not by an extension trait or method (Rust, C#: unset)
   */
  literalMembersAreBuiltin?: boolean;
  /** a bare call reaches a member of a module the calling class includes (Ruby's `include FileUtils`, then `cp_lr …`) */
  bareCallsReachIncluded?: boolean;
  /** a type's constants are not its subtypes' (Rust's associated `const`s): `Sub::NAME` reaches no `Base::NAME` */
  staticsUninherited?: boolean;
  /** calls take no keyword arguments: a key names a field, never a parameter */
  noKeywordArguments?: boolean;
  /**
   * a hook the code calls is its own method, which a test's subclass overrides (Python's `Manager.get_queryset`):
   * the code's call reaches the code's definition, not the override; where unset (PHP's `method_exists` hooks on
   * any listener, Go's mocks), a test's method of the name is what the code may reach
   */
  hooksAreOverrides?: boolean;
  /** files only the tests load: an import from code never reaches them */
  testOnlyFile?(path: string): boolean;
  /**
   * headers whose declarations a source file defines out of line (C++'s `.hpp` and `bool Cls::m() {` in a `.cpp`):
   * a header's function whose class no hunk shows is the class the one out-of-line definition of its name names
   */
  declarationHeader?(path: string): boolean;
  /**
   * A module's top-level names are its own (JavaScript, TypeScript, Python; C++'s sources, which only an
   * `#include` would share): a bare name in another file denotes one only where that file loads the module (an
   * import, `require`), never by its spelling alone.
   */
  fileScopedNames?: boolean;
  /** code loads no test module, nor reads its names off an object: `opts.brotli` is no test's `var brotli` (not Django's settings) */
  testModulesUnloaded?: boolean;
  /**
   * A class or constant outside any class is named without the modules around it (Ruby's `module Jekyll`
   * is a namespace, as a Java package): `Jekyll::DataEntry` reaches `DataEntry` through its namespace.
   */
  namespacedTypes?: boolean;
  /**
   * Types and functions a namespace declares are its members (TypeScript's `namespace JSXInternal { export type
   * TargetedToggleEvent … }`, C++'s `namespace Catch { struct capture_by_value … }`), reached by their name
   * through the namespace under any alias it is exported as (`h.JSX.TargetedToggleEvent`), or bare inside it or
   * after `using namespace`. (A class's own members are methods and fields: those the member rules match.)
   */
  namespaceOwnsTypes?: boolean;
  /**
   * an unscoped enum's constants are stated under their enum (`EMITTER_MANIP.LowerNull`, as C++ can name them), where
   * a file of the patches is this language's (a `.h` is C's or C++'s: the patches' other files tell)
   */
  enumsQualifyConstants?: boolean;
  /**
   * an unscoped enum's constants are names of the file's scope (C's and C++'s `enum mjson_tok { MJSON_TOK_INVALID = 0,
   * … }`, no `enum class`): one the post-image defines otherwise (`#define MJSON_TOK_INVALID 0`) is the same name, not
   * a new one (default: no)
   */
  enumConstantsUnscoped?: boolean;
  /** a `#include "spdlog/sinks/callback_sink.h"` names a file by its path (under an include folder, or beside) */
  includePaths?: boolean;
  /**
   * the protocol names (of `dictatedNames`) a test calls by name through an object, and so uses (`result.to_h`,
   * `request.inspect`, `u.toJSON()`); the others it only reaches through the language (Ruby's `new` is Class#new's)
   */
  calledProtocols?: readonly string[];
  /**
   * The name a package imported by this path goes by where no alias is written (Go's convention, as goimports
   * assumes it: `github.com/golang-jwt/jwt/v5` → `jwt`, `github.com/redis/go-redis` → `redis`, `gopkg.in/yaml.v3`
   * → `yaml`); also the name of a repository's root package (`golang-jwt/jwt` → `jwt`).
   */
  assumedPackageName?(importPath: string): string;
  /** the type a function's declared signature returns (Go's `func NewX(…) *X` → `X`), null when it does not say one */
  resultType?(signature: string): string | null;
}

/** One language the analysis knows: everything the shared code would otherwise branch on its name for. */
export interface LanguageModule {
  /** the name `languageOfPath` answers and `inferLanguage` counts ("python", "cpp") */
  name: string;
  /** other spellings datasets use ("py", "golang", "c++"), lower-case */
  aliases?: readonly string[];
  /** file extensions, lower-case, without the dot */
  extensions: readonly string[];
  /** whole file names that are this language whatever their extension ("Rakefile") */
  fileNames?: readonly string[];
  /** the grammars this module reads; the first is the default */
  grammars: readonly Grammar[];
  /** the grammar for a path of this language (default: the first); may name another module's grammar */
  grammarOf?(path: string): string;
  /** the text the grammar is given, every line and column where it was (default: the image as it is) */
  sourceText?(text: string): string;
  /** definitions and uses of a parsed image */
  extract: Extractor;
  /** a definition adjusted by its own line's indentation, or dropped (default: kept as it is) */
  scopeDefinition?(definition: SyntaxDefinition, lineText: string): SyntaxDefinition[];
  /** a second declaration with other parameters is an overload (elsewhere it replaces the first) */
  overloads: boolean;
  /** the node types that are one string literal (a concatenation of several counts as one) */
  stringTypes: readonly string[];
  /** how a member of a type or namespace is written in a hint: `Owner.member` or `Owner::member` */
  memberSeparator: "." | "::";
  /** member names the language or its standard interfaces dictate (overrides, protocols): no author chose them */
  dictatedNames?: readonly string[];
  /** a pattern for dictated names (Python's `__dunder__`) */
  dictatedPattern?: RegExp;
  hunks: HunkRules;
  uses?: UseRules;
}
