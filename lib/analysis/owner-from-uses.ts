// Whose a method is whose class line no hunk shows: the class its uses name.
import { moduleOfPath } from "./languages/lookup";
import { classLike, isSelfQualified } from "./match-uses";
import type { PatchDefinition, PatchUse } from "./patch-types";

/**
 * The enum type whose constants the uses go through, by qualifier (`Response.StatusCode.OK` → StatusCode), where
 * they go through two of its constants at least (`Response.StatusCode.OK.getCode()`, `….EOF.getCode()`): an enum's
 * constants have its members. (One constant alone may be any static field, of any type; a short all-caps segment,
 * `IO`, may be a class.)
 */
function enumConstantTypes(uses: readonly PatchUse[]): Map<string, string> {
  const split = (qualifier: string | null) => {
    const segments = qualifier?.split(".") ?? [];
    const constant = segments.pop() ?? "";
    return { constant, type: segments.join(".") };
  };
  const constants = new Map<string, Set<string>>();
  for (const use of uses) {
    const { constant, type } = split(use.qualifier);
    if (!/^[A-Z][A-Z0-9_]*$/.test(constant) || classLike(constant) || type === "" || !classLike(type)) continue;
    constants.set(type, (constants.get(type) ?? new Set()).add(constant));
  }
  const enums = new Map<string, string>();
  for (const use of uses) {
    const { constant, type } = split(use.qualifier);
    if ((constants.get(type)?.size ?? 0) >= 2 && /^[A-Z][A-Z0-9_]*$/.test(constant))
      enums.set(use.qualifier as string, type.split(".").pop() as string);
  }
  return enums;
}

/**
 * Where some uses go through objects of a told type and some through objects the file does not type: the told
 * type, if it is one and its file's namesake (robin-map's `tsl::robin_map<…> map` then `map.contains(0)`, and
 * `map_const.contains(…)` beside it, for a `contains` in `robin_map.h`): a file named for a class holds that
 * class's members. (Not another file's namesake: robin_hash.h's `contains` is its own class's.)
 */
function namesakeTold(def: PatchDefinition, uses: readonly PatchUse[]): string | null {
  const told = new Set(uses.flatMap((use) => (use.qualifierType ? [use.qualifierType] : [])));
  const type = told.size === 1 ? [...told][0] : undefined;
  const stem = /([^/]+?)(?:\.[^./]+)?$/.exec(def.path)?.[1];
  const plain = (name: string) => name.toLowerCase().replace(/[_-]/g, "");
  return type !== undefined && stem !== undefined && plain(type) === plain(stem) ? type : null;
}

const NESTED_KINDS = new Set(["enum", "struct", "class", "interface", "type"]);

/**
 * The class a type whose class line no hunk shows is nested in: the one the uses all reach it through
 * (`cpptrace::formatter::symbol_mode::full` → formatter), where the file's other definitions show that class
 * (the patch's `formatter& formatter::symbols(symbol_mode mode)`): a qualifier alone may be a namespace.
 */
function nestingClass(uses: readonly PatchUse[], classesOfFile: ReadonlySet<string>): string | null {
  const through = new Set(uses.map((use) => use.qualifier?.split(/::|\./).pop() ?? ""));
  const only = through.size === 1 ? [...through][0] : undefined;
  return only !== undefined && classesOfFile.has(only) ? only : null;
}

/**
 * The class a method whose class line no hunk shows belongs to, from the uses that reach it: the one class
 * every class-like qualifier names (`version.WebEngineVersions.from_qt(…)` → WebEngineVersions), or the
 * class the using file made the qualifier an instance of (`z = ZipArchive(…)`; `z._valid_time_stamp(…)`), else null.
 * An instance's class may only inherit the method (`g = GaussianMixture(…)`; `g.fit_predict(X)` reaches
 * BaseMixture's): so that reading holds only where no use goes through an object of a class it cannot tell
 * (`bgmm2.fit_predict(X)` beside it, a BayesianGaussianMixture copied from another).
 */
export function ownerFromUses(
  def: PatchDefinition,
  uses: readonly PatchUse[],
  classesOfFile: ReadonlySet<string> = new Set(),
): string | null {
  // (A namespace's own, `lib.mode` under `@@ … @@ namespace lib {`, is in no class yet either.)
  const namespaced = def.owner !== null && def.owner === def.namespace;
  // (Not where a qualifier is never a class, Go's: `ratelimit.Mode` is the package's, whatever struct shares its name.)
  if ((!def.owner || namespaced) && NESTED_KINDS.has(def.kind) && !moduleOfPath(def.path)?.uses?.qualifierNeverClass) {
    const nesting = nestingClass(uses, classesOfFile);
    return nesting && namespaced ? `${def.owner}.${nesting}` : nesting;
  }
  if (def.owner || (def.kind !== "method" && def.kind !== "property" && def.kind !== "field")) return null;
  // A Rust builder method (`fn method_not_allowed_fallback(self, …) -> Self`) called down a chain a constructor
  // starts (`Router::new().route(…).method_not_allowed_fallback(…)`): the chain's type is the constructor's.
  const builder = /->\s*Self\b/.test(def.signature ?? "");
  const chainType = (use: PatchUse) =>
    builder ? /^([A-Z]\w*)(?:<[^>]*>)?::(?:new|default|builder)\(/.exec(use.qualifier ?? "")?.[1] : undefined;
  const untold = (use: PatchUse) =>
    use.qualifierType === undefined &&
    chainType(use) === undefined &&
    use.qualifier !== null &&
    !isSelfQualified(use) &&
    !classLike(use.qualifier.replace(/\.super$/, ""));
  if (uses.some((use) => use.qualifierType !== undefined) && uses.some(untold)) return namesakeTold(def, uses);
  const enums = enumConstantTypes(uses);
  const classes = new Set(
    uses.flatMap((use) => {
      if (use.qualifierType) return [use.qualifierType];
      const chained = chainType(use);
      if (chained) return [chained];
      const enumType = use.qualifier ? enums.get(use.qualifier) : undefined;
      if (enumType) return [enumType];
      // A static import names the member's class (`import static org.jsoup.helper.HttpConnection.Response.sameOrigin`).
      const imported = use.kind === "import" ? (use.module?.split(".") ?? []) : [];
      const importedOwner = imported.at(-2);
      if (imported.at(-1) === def.member && importedOwner !== undefined && classLike(importedOwner))
        return [importedOwner];
      const qualifier = use.qualifier?.replace(/\.super$/, "") ?? null;
      return qualifier !== null && classLike(qualifier) ? [qualifier.split(".").pop() as string] : [];
    }),
  );
  return classes.size === 1 ? ([...classes][0] ?? null) : null;
}

/** What only a class (a record, a module) declares as its own. */
const CLASS_MEMBERS = new Set(["method", "constructor", "field"]);

/**
 * The classes each file's definitions show (whose methods and fields they are; not an object's property,
 * `arg.ArgError = ArgError`): what a nested type's uses go through (see ownerFromUses).
 */
export function classesShownByFile(definitions: readonly PatchDefinition[]): (path: string) => ReadonlySet<string> {
  const byPath = new Map<string, Set<string>>();
  for (const d of definitions)
    if (d.owner && CLASS_MEMBERS.has(d.kind) && d.owner !== d.namespace)
      byPath.set(d.path, (byPath.get(d.path) ?? new Set()).add(d.owner.split(".").pop() as string));
  return (path) => byPath.get(path) ?? new Set<string>();
}
