import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/* What the repository store holds: its repositories with their size and last use, and pruning it to a size. */

/** The file a repository's last use is marked by (its time). */
export const USED_MARK = "hintscope-last-used";

/** A bare repository (HEAD, objects/, refs/) or a work tree with its .git: told from the files, without running git. */
export function isGitDir(dir: string): boolean {
  const has = (...parts: string[]) => existsSync(path.join(dir, ...parts));
  return (has("HEAD") && has("objects") && has("refs")) || has(".git");
}

/** A repository in the store: where, how large, when last used. */
export interface StoredRepository {
  repo: string;
  gitDir: string;
  bytes: number;
  lastUsed: Date;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/** Every repository in the store (`OWNER/NAME.git` or `OWNER/NAME`), with its size and last use. */
export function listRepositories(root: string): StoredRepository[] {
  const out: StoredRepository[] = [];
  let owners: string[];
  try {
    owners = readdirSync(root).filter((o) => !o.startsWith("."));
  } catch {
    return out;
  }
  for (const owner of owners) {
    const ownerDir = path.join(root, owner);
    if (!statSync(ownerDir).isDirectory()) continue;
    for (const name of readdirSync(ownerDir)) {
      const gitDir = path.join(ownerDir, name);
      if (!statSync(gitDir).isDirectory() || !isGitDir(gitDir)) continue;
      const mark = path.join(gitDir, USED_MARK);
      out.push({
        repo: `${owner}/${name.replace(/\.git$/, "")}`,
        gitDir,
        bytes: folderBytes(gitDir),
        lastUsed: existsSync(mark) ? statSync(mark).mtime : statSync(gitDir).mtime,
      });
    }
  }
  return out.sort((a, b) => a.repo.localeCompare(b.repo));
}

/**
 * Removes the least recently used repositories until the store holds at most `maxBytes`, never one of
 * `keep`. Returns the repositories removed.
 */
export function pruneStore(root: string, maxBytes: number, keep: readonly string[] = []): StoredRepository[] {
  const repositories = listRepositories(root).sort((a, b) => a.lastUsed.getTime() - b.lastUsed.getTime());
  let total = repositories.reduce((sum, r) => sum + r.bytes, 0);
  const kept = new Set(keep.map((k) => path.resolve(k)));
  const removed: StoredRepository[] = [];
  for (const repository of repositories) {
    if (total <= maxBytes) break;
    if (kept.has(path.resolve(repository.gitDir))) continue;
    rmSync(repository.gitDir, { recursive: true, force: true });
    total -= repository.bytes;
    removed.push(repository);
  }
  return removed;
}
