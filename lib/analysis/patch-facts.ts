import { boundKinds, boundSignatures } from "./bound-signatures";
import { addContextFunctions, addEnclosingTypes } from "./context-functions";
import { fileUses } from "./file-uses";
import { hunkFragments } from "./fragments";
import { generatedFromGrammar, grammarNamesOf } from "./grammar-outputs";
import { grammarOfPath, type ParsedLanguage } from "./grammars";
import { carriedMarks, forwardedMark, ownerMarks, restParameterMark } from "./languages/definition-marks";
import { languageOfPath } from "./languages/infer-language";
import { moduleOfGrammar } from "./languages/lookup";
import { CALLABLE, type SyntaxDefinition } from "./languages/syntax-facts";
import { type Location, locate, paramLocation } from "./locations";
import * as moved from "./moved-definitions";
import { withOutOfLineOwners } from "./out-of-line";
import { ownPackageNames } from "./package-scope";
import type { FileDiff } from "./parse-diff";
import { parseFragments, touchesChange } from "./parse-fragments";
import type { FragmentSource, ParsedFragment, PatchDefinition, PatchFacts } from "./patch-types";
import { preImageDefinitions } from "./pre-image-definitions";
import { assignedAttributeReadBefore, enumMemberUnderHeader, privateBefore, shownLinesBefore } from "./shown-before";
import { addStaticWildcards } from "./static-imports";

export type { Location } from "./locations";
export { cleanOwner, membersDefinedIn } from "./parse-fragments";
export type { FragmentSource, PatchDefinition, PatchFacts, PatchUse } from "./patch-types";

/** The definitions a file's patch adds or changes, by comparing its pre- and post-images. */
/** What an unscoped enum's constant may be remade as and stay the same name (see PreImageDefinition.bareConstant). */
const CONSTANT_KINDS = new Set(["constant", "variable"]);

