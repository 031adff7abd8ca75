import { fileStem } from "./import-paths";
import { moduleOfPath } from "./languages/lookup";
import { matchIsCertain } from "./match-uses";
import type { PatchDefinition, PatchFacts, PatchUse } from "./patch-types";

/** What a module holds at its top level (a method whose class the hunks do not show is no module's). */
const MODULE_MEMBER_KINDS = new Set([
  "function",
  "class",
  "constant",
  "variable",
  "type",
  "interface",
  "struct",
  "enum",
]);

/**
 * What the using side defines itself, per file. Its own fields (a test's own table struct `bpt { workers int }`): a
 * key or `tt.workers` there names that struct's field, not a namesake of the other side, unless it says whose. Its
 * own top-level names: a bare name, not called, in a file that defines it itself and imports no namesake (`#if
 * !defined(_CRT_NONSTDC_NO_DEPRECATE)` over its own `#define _CRT_NONSTDC_NO_DEPRECATE`) is that file's. (A call may
 * reach another's: a test's `#define uthash_bzero(a,n)` overrides the header's default.)
 */
export function usersOwn(user: PatchFacts) {
  const key = (path: string, name: string) => `${path}\u0000${name}`;
  const keys = (definitions: readonly PatchDefinition[]) => new Set(definitions.map((d) => key(d.path, d.member)));
  const fields = keys(user.definitions.filter((d) => d.kind === "field"));
  const names = keys(user.definitions.filter((d) => !d.owner));
  // (A bare call of a name the file defines as a method is that method's in Ruby's classes: `discount(100)` beside the
  // test's own `def discount`.)
  const callables = keys(
    user.definitions.filter((d) => d.kind === "method" && moduleOfPath(d.path)?.uses?.bareCallsReachIncluded),
  );
  // Its own modules' top-level names, by the module's bare file name (`test/support/utils.js` → `utils`).
  const moduleMembers = new Set(
    user.definitions
      .filter((d) => !d.owner && MODULE_MEMBER_KINDS.has(d.kind))
      .map((d) => `${fileStem(d.path)}.${d.member}`),
  );
  const imports = new Set(user.uses.filter((u) => u.kind === "import").map((u) => key(u.location.path, u.name)));
  // (Not an interface's: `UserPropsRepository.Get` is what a test's mock implements, and the code reaches the mock.)
  const interfaces = new Set(user.definitions.filter((d) => d.kind === "interface").map((d) => d.name));
  const methods = new Set(
    user.definitions.filter((d) => d.kind === "method" && !interfaces.has(d.owner ?? "")).map((d) => d.member),
  );
  return {
    // A method the user defines itself (`Manager.get_queryset`): its `x.get_queryset()` calls that one, not a
    // test subclass's override (`StatusManager.get_queryset`), unless it names the subclass. (Where the
    // language's hooks are overrides: see UseRules.hooksAreOverrides.)
    ownMethod: (use: PatchUse, def: PatchDefinition) =>
      def.kind === "method" &&
      methods.has(def.member) &&
      !matchIsCertain(use, def) &&
      moduleOfPath(def.path)?.uses?.hooksAreOverrides === true,
    ownField: (use: PatchUse, def: PatchDefinition) =>
      def.kind === "field" && fields.has(key(use.location.path, use.name)) && !matchIsCertain(use, def),
    // A name read off a module of its own (`utils.methods`, where the tests' `test/support/utils.js` defines
    // `methods`): that module's, not a namesake of the other side (unless the file loads the other side's, which
    // select-identifiers asks).
    ownModuleMember: (use: PatchUse) =>
      use.qualifier !== null &&
      /^[A-Za-z_$][\w$]*$/.test(use.qualifier) &&
      moduleMembers.has(`${use.qualifier}.${use.name}`),
    ownName: (use: PatchUse) =>
      use.qualifier === null &&
      (use.kind === "name" ? names : callables).has(key(use.location.path, use.name)) &&
      !imports.has(key(use.location.path, use.name)),
  };
}
