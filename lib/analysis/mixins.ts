// A PHP trait's members are every using class's (a Ruby module's every including class's) (`Assert::allIsNotInstanceOfAny` reaches `trait Mixin`'s, see
// match-uses.ts), but only a class the patches show may use the trait: not a framework's facade (`Cache::flush()`).
import { testsFileOf } from "./import-paths";
import { lastSegment } from "./languages/syntax-facts";
import { classLike, isSelfQualified } from "./match-uses";
import type { PatchDefinition, PatchUse } from "./patch-types";

/** Whether a use reaches a trait's member only through a class-like name no patch defines anything of. */
export function throughStrangerOf(
  definitions: readonly PatchDefinition[],
): (use: PatchUse, def: PatchDefinition) => boolean {
  const patchClasses = new Set(definitions.flatMap((d) => [d.owner && lastSegment(d.owner), d.member]));
  return (use, def) => {
    const through = use.qualifier === null ? undefined : lastSegment(use.qualifier);
    // (An object's `$d->roundUnit(…)`, a call's `Carbon::now()->…`, is any instance's: only a class's name is checked.)
    return (
      def.mixin === true &&
      through !== undefined &&
      /^[A-Z]\w*$/.test(through) &&
      through !== (def.owner && lastSegment(def.owner)) &&
      !patchClasses.has(through)
    );
  };
}

/**
 * Whether a use through the using class itself (`$this->toolValueToString(…)`) reaches a trait's member: only where
 * its file names the trait (`use ValueToStringTrait;` in the test class), as a class takes a trait's members.
 */
export function traitOfUser(uses: readonly PatchUse[]): (use: PatchUse, def: PatchDefinition) => boolean {
  const named = new Set(uses.map((use) => `${use.location.path}\u0000${use.name}`));
  const namesOwner = (use: PatchUse, def: PatchDefinition) =>
    def.owner !== null && named.has(`${use.location.path}\u0000${lastSegment(def.owner)}`);
  return (use, def) =>
    // A Ruby module's method called bare (see UseRules.bareCallsReachIncluded): where the using file includes the
    // module (`include FileUtils`, or names it) or is the tests of the module's file (`test_fileutils.rb` for
    // `fileutils.rb`), not a request spec's `get '/users'` beside a new `HttpClient#get`.
    use.qualifier === null && def.included === true
      ? namesOwner(use, def) || testsFileOf(use.location.path, def.path, false)
      : !isSelfQualified(use) || (def.mixin === true && namesOwner(use, def));
}

/**
 * Whether a use reaches a class's method through another class that defines a method of that name itself (a test's
 * own fake, `FakeClient.fetch_user_data`): match-uses reads a three-word method through a class-like name as
 * inherited, by a subclass (or a `Deref` wrapper) no hunk shows, never through a class with its own.
 */
export function throughOtherPatchClassOf(
  definitions: readonly PatchDefinition[],
): (use: PatchUse, def: PatchDefinition) => boolean {
  const owners = new Set(definitions.flatMap((d) => (d.owner ? [`${lastSegment(d.owner)}.${d.member}`] : [])));
  return (use, def) => {
    const through = use.qualifier === null ? undefined : lastSegment(use.qualifier);
    return (
      def.kind === "method" &&
      !def.mixin &&
      def.owner !== null &&
      through !== undefined &&
      classLike(through) &&
      through !== lastSegment(def.owner) &&
      owners.has(`${through}.${def.member}`)
    );
  };
}
