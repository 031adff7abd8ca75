import { SELECTION_POLICIES, type SelectionPolicy } from "../domain/hint-vocabulary";
import { withEnumScopes } from "./enum-scopes";
import { DEFAULTS_MEMBER } from "./languages/definition-marks";
import { matchLiterals, type TestFacingLiteral } from "./literal-matching";
import { DiffParseError, type FileDiff, parseDiff } from "./parse-diff";
import { analysePatchFiles, type FragmentSource, type PatchFacts } from "./patch-facts";
import { type InstanceIdentifier, selectIdentifiers } from "./select-identifiers";

/** What the analysis needs of an instance. */
export interface AnalysisInput {
  instanceId: string;
  goldPatch: string;
  testPatch: string;
  /** the text: Doc2Feat leaves out the names it contains */
  problemStatement?: string;
  /** the repository (`owner/name`): where a package is its folder, the root package's assumed name */
  repo?: string;
}

export interface InstanceAnalysis {
  instanceId: string;
  approximate: boolean;
  unsupportedFiles: string[];
  /** files regenerated from a grammar the patch changes (only the grammar's new names read) or minified (none; see grammar-outputs.ts) */
  generatedFiles: string[];
  identifiers: InstanceIdentifier[];
  /** strings the tests check that the gold patch writes (see literal-matching.ts) */
  literals: TestFacingLiteral[];
}

/** A patch that does not parse as a unified diff: which patch, and the line of it. */
export class PatchError extends Error {
  constructor(
    readonly patch: "gold patch" | "test patch",
    readonly line: number,
    reason: string,
  ) {
    super(`${patch}, diff line ${line}: ${reason}`);
    this.name = "PatchError";
  }
}

function parsePatch(text: string, patch: "gold patch" | "test patch"): FileDiff[] {
  try {
    return parseDiff(text);
  } catch (error) {
    if (error instanceof DiffParseError)
      throw new PatchError(patch, error.line, error.message.replace(/^diff line \d+: /, ""));
    throw error;
  }
}

/**
 * Analyses one instance: parses both patches, finds definitions and uses, and applies every selection.
 * With `exactSource` (whole files from a checkout) nothing is approximate. Throws PatchError.
 */
export async function analyzeInstance(
  input: AnalysisInput,
  exactSource?: FragmentSource,
  policies: readonly SelectionPolicy[] = SELECTION_POLICIES,
): Promise<InstanceAnalysis> {
  const exact = exactSource !== undefined;
  const [code, test] = withEnumScopes(
    await analysePatchFiles(parsePatch(input.goldPatch, "gold patch"), exactSource, exact),
    withoutOptionKeys(await analysePatchFiles(parsePatch(input.testPatch, "test patch"), exactSource, exact)),
  );
  return {
    instanceId: input.instanceId,
    approximate: code.approximate || test.approximate,
    unsupportedFiles: [...new Set([...code.unsupportedFiles, ...test.unsupportedFiles])],
    generatedFiles: [...(code.generatedFiles ?? []), ...(test.generatedFiles ?? [])],
    identifiers: selectIdentifiers(code, test, policies, input.problemStatement ?? "", input.repo),
    literals: matchLiterals(code, test),
  };
}

/**
 * A test's facts without the keys of its own option objects (`const defaultClusterOptions = { rootNodes: … }`, read
 * as fields of the object in code, see javascript/members.ts): a test's fixture defines nothing the code may use.
 */
function withoutOptionKeys(facts: PatchFacts): PatchFacts {
  const variables = new Set(
    facts.definitions.filter((d) => d.kind === "variable" || d.kind === "constant").map((d) => `${d.path}\0${d.name}`),
  );
  // (Nor an object's defaults it sets, `request.defaults = { retries: 2 }`: see DEFAULTS_MEMBER.)
  const definitions = facts.definitions.filter(
    (d) =>
      !(
        d.kind === "field" &&
        d.owner !== null &&
        (variables.has(`${d.path}\0${d.owner}`) ||
          (d.owner.includes(".") && DEFAULTS_MEMBER.test(d.owner.split(".").pop() as string)))
      ),
  );
  return definitions.length === facts.definitions.length ? facts : { ...facts, definitions };
}
