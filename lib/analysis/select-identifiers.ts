import { SELECTION_POLICIES, type Selection, type SelectionPolicy } from "../domain/hint-vocabulary";
import { constructorCalls } from "./constructor-overloads";
import { dataFilesNamedByTests, pathLiteralsNaming, sourceLiteralsDefining } from "./data-files";
import { matchesDefinition } from "./enum-scopes";
import { loadsOf } from "./file-loads";
import { implementations } from "./implementations";
import { importClimbsToFile } from "./import-paths";
import { type InstanceIdentifier, placed, toIdentifier } from "./instance-identifier";
import { moduleOfPath } from "./languages/lookup";
import { componentPropsMay, importLoadsFile, matchIsCertain } from "./match-uses";
import { throughOtherPatchClassOf, throughStrangerOf, traitOfUser } from "./mixins";
import { modulesAsFiles } from "./module-files";
import { keptUses, withResultTypes } from "./namesake-uses";
import { classesShownByFile, ownerFromUses } from "./owner-from-uses";
import { respeltOwners } from "./owner-spelling";
import { packageAliases } from "./package-scope";
import { fileDefinition, type PatchDefinition, type PatchFacts, type PatchUse } from "./patch-facts";
import { staticImportReaches } from "./static-imports";
import { keyOfOtherType, keywordOfCalledType, keywordOfOwnCallee, nestedKeyTyped } from "./typed-keys";
import { typedToAnother } from "./typed-receivers";
import { unusableDefinitions } from "./unusable-definitions";
import { usersOwn } from "./users-own";

export { SELECTIONS, type Selection } from "../domain/hint-vocabulary";
export type { InstanceIdentifier, PlacedLocation } from "./instance-identifier";

// Names every patch shares that say nothing about the task: keywords, builtins, receivers, test scaffolding.
const COMMON_NAMES = new Set(
  "self cls this super true false none null nil undefined len str int float bool dict list set tuple object print range isinstance type Exception error err ctx t assert assertEquals assertTrue assertFalse expect toBe toEqual it describe test string fmt errors require console Math JSON Object Array String Number Promise pytest mock MagicMock patch fixture os sys re json time path Test Override public private static void return new".split(
    " ",
  ),
);

const isDistinctive = (name: string) => name.length > 2 && !COMMON_NAMES.has(name);

/** The names new to their files in a patch (see PatchFacts.newNames), keywords, builtins and short names aside. */
const newNamesOf = (facts: PatchFacts): Set<string> => new Set([...facts.newNames].filter(isDistinctive));

/**
 * A method re-owned from its uses takes its parameters along (`update_certs.cert` → `SSLServer.update_certs.cert`).
 * Each matched definition carries the owner it was defined with (`definedOwner`), before its uses gave one.
 */
function withOwnedParameters<T extends { def: PatchDefinition; definedOwner: string | null | undefined }>(
  matched: T[],
): T[] {
  const reowned = new Map<string, string>();
  for (const { def, definedOwner } of matched)
    if (!definedOwner && def.owner) reowned.set(`${def.path}\t${def.member}`, def.owner);
  return matched.map((entry) => {
    const { def } = entry;
    const owner = def.kind === "parameter" && def.owner ? reowned.get(`${def.path}\t${def.owner}`) : undefined;
    if (!owner) return entry;
    const method = `${owner}.${def.owner}`;
    return { ...entry, def: { ...def, owner: method, name: `${method}.${def.member}` } };
  });
}

/** Uses by name, and the imports of modules apart: each definition is checked against its namesakes only. */
function usesByName(uses: readonly PatchUse[]): { byName: Map<string, PatchUse[]>; moduleUses: PatchUse[] } {
  const byName = new Map<string, PatchUse[]>();
  const moduleUses: PatchUse[] = [];
  for (const use of uses) {
    if (use.module !== undefined) moduleUses.push(use);
    const same = byName.get(use.name);
    if (same) same.push(use);
    else byName.set(use.name, [use]);
  }
  return { byName, moduleUses };
}

/**
 * The imports that climb to the package's root and name this file by an export path (see importClimbsToFile),
 * where no file of the patch is their own target.
 */
function climbingImports(path: string, moduleUses: readonly PatchUse[], paths: readonly string[]): PatchUse[] {
  return moduleUses.filter(
    (use) =>
      use.module !== undefined &&
      importClimbsToFile(use.module, use.location.path, path) &&
      !paths.some((other) => importLoadsFile(use.module as string, use.location.path, other)),
  );
}

