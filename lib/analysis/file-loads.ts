// Which files a using file loads: the same file, its package's (where a package is a folder), and what its imports
// name (see select-identifiers.ts, which asks it of every use).
import { importLoadsFile } from "./import-paths";
import { moduleOfPath } from "./languages/lookup";
import { ROOT_PACKAGE } from "./languages/syntax-facts";
import { folderOf } from "./match-uses";
import { rootImportOf } from "./package-scope";
import type { PatchUse } from "./patch-facts";

/**
 * Whether a using file loads a definition's file: the same file; where a package is its folder (Go), any file of
 * the folder; or a module its imports name (`require`, `from a.b import c`, an import of the module's member).
 */
export function loadsOf(
  uses: readonly PatchUse[],
  repo?: string,
  aliases?: (path: string) => Map<string, string> | undefined,
): (from: string, path: string) => boolean {
  const loadedBy = new Map<string, string[]>();
  for (const use of uses)
    if (use.module !== undefined)
      loadedBy.set(use.location.path, [...(loadedBy.get(use.location.path) ?? []), use.module]);
  const samePackage = (from: string, path: string) =>
    moduleOfPath(path)?.uses?.packageIsFolder === true && folderOf(from) === folderOf(path);
  // (Where a package is its folder, an import of the repository itself loads its root's files, pquerna/otp's `otp.go`,
  // as does a file that qualifies names by the root package's name, `otp.EncoderSteam`, its import above the hunk.)
  const rootImport = rootImportOf(repo);
  const rootFile = (path: string) => moduleOfPath(path)?.uses?.packageIsFolder === true && folderOf(path) === "";
  const rootQualified = new Set(
    uses
      .filter((use) => use.qualifier !== null && aliases?.(use.location.path)?.get(use.qualifier) === ROOT_PACKAGE)
      .map((use) => use.location.path),
  );
  return (from, path) =>
    from === path ||
    samePackage(from, path) ||
    (rootQualified.has(from) && rootFile(path)) ||
    (loadedBy.get(from) ?? []).some(
      (module) =>
        importLoadsFile(module, from, path) ||
        (rootImport(module) && rootFile(path)) ||
        (module.includes(".") && importLoadsFile(module.replace(/\.[^./]+$/, ""), from, path)),
    );
}
