import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { Fragment } from "./fragments";
import type { DiffLine, FileDiff } from "./parse-diff";
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

/** Exact mode cannot read this instance from the checkout: its commit or a file is missing, or a hunk does not fit. */
export class ExactSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExactSourceError";
  }
}

/** --repo names something that is not a git checkout. */
export class RepositoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RepositoryError";
  }
}

/** Throws RepositoryError unless `repo` is a git checkout: "no such repository" for a path that does not exist. */
export function checkRepository(repo: string): void {
  if (!existsSync(repo)) throw new RepositoryError(`no such repository: ${repo}`);
  try {
    execFileSync("git", ["-C", repo, "rev-parse", "--git-dir"], { stdio: "ignore" });
  } catch {
    throw new RepositoryError(`${repo} is not a git repository`);
  }
}

/**
 * Exact mode: whole files from a checkout at the instance's base commit, so "new" means new to the file, not
 * to the hunk. Throws ExactSourceError (now, or when a file is read) when the checkout cannot give them.
 * `preread`: the files already read at the commit (by path), for a caller that reads them all at once and
 * has checked the repository and commit.
 */
export function repoFragments(repo: string, baseCommit: string, preread?: ReadonlyMap<string, string>): FragmentSource {
  if (!preread) {
    checkRepository(repo);
    try {
      execFileSync("git", ["-C", repo, "cat-file", "-e", `${baseCommit}^{commit}`], { stdio: "ignore" });
    } catch {
      throw new ExactSourceError(`${repo} has no commit ${baseCommit}: fetch it, or analyse without --repo`);
    }
  }
  return (file) => {
    if (file.status === "added")
      return wholeFileFragments(file, null, file.hunks.flatMap((h) => h.lines.map((l) => l.text)).join("\n"));
    const wanted = file.oldPath ?? file.path;
    const before = preread?.has(wanted) ? (preread.get(wanted) as string) : fileAtCommit(repo, baseCommit, wanted);
    if (before === null) throw new ExactSourceError(`${wanted} is not in ${repo} at ${baseCommit}`);
    let after: string | null = null;
    try {
      after = file.status === "deleted" ? null : applyHunks(file, before);
    } catch (error) {
      throw new ExactSourceError((error as Error).message);
    }
    return wholeFileFragments(file, before, after);
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

/** Whole-file images for exact mode: the file at the base commit and after the patch, rows mapped to diff lines. */
export function wholeFileFragments(file: FileDiff, before: string | null, after: string | null): Fragment[] {
  const byOld = new Map<number, DiffLine>();
  const byNew = new Map<number, DiffLine>();
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.oldLine !== null) byOld.set(line.oldLine, line);
      if (line.newLine !== null) byNew.set(line.newLine, line);
    }
  }
  const fragment = (side: "pre" | "post", text: string, map: Map<number, DiffLine>): Fragment => ({
    path: file.path,
    side,
    text,
    rows: text.split("\n").map((_, row) => map.get(row + 1) ?? null),
    owner: null,
    inBody: false,
    whole: true,
  });
  const out: Fragment[] = [];
  if (before !== null) out.push(fragment("pre", before, byOld));
  if (after !== null) out.push(fragment("post", after, byNew));
  return out;
}

/** Applies a file's hunks to its text at the base commit, giving the text after the patch. Throws when a hunk does not fit. */
export function applyHunks(file: FileDiff, before: string): string {
  const lines = before.split("\n");
  const out: string[] = [];
  let next = 1;
  for (const hunk of file.hunks) {
    const start = hunk.oldLines === 0 ? hunk.oldStart + 1 : hunk.oldStart;
    while (next < start) out.push(lines[next++ - 1] ?? "");
    for (const line of hunk.lines) {
      if (line.kind !== "+") {
        const actual = lines[next - 1];
        if (actual?.replace(/\r$/, "") !== line.text) {
          throw new Error(`${file.path}: the patch does not apply at line ${next} of the base file`);
        }
        next++;
      }
      if (line.kind !== "-") out.push(line.text);
    }
  }
  while (next <= lines.length) out.push(lines[next++ - 1] ?? "");
  return out.join("\n");
}