function fileDefinitions(
  file: FileDiff,
  parsed: ParsedFragment[],
  language: ParsedLanguage,
  exact: boolean,
): PatchDefinition[] {
  const newFile = file.status === "added";
  const before = preImageDefinitions(parsed, language);
  // Every declaration of a name on each side: an overload the post-image adds has a signature none of the
  // pre-image's declarations of that name has, and the name has more declarations after than before.
  const declarations = (side: "pre" | "post") => {
    const byName = new Map<string, SyntaxDefinition[]>();
    for (const p of parsed.filter((x) => x.fragment.side === side))
      for (const def of p.definitions) byName.set(def.name, [...(byName.get(def.name) ?? []), def]);
    return byName;
  };
  const marksOfOwner = ownerMarks(parsed);
  const preDeclarations = declarations("pre");
  const postDeclarations = declarations("post");
  const out = new Map<string, PatchDefinition>();
  const boundSignature = boundSignatures(parsed);
  const boundKind = boundKinds(parsed);
  for (const p of parsed.filter((x) => x.fragment.side === "post")) {
    for (const def of p.definitions) {
      const location = locate(p.fragment, def.row, def.endRow, { name: def.member, column: def.column });
      if (!location) continue;
      // A constructor's parameter stands aside for a member of its name (TypeScript's `public readonly x`, zt-exec's
      // `command(Iterable<String>)`), a field for a method of its name (`private boolean recognizeSubtypes` beside
      // `recognizeSubtypes()`, a Rust getter, a Python `@property`), an export's assignment for the function it
      // exports (`exports.nfapply = nfapply;`): the member is what callers name.
      const sofar = out.get(def.name);
      const first =
        (sofar?.kind === "parameter" && def.kind !== "parameter") ||
        (sofar?.kind === "field" && (CALLABLE.has(def.kind) || def.kind === "property")) ||
        (sofar?.kind === "variable" && def.kind === "function")
          ? undefined
          : sofar;
      if (first) {
        // Another declaration of the same name: an overload. Every one is kept (but one the patch leaves as it
        // was); the hint states those the tests call (see select-identifiers).
        const untouched =
          (preDeclarations.get(def.name) ?? []).some((d) => (d.signature ?? "") === (def.signature ?? "")) &&
          !touchesChange(p.fragment, def.row, def.endRow);
        if (CALLABLE.has(def.kind) && first.kind === def.kind && def.signature !== first.signature && !untouched) {
          first.overloads ??= [{ signature: first.signature, params: first.params }];
          if (!first.overloads.some((o) => o.signature === def.signature))
            first.overloads.push({ signature: def.signature, params: def.params });
          // A new overload declared after a changed one of its name (JObject.Property(string, StringComparison)
          // below Property(string)): the name is new, as it would be in the other order; the hint states it.
          const isAdded = !(preDeclarations.get(def.name) ?? []).some(
            (d) => (d.signature ?? "") === (def.signature ?? ""),
          );
          // (More declarations after than before: a signature merely edited, `object` → `object?`, adds none.)
          const more = (postDeclarations.get(def.name)?.length ?? 0) > (preDeclarations.get(def.name)?.length ?? 0);
          // (Private where every overload it adds is: a private one beside a public one reaches no other patch.)
          if (first.status === "new" && isAdded && !def.private) delete first.private;
          if (first.status === "changed" && isAdded && more && moduleOfGrammar(language).overloads) {
            const pre = new Set((preDeclarations.get(def.name) ?? []).map((d) => d.signature ?? ""));
            const addedOverloads = first.overloads.filter((o) => !pre.has(o.signature ?? ""));
            const { overloads: _all, private: _private, ...rest } = first;
            out.set(def.name, {
              ...rest,
              ...(def.private ? { private: true } : {}),
              ...(addedOverloads.length > 1 ? { overloads: addedOverloads } : {}),
              status: "new",
              signature: def.signature,
              params: def.params,
              location,
            });
          }
        }
        continue;
      }
      const earlier = preDeclarations.get(def.name) ?? [];
      const sameSignature = earlier.find((d) => (d.signature ?? "") === (def.signature ?? ""));
      const newOverload =
        moduleOfGrammar(language).overloads &&
        CALLABLE.has(def.kind) &&
        earlier.length > 0 &&
        !sameSignature &&
        (postDeclarations.get(def.name)?.length ?? 0) > earlier.length;
      // (A method is not the module's function of its name: `def is_special(self)` added to a class whose line no
      // hunk shows, where the top-level `def is_special(key, modifiers)` is removed, is a new method.)
      const found = before.get(def.name);
      const namesake = sameSignature ?? (found?.bareConstant && !CONSTANT_KINDS.has(def.kind) ? undefined : found?.def);
      const other = privateBefore(def, namesake, earlier) || (namesake && moved.functionBecameMethod(namesake, def));
      const old = newOverload || other ? undefined : namesake;
      const signatureChanged = old !== undefined && (old.signature ?? "") !== (def.signature ?? "");
      const bodyChanged = touchesChange(p.fragment, def.row, def.endRow) || (before.get(def.name)?.touched ?? false);
      if (old && !signatureChanged && !bodyChanged) continue;
      if (!old && !bodyChanged && moved.renamespaced(def, before)) continue;
      // (A namespace only tells what the pre-image defined: a class that replaces it is changed, not new.)
      if (def.kind === "namespace") continue;
      const status = old || (!exact && assignedAttributeReadBefore(file, parsed, p, def)) ? "changed" : "new";
      const base = { path: file.path, newFile, location };
      out.set(def.name, {
        ...base,
        name: def.name,
        member: def.member,
        owner: def.owner,
        kind: enumMemberUnderHeader(language, file, p, def) ? "constant" : boundKind(def),
        signature: boundSignature(def),
        status,
        params: def.params,
        ...carriedMarks(def),
        ...marksOfOwner(def.owner),
        ...(def.namespace ? { namespace: def.namespace } : {}),
      });
      // A local function's parameters are nobody's to call by keyword from outside it.
      if (!CALLABLE.has(def.kind) || def.local) continue;
      // Parameters of a new function are new names; a changed one's new names are the parameters it gained.
      const known = newOverload ? earlier.flatMap((d) => d.params) : (old?.params ?? []);
      const gained = def.params.filter((param) => !known.includes(param));
      addParameters(
        out,
        def,
        gained,
        base,
        (param) => paramLocation(p.fragment, def, param) ?? { ...location, column: undefined },
      );
    }
  }
  // Whole files show which definition a changed line is in; only hunks need git's guess in their headers.
  if (!exact) {
    addContextFunctions(file, language, out, parsed);
    addEnclosingTypes(file, language, out, parsed);
  }
  const definitions = [...out.values()];
  // A file the patch renames stands at a path the pre-image does not have: the path is new (a test that
  // imports it names it), though what the file defines moved with it and is not.
  if (newFile || (file.status === "renamed" && file.oldPath !== file.newPath)) {
    const firstRow = parsed.find((p) => p.fragment.side === "post")?.fragment.rows.find((r) => r !== null);
    definitions.unshift(fileDefinition({ path: file.path, diffLine: firstRow?.diffLine ?? 0, fileLine: 1 }));
  }
  return definitions;
}

/**
 * A callable's new parameters (of a constructor, named on its class). Beside a member of its name the class had
 * (`public int $minScore` whose default moves to the constructor's new `int $minScore = …`), the parameter is what is
 * new: a named argument reaches it.
 */