/**
 * A bare name in a code file, in a language whose modules keep their names (the code calling its own
 * `onTokenValidated` prop, or importing `QWebEngineSettings` from a library), is not a test module's
 * `const onTokenValidated` (`QWebEngineSettings = pytest.importorskip(…)`), unless that file loads it.
 * (Not asked of the tests' uses of code: hunks often leave a test's import lines out of view.)
 */
const unloadedNamesakeOf =
  (side: "code" | "test", loads: (from: string, path: string) => boolean) => (use: PatchUse, def: PatchDefinition) =>
    side === "test" &&
    !def.owner &&
    moduleOfPath(def.path)?.uses?.fileScopedNames === true &&
    use.qualifier === null &&
    use.kind !== "module" &&
    use.kind !== "key" &&
    use.location.path !== def.path &&
    !loads(use.location.path, def.path);

/**
 * A test module's own variable (`var brotli = hasBrotliSupport ? it : it.skip`) is no code's to read through an object
 * (`opts.brotli`): the code loads no test file, and what it reads off an object is that object's member (where the
 * language loads modules only by import, see UseRules.testModulesUnloaded).
 */
const testVariableThroughObject = (side: "code" | "test") => (use: PatchUse, def: PatchDefinition) =>
  side === "test" &&
  !def.owner &&
  (def.kind === "variable" || def.kind === "constant") &&
  use.qualifier !== null &&
  moduleOfPath(def.path)?.uses?.testModulesUnloaded === true;

/**
 * Applies the four selections of SPEC §4 to the facts of the code patch C and the test patch T:
 * DefUse (new names defined on one side and used on the other), Doc2Feat (names on added lines of both),
 * FEA brief (new functions, classes and methods of C), Pro (every name C adds or changes).
 */
