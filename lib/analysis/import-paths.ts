// Which file an import or a string literal names: paths resolved as each language writes them.
import type { UseRules } from "./languages/language";
import { extensionsImportsOmit, moduleOfPath } from "./languages/lookup";

/** The extensions an import leaves off (`a.b.c`, `org.pkg.Cls`, `./x`): the modules' own (UseRules.importOmitsExtension). */
const OMITTED_EXTENSION = new RegExp(`\\.(${extensionsImportsOmit().join("|")})$`);

const stripExtension = (path: string) => path.replace(OMITTED_EXTENSION, "");

/** How uses reach definitions in a path's language (see UseRules): none of its departures for unknown files. */
const rulesOfPath = (path: string): UseRules => moduleOfPath(path)?.uses ?? {};

/** Resolves `../src/format/bytes` against the importing file's folder. */
function resolveRelative(from: string, module: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const segment of module.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** Whether an import of `module` (as written in `fromPath`) loads the file at `path`. */
export function importLoadsFile(module: string, fromPath: string, path: string): boolean {
  const bare = stripExtension(path);
  // (`from "."`, `from ".."`: the folder's own index, as `./index` would be.)
  if (module === "." || module === "..") return bare === resolveRelative(fromPath, `${module}/index`);
  if (module.startsWith("./") || module.startsWith("../")) {
    const target = resolveRelative(fromPath, module);
    return bare === target || bare === `${target}/index` || bare === stripExtension(target);
  }
  // C's and C++'s `#include "spdlog/sinks/callback_sink.h"`: the file at that path under an include folder (a bare
  // `"x.h"`, the one beside the including file).
  if (rulesOfPath(fromPath).includePaths && !module.startsWith(".")) {
    if (module.includes("/")) return path === module || path.endsWith(`/${module}`);
    return path === [...fromPath.split("/").slice(0, -1), module].join("/");
  }
  // Python `a.b.c` and Java `org.pkg.Cls`: a path suffix; Go's `host/x/pkg`: the file's folder is the package.
  const dotted = module.replace(/^\.+/, "").replace(/\./g, "/");
  if (
    bare === dotted ||
    bare.endsWith(`/${dotted}`) ||
    bare.endsWith(`/${dotted}/__init__`) ||
    bare === `${dotted}/__init__`
  )
    return true;
  const folder = path.split("/").slice(0, -1).join("/");
  if (rulesOfPath(path).packageIsFolder && folder !== "" && (module === folder || module.endsWith(`/${folder}`)))
    return true;
  if (!module.includes(".") && module.includes("/") && (bare === module || bare.endsWith(`/${module}`))) return true;
  // A monorepo's scoped package (`@proton/shared/lib/x` is `packages/shared/lib/x`): its scope names no folder.
  const unscoped = /^@[\w-]+\/(.+\/.+)$/.exec(module)?.[1];
  return unscoped !== undefined && !unscoped.includes(".") && bare.endsWith(`/${unscoped}`);
}

/**
 * Whether an import that climbs exactly to the package's root (`../../../helpers/sqlite` from `test/node/src/`,
 * where modules leave their extension off) names this file as one of the package's export paths, which its build
 * maps to its sources (`src/helpers/sqlite.ts`). Only where no file of the patch is the import's own target: the
 * caller asks that (importLoadsFile first).
 */
export function importClimbsToFile(module: string, fromPath: string, path: string): boolean {
  if (!module.startsWith("../") || !rulesOfPath(fromPath).importOmitsExtension) return false;
  const climbs = module.split("/").filter((segment) => segment === "..").length;
  const rest = stripExtension(module.replace(/^(\.\.?\/)+/, ""));
  return climbs === fromPath.split("/").length - 1 && rest.includes("/") && stripExtension(path).endsWith(`/${rest}`);
}

/**
 * Whether a string literal of a file names the file at `path` (one the other patch adds): as a path from the
 * using file's folder (`os.ReadFile("fixtures/valid.yaml")` in `internal/cue/`) or from the repository's root,
 * as a tail of it with a folder (`"cue/fixtures/valid.yaml"`), or as its bare name with an extension
 * (`Path(__file__).parent / "data" / "valid.yaml"`) where no other added file has that name.
 */
export function literalNamesFile(literal: string, fromPath: string, path: string, namesakes = 1): boolean {
  const text = literal.trim().replace(/^\.\//, "");
  if (text.length < 3 || /\s|HOLE/.test(text)) return false;
  if (text === path || resolveRelative(fromPath, text) === path) return true;
  if (text.includes("/")) return path.endsWith(`/${text}`);
  return namesakes === 1 && /^[\w.-]+\.\w{1,5}$/.test(text) && path.split("/").pop() === text;
}
