import { type AnalysisInput, analyzeInstance, type InstanceAnalysis } from "../analysis/analyze-instance";
import { parseDiff } from "../analysis/parse-diff";
import { ExactSourceError, repoFragments } from "../analysis/repo-fragments";
import { filesAt, type RepositoryFact, repositoryFacts } from "./repository-facts";
import type { ApproximateReason, Availability } from "./repository-store";

export interface StoreAnalysis {
  analysis: InstanceAnalysis;
  /** why the analysis read hunks rather than whole files; null when it is exact */
  approximateReason: ApproximateReason | null;
  /** per member name, what the repository says of it at the base commit; null without the repository */
  facts: Map<string, RepositoryFact> | null;
}

/**
 * Analyses an instance from whole files where the store has its repository at the base commit, else from
 * its hunks, saying why. A patch that does not apply to the stored files is analysed from its hunks too.
 * Throws PatchError as analyzeInstance does.
 */
export async function analyzeWithStore(
  input: AnalysisInput & { baseCommit: string },
  found: Availability,
): Promise<StoreAnalysis> {
  if (!found.exact) {
    const analysis = await analyzeInstance(input);
    return { analysis, approximateReason: analysis.approximate ? found.reason : null, facts: null };
  }
  const { analysis, approximateReason } = await analyzeExactly(input, found.gitDir);
  const facts = await repositoryFacts(
    found.gitDir,
    input.baseCommit,
    analysis.identifiers.map((i) => i.member),
  );
  return { analysis, approximateReason, facts };
}

/**
 * Analyses an instance from whole files of a repository at the base commit (without the repository's facts);
 * a patch that does not apply to them is analysed from its hunks, saying why.
 */
export async function analyzeExactly(
  input: AnalysisInput & { baseCommit: string },
  gitDir: string,
): Promise<{ analysis: InstanceAnalysis; approximateReason: ApproximateReason | null }> {
  try {
    // Every file both patches change, read in one `git cat-file --batch` (a file missing at the commit is
    // then asked for alone, and named in the error).
    const paths = new Set<string>();
    for (const patch of [input.goldPatch, input.testPatch])
      for (const file of parseDiffQuietly(patch)) if (file.status !== "added") paths.add(file.oldPath ?? file.path);
    const preread = filesAt(gitDir, input.baseCommit, [...paths]);
    return {
      analysis: await analyzeInstance(input, repoFragments(gitDir, input.baseCommit, preread)),
      approximateReason: null,
    };
  } catch (error) {
    if (!(error instanceof ExactSourceError)) throw error;
    const analysis = await analyzeInstance(input);
    return { analysis, approximateReason: analysis.approximate ? `patch does not apply: ${error.message}` : null };
  }
}

/** A patch's files, or none when it does not parse (the analysis then names the patch and line). */
function parseDiffQuietly(patch: string) {
  try {
    return parseDiff(patch);
  } catch {
    return [];
  }
}
