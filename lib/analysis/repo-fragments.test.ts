import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { makeTempDir } from "../testing/fixtures";
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
