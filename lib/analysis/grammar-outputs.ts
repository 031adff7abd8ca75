import type { FileDiff } from "./parse-diff";

/**
 * Files a patch regenerates from a grammar it also changes: bison/yacc writes `parser.c`/`parser.h` (or
 * `parser.tab.c`) from `parser.y`, flex writes `lexer.c`/`lexer.h` from `lexer.l`, goyacc `parser.y.go`. Their definitions
 * (`YYSYMBOL_LITERAL`, `yy_buffer_state`, the tables) are the tool's, renumbered wholesale on each change: no
 * hint names them. The grammar is the change: of the outputs beside it, the analysis keeps (in both modes) only
 * the new definitions the grammar's added lines name (`%token ATAN2` → the constant `ATAN2` a test uses).
 */

/** Grammar sources: bison/yacc and flex/lex, in their C and C++ spellings. */
const GRAMMAR = /\.(y|yy|ypp|yxx|l|ll|lpp|lxx)$/;
/** What those tools write. */
const OUTPUT = /\.(c|cc|cpp|cxx|h|hh|hpp|hxx)$/;

/** A path without its extension, and without bison's `.tab` (`parser.tab.c` → `parser`). */
const stemOf = (path: string, extension: RegExp) => path.replace(extension, "").replace(/\.tab$/, "");

/** The paths of a patch that its tools generate from a grammar the same patch changes, each with that grammar's path. */
export function generatedFromGrammar(paths: readonly string[]): Map<string, string> {
  const grammars = paths.filter((p) => GRAMMAR.test(p));
  const byStem = new Map(grammars.map((p) => [stemOf(p, GRAMMAR), p]));
  const out = new Map<string, string>();
  for (const p of paths) {
    // goyacc's output beside its grammar: `generated_parser.y.go` from `generated_parser.y`.
    const grammar = OUTPUT.test(p) ? byStem.get(stemOf(p, OUTPUT)) : grammars.find((g) => p === `${g}.go`);
    if (grammar !== undefined) out.set(p, grammar);
  }
  return out;
}

/** A minified bundle (`docs/vendor/peggy/peggy.min.js`): a build's output as well, whose names are the minifier's (`e.map`). */
const MINIFIED = /\.min\.(js|mjs|cjs)$/;

/**
 * The names on a generated file's grammar's added lines (see above), none for a minified bundle, or null for a file
 * written by hand.
 */
export function grammarNamesOf(
  path: string,
  generated: Map<string, string>,
  files: readonly FileDiff[],
): Set<string> | null {
  if (MINIFIED.test(path)) return new Set();
  const grammar = generated.get(path);
  if (grammar === undefined) return null;
  const added =
    files.find((f) => f.path === grammar)?.hunks.flatMap((h) => h.lines.filter((l) => l.kind === "+")) ?? [];
  return new Set(added.flatMap((l) => l.text.match(/[A-Za-z_$][\w$]*/g) ?? []));
}
