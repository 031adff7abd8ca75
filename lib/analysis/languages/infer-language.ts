import { ownValue } from "../../domain/own-keys";
import { moduleNamed, moduleOfPath } from "./lookup";

/** Languages known by their extension that no module reads yet: their files count as unsupported code. */
const UNPARSED_EXTENSIONS: Record<string, string> = {
  kt: "kotlin",
  scala: "scala",
  swift: "swift",
};

/**
 * The language of a source path by its extension (or a well-known file name), or null for non-code files:
 * the one map that import, analysis and rendering share (the modules' extensions, see registry.ts).
 */
export function languageOfPath(path: string): string | null {
  const module = moduleOfPath(path);
  if (module) return module.name;
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  if (dot < 0) return null;
  return ownValue(UNPARSED_EXTENSIONS, base.slice(dot + 1).toLowerCase()) ?? null;
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

/** A language name as datasets spell it ("js", "Python", "golang") in this project's spelling. */
export function normaliseLanguage(name: string): string {
  const key = name.trim().toLowerCase();
  return moduleNamed(key)?.name ?? key;
}
