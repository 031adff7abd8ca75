// The registry's modules found by grammar, path or name: how the shared analysis asks about a language.
import type { LanguageModule } from "./language";
import { LANGUAGES } from "./registry";

const byGrammar = new Map(LANGUAGES.flatMap((module) => module.grammars.map((g) => [g.name, module] as const)));
const byExtension = new Map(LANGUAGES.flatMap((module) => module.extensions.map((ext) => [ext, module] as const)));
const byFileName = new Map(LANGUAGES.flatMap((module) => (module.fileNames ?? []).map((f) => [f, module] as const)));
const byName = new Map(
  LANGUAGES.flatMap((module) => [module.name, ...(module.aliases ?? [])].map((n) => [n, module] as const)),
);

/** The module that owns a grammar (by the name `grammarOfPath` gives); throws for a grammar no module loads. */
export function moduleOfGrammar(grammar: string): LanguageModule {
  const module = byGrammar.get(grammar);
  if (!module)
    throw new Error(`no language module reads the grammar "${grammar}" (see lib/analysis/languages/registry.ts)`);
  return module;
}

/** The module of a source path by its file name or extension, or null when no module reads it. */
export function moduleOfPath(path: string): LanguageModule | null {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const named = byFileName.get(base);
  if (named) return named;
  const dot = base.lastIndexOf(".");
  return dot < 0 ? null : (byExtension.get(base.slice(dot + 1).toLowerCase()) ?? null);
}

/** The module a language name or alias ("python", "golang") names, or null. */
export const moduleNamed = (name: string): LanguageModule | null => byName.get(name) ?? null;

/** Every grammar the modules load, with the .wasm file of each. */
export const allGrammars = () => LANGUAGES.flatMap((module) => module.grammars);

/** The extensions an import may leave off (every module whose imports name files without them). */
export const extensionsImportsOmit = (): string[] =>
  LANGUAGES.flatMap((module) => (module.uses?.importOmitsExtension ? module.extensions : []));

/**
 * Whether a member name is one the language of the file defining it dictates (an override, a protocol: Java's
 * `close`, Ruby's `to_json`); another language's method of that name is its own (simdjson's `to_json`).
 */
export const isDictatedMember = (member: string, path: string, owned = true): boolean => {
  const module = moduleOfPath(path);
  // (The names a type's protocol dictates are a member's: a module's own `export function toString(bytes)` is not.)
  return (owned && (module?.dictatedNames ?? []).includes(member)) || (module?.dictatedPattern?.test(member) ?? false);
};
