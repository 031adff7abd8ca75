import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contextOf } from "../analysis/fragments";
import { grammarOfPath } from "../analysis/grammars";
import { parseDiff } from "../analysis/parse-diff";

// Real repositories for the repository store's tests: a work tree where the "benchmark" commits its base
// and writes its patches with git (with the hunk headers `.gitattributes` asks for), and bare mirrors of it
// in a store, as `git clone --mirror` makes them. No network.

export const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-C", cwd, "-c", "user.email=t@t", "-c", "user.name=t", ...args], {
    encoding: "utf8",
  }).trim();

const filler = Array.from({ length: 30 }, (_, i) => `    # line ${i}`).join("\n");
const baseConf = `class Config:\n    def parse(self, text):\n        return text\n\n    def helper(self):\n${filler}\n        return 1\n`;
const goldConf = `class Config:\n    def parse(self, text, strict=False):\n        return text\n\n    def helper(self):\n${filler}\n        return 1\n\n    def validate(self):\n        return self.parse("", strict=True)\n`;
const testFile = `from conf import Config\n\n\ndef test_strict():\n    assert Config().parse("a", strict=True) == "a"\n    assert Config().validate() == ""\n`;

/**
 * The "upstream" repository of `acme/conf` in `dir/work`: a base commit, and the gold and test patches as
 * git writes them (the gold patch's second hunk adds `Config.validate` past `helper`'s end, under a header
 * naming `helper`).
 */
export function makeUpstream(dir: string) {
  const work = path.join(dir, "work");
  mkdirSync(work);
  git(work, "init", "-q");
  writeFileSync(path.join(work, ".gitattributes"), "*.py diff=python\n*.java diff=java\n");
  writeFileSync(path.join(work, "conf.py"), baseConf);
  writeFileSync(path.join(work, "util.py"), "def parse(text):\n    return Config.parse(text)\n");
  git(work, "add", ".");
  git(work, "commit", "-qm", "base");
  const base = git(work, "rev-parse", "HEAD");
  writeFileSync(path.join(work, "conf.py"), goldConf);
  const goldPatch = `${git(work, "diff")}\n`;
  git(work, "checkout", "-q", "--", ".");
  writeFileSync(path.join(work, "test_conf.py"), testFile);
  git(work, "add", "test_conf.py");
  const testPatch = `${git(work, "diff", "--cached")}\n`;
  git(work, "reset", "-q");
  rmSync(path.join(work, "test_conf.py"));
  return { work, base, goldPatch, testPatch };
}

/** A store at `dir/name` holding `Acme/Conf.git`, a mirror of upstream, spelled unlike the benchmark's `acme/conf`. */
export function storeWithMirror(dir: string, name: string, upstreamWork: string) {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, "Acme"), { recursive: true });
  execFileSync("git", ["clone", "-q", "--mirror", upstreamWork, path.join(root, "Acme", "Conf.git")]);
  return { root, remote: null, maxBytes: null };
}

/**
 * A repository rebuilt from an instance's patches, in `dir`: every line the hunks show (context and removed
 * lines) at its line number in the base file, the lines given by hand in `extra` (path → line → text),
 * and with `headers` each hunk header's text (the indentation git dropped read back) on the line above the
 * hunk where that line is free; blank lines elsewhere. The hunks are the benchmark's own, byte for byte.
 * Returns the base commit.
 */
export function repositoryFromPatches(
  dir: string,
  patches: string[],
  options: { extra?: Record<string, Record<number, string>>; headers?: boolean } = {},
): string {
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  for (const file of patches.flatMap(parseDiff)) {
    if (file.status === "added" || file.binary) continue;
    const lines: string[] = [];
    const language = grammarOfPath(file.path);
    for (const hunk of file.hunks) {
      for (const line of hunk.lines) if (line.oldLine !== null) lines[line.oldLine - 1] = line.text;
      const above = hunk.oldStart - 2;
      if (options.headers && language && hunk.context && above >= 0 && lines[above] === undefined)
        lines[above] = contextOf(hunk, language);
    }
    for (const [at, text] of Object.entries(options.extra?.[file.oldPath ?? file.path] ?? {}))
      lines[Number(at) - 1] = text;
    const target = path.join(dir, file.oldPath ?? file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${Array.from(lines, (l) => l ?? "").join("\n")}\n`);
  }
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "base", "--allow-empty");
  return git(dir, "rev-parse", "HEAD");
}
