// Where a package is its folder (Go): which package a qualifier names, and which new files no import names.

import { moduleOfPath } from "./languages/lookup";
import { OWN_FOLDER, ROOT_PACKAGE } from "./languages/syntax-facts";
import type { ParsedFragment, PatchDefinition, PatchFacts, PatchUse } from "./patch-types";

/**
 * The names each file's imports give packages (where a package is a folder: Go's aliases), for package-qualified
 * uses. First, where the repository is known, its root package's assumed name (`golang-jwt/jwt` → `jwt`) for every
 * file: an external test package (`package jwt_test`, or a `tests/` folder's) writes `jwt.X`, its import above the
 * hunks; an import a file shows says otherwise.
 */
export function packageAliases(
  code: PatchFacts,
  test: PatchFacts,
  repo?: string,
): (path: string) => Map<string, string> | undefined {
  const uses = [...code.uses, ...test.uses];
  const aliasesByFile = new Map<string, Map<string, string>>();
  for (const path of repo ? [...code.paths, ...test.paths] : []) {
    const rootName = moduleOfPath(path)?.uses?.assumedPackageName?.(repo as string);
    if (rootName) aliasesByFile.set(path, new Map([[rootName, ROOT_PACKAGE]]));
  }
  const rootImport = rootImportOf(repo);
  for (const use of uses) {
    if (use.kind !== "module" || use.module === undefined || !moduleOfPath(use.location.path)?.uses?.packageIsFolder)
      continue;
    const map = aliasesByFile.get(use.location.path) ?? new Map<string, string>();
    map.set(use.name, rootImport(use.module) ? ROOT_PACKAGE : use.module);
    aliasesByFile.set(use.location.path, map);
  }
  // (Last: the external test package's own import of the package it tests, `kong "…/kong"`, names that folder, in
  // each file of the folder whose hunks show no import of that name: `qt "…/quicktest"` above checker_test.go's
  // hunk, `qt.ErrSilent` in quicktest_test.go's.)
  const own = [...(code.ownPackages ?? []), ...(test.ownPackages ?? [])];
  for (const { path, name } of own)
    aliasesByFile.set(path, (aliasesByFile.get(path) ?? new Map<string, string>()).set(name, OWN_FOLDER));
  for (const { path, name } of own)
    for (const other of [...code.paths, ...test.paths]) {
      const map = aliasesByFile.get(other) ?? new Map<string, string>();
      if (folderOf(other) !== folderOf(path) || map.has(name) || moduleOfPath(other) !== moduleOfPath(path)) continue;
      aliasesByFile.set(other, map.set(name, OWN_FOLDER));
    }
  return (path) => aliasesByFile.get(path);
}

/** An import of the repository itself (`github.com/olekukonko/tablewriter` from its `tests/` folder): its root's. */
export const rootImportOf = (repo?: string) => (module: string) =>
  repo !== undefined && (module === repo || module.toLowerCase().endsWith(`/${repo.toLowerCase()}`));

/**
 * Where a package is its folder (Go), an import loads the folder, not a file: a new file in a folder the
 * patches show a file of already (modified, not added: each added file is a `file` definition) is nothing an
 * import names (navidrome 5001518's `model/user_props.go` beside the changed `model/datastore.go`).
 */
export function inStandingPackage(code: PatchFacts, test: PatchFacts): (def: PatchDefinition) => boolean {
  const newFiles = new Set(
    [...code.definitions, ...test.definitions].filter((d) => d.kind === "file").map((d) => d.path),
  );
  const paths = [...code.paths, ...test.paths];
  return (def) =>
    def.kind === "file" &&
    moduleOfPath(def.path)?.uses?.packageIsFolder === true &&
    paths.some(
      (path) =>
        path !== def.path &&
        folderOf(path) === folderOf(def.path) &&
        moduleOfPath(path) === moduleOfPath(def.path) &&
        !newFiles.has(path),
    );
}

/**
 * The names a file gives its own folder's package (read from any row, the hunk header's clause too): an external
 * test package's (`package quicktest_test` → `quicktest`), and an alias its import gives it (`qt "…/quicktest"`).
 */
export function ownPackageNames(parsed: readonly ParsedFragment[]): string[] {
  const own = new Set(parsed.flatMap((p) => p.uses.filter((use) => use.module === OWN_FOLDER)).map((use) => use.name));
  const aliased = parsed.flatMap((p) =>
    p.uses.filter((use) => use.kind === "module" && own.has(use.module?.split("/").pop() ?? "")),
  );
  return [...own, ...aliased.map((use) => use.name)];
}

/** Per file of a patch: the names its imports give packages (`au` → `go.example.com/app/internal/audit`). */
export type ImportAliases = (path: string) => ReadonlyMap<string, string> | undefined;

/** The folder a path is in (`a/b/c.go` → `a/b`): where a package is its folder, the package. */
export const folderOf = (path: string) => path.split("/").slice(0, -1).join("/");

/**
 * Where a package is its folder (Go): whether a use can denote a package-level definition. Unqualified, only from the same package (its
 * folder); qualified, only through the package's name or the alias the using file imports it under.
 */
export function packageAllows(use: PatchUse, def: PatchDefinition, aliases?: ImportAliases): boolean {
  const defFolder = folderOf(def.path);
  if (use.qualifier === null) return folderOf(use.location.path) === defFolder;
  const imported = aliases?.(use.location.path)?.get(use.qualifier);
  // (`kong.ShortHelp` in `package kong_test`: the package of the test's own folder, the repository's root too.)
  if (imported === OWN_FOLDER) return folderOf(use.location.path) === defFolder;
  // (A file's `terraform.X` may mean the root package or, its import above the hunk, `…/terraform/terraform`.)
  if (imported === ROOT_PACKAGE) return defFolder === "" || use.qualifier === defFolder.split("/").pop();
  if (imported !== undefined)
    return (
      imported === defFolder ||
      imported.endsWith(`/${defFolder}`) ||
      (defFolder.endsWith(`/${imported.split("/").pop()}`) && imported.endsWith(defFolder.split("/").pop() ?? ""))
    );
  return use.qualifier === defFolder.split("/").pop() || joinsSegments(use.qualifier, defFolder);
}

/**
 * Whether an alias (its import above the hunk) joins the package's name to another folder of its path, as Go
 * code names packages of one name apart (`httptransport` for `…/transport/http`, `grpctransport`).
 */
function joinsSegments(qualifier: string, folder: string): boolean {
  const segments = folder.toLowerCase().split("/");
  const last = segments.pop() ?? "";
  const alias = qualifier.toLowerCase();
  if (last === "" || alias === last || !(alias.startsWith(last) || alias.endsWith(last))) return false;
  const rest = alias.startsWith(last) ? alias.slice(last.length) : alias.slice(0, alias.length - last.length);
  return segments.includes(rest);
}