export function selectIdentifiers(
  code: PatchFacts,
  test: PatchFacts,
  policies: readonly SelectionPolicy[] = SELECTION_POLICIES,
  issue = "",
  repo?: string,
): InstanceIdentifier[] {
  const apply = (identifier: InstanceIdentifier, usedAcross: boolean) => {
    const candidate = {
      ...identifier,
      usedAcross,
      sharedName: shared.has(identifier.member),
      // As augment.py asks: does the issue's text contain the name (a file: its path)?
      mentionedInIssue: issue.includes(identifier.kind === "file" ? identifier.name : identifier.member),
    };
    identifier.policies = policies.filter((p) => p.picks(candidate)).map((p) => p.id as Selection);
    return identifier;
  };
  // A qualifier bound to a function's result is of the type the function declares (Go's `c := NewX(…)`).
  const definitions = [...code.definitions, ...test.definitions];
  code = withResultTypes(code, definitions);
  test = withResultTypes(test, definitions);
  const testNames = newNamesOf(test);
  const shared = new Set([...newNamesOf(code)].filter((name) => testNames.has(name)));
  const identifiers: InstanceIdentifier[] = [];
  const aliases = packageAliases(code, test, repo);
  const unusableDefinition = unusableDefinitions(code, test);
  const codeWordsBefore = new Set(code.textBefore.flatMap((text) => text.match(/[A-Za-z_$][\w$]*/g) ?? []));
  const codeNewMembers = new Set(code.definitions.filter((d) => d.status === "new").map((d) => d.member));
  const everyDefinition = [...code.definitions, ...test.definitions];
  const throughStranger = throughStrangerOf(everyDefinition);
  const throughOtherClass = throughOtherPatchClassOf(everyDefinition);
  const typedElsewhere = typedToAnother(everyDefinition);
  const sides: Array<[PatchFacts, PatchFacts, "code" | "test"]> = [
    [code, test, "code"],
    [test, code, "test"],
  ];
  for (const [own, other, side] of sides) {
    const { byName, moduleUses } = usesByName(other.uses);
    // A constructor's `this.size = …` field, an annotation's element: through a sure instance, not any object's `.size`.
    const looseImplicit = (use: PatchUse, def: PatchDefinition) =>
      (def.implicit === true || def.typedOnly === true) && !matchIsCertain(use, def);
    const users = usersOwn(other);
    const traitUsed = traitOfUser(other.uses);
    const loads = loadsOf(other.uses, repo, aliases);
    const unloadedNamesake = unloadedNamesakeOf(side, loads);
    const testVariable = testVariableThroughObject(side);
    const madeBy = (def: PatchDefinition) => constructorCalls(def, byName, everyDefinition, own.textBefore);
    // A name the code used before the patch (`app.credentials` in its pre-image) and defines nowhere anew is no
    // test's to define: a test class that has it (`class Rails52Credentials; def credentials`) stands in for
    // what the code already called. (A mock of a new interface, `MockedUserPropsRepo.Get`, is the contract's.)
    const usedBefore = (use: PatchUse) =>
      side === "test" && codeWordsBefore.has(use.name) && !codeNewMembers.has(use.name);
    const classesOf = classesShownByFile(own.definitions);
    // `_` names nothing (Go's blank identifier, Python's throwaway): no definition, no parameter.
    const matched = own.definitions
      .filter((def) => def.member !== "_")
      .map((def) => {
        const unusable = unusableDefinition(def, side);
        const candidates = unusable ? [] : def.kind === "file" ? moduleUses : (byName.get(def.member) ?? []);
        const uses = candidates.filter(
          (use) =>
            (matchesDefinition(use, def, aliases) || staticImportReaches(use, def, other)) &&
            !usedBefore(use) &&
            !users.ownField(use, def) &&
            !users.ownName(use) &&
            !(users.ownModuleMember(use) && !loads(use.location.path, def.path)) &&
            !(side === "test" && users.ownMethod(use, def)) &&
            !looseImplicit(use, def) &&
            !unloadedNamesake(use, def) &&
            !testVariable(use, def) &&
            nestedKeyTyped(use, def, own.definitions) &&
            !keywordOfCalledType(use, def, own.definitions) &&
            !keywordOfOwnCallee(use, def, other.definitions) &&
            !keyOfOtherType(use, def, everyDefinition) &&
            !throughStranger(use, def) &&
            !throughOtherClass(use, def) &&
            !typedElsewhere(use, def) &&
            traitUsed(use, def) &&
            !(def.private && !/\bany\b/.test(use.qualifier ?? "")) &&
            !(def.crateOnly && moduleOfPath(def.path)?.uses?.outsideCrate?.(use.location.path)) &&
            componentPropsMay(use, def, use.kind === "prop" && loads(use.location.path, def.path)),
        );
        if (!unusable) uses.push(...sourceLiteralsDefining(def, side, other), ...madeBy(def));
        if (def.kind === "file" && !unusable)
          uses.push(
            ...climbingImports(def.path, moduleUses, own.paths),
            ...pathLiteralsNaming(def, side, other, own.paths),
          );
        const owner = ownerFromUses(def, uses, classesOf(def.path));
        // (Names keep their one internal form, `Owner.member`: a hint's text writes `Owner::member` itself.)
        const named = owner ? { ...def, owner, name: `${owner}.${def.member}` } : def;
        return {
          def: named,
          definedOwner: def.owner,
          uses: [
            ...uses.map((use) => ({ use, certain: matchIsCertain(use, named) })),
            ...(side === "code" ? implementations(def, other.definitions).map((use) => ({ use, certain: true })) : []),
          ],
        };
      });
    for (const { def, uses: kept } of keptUses(withOwnedParameters(matched), own, loads)) {
      // A function's own anonymous struct's field only tells whose a key is (ownFieldOfUser), an anonymous class's
      // method only what it implements (implementations): nothing to state.
      if (def.local && (def.kind === "field" || def.kind === "method")) continue;
      identifiers.push(apply(toIdentifier(def, side, kept), kept.length > 0));
    }
  }
  // A fixture the code patch adds that a test names by its path: DefUse states it (and Pro, which states every
  // name DefUse does of the code patch's); Doc2Feat's new files are code files.
  for (const { file, uses } of dataFilesNamedByTests(code, test)) {
    const named = uses.map((location) => ({
      use: { name: file.path, qualifier: null, kind: "name" as const, location },
      certain: true,
    }));
    const identifier = apply(toIdentifier(fileDefinition(file), "code", named), true);
    identifier.policies = identifier.policies.filter((policy) => policy === "defuse" || policy === "pro");
    if (identifier.policies.length > 0) identifiers.push(identifier);
  }
  const defined = new Set(identifiers.map((i) => i.member));
  for (const name of shared) {
    if (defined.has(name) || name === "_") continue;
    const uses = [
      ...code.uses.filter((use) => use.name === name).map((use) => placed(use.location, "code")),
      ...test.uses.filter((use) => use.name === name).map((use) => placed(use.location, "test")),
    ];
    const first = uses[0];
    if (!first) continue;
    const existing = apply(
      {
        name,
        member: name,
        owner: null,
        kind: "name",
        path: first.path,
        newFile: false,
        signature: null,
        side: "code",
        status: "existing",
        policies: [],
        definedAt: null,
        usedAt: uses,
      },
      false,
    );
    if (existing.policies.length > 0) identifiers.push(existing);
  }
  respeltOwners(identifiers, code, test);
  return modulesAsFiles(identifiers);
}
