import { ownValue } from "../../domain/own-keys";

const EXTENSION_LANGUAGE: Record<string, string> = {
  py: "python",
  pyi: "python",
  java: "java",
  go: "go",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  rs: "rust",
  c: "c",
  h: "c",
  cc: "cpp",
  cpp: "cpp",
  hpp: "cpp",
  hh: "cpp",
  hxx: "cpp",
  cxx: "cpp",
  ipp: "cpp",
  php: "php",
  rb: "ruby",
  rake: "ruby",
  gemspec: "ruby",
  kt: "kotlin",
  scala: "scala",
  cs: "csharp",
  swift: "swift",
};

/**
 * The language of a source path by its extension (or a well-known file name), or null for non-code files:
 * the one map that import, analysis and rendering share.
 */
export function languageOfPath(path: string): string | null {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base === "Rakefile" || base === "Gemfile") return "ruby";
  const dot = base.lastIndexOf(".");
  if (dot < 0) return null;
  return ownValue(EXTENSION_LANGUAGE, base.slice(dot + 1).toLowerCase()) ?? null;
}

/** The paths a unified diff touches (post-image names, or pre-image names for deleted files). */
export function pathsInDiff(diff: string): string[] {
  const paths: string[] = [];
  for (const match of diff.matchAll(/^diff --git a\/(\S+) b\/(\S+)$/gm)) {
    if (match[2]) paths.push(match[2]);
  }
  return paths;
}

/** The most common code language among a patch's files, or null when it touches no code. */
export function inferLanguage(patch: string): string | null {
  const counts = new Map<string, number>();
  for (const path of pathsInDiff(patch)) {
    const language = languageOfPath(path);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [language, count] of counts) {
    if (count > bestCount) [best, bestCount] = [language, count];
  }
  return best;
}

const LANGUAGE_ALIASES: Record<string, string> = {
  js: "javascript",
  ts: "typescript",
  py: "python",
  golang: "go",
  "c++": "cpp",
  "c#": "csharp",
};

/** A language name as datasets spell it ("js", "Python", "golang") in this project's spelling. */
export function normaliseLanguage(name: string): string {
  const key = name.trim().toLowerCase();
  return ownValue(LANGUAGE_ALIASES, key) ?? key;
}
