// The repository store in use: the import's analysis on a real database, and the command line
// (`analyze`, `evidence`, `repos status|fetch|prune`) in processes of their own, on real git repositories.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test, vi } from "vitest";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { makeUpstream, storeWithMirror } from "../../testing/git-upstream";
import { hintsCommand } from "../../testing/hints-command";
import { openTempDatabase } from "../../testing/temp-database";
import { importFiles } from "../import/import-files";
import { readEvidence } from "../stored-json";
import { analyzePendingInstances } from "./analyze-stored-instances";

// The tests spawn `hints` processes (the bundle the run's global setup built) and wait for them to end: no
// wall-clock limit here, which a loaded machine reached.
vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

const tmp = makeTempDir("hintscope-store-use-");
afterAll(tmp.cleanup);
const upstream = makeUpstream(tmp.dir);
const record = (n: number, repo = "acme/conf") =>
  swebenchRecord(n, {
    repo,
    instance_id: `acme__conf-${n}`,
    base_commit: upstream.base,
    patch: upstream.goldPatch,
    test_patch: upstream.testPatch,
  });

test("an import's analysis reads whole files from the store, and says why where it cannot", async () => {
  const store = storeWithMirror(tmp.dir, "db-store", upstream.work);
  const { db, close } = await openTempDatabase();
  try {
    const file = tmp.write("swebench-lite-store.jsonl", jsonl([record(1), record(2, "acme/absent")]));
    await importFiles(db, [file]);
    const summary = await analyzePendingInstances(db, undefined, { store });
    expect(summary.analysed).toBe(2);
    const rows = await db.instance.findMany({ orderBy: { externalId: "asc" } });
    expect(rows.map((r) => [r.externalId, r.approximate, r.approximateReason])).toEqual([
      ["acme__conf-1", false, null],
      ["acme__conf-2", true, "no repository"],
    ]);
    // The evidence carries what the repository says at the base commit, where there is one.
    const exact = readEvidence((rows[0] as { evidence: string | null }).evidence);
    expect(exact?.identifiers.find((i) => i.name === "Config.parse")).toMatchObject({
      repo_occurrences: 3,
      repo_files: 2,
      repo_defined: true,
    });
    const hunks = readEvidence((rows[1] as { evidence: string | null }).evidence);
    expect(hunks?.identifiers.every((i) => i.repo_occurrences === null && i.repo_defined === null)).toBe(true);
    // Exact and approximate hints come from different sources: a decision on one is stale on the other.
    expect(rows[0]?.hintSource).not.toBe(rows[1]?.hintSource);

    // Without a store, the reason is that there is none.
    await db.instance.updateMany({ data: { analysisStatus: "pending" } });
    await analyzePendingInstances(db, undefined, { store: null });
    const again = await db.instance.findMany({ orderBy: { externalId: "asc" } });
    expect(again.map((r) => r.approximateReason)).toEqual(["no repository store", "no repository store"]);
  } finally {
    await close();
  }
});

/** Runs `hints` as a user would, in its own process. */
function hints(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(...hintsCommand(args), {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${path.join(tmp.dir, "cli.db")}`, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("analyze and evidence read the store without --repo; repos status, fetch and prune", () => {
  const store = storeWithMirror(tmp.dir, "cli-store", upstream.work);
  const file = tmp.write("swebench-lite-cli-store.jsonl", jsonl([record(3)]));
  const withStore = { HINTSCOPE_REPOS: store.root };

  const analyzed = hints(withStore, "analyze", file, "--json");
  expect(analyzed.code).toBe(0);
  expect(JSON.parse(analyzed.stdout)).toMatchObject({ approximate: false, approximate_reason: null });
  const offline = hints({}, "analyze", file, "--json");
  expect(JSON.parse(offline.stdout)).toMatchObject({ approximate: true, approximate_reason: "no repository store" });

  const evidence = hints(withStore, "evidence", file, "--json");
  expect(
    JSON.parse(evidence.stdout).identifiers.find((i: { name: string }) => i.name === "Config.validate"),
  ).toMatchObject({ repo_occurrences: 0, repo_files: 0, repo_defined: false });

  // An empty store with a remote (a bare repository by file://): status lists what is missing, fetch
  // fetches it and analyses the instance again from whole files.
  const remoteRoot = path.join(tmp.dir, "remote");
  mkdirSync(path.join(remoteRoot, "acme"), { recursive: true });
  execFileSync("git", ["clone", "-q", "--bare", upstream.work, path.join(remoteRoot, "acme", "conf.git")]);
  const empty = {
    HINTSCOPE_REPOS: path.join(tmp.dir, "empty-store"),
    HINTSCOPE_GIT_REMOTE: `file://${remoteRoot}/{owner}/{name}.git`,
  };
  expect(hints({}, "import", file).code).toBe(0);
  const before = JSON.parse(hints(empty, "repos", "status", "--json").stdout);
  expect(before.repositories).toEqual([
    expect.objectContaining({
      repo: "acme/conf",
      instances: 1,
      commits: 1,
      commitsPresent: 0,
      gitDir: null,
      approximateInstances: 1,
    }),
  ]);
  expect(hints(empty, "repos", "status").stdout).toMatch(/1 repository missing; to add one:\n {2}git clone --mirror/);
  const fetched = hints(empty, "repos", "fetch");
  expect(fetched.code).toBe(0);
  expect(fetched.stderr).toMatch(/acme\/conf: fetching [0-9a-f]{12} from file:\/\//);
  expect(fetched.stdout).toMatch(/1 commit\(s\) fetched, 0 failed; 1 instance\(s\) analysed again from whole files/);
  const after = JSON.parse(hints(empty, "repos", "status", "--json").stdout);
  expect(after.repositories[0]).toMatchObject({ commitsPresent: 1, exactInstances: 1, approximateInstances: 0 });

  const pruned = hints(empty, "repos", "prune", "--max-gb", "0");
  expect(pruned.stdout).toMatch(/^removed acme\/conf/);
  expect(hints({}, "repos", "fetch").stderr).toMatch(/no repository store; set HINTSCOPE_REPOS/);
});
