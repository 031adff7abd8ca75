// Definitions no use on the other side of a patch reaches, whatever their names: what DefUse never states.
import { inStandingPackage } from "./package-scope";
import type { PatchDefinition, PatchFacts } from "./patch-types";
import { isTestEntryPoint } from "./test-entry-points";

/**
 * Whether a definition of one side is none the other can use:
 * - a local function or class (nor a Go file's in a package that stands: see inStandingPackage), or a new ES module's
 *   top-level name it does not export;
 * - a test case or its set-up, which only the test runner calls;
 * - a field a JSDoc `@typedef` documents under a name the code wrote before (`obj.promise = …` in a helper moved out);
 * - a test's implementation of a method an interface the code adds declares (`TestProvider::getFunctions` of
 *   `ExpressionFunctionProviderInterface`): the interface's is the name the hint states, the test's takes it from it.
 */
export function unusableDefinitions(
  code: PatchFacts,
  test: PatchFacts,
): (def: PatchDefinition, side: "code" | "test") => boolean {
  const standing = inStandingPackage(code, test);
  // (Written as a member before: `obj.promise = …`, `promise: …`; not a mere word, `process.env.verbose`.)
  const before = code.textBefore.join("\n");
  const writtenBefore = (member: string) => {
    const name = member.replace(/[$.*+?^{}()|[\]\\]/g, "\\$&");
    return new RegExp(`\\.${name}\\s*=(?!=)|(^|[{,\\s])${name}\\s*:(?!:)`, "m").test(before);
  };
  const declaredAnew = new Set(code.definitions.filter((d) => d.abstract && d.status === "new").map((d) => d.member));
  return (def, side) =>
    def.local === true ||
    (def.moduleOnly === true && def.newFile) ||
    standing(def) ||
    (side === "test" && (isTestEntryPoint(def) || (def.kind === "method" && declaredAnew.has(def.member)))) ||
    (def.documented === true && writtenBefore(def.member));
}
