// A new constructor of a class the code had: a signature the tests call that does not exist yet (SPEC §3: a new
// overload is new). A constructor has no name of its own, so no use names it; the calls that make its class with
// as many arguments as it takes are its uses.
import { moduleOfPath } from "./languages/lookup";
import { takes } from "./namesake-uses";
import type { PatchDefinition, PatchUse } from "./patch-types";

/**
 * The uses that reach a new constructor overload (dnsjava's `Zone(Name zone, int serial)`, a test's `new
 * Zone(origin, 1)`): instantiations of its class whose argument count it takes, in a language with overloads
 * (Java, C++, C#), where the class itself is not new (a new class is stated as the class). Empty otherwise.
 */
export function constructorCalls(
  def: PatchDefinition,
  byName: ReadonlyMap<string, PatchUse[]>,
  everyDefinition: readonly PatchDefinition[],
  textBefore: readonly string[],
): PatchUse[] {
  // (A private one, commons-compress's `private TarArchiveInputStream(Builder builder)`, no test calls.)
  if (def.kind !== "constructor" || def.status !== "new" || !def.owner || def.local || def.private) return [];
  if (!moduleOfPath(def.path)?.overloads) return [];
  const owner = def.owner;
  if (everyDefinition.some((d) => d.name === owner && d.path === def.path && d.status === "new")) return [];
  const className = owner.split(".").pop() ?? owner;
  // (Of an overloaded name, the declarations a test can call: not the private ones.)
  const open = (signature: string | null) => !/\bprivate\s/.test(signature ?? "");
  const overloads = def.overloads?.filter((o) => open(o.signature));
  if (overloads?.length === 0 || (!overloads && !open(def.signature))) return [];
  const callable = { ...def, ...(overloads ? { overloads } : {}) };
  // (A call with as many arguments as a constructor the class had takes that one: `new Zone(origin, "zone.db")` beside
  // `Zone(Name zone, String file)` shown as context; which, only the argument types would say.)
  const before = priorArities(className, textBefore);
  return (byName.get(className) ?? []).filter(
    (use) => use.kind === "instantiation" && use.arity !== undefined && !before.has(use.arity) && takes(callable, use),
  );
}

/** How many parameters each constructor of the class the patch shows before it declares (`Zone(Name zone, String file) {`). */
function priorArities(className: string, textBefore: readonly string[]): Set<number> {
  const declaration = new RegExp(
    `(?:^|\\n)\\s*(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|protected|private|internal|explicit|constexpr)\\s+)*${className}\\s*\\(([^)]*)\\)\\s*(?:throws\\b[^{;]*)?(?:\\{|:|;|$)`,
    "gm",
  );
  const out = new Set<number>();
  for (const text of textBefore)
    for (const match of text.matchAll(declaration)) {
      const list = (match[1] ?? "").replace(/<[^<>]*>/g, "").trim();
      out.add(list === "" ? 0 : list.split(",").length);
    }
  return out;
}
