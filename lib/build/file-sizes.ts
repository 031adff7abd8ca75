import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * The house's size rule (issue 45): no source file over 400 lines, none over 300 without a note at its top
 * saying why (`// Over 300 lines: why`, in its first five lines), no function over 150 lines. Source is
 * lib/, app/ and components/: tests, generated code and declaration files aside.
 */

export const FILE_LIMIT = 400;
export const NOTE_LIMIT = 300;
export const FUNCTION_LIMIT = 150;
/** How many lines at a file's top its note may be in. */
export const NOTE_WITHIN = 5;

const SOURCE_DIRS = ["lib", "app", "components"];
const SKIPPED = new Set(["node_modules", path.join("lib", "server", "generated")]);

export function sourceFiles(root: string, dir = ""): string[] {
  if (dir === "") return SOURCE_DIRS.flatMap((d) => sourceFiles(root, d));
  let names: string[];
  try {
    names = readdirSync(path.join(root, dir));
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names.sort()) {
    const rel = path.join(dir, name);
    if (name.startsWith(".") || SKIPPED.has(name) || SKIPPED.has(rel)) continue;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sourceFiles(root, rel));
    else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !/\.(test|spec)\.\w+$/.test(name) && !/\.d\.m?ts$/.test(name))
      out.push(rel);
  }
  return out;
}

/** Lines of a text, as an editor numbers them (a last newline ends the last line, it starts none). */
export const lineCount = (text: string) => (text === "" ? 0 : text.replace(/\n$/, "").split("\n").length);

/** Whether a file's first lines hold a note of why it is long: a comment `// Over 300 lines: why`. */
export function hasSizeNote(text: string): boolean {
  const top = text.split("\n").slice(0, NOTE_WITHIN);
  return top.some((line) => /^\s*(\/\/|\/\*|\*)\s*over 300 lines\s*:\s*\S/i.test(line));
}

export interface LongFunction {
  name: string;
  line: number;
  lines: number;
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

/** A function's name as a reader finds it: its own, the variable or property it is given to, or "(anonymous)". */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (node.kind === ts.SyntaxKind.Constructor) return "constructor";
  let parent: ts.Node | undefined = node.parent;
  // Through a call that wraps it (`guardedPage("viewer", async () => …)`, `memo(…)`).
  while (parent && ts.isCallExpression(parent)) parent = parent.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(source);
  if (parent && ts.isExportAssignment(parent)) return "default export";
  return "(anonymous)";
}

/** Functions longer than `limit` lines (from the line of their start to the line of their end). */
export function longFunctions(file: string, text: string, limit = FUNCTION_LIMIT): LongFunction[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ name: functionName(node, source), line: start + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What breaks the size rule in the named files: `file: N lines …` and `file:line name: N lines`. */
export function sizeFaults(root: string, files = sourceFiles(root)): string[] {
  const faults: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    const lines = lineCount(text);
    if (lines > FILE_LIMIT) faults.push(`${file}: ${lines} lines (over ${FILE_LIMIT})`);
    else if (lines > NOTE_LIMIT && !hasSizeNote(text))
      faults.push(`${file}: ${lines} lines (over ${NOTE_LIMIT}, no note of why in its first ${NOTE_WITHIN} lines)`);
    for (const long of longFunctions(file, text))
      faults.push(`${file}:${long.line} ${long.name}: ${long.lines} lines (over ${FUNCTION_LIMIT})`);
  }
  return faults;
}
