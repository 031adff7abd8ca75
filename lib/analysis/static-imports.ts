// Java's static imports: a bare name (`exists(P1)`) reaches a class's static member through its file's
// `import static javaslang.Predicates.*`, which may stand above the hunks, or from the test class named for it.
import { importLoadsFile } from "./import-paths";
import { lastSegment } from "./languages/syntax-facts";
import type { ParsedFragment, PatchDefinition, PatchFacts, PatchUse } from "./patch-types";

/**
 * Records in `facts.staticWildcards` the classes a file imports every static member of (`javaslang.Predicates`),
 * read from any row of its post-images (`import static …Cls.*` keeps its `.*` as its module), with the class its
 * name says it tests (`API`, UseRules.testedClassOf).
 */
export function addStaticWildcards(
  facts: PatchFacts,
  path: string,
  parsed: readonly ParsedFragment[],
  testedClass: string | null | undefined,
): void {
  const owners = new Set<string>();
  for (const p of parsed)
    for (const use of p.fragment.side === "post" ? p.uses : [])
      if (use.kind === "import" && use.module?.endsWith(".*")) owners.add(use.module.slice(0, -2));
  if (testedClass) owners.add(testedClass);
  if (owners.size > 0) facts.staticWildcards = (facts.staticWildcards ?? new Map()).set(path, owners);
}

/**
 * Whether a bare name (`exists(P1)`) reaches a class's static member through its file's `import static …Cls.*`
 * (or the file is that class's test, `APITest.java`, see UseRules.testedClassOf): a static method, field or
 * constant of that class, never its constructor.
 */
export function staticImportReaches(
  use: PatchUse,
  def: PatchDefinition,
  users: Pick<PatchFacts, "staticWildcards" | "definitions">,
): boolean {
  const owners = users.staticWildcards;
  const usersOwn = users.definitions;
  const owner = def.owner === null ? null : lastSegment(def.owner);
  // (A name the using file declares itself shadows the import: a test class's own `static final String GREEN`.)
  if (usersOwn.some((own) => own.path === use.location.path && own.member === use.name)) return false;
  return (
    use.qualifier === null &&
    // (A constant is named, never called: `XML()` is the test's own method, not `ContentType.XML`.)
    (def.kind === "constant" ? use.kind === "name" : use.kind === "call" || use.kind === "name") &&
    use.name === def.member &&
    owner !== null &&
    // (A constant is static however declared: an enum's, an interface's, a `static final` field.)
    ((def.kind === "constant" && def.private !== true) ||
      ((def.kind === "method" || def.kind === "field") && /(^|\s)static\s/.test(def.signature ?? ""))) &&
    // (A private member is its class's alone; a call of another arity is another method, the test's own helper.)
    !/(^|\s)private\s/.test(def.signature ?? "") &&
    (use.arity === undefined || /\.\.\./.test(def.signature ?? "") || use.arity === def.params.length) &&
    [...(owners?.get(use.location.path) ?? [])].some((imported) =>
      // (An import's class is the definition's file's: `org.assertj.core.api.Assertions.*` is no `Assertions` of the
      // project's own.)
      imported.includes(".")
        ? lastSegment(imported) === owner && importLoadsFile(imported, use.location.path, def.path)
        : imported === owner,
    )
  );
}
