import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test, vi } from "vitest";
import { openDatabase } from "../server/db/client";
import { commentOnLines } from "../server/hints/line-comments";
import { jsonl, makeTempDir, swebenchRecord } from "../testing/fixtures";
import { HINTS_BUNDLE, hintsCommand } from "../testing/hints-command";

// Each test spawns `hints` processes (the bundle the run's global setup built, not TypeScript compiled at each
// start) and waits for them to end: every one ends on its own, so no test here has a wall-clock limit, which a
// loaded machine reached (three tests failed at 120 s while tsx compiled the command line).
vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

const tmp = makeTempDir("hintscope-cli-");
afterAll(tmp.cleanup);
const databaseUrl = `file:${path.join(tmp.dir, "cli.db")}`;

/** Runs `hints` as a user would, in its own process, against a fresh database file. */
function hints(...args: string[]) {
  const result = spawnSync(...hintsCommand(args), {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("import --json prints one summary; a second import reports nothing changed", () => {
  const file = tmp.write("swebench-lite-cli.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)]));
  const first = hints("import", file, "--json");
  expect(first.code).toBe(0);
  const summary = JSON.parse(first.stdout);
  expect(summary).toEqual({
    files: [
      {
        file,
        format: "swebench",
        benchmark: "SWE-bench Lite",
        added: 2,
        updated: 0,
        unchanged: 0,
        unmatched_ids: [],
        warnings: [],
        import_id: 1,
      },
    ],
    changed: true,
    // The command line analyses on worker threads (two instances: one or both threads answer).
    analysis: { analysed: 2, failed: [], workerThreads: expect.any(Number) },
  });
  expect(summary.analysis.workerThreads).toBeGreaterThanOrEqual(1);
  const second = hints("import", file);
  expect(second.code).toBe(0);
  // Nothing changed: no entry in the import history, so no import id to take back.
  expect(second.stdout).toMatch(/0 added, 0 updated, 2 unchanged\n/);
  expect(second.stdout).toContain("Nothing changed");
});

test("bad input exits non-zero naming the file and line, and writes nothing", () => {
  const good = tmp.write("swebench-lite-ok.jsonl", jsonl([swebenchRecord(5)]));
  const bad = tmp.write("broken.jsonl", `${JSON.stringify(swebenchRecord(6))}\n{"instance_id": "x", "patch`);
  const failed = hints("import", good, bad, "--json");
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain(`${bad}:2: not valid JSON`);
  expect(JSON.parse(failed.stdout)).toMatchObject({ file: bad, line: 2 });
  // The good file was in the same transaction: importing it now adds it, so nothing was written before.
  const after = JSON.parse(hints("import", good, "--json").stdout);
  expect(after.files[0]).toMatchObject({ added: 1 });
});

test("--benchmark names the benchmark; usage errors exit 2", () => {
  const file = tmp.write(
    "runs.csv",
    "instance_id,model,selection,projection,resolved\nacme__widgets-1,m,defuse,name,yes\n",
  );
  const result = JSON.parse(hints("import", file, "--benchmark", "SWE-bench Lite", "--json").stdout);
  expect(result.files[0]).toMatchObject({
    format: "plain-results",
    benchmark: "SWE-bench Lite",
    added: 1,
    unmatched_ids: [],
  });
  expect(hints("import").code).toBe(2);
  expect(hints("frobnicate").code).toBe(2);
});

test("import --json reaches a pipe whole, past 64 KiB, and --map names renamed fields", () => {
  // 6,000 results for instances never imported: the summary lists every id (≈ 130 KB of JSON).
  const rows = Array.from({ length: 6000 }, (_, i) => `nowhere__repo-${100000 + i},m,defuse,name,true`);
  const file = tmp.write("many-results.csv", `instance_id,model,selection,projection,resolved\n${rows.join("\n")}\n`);
  // Through a shell pipe, as `hints import … --json | jq` runs (a spawned child's own pipe did not show the cut).
  const result = spawnSync(
    "sh",
    [
      "-c",
      `"${process.execPath}" "${HINTS_BUNDLE}" "$@" | cat`,
      "sh",
      "import",
      file,
      "--benchmark",
      "Pipe bench",
      "--json",
    ],
    {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: databaseUrl },
    },
  );
  expect(result.status).toBe(0);
  expect(result.stdout.length).toBeGreaterThan(100_000);
  expect(JSON.parse(result.stdout).files[0].unmatched_ids).toHaveLength(6000);

  const { patch, ...rest } = swebenchRecord(9);
  const renamed = tmp.write("swebench-lite-renamed.jsonl", jsonl([{ ...rest, the_fix: patch }]));
  expect(hints("import", renamed).code).toBe(1);
  const mapped = hints("import", renamed, "--map", "patch=the_fix", "--json");
  expect(mapped.code).toBe(0);
  expect(JSON.parse(mapped.stdout).files[0].added).toBe(1);
  expect(hints("import", renamed, "--map", "patch").code).toBe(2);

  // analyze, evidence and stats read what import reads: the same --map (the refusal named it before).
  const refused = hints("analyze", renamed, "--json");
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("--map");
  const analysed = hints("analyze", renamed, "--json", "--map", "patch=the_fix");
  expect(analysed.code).toBe(0);
  expect(JSON.parse(analysed.stdout.trim().split("\n")[0] as string)).toMatchObject({ instance_id: rest.instance_id });
  expect(hints("evidence", renamed, "--json", "--map", "patch=the_fix").code).toBe(0);
  expect(hints("stats", renamed, "--json", "--map", "patch=the_fix").code).toBe(0);
  expect(hints("stats", renamed, "--map", "patch").code).toBe(2);
});

test("stats counts an instance that appears in two files once, the later record winning", () => {
  const first = tmp.write("swebench-lite-s1.jsonl", jsonl([swebenchRecord(31), swebenchRecord(32)]));
  const second = tmp.write("swebench-lite-s2.jsonl", jsonl([swebenchRecord(32)]));
  const result = hints("stats", first, second, "--json");
  expect(result.code).toBe(0);
  const rows = JSON.parse(result.stdout) as Array<{ selection: string; instances: number; total: number }>;
  expect(rows.find((r) => r.selection === "defuse")).toMatchObject({ instances: 2, total: 2 });
});

test("stats --paper-subset counts only the instances on which Doc2Feat and FEA both select something", () => {
  // 51 adds a function both patches name (Doc2Feat and FEA select it); 52 only changes a value (FEA has nothing).
  const changeOnly =
    "diff --git a/widgets/core.py b/widgets/core.py\n--- a/widgets/core.py\n+++ b/widgets/core.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n";
  const file = tmp.write(
    "swebench-lite-subset.jsonl",
    jsonl([swebenchRecord(51), swebenchRecord(52, { patch: changeOnly })]),
  );
  const all = hints("stats", file, "--json");
  expect(JSON.parse(all.stdout).find((r: { selection: string }) => r.selection === "fea")).toMatchObject({
    instances: 2,
    total: 1,
  });
  const subset = hints("stats", file, "--json", "--paper-subset");
  expect(subset.code).toBe(0);
  expect(subset.stderr).toContain("paper subset: 1 of 2 instances");
  const rows = JSON.parse(subset.stdout) as Array<{ selection: string; instances: number; total: number }>;
  expect(rows.find((r) => r.selection === "fea")).toMatchObject({ instances: 1, total: 1 });
  expect(rows.find((r) => r.selection === "doc2feat")).toMatchObject({ instances: 1, total: 1 });
});

test("evidence --json: leak channels and per-identifier evidence, with no database", () => {
  const record = swebenchRecord(41, {
    problem_statement: "Please add\n def widget_41(): return 41\nso that widgets work.",
  });
  const result = hints("evidence", tmp.write("swebench-lite-evidence.jsonl", jsonl([record])), "--json");
  expect(result.code).toBe(0);
  const line = JSON.parse(result.stdout);
  expect(line.instance_id).toBe("acme__widgets-41");
  expect(line.leaks.map((l: { channel: string }) => l.channel)).toEqual(["solution_in_issue"]);
  expect(line.identifiers.find((i: { name: string }) => i.name === "widget_41")).toMatchObject({
    stated_in_issue: true,
    test_facing: true,
    repo_occurrences: null,
  });
});

test("analyze --repo: a missing commit fails the instance, --fallback-approximate analyses it from its hunks", () => {
  const repo = path.join(tmp.dir, "checkout");
  mkdirSync(repo);
  spawnSync("git", ["-C", repo, "init", "-q"]);
  const file = tmp.write("swebench-lite-exact.jsonl", jsonl([swebenchRecord(7)]));

  const strict = hints("analyze", file, "--json", "--repo", repo);
  expect(strict.code).toBe(1);
  expect(strict.stderr).toMatch(/swebench-lite-exact\.jsonl:1: instance .*has no commit/);

  const lenient = hints("analyze", file, "--json", "--repo", repo, "--fallback-approximate");
  expect(lenient.code).toBe(0);
  expect(lenient.stderr).toMatch(/has no commit .*analysed from its hunks/);
  expect(JSON.parse(lenient.stdout)).toMatchObject({ approximate: true });

  const nowhere = hints("analyze", file, "--repo", path.join(tmp.dir, "nowhere"));
  expect(nowhere.code).toBe(2);
  expect(nowhere.stderr).toMatch(/no such repository/);
});

test("users: the first admin from the shell, the password from stdin, roles and disabling", () => {
  const run = (input: string | undefined, ...args: string[]) => {
    const result = spawnSync(...hintsCommand(args), {
      encoding: "utf8",
      input,
      env: { ...process.env, DATABASE_URL: `file:${path.join(tmp.dir, "users.db")}` },
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  expect(run(undefined, "users", "list").stdout).toContain("No users yet: hints users add NAME --role admin");
  expect(run("a long enough password\n", "users", "add", "ada", "--role", "admin")).toMatchObject({
    code: 0,
    stdout: "Added ada (admin).\n",
  });
  expect(run("short\n", "users", "add", "bo", "--role", "curator")).toMatchObject({ code: 1 });
  expect(run("", "users", "add", "bo", "--role", "curator").stderr).toContain("no password on standard input");
  expect(run("another long password\n", "users", "add", "bo", "--role", "curator").code).toBe(0);
  expect(run(undefined, "users", "set-role", "bo", "viewer").stdout).toBe("bo is now viewer.\n");
  expect(run(undefined, "users", "disable", "ada")).toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/last enabled admin/),
  });
  expect(run(undefined, "users", "disable", "bo").code).toBe(0);
  const listed = JSON.parse(run(undefined, "users", "list", "--json").stdout);
  expect(listed.map((u: { name: string; role: string; disabled: boolean }) => [u.name, u.role, u.disabled])).toEqual([
    ["ada", "admin", false],
    ["bo", "viewer", true],
  ]);
  expect(JSON.stringify(listed)).not.toContain("argon2");
});

test("a bad setting stops the command with its name, before anything runs", () => {
  const result = spawnSync(...hintsCommand(["migrate"]), {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: databaseUrl, HINTSCOPE_MAX_UPLOAD_MB: "0" },
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('HINTSCOPE_MAX_UPLOAD_MB="0" must be from 1');
});

test("a file that does not exist is named as such, not as a raw ENOENT", () => {
  const result = hints("import", path.join(tmp.dir, "missing.jsonl"));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("missing.jsonl: no such file");
  expect(result.stderr).not.toContain("ENOENT");
});

test("comments export prints each comment thread as a JSON line, apart from any hint; usage errors exit 2", async () => {
  const db = await openDatabase(databaseUrl);
  try {
    const instance = await db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-1" } });
    await commentOnLines(
      db,
      { instanceId: instance.id, pane: "test", startLine: 1, endLine: 1, body: "which test file?" },
      "ada",
    );
  } finally {
    await db.$disconnect();
  }
  const result = hints("comments", "export", "--benchmark", "SWE-bench Lite");
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0] as string)).toMatchObject({
    benchmark: "SWE-bench Lite",
    instance_id: "acme__widgets-1",
    pane: "test",
    start_line: 1,
    end_line: 1,
    comments: [{ author: "ada", body: "which test file?", round: null }],
  });
  expect(hints("comments", "export", "--benchmark", "SWE-bench Verified").stdout).toBe("");
  expect(hints("comments").code).toBe(2);
});

test("imports list shows the history; take-back deletes what one file added, once, and says what it kept", () => {
  const file = tmp.write("mistaken.jsonl", jsonl([swebenchRecord(71), swebenchRecord(72)]));
  const imported = JSON.parse(hints("import", file, "--benchmark", "Mistaken Bench", "--json").stdout);
  const id = imported.files[0].import_id as number;
  expect(id).toBeGreaterThan(0);
  const listed = JSON.parse(hints("imports", "list", "--json").stdout);
  // The history names the file as it was given (its base name), as the Import page does.
  expect(listed[0]).toMatchObject({
    id,
    file: "mistaken.jsonl",
    added: 2,
    updated: 0,
    canTakeBack: true,
    takenBackAt: null,
  });
  expect(hints("imports", "list").stdout).toContain("mistaken.jsonl");
  const taken = hints("imports", "take-back", String(id));
  expect(taken.code).toBe(0);
  expect(taken.stdout).toBe(
    "Took back mistaken.jsonl: deleted 2 instances, 0 runs, 0 results, 0 agent patches, 0 verdicts, 0 judge scores, 0 curator scores, 0 labels, 1 benchmarks.\n",
  );
  const again = hints("imports", "take-back", String(id));
  expect(again.code).toBe(2);
  expect(again.stderr).toMatch(new RegExp(`import ${id} \\(mistaken\\.jsonl\\) was taken back on .* by command line`));
  expect(hints("imports", "take-back", "999999").code).toBe(1);
  expect(hints("imports", "take-back").stderr).toContain("usage: hints imports");
  expect(JSON.parse(hints("imports", "list", "--json").stdout)[0]).toMatchObject({ id, canTakeBack: false });
});
