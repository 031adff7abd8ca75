// A call through an object whose type the file binds: which of the patches' members of that name it reaches.
import type { PatchDefinition, PatchUse } from "./patch-types";

/**
 * A use through an object of a type the patches define a member of that name in (`pingTimer.clear()`, `pingTimer`
 * holding a PingTimer, whose `clear()` the code changes): that member's, no other type's field or method of the
 * name (`Timer.clear`; a record's component, `plan.profiles()` no `CandidateSearchLane`'s), no other type's declaration without a body (FastCSV's `fbw.endRecord()`, `fbw` a `new
 * FastBufferedWriter(…)`, is its class's, not the `Writable` interface's it implements). (Where the object's own
 * type defines no such member, another type's method may be what its class implements: an interface's; and a
 * base class's method with a body may be what the call reaches, as poetry-core's `has_upper_bound` is.)
 */
export function typedToAnother(
  definitions: readonly PatchDefinition[],
): (use: PatchUse, def: PatchDefinition) => boolean {
  const members = new Set(definitions.filter((d) => d.owner).map((d) => `${d.owner?.split(".").pop()}.${d.member}`));
  return (use, def) =>
    use.qualifierType !== undefined &&
    (def.kind === "field" || def.kind === "property" || (def.kind === "method" && def.abstract === true)) &&
    def.owner !== null &&
    def.owner.split(".").pop() !== use.qualifierType &&
    members.has(`${use.qualifierType}.${use.name}`);
}
