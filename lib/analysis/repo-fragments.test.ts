import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { makeTempDir } from "../testing/fixtures";
import { repositoryFromPatches } from "../testing/git-upstream";
import { loadInstance } from "../testing/hand-checked-cases";
import { makeDiff } from "../testing/make-diff";
import { analyzeInstance } from "./analyze-instance";
import { repoFragments } from "./repo-fragments";

const tmp = makeTempDir("hintscope-repo-");
afterAll(tmp.cleanup);
const git = (...args: string[]) => execFileSync("git", ["-C", tmp.dir, ...args], { encoding: "utf8" }).trim();

// A file where `parse_config` already exists far above the hunk that calls it from a new function.
const filler = Array.from({ length: 30 }, (_, i) => `# line ${i}`).join("\n");
const before = `def parse_config(text):\n    return text\n\n${filler}\n\ndef run():\n    return 1\n`;
const after = `def parse_config(text):\n    return text\n\n${filler}\n\ndef run():\n    return 1\n\n\ndef parse_config(text, strict=False):\n    return text\n`;

test("exact mode reads whole files at the base commit: a name defined elsewhere in the file is not new", async () => {
  git("init", "-q");
  writeFileSync(path.join(tmp.dir, "conf.py"), before);
  git("add", ".");
  git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base");
  const base = git("rev-parse", "HEAD");
  const input = {
    instanceId: "x",
    goldPatch: makeDiff([{ path: "conf.py", before, after }]),
    testPatch: makeDiff([
      { path: "test_conf.py", before: null, after: "from conf import parse_config\nparse_config('a', strict=True)\n" },
    ]),
  };
  const hunksOnly = await analyzeInstance(input);
  expect(hunksOnly.approximate).toBe(true);
  expect(hunksOnly.identifiers.find((i) => i.name === "parse_config")).toMatchObject({ status: "new" });

  const exact = await analyzeInstance(input, repoFragments(tmp.dir, base));
  expect(exact.approximate).toBe(false);
  // At the base commit parse_config(text) exists: the patch changes its signature, so it is changed, not new,
  // and the parameter it gains, passed by keyword in the test, is DefUse's pick.
  expect(exact.identifiers.find((i) => i.name === "parse_config")).toMatchObject({ status: "changed" });
  expect(exact.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name)).toEqual([
    "parse_config.strict",
  ]);
});

test("a commit the checkout does not have is a clear error", () => {
  expect(() => repoFragments(tmp.dir, "0".repeat(40))).toThrow(/has no commit 0{40}/);
});

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});
/** A checkout rebuilt from a real instance's patches (lib/testing/git-upstream.ts), in a folder of its own. */
function checkoutFromPatches(patches: string[], extra: Record<string, Record<number, string>>): string {
  const repo = makeTempDir("hintscope-checkout-");
  cleanups.push(repo.cleanup);
  repositoryFromPatches(repo.dir, patches, { extra });
  return repo.dir;
}
const headOf = (repo: string) => execFileSync("git", ["-C", repo, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();

test("pallets__flask-4992: a parameter added inside a signature that begins above the hunk is found", async () => {
  const input = loadInstance("swebench-lite.jsonl", "pallets__flask-4992");
  // The hunk `@@ -234,6 +234,7 @@ def from_file(` starts at `filename: str,`; above it, in flask's
  // src/flask/config.py, the method opens with `    def from_file(` and `        self,` inside `class Config(dict):`.
  const repo = checkoutFromPatches([input.goldPatch, input.testPatch], {
    "src/flask/config.py": { 1: "class Config(dict):", 232: "    def from_file(", 233: "        self," },
    "tests/test_config.py": { 1: "import json", 2: "import os", 3: "import pytest" },
  });
  const exact = await analyzeInstance(input, repoFragments(repo, headOf(repo)));
  const byName = new Map(exact.identifiers.map((i) => [i.name, i]));
  // `+        text: bool = True,` in the signature; the test passes it by keyword: `tomllib.load, text=False`.
  expect(byName.get("Config.from_file")).toMatchObject({ status: "changed", kind: "method" });
  expect(byName.get("Config.from_file.text")).toMatchObject({ status: "new", kind: "parameter" });
  expect(exact.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name)).toEqual([
    "Config.from_file.text",
  ]);
  // The method's own line (232) is outside every hunk: its location is the first hunk line inside it.
  expect(byName.get("Config.from_file")?.definedAt).toMatchObject({ path: "src/flask/config.py", fileLine: 232 });
});

test("psf__requests-863: exact mode does not trust the hunk header for what changed", async () => {
  const input = loadInstance("swebench-lite.jsonl", "psf__requests-863");
  // `@@ -462,8 +462,10 @@ def path_url(self):`, but the lines it changes are the body of
  // `    def register_hook(self, event, hook):` (line 463): path_url, above the hunk, is untouched.
  const repo = checkoutFromPatches([input.goldPatch, input.testPatch], {
    "requests/models.py": { 1: "class Request(object):", 455: "    def path_url(self):", 456: "        return url" },
    "tests/test_requests.py": {
      1: "class RequestsTestSuite(unittest.TestCase):",
      730: "    def test_multiple_hooks(self):",
      731: "        def add_foo_header(args):",
      736: "        def add_bar_header(args):",
    },
  });
  const exact = await analyzeInstance(input, repoFragments(repo, headOf(repo)));
  const names = exact.identifiers.map((i) => i.name);
  expect(names).toContain("Request.register_hook");
  expect(exact.identifiers.find((i) => i.name === "Request.register_hook")).toMatchObject({ status: "changed" });
  // add_bar_header of the old test is not changed; the new test's own (nested) one is new, and local to it.
  expect(names.filter((n) => /path_url|add_bar_header/.test(n))).toEqual([
    "RequestsTestSuite.test_allow_list_of_hooks_to_register_hook.add_bar_header",
  ]);
  expect(exact.identifiers.find((i) => i.member === "add_bar_header")).toMatchObject({ local: true, policies: [] });
  // The test calls it: `+        r.register_hook('args', hooks)`; a changed name is not new, so DefUse stays empty.
  expect(exact.identifiers.filter((i) => i.policies.includes("defuse"))).toEqual([]);
});

test("a repository path that does not exist is named as such", () => {
  expect(() => repoFragments(path.join(tmp.dir, "nowhere"), "0".repeat(40))).toThrow(/no such repository/);
  expect(() => repoFragments(makeTempDir("hintscope-plain-").dir, "0".repeat(40))).toThrow(/is not a git repository/);
});
