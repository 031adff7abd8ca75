// Where a package is its folder (Go): which package a qualifier names, and which new files no import names.

import { moduleOfPath } from "./languages/lookup";
import { OWN_FOLDER, ROOT_PACKAGE } from "./languages/syntax-facts";
import { folderOf } from "./match-uses";
import type { PatchDefinition, PatchFacts } from "./patch-facts";

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
  // (An import of the repository itself, `github.com/olekukonko/tablewriter` from its `tests/` folder, is its root.)
  const rootImport = (module: string) =>
    repo !== undefined && (module === repo || module.toLowerCase().endsWith(`/${repo.toLowerCase()}`));
  for (const use of uses) {
    if (use.kind !== "module" || use.module === undefined || !moduleOfPath(use.location.path)?.uses?.packageIsFolder)
      continue;
    const map = aliasesByFile.get(use.location.path) ?? new Map<string, string>();
    map.set(use.name, rootImport(use.module) ? ROOT_PACKAGE : use.module);
    aliasesByFile.set(use.location.path, map);
  }
  // (Last: the external test package's own import of the package it tests, `kong "…/kong"`, names that folder.)
  for (const { path, name } of [...(code.ownPackages ?? []), ...(test.ownPackages ?? [])])
    aliasesByFile.set(path, (aliasesByFile.get(path) ?? new Map<string, string>()).set(name, OWN_FOLDER));
  return (path) => aliasesByFile.get(path);
}

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
