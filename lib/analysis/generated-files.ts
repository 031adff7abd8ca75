/**
 * Files a patch regenerates from a grammar it also changes: bison/yacc writes `parser.c`/`parser.h` (or
 * `parser.tab.c`) from `parser.y`, flex writes `lexer.c`/`lexer.h` from `lexer.l`. Their definitions
 * (`YYSYMBOL_LITERAL`, `yy_buffer_state`, the tables) are the tool's, renumbered wholesale on each change: no
 * hint names them, and no reading of hunks or files says anything about what the author wrote. The grammar
 * is the change; the outputs beside it are left out of the analysis, in both modes.
 */

/** Grammar sources: bison/yacc and flex/lex, in their C and C++ spellings. */
const GRAMMAR = /\.(y|yy|ypp|yxx|l|ll|lpp|lxx)$/;
/** What those tools write. */
const OUTPUT = /\.(c|cc|cpp|cxx|h|hh|hpp|hxx)$/;

/** A path without its extension, and without bison's `.tab` (`parser.tab.c` → `parser`). */
const stemOf = (path: string, extension: RegExp) => path.replace(extension, "").replace(/\.tab$/, "");

/** The paths of a patch that its tools generate from a grammar the same patch changes. */
export function generatedFromGrammar(paths: readonly string[]): Set<string> {
  const grammars = new Set(paths.filter((p) => GRAMMAR.test(p)).map((p) => stemOf(p, GRAMMAR)));
  return new Set(paths.filter((p) => OUTPUT.test(p) && grammars.has(stemOf(p, OUTPUT))));
}