function addParameters(
  out: Map<string, PatchDefinition>,
  def: SyntaxDefinition,
  gained: readonly string[],
  base: { path: string; newFile: boolean },
  locationOf: (param: string) => Location,
): void {
  const callable = def.kind === "constructor" && def.owner ? def.owner : def.name;
  for (const param of gained) {
    const name = `${callable}.${param}`;
    const had = out.get(name);
    const key = had && had.kind !== "parameter" && had.status === "changed" ? `${name}\0parameter` : name;
    if (!out.has(key))
      out.set(key, {
        ...base,
        location: locationOf(param),
        name,
        member: param,
        owner: callable,
        ...(def.namespace ? { namespace: def.namespace } : {}),
        kind: "parameter",
        signature: null,
        status: "new",
        params: [],
        ...restParameterMark(def.signature, param),
        ...forwardedMark(def, param),
      });
  }
}

/** A new file as a definition: its path the name, where it starts the location. */
export function fileDefinition(location: Location): PatchDefinition {
  return {
    name: location.path,
    member: location.path.split("/").pop() ?? location.path,
    owner: null,
    kind: "file",
    path: location.path,
    newFile: true,
    signature: null,
    status: "new",
    params: [],
    location,
  };
}

/** Definitions and uses of one patch (already parsed into file diffs); `exact` when the fragments are whole files. */
export async function analysePatchFiles(
  files: FileDiff[],
  fragmentsOf: FragmentSource = hunkFragments,
  exact = false,
): Promise<PatchFacts> {
  const facts: PatchFacts = {
    definitions: [],
    uses: [],
    unsupportedFiles: [],
    generatedFiles: [],
    approximate: false,
    paths: [],
    newNames: new Set(),
    literals: [],
    textBefore: [],
    shownBefore: [],
  };
  // Definitions a file's pre-image holds and its post-image does not: moved, if another file adds them.
  const removed: Array<{ path: string; def: SyntaxDefinition }> = [];
  // Files added in no language the analysis parses: fixtures a test may name by path.
  const addedDataFiles: Location[] = [];
  const generated = generatedFromGrammar(files.map((f) => f.path));
  for (const file of files) {
    facts.paths.push(file.path);
    if (file.binary) {
      if (file.status === "added") addedDataFiles.push({ path: file.path, diffLine: 0, fileLine: null });
      continue;
    }
    const language = grammarOfPath(file.path);
    if (!language) {
      if (languageOfPath(file.path)) facts.unsupportedFiles.push(file.path);
      else if (file.status === "added")
        addedDataFiles.push({ path: file.path, diffLine: file.hunks[0]?.lines[0]?.diffLine ?? 0, fileLine: 1 });
      continue;
    }
    // A file its tool regenerated from a grammar the patch changes: only the new names the grammar's added lines
    // write (`%token ATAN2` → the constant the tests use), not the tool's tables and renumbered symbols.
    const grammarNames = grammarNamesOf(file.path, generated, files);
    if (grammarNames) facts.generatedFiles?.push(file.path);
    const fragments = await fragmentsOf(file, language);
    if (!exact && file.status !== "added" && file.status !== "deleted") facts.approximate = true;
    const parsed = await parseFragments(fragments, language);
    const definitions = fileDefinitions(file, parsed, language, exact).filter(
      (d) => !grammarNames || (d.status === "new" && grammarNames.has(d.member)),
    );
    if (!grammarNames) removed.push(...moved.removedDefinitions(file.path, parsed));
    const uses = grammarNames ? [] : fileUses(parsed);
    // (Read from any row, the hunk header's clause too: what the file's package-qualified uses mean.)
    for (const name of ownPackageNames(parsed))
      facts.ownPackages = [...(facts.ownPackages ?? []), { path: file.path, name }];
    addStaticWildcards(facts, file.path, parsed, moduleOfGrammar(language).uses?.testedClassOf?.(file.path));
    facts.definitions.push(...definitions);
    facts.uses.push(...uses);
    const before = new Set(
      fragments.filter((f) => f.side === "pre").flatMap((f) => f.text.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []),
    );
    // (Not an anonymous class's method, local, read for what it implements only.)
    for (const def of definitions.filter((d) => !(d.local && d.kind === "method")))
      if (def.kind !== "file" && def.status === "new" && def.location.diffLine > 0) facts.newNames.add(def.member);
    for (const use of uses) if (use.kind !== "module" && !before.has(use.name)) facts.newNames.add(use.name);
    for (const p of grammarNames ? [] : parsed) {
      if (p.fragment.side === "pre") {
        facts.textBefore.push(p.fragment.text);
        facts.shownBefore?.push(...shownLinesBefore(file, p.fragment));
        continue;
      }
      for (const literal of p.literals) {
        const location = locate(p.fragment, literal.row);
        if (location)
          facts.literals.push({
            text: literal.text,
            checked: literal.checked,
            location: { ...location, column: undefined },
          });
      }
    }
  }
  facts.definitions = moved.withoutMoved(withOutOfLineOwners(facts.definitions), removed);
  facts.addedDataFiles = addedDataFiles;
  facts.removedMembers = moved.removedFields(removed);
  return facts;
}
