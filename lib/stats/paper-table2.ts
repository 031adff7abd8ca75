// The paper's Table 2 ("Between Spoilers and Guesswork", §4.2), counted as the paper counted it. Its FEA column
// is FEA-Bench's own selection (feabench/get_dataset.py, get_file_related_info: every function and class,
// nested ones by dotted name, that a file's post-image has and its pre-image lacks) run over the gold patch
// *and* the test patch: the new test functions are in it. The project's FEA (brief) selection takes the gold
// patch alone (SPEC §4), which is what the hint discloses; here the test patch's new definitions are added back,
// and the instances kept are those on which Doc2Feat and this FEA both select something (the paper's shared
// subset). DefUse, Doc2Feat and Pro are counted as everywhere else.
import { type PolicyStatsRow, paperSubset, policyStatsByLanguage } from "../analysis/policy-stats";
import { FEA_KINDS } from "../domain/hint-vocabulary";

export interface CountedIdentifier {
  name: string;
  kind: string;
  path: string;
  side: "code" | "test";
  status: string;
  policies: readonly string[];
}

export interface CountedInstance<I extends CountedIdentifier = CountedIdentifier> {
  benchmark: string;
  language: string | null;
  identifiers: ReadonlyArray<I>;
}

/**
 * The identifiers FEA-Bench's selection takes from both patches: new functions, methods and classes (local ones
 * included) of either side, once per file and dotted name (FEA-Bench keys each file's definitions by name, so
 * overloads count once).
 */
export function paperFeaIdentifiers<I extends CountedIdentifier>(identifiers: ReadonlyArray<I>): I[] {
  const seen = new Set<string>();
  return identifiers.filter((i) => {
    if (i.status !== "new" || !FEA_KINDS.has(i.kind)) return false;
    const key = JSON.stringify([i.path, i.name]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The instance with its `fea` selection replaced by FEA-Bench's over both patches (the other selections kept). */
export function withPaperFea<I extends CountedIdentifier, T extends CountedInstance<I>>(instance: T): T {
  const fea = new Set<CountedIdentifier>(paperFeaIdentifiers(instance.identifiers));
  const identifiers: I[] = instance.identifiers.map((i) => ({
    ...i,
    policies: [...i.policies.filter((p) => p !== "fea"), ...(fea.has(i) ? ["fea"] : [])],
  }));
  return { ...instance, identifiers };
}

export interface PaperTable2 {
  rows: PolicyStatsRow[];
  /** instances kept (Doc2Feat and FEA over both patches both select something) and instances read */
  kept: number;
  read: number;
  /** on the kept instances: FEA as the project selects it (gold patch only), and what the test patch adds */
  goldOnlyFea: number;
  testPatchFea: number;
  /** on the kept instances: Pro's identifiers, and how many of them are parameters */
  pro: number;
  proParameters: number;
  /** how it was counted, one line each, to print beside the table */
  how: string[];
}

const perInstance = (n: number, of: number) => (of === 0 ? "0" : (n / of).toFixed(2));

/** Table 2 counted as the paper did (see the head of this file), with the lines that say how. */
export function paperTable2<I extends CountedIdentifier, T extends CountedInstance<I>>(
  instances: readonly T[],
): PaperTable2 {
  const kept = paperSubset(instances.map((instance) => withPaperFea<I, T>(instance)));
  let goldOnlyFea = 0;
  let testPatchFea = 0;
  let pro = 0;
  let proParameters = 0;
  for (const instance of kept) {
    for (const i of instance.identifiers) {
      if (i.policies.includes("fea")) {
        if (i.side === "code") goldOnlyFea++;
        else testPatchFea++;
      }
      if (i.policies.includes("pro")) {
        pro++;
        if (i.kind === "parameter") proParameters++;
      }
    }
  }
  const n = kept.length;
  const how = [
    `paper subset: ${n} of ${instances.length} instances (Doc2Feat and FEA both select something)`,
    "counted as the paper did: FEA is FEA-Bench's selection (feabench/get_dataset.py) over the gold and the test patch:",
    "  every function, method and class (nested ones included) new to its file, once per file and name, on either side;",
    `  of its ${goldOnlyFea + testPatchFea} identifiers ${goldOnlyFea} are the gold patch's (the FEA hint, ${perInstance(goldOnlyFea, n)} per instance) and ${testPatchFea} the test patch's`,
    "  DefUse, Doc2Feat and Pro as elsewhere; Pro counts each parameter a new or changed callable has as an identifier:",
    `  ${proParameters} of its ${pro} (${perInstance(pro - proParameters, n)} per instance without them)`,
  ];
  return {
    rows: policyStatsByLanguage(
      kept.map((k) => ({ benchmark: k.benchmark, language: k.language, identifiers: [...k.identifiers] })),
    ),
    kept: n,
    read: instances.length,
    goldOnlyFea,
    testPatchFea,
    pro,
    proParameters,
    how,
  };
}
