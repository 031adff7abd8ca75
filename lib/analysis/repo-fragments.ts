import { execFileSync } from "node:child_process";
import { applyHunks, wholeFileFragments } from "./fragments";
import type { FragmentSource } from "./patch-facts";

/** A file at a commit of a local git checkout, or null when the commit does not have it. */
function fileAtCommit(repo: string, commit: string, path: string): string | null {
  try {
    return execFileSync("git", ["-C", repo, "show", `${commit}:${path}`], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
}

/** Exact mode: whole files from a checkout at the instance's base commit, so "new" means new to the file, not to the hunk. */
export function repoFragments(repo: string, baseCommit: string): FragmentSource {
  try {
    execFileSync("git", ["-C", repo, "cat-file", "-e", `${baseCommit}^{commit}`], { stdio: "ignore" });
  } catch {
    throw new Error(`${repo} has no commit ${baseCommit}: fetch it, or analyse without --repo`);
  }
  return (file) => {
    if (file.status === "added")
      return wholeFileFragments(file, null, file.hunks.flatMap((h) => h.lines.map((l) => l.text)).join("\n"));
    const before = fileAtCommit(repo, baseCommit, file.oldPath ?? file.path);
    if (before === null) throw new Error(`${file.oldPath ?? file.path} is not in ${repo} at ${baseCommit}`);
    return wholeFileFragments(file, before, file.status === "deleted" ? null : applyHunks(file, before));
  };
}

/** How many lines of a checkout at a commit name `word` as a whole word (`git grep -w -c`); null on failure. */
export function repoOccurrences(repo: string, commit: string, word: string): number | null {
  try {
    const out = execFileSync("git", ["-C", repo, "grep", "-w", "-c", "-F", "-e", word, commit], {
      encoding: "utf8",
      maxBuffer: 16 << 20,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return out
      .split("\n")
      .filter(Boolean)
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(":") + 1) || 0), 0);
  } catch (error) {
    // git grep exits 1 when nothing matches.
    return (error as { status?: number }).status === 1 ? 0 : null;
  }
}
