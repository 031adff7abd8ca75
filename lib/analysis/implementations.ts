// Implementations: a test's own method named as a new bodiless method of the code, or overriding a new one, is a use of that method.
import { CONSTRUCTOR_MEMBERS, isDictatedName } from "./match-uses";
import type { PatchDefinition, PatchUse } from "./patch-facts";

/**
 * A test's own method of the same name as a method the code patch adds (an interface's the test implements,
 * `new class() implements SourcePolicyInterface { public function enableSandbox(…) }`; a Go type's method that
 * makes it a new interface's `Valuer`): the test must name it as the code does, so it is a use of that method, where it is
 * declared. Constructors and names a protocol dictates aside.
 */
export function implementations(def: PatchDefinition, testDefinitions: readonly PatchDefinition[]): PatchUse[] {
  if (def.kind !== "method" || def.status !== "new" || def.local || CONSTRUCTOR_MEMBERS.has(def.member)) return [];
  // (Only a method there to be implemented, declared without a body: a concrete class's method, or a Ruby or
  // Python hook, the test's namesake may merely mirror (kong's `mapperValueAdapter.Decode`; a test helper's
  // `def interpolate(*args)` beside the code's new InterpolationCompiler.interpolate).)
  // A test's override of a concrete one says it overrides (Java's `@Override`, `override`): it fails to compile
  // unless the method is there by that name (mybatis dddd9f7's `@Override protected SqlSession createSqlSession(…)`
  // in a test's subclass of DefaultSqlSessionFactory).
  // (Nor a member no other file can subclass, a private nested class's `nextLong()`: a test's anonymous
  // `UniformRandomProvider`'s override of that name is of the interface both implement.)
  // (Nor one every declaration of which overrides a base's, an example server's `@Override public void
  // onOpen(WebSocket conn, …)`: a test's override of that name is of the base's, whose name is no new one.)
  const declarations = def.overloads?.map((o) => o.signature ?? "") ?? [def.signature ?? ""];
  const overrides = declarations.every((line) => OVERRIDE.test(line));
  if (isDictatedName(def) || def.private || overrides) return [];
  return testDefinitions
    .filter(
      (d) =>
        d.kind === "method" &&
        (def.abstract === true || OVERRIDE.test(d.signature ?? "")) &&
        d.member === def.member &&
        d.status === "new" &&
        // (An anonymous class's has no owner: `new DataSourceMXBean() { @Override public String[] get…() }`.)
        (d.owner !== null || OVERRIDE.test(d.signature ?? "")) &&
        !MOCK_FILE.test(d.location.path),
    )
    .map((d) => ({ name: d.member, qualifier: null, kind: "name" as const, location: d.location }));
}

/** A declaration that says it overrides a base's method: Java's annotation, C#'s, C++'s and TypeScript's keyword. */
// (C#'s and TypeScript's modifier before the parameters, not a parameter named `override`: `bool override = false`.)
const OVERRIDE = /(^|\s)@Override\b|^[^(]*(^|\s)override\s|\)\s*(const\s*)?override\b/;

/** A test helper that stands in for the code (`tests/mock_user_props_repo.go`, `fake_store.py`): its methods mirror every interface. */
const MOCK_FILE = /(^|\/)[^/]*(mock|fake|stub)[^/]*$|(^|\/)(mocks?|fakes?|stubs?)\//i;
