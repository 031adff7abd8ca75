import path from "node:path";
import { Language, Parser } from "web-tree-sitter";

/** The languages the analysis parses, by the name `languageOfPath` gives them (TSX has its own grammar). */
export type ParsedLanguage = "python" | "java" | "go" | "javascript" | "typescript" | "tsx";

const WASM: Record<ParsedLanguage, string> = {
  python: "tree-sitter-python/tree-sitter-python.wasm",
  java: "tree-sitter-java/tree-sitter-java.wasm",
  go: "tree-sitter-go/tree-sitter-go.wasm",
  javascript: "tree-sitter-javascript/tree-sitter-javascript.wasm",
  typescript: "tree-sitter-typescript/tree-sitter-typescript.wasm",
  tsx: "tree-sitter-typescript/tree-sitter-tsx.wasm",
};

// The grammar packages ship their .wasm files; they are read from node_modules, never fetched.
const modulesDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules");

let parsers: Promise<Map<ParsedLanguage, Parser>> | null = null;

async function loadParsers(): Promise<Map<ParsedLanguage, Parser>> {
  await Parser.init({ locateFile: () => path.join(modulesDir(), "web-tree-sitter", "web-tree-sitter.wasm") });
  const loaded = new Map<ParsedLanguage, Parser>();
  for (const [name, file] of Object.entries(WASM) as Array<[ParsedLanguage, string]>) {
    const parser = new Parser();
    parser.setLanguage(await Language.load(path.join(modulesDir(), file)));
    loaded.set(name, parser);
  }
  return loaded;
}

/** One parser per language, loaded once per process. */
export function getParsers(): Promise<Map<ParsedLanguage, Parser>> {
  parsers ??= loadParsers().catch((error: unknown) => {
    parsers = null;
    throw error;
  });
  return parsers;
}

/** The grammar for a path, or null when the analysis does not parse that language. */
export function grammarOfPath(filePath: string): ParsedLanguage | null {
  const ext = filePath.slice(filePath.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "py" || ext === "pyi") return "python";
  if (ext === "java") return "java";
  if (ext === "go") return "go";
  if (ext === "js" || ext === "jsx" || ext === "mjs" || ext === "cjs") return "javascript";
  if (ext === "ts" || ext === "mts" || ext === "cts") return "typescript";
  if (ext === "tsx") return "tsx";
  return null;
}
