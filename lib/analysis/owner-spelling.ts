import type { InstanceIdentifier } from "./instance-identifier";
import { moduleOfPath } from "./languages/lookup";
import type { PatchFacts } from "./patch-types";

/**
 * Every name either patch writes: its definitions' members and its uses' names and qualifiers, segment by segment,
 * and the words of what it shows of its files before (context lines, git's hunk headers: `@@ … @@ RSpec.describe
 * Flipper::Cloud::DSL do`).
 */
function writtenNames(...sides: readonly PatchFacts[]): Set<string> {
  const names = new Set<string>();
  for (const side of sides) {
    for (const text of side.shownBefore ?? []) {
      // (Not a string's words: `describe "API" do` names no constant.)
      const code = text.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "");
      for (const word of code.match(/\b[A-Z][A-Za-z0-9_]*/g) ?? []) names.add(word);
    }
    for (const def of side.definitions) names.add(def.member);
    for (const use of side.uses) {
      names.add(use.name);
      for (const segment of use.qualifier?.split(".") ?? []) names.add(segment);
    }
  }
  return names;
}

/**
 * A Ruby owner spelt from its file's name where the hunks show no `class` line (`api.rb` → `Api`), that no name of
 * either patch writes so, takes the spelling the patches give its letters (`describe WebMock::API` → `API`), where
 * they give exactly one. (Ruby's inflections keep acronyms: `api.rb` holds `API`, `dsl.rb` `DSL`.)
 */
export function respeltOwners(identifiers: InstanceIdentifier[], code: PatchFacts, test: PatchFacts): void {
  const names = writtenNames(code, test);
  const spelling = new Map<string, string | null>();
  const respelt = (segment: string) => {
    if (names.has(segment)) return segment;
    if (!spelling.has(segment)) {
      // (A constant's spelling: `client`, a variable, is no spelling of `Client`, nor is a value's SCREAMING_CASE
      // (`MyGem::VERSION` beside `class Version`); an acronym, four capitals at most, is: `API`, `DSL`, `HTTP`.)
      const asConstant = (name: string) => /^[A-Z]/.test(name) && (/[a-z]/.test(name) || name.length <= 4);
      const twins = [...names].filter((name) => asConstant(name) && name.toLowerCase() === segment.toLowerCase());
      spelling.set(segment, twins.length === 1 ? (twins[0] as string) : null);
    }
    return spelling.get(segment) ?? segment;
  };
  for (const identifier of identifiers) {
    if (!identifier.owner || !identifier.name.startsWith(identifier.owner)) continue;
    if (moduleOfPath(identifier.path)?.uses?.ownersSpeltFromFileNames !== true) continue;
    const owner = identifier.owner.split(".").map(respelt).join(".");
    if (owner === identifier.owner) continue;
    identifier.name = `${owner}${identifier.name.slice(identifier.owner.length)}`;
    identifier.owner = owner;
  }
}
