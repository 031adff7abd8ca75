import path from "node:path";
import { Language, Parser } from "web-tree-sitter";
import { languageOfPath } from "./languages/infer-language";

/** The languages the analysis parses, by the name `languageOfPath` gives them (TSX has its own grammar). */
export type ParsedLanguage =
  | "python"
  | "java"
  | "go"
  | "javascript"
  | "typescript"
  | "tsx"
  | "rust"
  | "c"
  | "cpp"
  | "ruby"
  | "php";

const WASM: Record<ParsedLanguage, string> = {
  python: "tree-sitter-python/tree-sitter-python.wasm",
  java: "tree-sitter-java/tree-sitter-java.wasm",
  go: "tree-sitter-go/tree-sitter-go.wasm",
  javascript: "tree-sitter-javascript/tree-sitter-javascript.wasm",
  typescript: "tree-sitter-typescript/tree-sitter-typescript.wasm",
  tsx: "tree-sitter-typescript/tree-sitter-tsx.wasm",
  rust: "tree-sitter-rust/tree-sitter-rust.wasm",
  c: "tree-sitter-c/tree-sitter-c.wasm",
  cpp: "tree-sitter-cpp/tree-sitter-cpp.wasm",
  ruby: "tree-sitter-ruby/tree-sitter-ruby.wasm",
  // PHP without the `<?php` tag: hunks rarely show it.
  php: "tree-sitter-php/tree-sitter-php_only.wasm",
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
  const language = languageOfPath(filePath);
  const lower = filePath.toLowerCase();
  if (language === "typescript" && lower.endsWith(".tsx")) return "tsx";
  // A `.h` header may be C or C++ (fmt, nlohmann/json write C++ in .h): C++'s grammar reads both.
  if (lower.endsWith(".h")) return "cpp";
  return language !== null && language in WASM ? (language as ParsedLanguage) : null;
}
