import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { makeTempDir } from "../testing/fixtures";
import { git, makeUpstream, storeWithMirror as mirrorStore } from "../testing/git-upstream";
import { repositoryFacts } from "./repository-facts";
import {
  availability,
  ensureCommit,
  findRepository,
  listRepositories,
  pruneStore,
  type RepositoryStoreConfig,
} from "./repository-store";
import { analyzeWithStore } from "./store-analysis";

// Real repositories made here: a work tree where the "benchmark" commits its base and its patches (git
// writes the diffs, with the hunk headers `.gitattributes` asks for), bare mirrors in a store, and a bare
// "remote" reached by a file:// URL. No network.
const tmp = makeTempDir("hintscope-store-");
afterAll(tmp.cleanup);

const upstream = makeUpstream(tmp.dir);
const input = {
  instanceId: "Acme__conf-1",
  baseCommit: upstream.base,
  goldPatch: upstream.goldPatch,
  testPatch: upstream.testPatch,
};
const storeWithMirror = (name: string): RepositoryStoreConfig => mirrorStore(tmp.dir, name, upstream.work);

describe("reading a stored repository", () => {
  const store = storeWithMirror("store");

  test("a repository is found ignoring the case of its owner and name, with or without .git", () => {
    const dir = path.join(store.root, "Acme", "Conf.git");
    expect(findRepository(store.root, "acme/conf")).toBe(dir);
    expect(findRepository(store.root, "ACME/Conf.git")).toBe(dir);
    expect(findRepository(store.root, "acme/other")).toBeNull();
    expect(findRepository(store.root, "not a repository name")).toBeNull();
    expect(findRepository(store.root, "../Acme")).toBeNull();
  });

  test("each reason an instance is approximate is told apart", () => {
    expect(availability(null, "acme/conf", upstream.base)).toEqual({ exact: false, reason: "no repository store" });
    expect(availability(store, "acme/absent", upstream.base)).toEqual({ exact: false, reason: "no repository" });
    expect(availability(store, "acme/conf", "f".repeat(40))).toEqual({ exact: false, reason: "commit not present" });
    expect(availability(store, "acme/conf", upstream.base)).toEqual({
      exact: true,
      gitDir: path.join(store.root, "Acme", "Conf.git"),
    });
  });

  test("with the store, git's own hunks are read as whole files: exact, and right where hunks alone are wrong", async () => {
    // The hunk that adds validate() runs on past helper()'s end, and git names helper on its header.
    expect(upstream.goldPatch).toMatch(/^@@ .* @@ def helper\(self\):$/m);
    const hunksOnly = await analyzeWithStore(input, availability(null, "acme/conf", upstream.base));
    expect(hunksOnly.analysis.approximate).toBe(true);
    expect(hunksOnly.approximateReason).toBe("no repository store");
    expect(hunksOnly.facts).toBeNull();
    // The blank line that opens validate() is no change of helper(), which git names on the header.
    expect(hunksOnly.analysis.identifiers.some((i) => i.member === "helper")).toBe(false);

    const exact = await analyzeWithStore(input, availability(store, "acme/conf", upstream.base));
    expect(exact.analysis.approximate).toBe(false);
    expect(exact.approximateReason).toBeNull();
    const byName = new Map(exact.analysis.identifiers.map((i) => [i.name, i]));
    expect(byName.get("Config.validate")).toMatchObject({ status: "new" });
    expect(byName.get("Config.parse")).toMatchObject({ status: "changed" });
    expect(exact.analysis.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name)).toEqual(
      expect.arrayContaining(["Config.validate", "Config.parse.strict"]),
    );
    // What the repository says of each name at the base commit: `parse` is in two files and defined there;
    // `validate` is nowhere yet.
    expect(exact.facts?.get("parse")).toEqual({ occurrences: 3, files: 2, defined: true });
    expect(exact.facts?.get("validate")).toEqual({ occurrences: 0, files: 0, defined: false });
  });

  test("a patch that does not apply to the stored file is analysed from its hunks, and says why", async () => {
    const other = {
      ...input,
      goldPatch: upstream.goldPatch.replace("    def parse(self, text):", "    def parse(self, txt):"),
    };
    const result = await analyzeWithStore(other, availability(store, "acme/conf", upstream.base));
    expect(result.analysis.approximate).toBe(true);
    expect(result.approximateReason).toMatch(/^patch does not apply: conf.py: the patch does not apply at line \d+/);
  });

  test("repository facts: every name in one git grep; names git cannot grep are left out", async () => {
    const facts = await repositoryFacts(path.join(store.root, "Acme", "Conf.git"), upstream.base, [
      "Config",
      "helper",
      "text",
      "a b",
    ]);
    expect(facts.get("Config")).toEqual({ occurrences: 2, files: 2, defined: true });
    expect(facts.get("helper")).toEqual({ occurrences: 1, files: 1, defined: true });
    // A parameter is not a definition the analysis reports at module or class level.
    expect(facts.get("text")?.files).toBe(2);
    expect(facts.has("a b")).toBe(false);
  });
});

