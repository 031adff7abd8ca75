import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The rule that keeps a language in one module (lib/analysis/languages/<name>/, see language.ts there): no
 * shared analysis file (anything in lib/analysis outside a language's own folder, tests apart) tests a
 * language's name or extension against a string literal. It asks the language's module instead.
 */

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

/** The shared analysis files under `root`: lib/analysis, less lib/analysis/languages/<name>/ and the tests. */
function sharedFiles(root: string, dir = path.join("lib", "analysis")): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory())
      return dir === path.join("lib", "analysis", "languages") ? [] : sharedFiles(root, relative);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [relative] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The words the rule looks for. */
export interface LanguageVocabulary {
  /** the registry's language names, aliases and grammar names */
  modules: readonly string[];
  /** languages known by name that no module reads yet ("kotlin") */
  unparsed: readonly string[];
  /** file extensions of both, without the dot */
  extensions: readonly string[];
}

/**
 * Every line of a shared analysis file that compares a language's name (or alias, or grammar) with a string
 * literal (`language === "go"`, `"go" !== x`, `case "go":`), gathers names into a set or list to test
 * against (`new Set(["rust", "cpp"])`), keys a table by a module's name (`python: [...]`), or tests a path's
 * extension (`path.endsWith(".go")`), as `file:line: text`.
 */
export function languageNameTests(root: string, words: LanguageVocabulary): string[] {
  const name = `"(?:${[...words.modules, ...words.unparsed].map(escapeRegExp).join("|")})"`;
  const { extensions } = words;
  const rules = [
    new RegExp(`^\\s*"?(?:${words.modules.map(escapeRegExp).join("|")})"?\\s*:`),
    new RegExp(`[!=]==?\\s*${name}`),
    new RegExp(`${name}\\s*[!=]==?`),
    new RegExp(`\\bcase\\s+${name}\\s*:`),
    new RegExp(`\\[\\s*${name}\\s*,\\s*${name}`),
    new RegExp(`\\.(?:has|includes)\\(\\s*${name}\\s*\\)`),
    new RegExp(`\\.endsWith\\(\\s*"[^"]*\\.(?:${extensions.map(escapeRegExp).join("|")})"\\s*\\)`, "i"),
  ];
  const findings: string[] = [];
  for (const file of sharedFiles(root)) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, index) => {
      const code = line.replace(/\/\/.*$/, "");
      if (/^\s*\*/.test(code)) return;
      if (rules.some((rule) => rule.test(code))) findings.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return findings;
}
