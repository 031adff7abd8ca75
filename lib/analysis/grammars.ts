import path from "node:path";
import { Language, Parser } from "web-tree-sitter";
import { allGrammars, moduleOfPath } from "./languages/lookup";

/**
 * A grammar the analysis parses with, by the name its language module gives it ("python", "tsx"): see
 * `grammars` in lib/analysis/languages/language.ts.
 */
export type ParsedLanguage = string;

// The grammar packages ship their .wasm files; they are read from node_modules, never fetched.
const modulesDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules");

let parsers: Promise<Map<ParsedLanguage, Parser>> | null = null;

async function loadParsers(): Promise<Map<ParsedLanguage, Parser>> {
  await Parser.init({ locateFile: () => path.join(modulesDir(), "web-tree-sitter", "web-tree-sitter.wasm") });
  const loaded = new Map<ParsedLanguage, Parser>();
  for (const { name, wasm } of allGrammars()) {
    const parser = new Parser();
    parser.setLanguage(await Language.load(path.join(modulesDir(), wasm)));
    loaded.set(name, parser);
  }
  return loaded;
}

/** One parser per grammar, loaded once per process. */
export function getParsers(): Promise<Map<ParsedLanguage, Parser>> {
  parsers ??= loadParsers().catch((error: unknown) => {
    parsers = null;
    throw error;
  });
  return parsers;
}

/** The grammar for a path, or null when the analysis does not parse that language. */
export function grammarOfPath(filePath: string): ParsedLanguage | null {
  const module = moduleOfPath(filePath);
  if (!module) return null;
  return module.grammarOf?.(filePath) ?? (module.grammars[0]?.name as string);
}
