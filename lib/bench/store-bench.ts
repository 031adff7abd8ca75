/**
 * `npm run bench` (part): the analysis reading whole files through git from a repository store, against
 * the hunk-only path, on the same instances; and the agreement with the hand-checked real instances per
 * language in both modes.
 *
 * Offline there are no real mirrors, so each instance's repository is rebuilt from its own patches
 * (lib/testing/git-upstream.ts: every line the hunks show at its line number, each hunk header's text on the
 * line above the hunk, blank lines elsewhere), and found and read as the store reads any repository
 * (`findRepository`, `git show COMMIT:PATH`). The speed is the store's real cost; the store-mode agreement
 * is a floor, since a real checkout also holds the lines no hunk shows. With HINTSCOPE_REPOS set to real
 * mirrors, the instances it holds are read from there instead.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { analyzeInstance, type InstanceAnalysis } from "../analysis/analyze-instance";
import type { InstanceData } from "../ingest/import-items";
import { openImportFile } from "../ingest/read-import-file";
import { availability, type RepositoryStoreConfig } from "../repository-store/repository-store";
import { analyzeWithStore } from "../repository-store/store-analysis";
import { median } from "../stats/median";
import { makeTempDir } from "../testing/fixtures";
import { repositoryFromPatches } from "../testing/git-upstream";
import { agreement } from "../testing/hand-checked-agreement";
import { HAND_CHECKED_CASES } from "../testing/hand-checked-cases";
import { SHARED_DATA, SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";

const RUNS = 3;
/** Instances timed in both modes: enough for a stable figure, few enough to rebuild their repositories. */
const SAMPLE = 100;

async function sample(): Promise<InstanceData[]> {
  const all: InstanceData[] = [];
  for (const file of sharedFiles("instances"))
    for await (const { item } of (await openImportFile(file)).items) if (item.kind === "instance") all.push(item.data);
  // Spread over the files and languages, not the first file's first instances.
  const step = Math.max(1, Math.floor(all.length / SAMPLE));
  return all.filter((_, i) => i % step === 0).slice(0, SAMPLE);
}

async function main() {
  if (!SHARED_DATA) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  const tmp = makeTempDir("hintscope-store-bench-");
  try {
    const store: RepositoryStoreConfig = { root: tmp.dir, remote: null, maxBytes: null };
    const instances = await sample();
    let started = performance.now();
    // One rebuilt repository per instance, at bench/iN in the store (the store's lookup and reads, unchanged).
    const repoOf = new Map<InstanceData, { repo: string; commit: string }>();
    instances.forEach((instance, index) => {
      const repo = `bench/i${index}`;
      const commit = repositoryFromPatches(path.join(tmp.dir, repo), [instance.goldPatch, instance.testPatch], {
        headers: true,
      });
      repoOf.set(instance, { repo, commit });
    });
    console.log(
      `repository store: ${instances.length} instances' repositories rebuilt from their patches in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const hunkTimes: number[] = [];
    const storeTimes: number[] = [];
    let exact = 0;
    for (let run = 0; run < RUNS; run++) {
      started = performance.now();
      for (const i of instances)
        await analyzeInstance({ instanceId: i.externalId, goldPatch: i.goldPatch, testPatch: i.testPatch });
      hunkTimes.push(performance.now() - started);
      started = performance.now();
      exact = 0;
      for (const i of instances) {
        const { repo, commit } = repoOf.get(i) as { repo: string; commit: string };
        const result = await analyzeWithStore(
          { instanceId: i.externalId, baseCommit: commit, goldPatch: i.goldPatch, testPatch: i.testPatch },
          availability(store, repo, commit),
        );
        if (!result.analysis.approximate) exact++;
      }
      storeTimes.push(performance.now() - started);
    }
    const hunkMs = median(hunkTimes);
    const storeMs = median(storeTimes);
    const rate = (ms: number) => (instances.length / (ms / 1000)).toFixed(0);
    console.log(`  hunks only:                         ${hunkMs.toFixed(0)} ms  ${rate(hunkMs)} instances/s`);
    console.log(
      `  from the store (git show, whole files, git grep facts): ${storeMs.toFixed(0)} ms  ${rate(storeMs)} instances/s  (${exact}/${instances.length} exact; the rest: a hunk that does not fit the rebuilt file)`,
    );
    console.log(
      `  ratio store / hunks: ${(storeMs / hunkMs).toFixed(2)}x  (one process; the import spreads it over ${availableParallelism()} cores)`,
    );

    const storeAgreement = await agreement(new Map<string, InstanceAnalysis>(), async (input, c) => {
      const repo = `hand/${HAND_CHECKED_CASES.indexOf(c)}`;
      const commit = repositoryFromPatches(path.join(tmp.dir, repo), [input.goldPatch, input.testPatch], {
        headers: true,
      });
      return (await analyzeWithStore({ ...input, baseCommit: commit }, availability(store, repo, commit))).analysis;
    });
    const hunkAgreement = await agreement();
    console.log("agreement with the hand-checked real instances, hunks only | from the store (rebuilt files):");
    for (const [index, r] of hunkAgreement.entries()) {
      const s = storeAgreement[index];
      console.log(
        `  ${r.language.padEnd(11)} ${String(r.cases).padStart(2)} cases  precision ${r.precision.toFixed(2)} | ${s?.precision.toFixed(2)}  recall ${r.recall.toFixed(2)} | ${s?.recall.toFixed(2)}${
          s && s.extra.length + s.missing.length > 0
            ? `  store: extra ${s.extra.join(", ") || "–"}; missing ${s.missing.join(", ") || "–"}`
            : ""
        }`,
      );
    }
  } finally {
    tmp.cleanup();
  }
}

await main();
