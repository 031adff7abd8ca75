import { availableParallelism } from "node:os";
import { pruneStore, type RepositoryStoreConfig } from "../repository-store/repository-store";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { fetchMissingCommits, repositoryStatus } from "../server/analysis/repository-status";
import type { Database } from "../server/db/client";

const USAGE = `usage: hints repos status [--benchmark NAME] [--json]
       hints repos fetch [--benchmark NAME]   (needs HINTSCOPE_GIT_REMOTE)
       hints repos prune [--max-gb N]         (default: HINTSCOPE_REPOS_MAX_GB)
The store is HINTSCOPE_REPOS: bare repositories at OWNER/NAME.git (git clone --mirror URL OWNER/NAME.git).`;

const megabytes = (bytes: number | null) => (bytes === null ? "" : `${(bytes / 2 ** 20).toFixed(1)} MB`);

/** `hints repos status|fetch|prune`: the repository store the analysis reads whole files from. */
export async function runReposCommand(
  db: Database,
  store: RepositoryStoreConfig | null,
  args: string[],
  options: { benchmark?: string; json: boolean; maxGb?: string },
): Promise<number> {
  const [action] = args;
  if (action !== "status" && action !== "fetch" && action !== "prune") {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!store && action !== "status") {
    process.stderr.write(`hints repos ${action}: no repository store; set HINTSCOPE_REPOS to a folder\n`);
    return 2;
  }
  if (action === "status") {
    const rows = await repositoryStatus(db, store, options.benchmark);
    if (options.json) {
      process.stdout.write(
        `${JSON.stringify({ store: store?.root ?? null, remote: store?.remote ?? null, repositories: rows })}\n`,
      );
      return 0;
    }
    const lines = [
      store
        ? `store: ${store.root}${store.remote ? ` (fetches from ${store.remote})` : " (offline)"}`
        : "store: none (HINTSCOPE_REPOS is not set): every instance is analysed from its hunks",
    ];
    for (const r of rows)
      lines.push(
        `  ${r.repo.padEnd(40)} ${r.gitDir ? `${r.commitsPresent}/${r.commits} commits` : "missing".padEnd(12)}  ${r.exactInstances}/${r.instances} exact  ${megabytes(r.bytes)}`,
      );
    const missing = rows.filter((r) => !r.gitDir);
    if (store && missing.length > 0)
      lines.push(
        "",
        `${missing.length} repositor${missing.length === 1 ? "y" : "ies"} missing; to add one:`,
        `  git clone --mirror https://github.com/${missing[0]?.repo}.git ${store.root}/${missing[0]?.repo}.git`,
      );
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  }
  const config = store as RepositoryStoreConfig;
  if (action === "fetch") {
    if (!config.remote) {
      process.stderr.write(
        "hints repos fetch: no remote; set HINTSCOPE_GIT_REMOTE (https://github.com/{owner}/{name}.git)\n",
      );
      return 2;
    }
    const result = await fetchMissingCommits(db, config, {
      benchmark: options.benchmark,
      onProgress: (line) => process.stderr.write(`${line}\n`),
    });
    for (const f of result.failed) process.stderr.write(`${f.repo} ${f.commit}: ${f.reason}\n`);
    const analysis =
      result.marked > 0
        ? await analyzePendingInstances(db, undefined, { store: config, workers: availableParallelism() })
        : null;
    const summary = { fetched: result.fetched, failed: result.failed.length, reanalysed: analysis?.analysed ?? 0 };
    process.stdout.write(
      `${options.json ? JSON.stringify(summary) : `${summary.fetched} commit(s) fetched, ${summary.failed} failed; ${summary.reanalysed} instance(s) analysed again from whole files`}\n`,
    );
    return result.failed.length > 0 ? 1 : 0;
  }
  const limit = options.maxGb === undefined ? config.maxBytes : Number(options.maxGb) * 2 ** 30;
  if (limit === null || !Number.isFinite(limit) || limit < 0) {
    process.stderr.write("hints repos prune: give --max-gb N, or set HINTSCOPE_REPOS_MAX_GB\n");
    return 2;
  }
  const removed = pruneStore(config.root, limit);
  process.stdout.write(
    `${options.json ? JSON.stringify(removed.map((r) => ({ repo: r.repo, bytes: r.bytes }))) : removed.length === 0 ? "nothing to prune" : removed.map((r) => `removed ${r.repo} (${megabytes(r.bytes)})`).join("\n")}\n`,
  );
  return 0;
}
