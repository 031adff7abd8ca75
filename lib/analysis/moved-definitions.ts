import { moduleOfPath } from "./languages/lookup";
import type { SyntaxDefinition } from "./languages/syntax-facts";
import type { ParsedFragment, PatchDefinition } from "./patch-types";

/** A file's definitions that its pre-image has and its post-image does not (by qualified name). */
export function removedDefinitions(
  path: string,
  parsed: ParsedFragment[],
): Array<{ path: string; def: SyntaxDefinition }> {
  const after = new Set(
    parsed.filter((p) => p.fragment.side === "post").flatMap((p) => p.definitions.map((d) => d.name)),
  );
  return parsed
    .filter((p) => p.fragment.side === "pre")
    .flatMap((p) => p.definitions)
    .filter((def) => !def.local && !after.has(def.name))
    .map((def) => ({ path, def }));
}

const folderOf = (path: string) => path.split("/").slice(0, -1).join("/");

/**
 * New-ness against the whole patch's pre-image (SPEC §3): a definition one file adds under a name another
 * file of the patch removes is moved, not new (where a package is its folder, as in Go, within that folder). Moved as it
 * was, it is dropped; with another signature it is changed, and only the parameters it gains are new.
 */
export function withoutMoved(
  definitions: PatchDefinition[],
  removed: Array<{ path: string; def: SyntaxDefinition }>,
): PatchDefinition[] {
  definitions = withoutTypedLocals(withoutVariants(definitions));
  if (removed.length === 0) return definitions;
  const movedFrom = (def: PatchDefinition) =>
    removed.find(
      (r) =>
        r.path !== def.path &&
        r.def.name === def.name &&
        r.def.kind === def.kind &&
        (!moduleOfPath(def.path)?.uses?.packageIsFolder || folderOf(r.path) === folderOf(def.path)),
    )?.def;
  const renamedFrom = renamedMembers(definitions, removed);
  const out: PatchDefinition[] = [];
  const dropped = new Map<string, SyntaxDefinition>();
  for (const def of definitions) {
    const old =
      def.status === "new" && def.kind !== "file" && def.kind !== "parameter"
        ? (movedFrom(def) ?? renamedFrom(def))
        : undefined;
    if (!old) {
      out.push(def);
      continue;
    }
    dropped.set(`${def.path}\0${def.name}`, old);
    if ((old.signature ?? "") !== (def.signature ?? "")) out.push({ ...def, status: "changed" });
  }
  // A moved callable's parameters are new only where it gains them.
  return out.filter((def) => {
    if (def.kind !== "parameter" || !def.owner) return true;
    const old = dropped.get(`${def.path}\0${def.owner}`);
    return !old?.params.includes(def.member);
  });
}

/** A name the language dictates (`__init__`, `__repr__`): every class may have it, it tells no two apart. */
const DUNDER = /^__\w+__$/;

/**
 * Whether one name is the other renamed, not another class: one spelling holds the other (`_BaseQueue` →
 * `BaseQueue`, `NonNullOnRecord` → `NonNullOnRecordSimple`).
 */
const renamedName = (before: string, after: string) => {
  const [a, b] = [before, after].map((n) => n.replace(/_/g, "").toLowerCase());
  return (a as string).includes(b as string) || (b as string).includes(a as string);
};

const CLASS_KINDS = new Set(["class", "struct", "interface", "trait", "enum", "type"]);

/**
 * A class a file renames (`-class _BaseQueue(…):` `+class BaseQueue(…):`, queuelib a0fc366): the new name is new,
 * but the members it keeps are the old class's under another owner, moved as a definition moved between files is.
 * A removed owner is the renamed one where one name holds the other and the new owner in that file keeps at least
 * two of its members' names, and at least half of them (the language's dunders aside); not a class that replaces
 * another (`-class Square` `+class Circle`, both with `area` and `perimeter`). The owner need not be a class: a
 * module's exported function renamed with its properties (`-parseJson.JSONParseError = …`, `-parseJson.noExceptions
 * = …` then `+parseJsonError.JSONParseError = …`, `+parseJsonError.noExceptions = …`, npm's
 * json-parse-even-better-errors) keeps them.
 */
