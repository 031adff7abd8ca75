// Which file an import or a string literal names: paths resolved as each language writes them.
import type { UseRules } from "./languages/language";
import { extensionsImportsOmit, moduleOfPath } from "./languages/lookup";

/** The extensions an import leaves off (`a.b.c`, `org.pkg.Cls`, `./x`): the modules' own (UseRules.importOmitsExtension). */
const OMITTED_EXTENSION = new RegExp(`\\.(${extensionsImportsOmit().join("|")})$`);

const stripExtension = (path: string) => path.replace(OMITTED_EXTENSION, "");

/** How uses reach definitions in a path's language (see UseRules): none of its departures for unknown files. */
const rulesOfPath = (path: string): UseRules => moduleOfPath(path)?.uses ?? {};

/** Resolves `../src/format/bytes` against the importing file's folder. */
export function resolveRelative(from: string, module: string): string {
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
  // A path alias for the package's sources (`~/casing`, `@/utils/x`, as a tsconfig's `paths` map `~/*` to `src/*`):
  // the file under a `src` folder of the importing file's package.
  const aliased = /^[~@#]\/([\w./-]+)$/.exec(module)?.[1];
  if (aliased !== undefined) {
    const root = bare.slice(0, bare.length - stripExtension(aliased).length);
    return (
      bare.endsWith(`/${stripExtension(aliased)}`) &&
      /(^|\/)src\/$/.test(root) &&
      fromPath.startsWith(root.slice(0, -4))
    );
  }
  // Python `a.b.c` and Java `org.pkg.Cls`: a path suffix; Go's `host/x/pkg`: the file's folder is the package.
  const dotted = module.replace(/^\.+/, "").replace(/\./g, "/");
  const packaged = bare.endsWith("/__init__") ? bare.slice(0, -"/__init__".length) : bare;
  if (
    (packaged === dotted || packaged.endsWith(`/${dotted}`)) &&
    suffixReaches(packaged.slice(0, -dotted.length) || "/", module, fromPath)
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
 * Whether a module named by a path suffix (`a/b` of `x/a/b.py`) is the file's, its folders before the suffix
 * (`prefix`, `/`-ended, `/` alone for none) a root imports start from. Not a test folder the importing file is not
 * in (code's `import curio` loads the library, never `tests/marks/curio.py`); and a module of one segment (`curio`,
 * `lodash`) only at the repository's root, under `src/` or `lib/`, or beside the importing file: elsewhere it is
 * a package's module (`httpcore/_backends/curio.py`), which a bare name reaches no more than a library does.
 */
function suffixReaches(prefix: string, module: string, fromPath: string): boolean {
  const parts = prefix.split("/");
  const at = parts.findIndex((part) => /^(tests?|testing|spec)$/.test(part));
  if (at >= 0 && !fromPath.startsWith(`${parts.slice(0, at + 1).join("/")}/`)) return false;
  // (A relative import, `from .curio import …`, is the importing package's; `a.b` names its package.)
  if (/^\.|[./]\w/.test(module)) return true;
  return (
    prefix === "/" ||
    /(^|\/)(src|lib)\/$/.test(prefix) ||
    (fromPath.startsWith(prefix) && !fromPath.slice(prefix.length).includes("/"))
  );
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

/** A file's name without its folder or extension (`test/support/utils.js` → `utils`): the module a language names by it. */
export const fileStem = (path: string) => (path.split("/").pop() ?? path).replace(/\.[^.]+$/, "");

/**
 * Whether a test file is named for a code file (`test/test_fileutils.rb`, `spec/plugin/url_escape_spec.rb`,
 * `tests/test_fanout.py`, `fanout.test.js`, `FanoutCacheTest.java`): its name is the code file's with a test's mark
 * (or, not `marked`, without one too).
 */
export const testsFileOf = (testPath: string, codePath: string, marked = true) => {
  const stem = fileStem(testPath);
  const named = stem.replace(/^test_|_(test|spec)$|\.(test|spec)$|(?<=[a-z0-9])Tests?$/g, "");
  return (named !== stem || !marked) && named === fileStem(codePath);
};
