import {
  availability,
  ensureCommit,
  type FetchProgress,
  findRepository,
  listRepositories,
  type RepositoryStoreConfig,
} from "../../repository-store/repository-store";
import { type Database, writeTurn } from "../db/client";

/** One benchmark repository as the store sees it: what the imported instances need of it, and what it has. */
export interface RepositoryStatus {
  repo: string;
  /** the benchmarks whose instances come from it */
  benchmarks: string[];
  instances: number;
  /** distinct base commits the instances start from */
  commits: number;
  /** of those, the ones the store holds */
  commitsPresent: number;
  /** the store's folder for it; null when the store does not have it */
  gitDir: string | null;
  bytes: number | null;
  /** instances analysed exactly (from whole files), and from hunks */
  exactInstances: number;
  approximateInstances: number;
}

/**
 * The repositories the imported instances come from (all benchmarks, or one), with what the store holds of
 * each: a curator's list of what to `git clone --mirror` into the store.
 */
export async function repositoryStatus(
  db: Database,
  store: RepositoryStoreConfig | null,
  benchmark?: string,
): Promise<RepositoryStatus[]> {
  const instances = await db.instance.findMany({
    where: benchmark ? { benchmark: { name: benchmark } } : {},
    select: { repo: true, baseCommit: true, approximate: true, benchmark: { select: { name: true } } },
  });
  const byRepo = new Map<
    string,
    { benchmarks: Set<string>; commits: Set<string>; instances: number; approximate: number }
  >();
  for (const instance of instances) {
    const entry = byRepo.get(instance.repo) ?? {
      benchmarks: new Set(),
      commits: new Set(),
      instances: 0,
      approximate: 0,
    };
    entry.benchmarks.add(instance.benchmark.name);
    entry.commits.add(instance.baseCommit);
    entry.instances++;
    if (instance.approximate) entry.approximate++;
    byRepo.set(instance.repo, entry);
  }
  const stored = new Map(store ? listRepositories(store.root).map((r) => [r.gitDir, r]) : []);
  return [...byRepo]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([repo, entry]) => {
      const gitDir = store ? findRepository(store.root, repo) : null;
      const commitsPresent = gitDir
        ? [...entry.commits].filter((commit) => availability(store, repo, commit).exact).length
        : 0;
      return {
        repo,
        benchmarks: [...entry.benchmarks].sort(),
        instances: entry.instances,
        commits: entry.commits.size,
        commitsPresent,
        gitDir,
        bytes: gitDir ? (stored.get(gitDir)?.bytes ?? null) : null,
        exactInstances: entry.instances - entry.approximate,
        approximateInstances: entry.approximate,
      };
    });
}

/**
 * Fetches every base commit the store lacks (for all benchmarks, or one) from the configured remote, then
 * marks the instances whose analysis read hunks for want of them for analysis again. Returns the commits
 * fetched and the ones that failed, with why.
 */
export async function fetchMissingCommits(
  db: Database,
  store: RepositoryStoreConfig,
  options: { benchmark?: string; onProgress?: FetchProgress } = {},
): Promise<{ fetched: number; failed: Array<{ repo: string; commit: string; reason: string }>; marked: number }> {
  const instances = await db.instance.findMany({
    where: options.benchmark ? { benchmark: { name: options.benchmark } } : {},
    select: { id: true, repo: true, baseCommit: true, approximateReason: true },
  });
  const wanted = new Map<string, { repo: string; commit: string; ids: number[] }>();
  for (const i of instances) {
    const key = `${i.repo.toLowerCase()} ${i.baseCommit}`;
    const entry = wanted.get(key) ?? { repo: i.repo, commit: i.baseCommit, ids: [] };
    entry.ids.push(i.id);
    wanted.set(key, entry);
  }
  let fetched = 0;
  const failed: Array<{ repo: string; commit: string; reason: string }> = [];
  const nowExact: number[] = [];
  for (const { repo, commit, ids } of wanted.values()) {
    if (availability(store, repo, commit).exact) continue;
    const result = await ensureCommit(store, repo, commit, options.onProgress);
    if (result.exact) {
      fetched++;
      nowExact.push(...ids);
    } else failed.push({ repo, commit, reason: result.reason });
  }
  // Instances whose commit is now present, and any still read from hunks although their commit is there
  // (the store was filled by hand since): analysed again.
  const reasons = new Set(["no repository store", "no repository", "commit not present"]);
  for (const i of instances)
    if (i.approximateReason && (reasons.has(i.approximateReason) || i.approximateReason.startsWith("fetch failed")))
      if (availability(store, i.repo, i.baseCommit).exact) nowExact.push(i.id);
  const ids = [...new Set(nowExact)];
  let marked = 0;
  // In slices: a statement's parameters are bounded (SQLite's 32,766).
  for (let at = 0; at < ids.length; at += 5000) {
    const slice = ids.slice(at, at + 5000);
    marked += (
      await writeTurn(db)(() =>
        db.instance.updateMany({ where: { id: { in: slice } }, data: { analysisStatus: "pending" } }),
      )
    ).count;
  }
  return { fetched, failed, marked };
}