function renamedMembers(
  definitions: PatchDefinition[],
  removed: Array<{ path: string; def: SyntaxDefinition }>,
): (def: PatchDefinition) => SyntaxDefinition | undefined {
  const renamed = new Map<string, { path: string; old: string }>();
  // Indexed by file, so that a patch with many owners is read once, not once per owner.
  const removedIn = groupBy(removed, (r) => r.path);
  const definedIn = groupBy(definitions, (d) => d.path);
  const membersOf = (owner: string, path: string) =>
    (removedIn.get(path) ?? []).filter((r) => r.def.owner === owner && !r.def.local);
  const parentOf = (name: string) => name.split(".").slice(0, -1).join(".");
  const lastOf = (name: string) => name.split(".").pop() ?? name;
  // Every owner of a new member, by file: a new class's name, or an object's (`parseJsonError`).
  const owners = new Map<string, { path: string; owner: string }>();
  for (const def of definitions)
    if (def.status === "new" && def.owner && !def.local && def.kind !== "parameter")
      owners.set(`${def.path}\0${def.owner}`, { path: def.path, owner: def.owner });
  const oldOwners = new Map<string, Set<string>>();
  for (const r of removed)
    if (r.def.owner) oldOwners.set(r.path, (oldOwners.get(r.path) ?? new Set()).add(r.def.owner));
  for (const [key, { path, owner }] of owners) {
    const inFile = definedIn.get(path) ?? [];
    const found = inFile.find((d) => d.name === owner);
    const cls = found && CLASS_KINDS.has(found.kind) ? found : undefined;
    // (A class that stays renames nothing.)
    if (cls && (cls.status !== "new" || cls.local)) continue;
    const kept = new Set(inFile.filter((d) => d.owner === owner).map((d) => d.member));
    const old = [...(oldOwners.get(path) ?? [])].find((oldOwner) => {
      if (oldOwner === owner || parentOf(oldOwner) !== parentOf(owner)) return false;
      const oldClass = removedIn.get(path)?.find((r) => r.def.name === oldOwner)?.def;
      if (cls ? oldClass?.kind !== cls.kind : oldClass !== undefined && CLASS_KINDS.has(oldClass.kind)) return false;
      if (!renamedName(lastOf(oldOwner), lastOf(owner))) return false;
      const members = membersOf(oldOwner, path).filter((m) => !DUNDER.test(m.def.member));
      const same = members.filter((m) => kept.has(m.def.member)).length;
      return same >= 2 && same * 2 >= members.length;
    });
    if (old) renamed.set(key, { path, old });
  }
  if (renamed.size === 0) return () => undefined;
  return (def) => {
    const from = def.owner ? renamed.get(`${def.path}\0${def.owner}`) : undefined;
    if (!from) return undefined;
    return membersOf(from.old, from.path).find((m) => m.def.member === def.member && m.def.kind === def.kind)?.def;
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = out.get(key);
    if (group) group.push(item);
    else out.set(key, [item]);
  }
  return out;
}

/** Names a Go package may declare in every file (`func init()`, `var _ = …`): no sign of a variant. */
const MANY_PER_PACKAGE = new Set(["init", "_"]);

/**
 * Where a package is its folder (Go), a file that defines a top-level name another file of the folder had before (its
 * definition there changed or shown, not new) is that file's build variant (`store_legacy.go` under
 * `// +build !go1.11` beside `store.go`'s `type cookieStore struct`: the package cannot declare it twice otherwise).
 * What it defines the package had, or the other file adds too: none of it is new there.
 */
