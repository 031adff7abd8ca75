import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isGitDir, pruneStore, USED_MARK } from "./store-contents";

export { listRepositories, pruneStore, type StoredRepository } from "./store-contents";

/**
 * The repository store: a folder of bare git repositories, one per benchmark repository, at
 * `ROOT/OWNER/NAME.git` (as `git clone --mirror` makes them). The analysis reads whole files from it at an
 * instance's base commit (`git show COMMIT:PATH`, no work trees), so "new" means new to the file. With a
 * remote configured, a missing repository or commit is fetched, once per repository even when several
 * callers ask at once (in this process by a shared promise, across processes by a lock folder in the store).
 */
export interface RepositoryStoreConfig {
  root: string;
  /** a URL template with `{owner}` and `{name}` (`https://github.com/{owner}/{name}.git`); null: offline */
  remote: string | null;
  /** the store's size limit in bytes: after a fetch, the least recently used repositories are pruned to it */
  maxBytes: number | null;
}

/** Why an instance is analysed from its hunks rather than from whole files. */
export type ApproximateReason =
  | "no repository store"
  | "no repository"
  | "commit not present"
  | `fetch failed: ${string}`
  | `patch does not apply: ${string}`;

/** Whether an instance can be read exactly: the bare repository that has its commit, or why not. */
export type Availability = { exact: true; gitDir: string } | { exact: false; reason: ApproximateReason };

/** `owner/name` as benchmarks write it (`django/django`, `FasterXML/jackson-core`); null when it is not one. */
export function splitRepositoryName(repo: string): { owner: string; name: string } | null {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?$/.exec(repo.trim());
  if (!match || match[1] === "." || match[1] === ".." || match[2] === "." || match[2] === "..") return null;
  return { owner: match[1] as string, name: match[2] as string };
}

/** An entry of `dir` whose name equals `wanted` ignoring case (the exact spelling first). */
function entryIgnoringCase(dir: string, wanted: string): string | null {
  if (existsSync(path.join(dir, wanted))) return wanted;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return null;
  }
  const lower = wanted.toLowerCase();
  return entries.find((entry) => entry.toLowerCase() === lower) ?? null;
}

/**
 * The store's git folder for a repository, looked up ignoring case (`fasterxml/jackson-core` finds
 * `FasterXML/jackson-core.git`), with or without `.git`; null when the store does not have it.
 */
export function findRepository(root: string, repo: string): string | null {
  const parts = splitRepositoryName(repo);
  if (!parts) return null;
  const owner = entryIgnoringCase(root, parts.owner);
  if (!owner) return null;
  const ownerDir = path.join(root, owner);
  const name = entryIgnoringCase(ownerDir, `${parts.name}.git`) ?? entryIgnoringCase(ownerDir, parts.name);
  if (!name) return null;
  const dir = path.join(ownerDir, name);
  return isGitDir(dir) ? dir : null;
}

