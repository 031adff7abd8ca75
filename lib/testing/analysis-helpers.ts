import { readFileSync } from "node:fs";
import path from "node:path";
import { analyzeInstance, type InstanceAnalysis } from "../analysis/analyze-instance";
import type { Selection } from "../analysis/select-identifiers";
import { openImportFile } from "../ingest/read-import-file";
import { type FileChange, makeDiff } from "./make-diff";
import { REAL_DATA } from "./real-data";

/** A table-driven analysis case: the code and test changes as before/after files. */
export interface AnalysisCase {
  code: FileChange[];
  test: FileChange[];
  /** what git prints after @@ for each hunk of the code patch (the enclosing class or function) */
  codeContext?: (hunk: number) => string;
  /** the issue's text (Doc2Feat leaves out the names it contains) */
  issue?: string;
}

/** Analyses a case as the engine sees a benchmark instance: two unified diffs. */
export function analyseCase(c: AnalysisCase): Promise<InstanceAnalysis> {
  return analyzeInstance({
    instanceId: "case",
    goldPatch: makeDiff(c.code, 3, c.codeContext),
    testPatch: makeDiff(c.test),
    problemStatement: c.issue,
  });
}

/** The names a selection picks, sorted. */
export const picked = (analysis: InstanceAnalysis, selection: Selection) =>
  analysis.identifiers
    .filter((i) => i.policies.includes(selection))
    .map((i) => i.name)
    .sort();

/** The status and kind the analysis gives a name, for changed-versus-new checks. */
export const describe = (analysis: InstanceAnalysis, name: string) => {
  const found = analysis.identifiers.find((i) => i.name === name);
  return found
    ? { kind: found.kind, status: found.status, side: found.side, signature: found.signature, newFile: found.newFile }
    : null;
};

/** N filler lines, so that a change lands in a hunk that does not show its class. */
export const filler = (count: number, indent = "    ", comment = "#") =>
  Array.from({ length: count }, (_, i) => `${indent}${comment} filler ${i}`).join("\n");

/**
 * Real records, analysed from hunks only as the import does: every instance of the named files of a folder
 * under lib/testing/real-data, and the analysis of the one whose id holds a part (`teleport-629dc432`).
 */
export async function analyseRecordFiles(folder: string, files: readonly string[]) {
  const analyses = new Map<string, InstanceAnalysis>();
  for (const file of files) {
    const opened = await openImportFile(path.join(REAL_DATA, folder, file));
    for await (const { item } of opened.items) {
      if (item.kind !== "instance") continue;
      const { externalId, goldPatch, testPatch } = item.data;
      analyses.set(externalId, await analyzeInstance({ instanceId: externalId, goldPatch, testPatch }));
    }
  }
  return (part: string): InstanceAnalysis => {
    const found = [...analyses.entries()].find(([id]) => id.includes(part));
    if (!found) throw new Error(`no ${folder} record named like ${part} (have ${[...analyses.keys()].join(", ")})`);
    return found[1];
  };
}

/** One file's section (or several) of a shared record's patch, as git wrote it (lib/testing/real-data/hunks/). */
export const realHunk = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");

/** A real commit cut into real-data/hunks as `NAME-code.diff` and `NAME-test.diff`, analysed as an instance's two patches. */
export const commitAnalysis = (name: string, repo?: string) =>
  analyzeInstance({
    instanceId: name,
    goldPatch: realHunk(`${name}-code.diff`),
    testPatch: realHunk(`${name}-test.diff`),
    repo,
  });

/** Every definition (not Doc2Feat's shared names) of a code and a test patch from real-data/hunks, as `name kind status`. */
/** What DefUse states of a stored commit's hunks, as "name kind", in the analysis' order. */
export const statedKinds = async (name: string) =>
  (await commitAnalysis(name)).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind}`);

/** What DefUse states of a stored commit's hunks, as "name kind signature", in the analysis' order. */
export const statedSignatures = async (name: string) =>
  (await commitAnalysis(name)).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => `${i.name} ${i.kind} ${i.signature ?? ""}`.trim());

export const hunkDefinitions = async (code: string, test = "") =>
  (
    await analyzeInstance({
      instanceId: code || test,
      goldPatch: code ? realHunk(code) : "",
      testPatch: test ? realHunk(test) : "",
    })
  ).identifiers
    .filter((i) => i.kind !== "name")
    .map((i) => `${i.name} ${i.kind} ${i.status}`);

/** A made hunk pair analysed as an instance (the reviews' cases): the names DefUse picks, and every name with its kind. */
export async function madeHunks(goldPatch: string, testPatch: string) {
  const result = await analyzeInstance({ instanceId: "review", goldPatch, testPatch });
  return {
    defuse: result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name),
    names: result.identifiers.map((i) => `${i.name} ${i.kind}`),
  };
}

/** A new file's diff as git writes it (a made hunk of a review test). */
export const addedFile = (path: string, lines: readonly string[]) =>
  `diff --git a/${path} b/${path}\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join("\n")}\n`;

/** One hunk of a changed file, as git writes it, under git's header `header` (context lines begin with a space). */
export const changedHunk = (path: string, header: string, lines: readonly string[]) =>
  `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n@@ -10,${lines.filter((l) => !l.startsWith("+")).length} +10,${lines.filter((l) => !l.startsWith("-")).length} @@ ${header}\n${lines.join("\n")}\n`;