describe("fetching from a remote", () => {
  // The "remote": bare repositories under remote/OWNER/NAME.git, reached by file://.
  const remoteRoot = path.join(tmp.dir, "remote");
  mkdirSync(path.join(remoteRoot, "acme"), { recursive: true });
  execFileSync("git", ["clone", "-q", "--bare", upstream.work, path.join(remoteRoot, "acme", "conf.git")]);
  const remote = `file://${remoteRoot}/{owner}/{name}.git`;

  test("a missing repository is fetched once, even when several callers ask at once", async () => {
    const store: RepositoryStoreConfig = { root: path.join(tmp.dir, "fetched"), remote, maxBytes: null };
    const progress: string[] = [];
    const results = await Promise.all(
      [1, 2, 3].map(() => ensureCommit(store, "acme/conf", upstream.base, (line) => progress.push(line))),
    );
    for (const result of results)
      expect(result).toEqual({ exact: true, gitDir: path.join(store.root, "acme", "conf.git") });
    expect(progress.filter((line) => line.includes("fetching"))).toHaveLength(1);
    expect(progress[0]).toMatch(/^acme\/conf: fetching [0-9a-f]{12} from file:\/\//);
    // Fetched as a bare repository, with a ref that keeps the commit.
    expect(git(path.join(store.root, "acme", "conf.git"), "rev-parse", "--is-bare-repository")).toBe("true");
    expect(git(path.join(store.root, "acme", "conf.git"), "for-each-ref", "--format=%(refname)")).toContain(
      `refs/hintscope/${upstream.base}`,
    );
    // And then read exactly.
    const exact = await analyzeWithStore(input, results[0] as never);
    expect(exact.analysis.approximate).toBe(false);
  });

  test("a commit the stored repository lacks is fetched into it", async () => {
    const store = storeWithMirror("stale");
    // The stored mirror predates a new upstream commit.
    writeFileSync(path.join(upstream.work, "later.py"), "def later():\n    return 2\n");
    git(upstream.work, "add", "later.py");
    git(upstream.work, "commit", "-qm", "later");
    const later = git(upstream.work, "rev-parse", "HEAD");
    git(path.join(remoteRoot, "acme", "conf.git"), "fetch", "-q", upstream.work, "+HEAD:refs/heads/main");
    expect(availability(store, "acme/conf", later)).toEqual({ exact: false, reason: "commit not present" });
    const fetched = await ensureCommit({ ...store, remote }, "acme/conf", later);
    expect(fetched.exact).toBe(true);
  });

  test("a fetch that fails is a reason, not an error, and offline nothing is fetched", async () => {
    const store: RepositoryStoreConfig = { root: path.join(tmp.dir, "failing"), remote, maxBytes: null };
    const failed = await ensureCommit(store, "acme/missing", upstream.base);
    expect(failed.exact).toBe(false);
    expect(!failed.exact && failed.reason).toMatch(/^fetch failed: /);
    expect(await ensureCommit({ ...store, remote: null }, "acme/conf", upstream.base)).toEqual({
      exact: false,
      reason: "no repository",
    });
  });

  test("another process's fetch of the same repository is waited for (the store's lock folder)", async () => {
    const store: RepositoryStoreConfig = { root: path.join(tmp.dir, "locked"), remote, maxBytes: null };
    const lock = path.join(store.root, ".locks", "acme--conf");
    mkdirSync(lock, { recursive: true });
    let settled = false;
    const waiting = ensureCommit(store, "acme/conf", upstream.base).then((r) => {
      settled = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(settled).toBe(false);
    rmSync(lock, { recursive: true });
    expect((await waiting).exact).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });
});

test("pruning removes the least recently used repositories first, down to the limit", () => {
  const root = path.join(tmp.dir, "prune");
  for (const name of ["old", "mid", "new"]) {
    const dir = path.join(root, "acme", `${name}.git`);
    execFileSync("git", ["clone", "-q", "--mirror", upstream.work, dir]);
    writeFileSync(path.join(dir, "hintscope-last-used"), "");
  }
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(path.join(root, "acme", "old.git", "hintscope-last-used"), at(30), at(30));
  utimesSync(path.join(root, "acme", "mid.git", "hintscope-last-used"), at(20), at(20));
  utimesSync(path.join(root, "acme", "new.git", "hintscope-last-used"), at(10), at(10));
  const listed = listRepositories(root);
  expect(listed.map((r) => r.repo)).toEqual(["acme/mid", "acme/new", "acme/old"]);
  const each = listed[0]?.bytes as number;
  // Room for a little more than one: the two least recently used go, `old` first.
  const removed = pruneStore(root, Math.ceil(each * 1.5));
  expect(removed.map((r) => r.repo)).toEqual(["acme/old", "acme/mid"]);
  expect(listRepositories(root).map((r) => r.repo)).toEqual(["acme/new"]);
  // One it is told to keep stays even over the limit.
  expect(pruneStore(root, 1, [path.join(root, "acme", "new.git")])).toEqual([]);
});