/** Whether a repository holds a commit. */
export function hasCommit(gitDir: string, commit: string): boolean {
  if (!/^[0-9a-fA-F]{4,64}$/.test(commit)) return false;
  try {
    execFileSync("git", ["-C", gitDir, "cat-file", "-e", `${commit}^{commit}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Marks a repository as used now, for pruning the least recently used first. */
function markUsed(gitDir: string): void {
  const mark = path.join(gitDir, USED_MARK);
  const now = new Date();
  try {
    utimesSync(mark, now, now);
  } catch {
    try {
      writeFileSync(mark, "");
    } catch {
      // A read-only store is still a store.
    }
  }
}

/** Without fetching: whether the store can give this repository at this commit, and why not. */
export function availability(config: RepositoryStoreConfig | null, repo: string, commit: string): Availability {
  if (!config) return { exact: false, reason: "no repository store" };
  const gitDir = findRepository(config.root, repo);
  if (!gitDir) return { exact: false, reason: "no repository" };
  if (!hasCommit(gitDir, commit)) return { exact: false, reason: "commit not present" };
  markUsed(gitDir);
  return { exact: true, gitDir };
}

/** Fetches in flight in this process, by repository (lower case): a second caller waits for the first. */
const inFlight = new Map<string, Promise<void>>();

/** What a fetch reports as it goes: git's own progress lines, prefixed with the repository. */
export type FetchProgress = (line: string) => void;

/**
 * Whether the store can give this repository at this commit, fetching it first when a remote is
 * configured and the store lacks it. Never throws: a failed fetch is a reason to analyse from the hunks.
 */
export async function ensureCommit(
  config: RepositoryStoreConfig | null,
  repo: string,
  commit: string,
  progress?: FetchProgress,
): Promise<Availability> {
  const found = availability(config, repo, commit);
  if (found.exact || !config?.remote) return found;
  const parts = splitRepositoryName(repo);
  if (!parts) return { exact: false, reason: "no repository" };
  const key = `${parts.owner}/${parts.name}`.toLowerCase();
  let failure: string | null = null;
  for (;;) {
    const running = inFlight.get(key);
    if (!running) break;
    await running.catch(() => undefined);
    const now = availability(config, repo, commit);
    if (now.exact) return now;
  }
  const fetching = fetchCommit(config, parts, commit, progress);
  inFlight.set(key, fetching);
  try {
    await fetching;
  } catch (error) {
    failure = (error as Error).message;
  } finally {
    inFlight.delete(key);
  }
  if (failure !== null) return { exact: false, reason: `fetch failed: ${failure}` };
  const after = availability(config, repo, commit);
  if (config.maxBytes !== null && after.exact) pruneStore(config.root, config.maxBytes, [after.gitDir]);
  return after.exact ? after : { exact: false, reason: `fetch failed: the remote has no commit ${commit}` };
}

/** The remote URL of a repository: the template with `{owner}` and `{name}` filled in. */
export function remoteUrl(template: string, parts: { owner: string; name: string }): string {
  return template.replaceAll("{owner}", parts.owner).replaceAll("{name}", parts.name);
}

function runGit(args: string[], progress?: FetchProgress, label = ""): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { stdio: ["ignore", "ignore", "pipe"] });
    let tail = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      tail = (tail + chunk).slice(-2000);
      if (progress) for (const line of chunk.split(/[\r\n]+/)) if (line.trim()) progress(`${label}${line.trim()}`);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else {
        const last =
          tail
            .split(/[\r\n]+/)
            .filter((l) => l.trim())
            .at(-1) ?? `git exited with ${code}`;
        reject(new Error(last.replace(/^fatal: /, "")));
      }
    });
  });
}

/**
 * Fetches one commit into the store (creating the bare repository when it is new): the commit alone where
 * the server allows fetching by id, else every branch and tag. A ref keeps the fetched commit from garbage
 * collection. Serialised across processes by a lock folder.
 */
async function fetchCommit(
  config: RepositoryStoreConfig,
  parts: { owner: string; name: string },
  commit: string,
  progress?: FetchProgress,
): Promise<void> {
  if (!config.remote) throw new Error("no remote configured");
  if (!/^[0-9a-fA-F]{40}$|^[0-9a-fA-F]{64}$/.test(commit)) throw new Error(`not a full commit id: ${commit}`);
  const release = await lockRepository(config.root, parts);
  try {
    const existing = findRepository(config.root, `${parts.owner}/${parts.name}`);
    if (existing && hasCommit(existing, commit)) return;
    const gitDir = existing ?? path.join(config.root, parts.owner, `${parts.name}.git`);
    const url = remoteUrl(config.remote, parts);
    if (!existing) {
      mkdirSync(gitDir, { recursive: true });
      execFileSync("git", ["init", "-q", "--bare", gitDir], { stdio: "ignore" });
    }
    const label = `${parts.owner}/${parts.name}: `;
    progress?.(`${label}fetching ${commit.slice(0, 12)} from ${url}`);
    try {
      await runGit(
        ["-C", gitDir, "fetch", "--progress", "--no-tags", url, `+${commit}:refs/hintscope/${commit}`],
        progress,
        label,
      );
    } catch {
      // The server does not give single commits: take the history, as `git clone --mirror` would.
      progress?.(`${label}the remote does not give single commits; fetching its branches and tags`);
      await runGit(
        ["-C", gitDir, "fetch", "--progress", url, "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"],
        progress,
        label,
      );
    }
    markUsed(gitDir);
  } finally {
    release();
  }
}

const LOCK_STALE_MS = 60 * 60 * 1000;

/** Takes the store's lock folder for a repository, waiting for another process that holds it. */
async function lockRepository(root: string, parts: { owner: string; name: string }): Promise<() => void> {
  const locks = path.join(root, ".locks");
  mkdirSync(locks, { recursive: true });
  const lock = path.join(locks, `${parts.owner}--${parts.name}`.toLowerCase());
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // It went away between the two calls: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