function withoutVariants(definitions: PatchDefinition[]): PatchDefinition[] {
  // The files of each folder that had a top-level name of each kind before.
  const pathsBefore = new Map<string, Set<string>>();
  const keyOf = (d: PatchDefinition) => `${folderOf(d.path)}\0${d.name}\0${d.kind}`;
  for (const d of definitions)
    if (d.status !== "new" && !d.local && moduleOfPath(d.path)?.uses?.packageIsFolder)
      pathsBefore.set(keyOf(d), (pathsBefore.get(keyOf(d)) ?? new Set()).add(d.path));
  if (pathsBefore.size === 0) return definitions;
  const hadBefore = (d: PatchDefinition) => [...(pathsBefore.get(keyOf(d)) ?? [])].some((path) => path !== d.path);
  const variantFiles = new Set(
    definitions
      .filter(
        (d) =>
          d.status === "new" &&
          !d.owner &&
          !d.local &&
          !MANY_PER_PACKAGE.has(d.member) &&
          d.kind !== "file" &&
          d.kind !== "method" &&
          hadBefore(d),
      )
      .map((d) => d.path),
  );
  return definitions.filter((d) => d.status !== "new" || d.kind === "file" || !variantFiles.has(d.path));
}

/** Fields the pre-image declares and the post-image no longer does, by member name with their owners. */
export function removedFields(removed: ReadonlyArray<{ def: SyntaxDefinition }>): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const { def } of removed)
    if (def.owner && def.kind === "field") fields.set(def.member, (fields.get(def.member) ?? new Set()).add(def.owner));
  return fields;
}

/** A top-level function of the pre-image and a method (of a class the hunks may not name) after, or back. */
export const functionBecameMethod = (before: SyntaxDefinition, after: SyntaxDefinition) =>
  (before.kind === "function" && !before.owner && after.kind === "method") ||
  (after.kind === "function" && !after.owner && before.kind === "method");

/** A name as written inside its namespace (`pybindit.memory.type_has_shared_from_this` → `type_has_shared_from_this`). */
const inNamespace = (def: SyntaxDefinition) =>
  def.namespace && def.name.startsWith(`${def.namespace}.`) ? def.name.slice(def.namespace.length + 1) : def.name;

/**
 * Whether a definition the patch leaves untouched is one the pre-image declared in a namespace of another name (or
 * none): C++'s `namespace pybindit { namespace memory {` become `PYBIND11_NAMESPACE_BEGIN(memory)`, around a
 * function whose lines are context. Its declaration is the same, as written inside the namespace.
 */
export function renamespaced(def: SyntaxDefinition, before: ReadonlyMap<string, { def: SyntaxDefinition }>): boolean {
  for (const { def: old } of before.values())
    if (
      (old.namespace ?? "") !== (def.namespace ?? "") &&
      old.member === def.member &&
      (old.signature ?? "") === (def.signature ?? "") &&
      inNamespace(old) === inNamespace(def)
    )
      return true;
  return false;
}

const DECLARING_KINDS = new Set(["type", "interface", "class"]);

/**
 * A member a TypeScript function gives an object of its own (`debounced.cancel = () => {…}`, see
 * SyntaxDefinition.typedLocal) stands aside where its file's patch declares a type with a member of that name (`type
 * DebouncedReturn = … & { cancel: () => void }`, perfect-debounce): that type is what callers hold. Elsewhere it
 * stays, as a module's `hooks.beforeRequest = …` inside a function does.
 */
function withoutTypedLocals(definitions: PatchDefinition[]): PatchDefinition[] {
  const key = (path: string, name: string) => `${path}\0${name}`;
  const types = new Set(definitions.filter((d) => DECLARING_KINDS.has(d.kind)).map((d) => key(d.path, d.name)));
  const declared = new Set(
    definitions
      .filter((d) => d.owner && types.has(key(d.path, d.owner)) && (d.kind === "field" || d.kind === "method"))
      .map((d) => key(d.path, d.member)),
  );
  const gone = new Set(
    definitions.filter((d) => d.typedLocal && declared.has(key(d.path, d.member))).map((d) => key(d.path, d.name)),
  );
  if (gone.size === 0) return definitions;
  return definitions.filter(
    (d) => !gone.has(key(d.path, d.name)) && !(d.kind === "parameter" && d.owner && gone.has(key(d.path, d.owner))),
  );
}
