import { repositoryStatus } from "@/lib/server/analysis/repository-status";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { settings } from "@/lib/server/settings";

export const dynamic = "force-dynamic";

const megabytes = (bytes: number | null) => (bytes === null ? "" : `${(bytes / 2 ** 20).toFixed(1)} MB`);

/** The repository store: which benchmark repositories the analysis can read whole files from, and which not. */
export default guardedPage("admin", async function RepositoriesPage() {
  const store = settings().repositoryStore;
  const rows = await repositoryStatus(await getDb(), store);
  const missing = rows.filter((r) => !r.gitDir);
  return (
    <>
      <h1>Repositories</h1>
      {store ? (
        <p>
          Store: <code>{store.root}</code> (<code>HINTSCOPE_REPOS</code>),{" "}
          {store.remote ? (
            <>
              fetching what it lacks from <code>{store.remote}</code>
            </>
          ) : (
            "offline: nothing is fetched"
          )}
          {store.maxBytes !== null && <>, pruned to {megabytes(store.maxBytes)}</>}.
        </p>
      ) : (
        <p role="note">
          No repository store is set: every instance is analysed from its hunks (approximate). Set{" "}
          <code>HINTSCOPE_REPOS</code> to a folder of bare repositories at <code>OWNER/NAME.git</code> and restart the
          server.
        </p>
      )}
      <p className="muted">
        With its repository at the base commit an instance is analysed from whole files (exact); without, from its hunks
        (approximate, with the reason on its page). From the server&apos;s shell:{" "}
        <code>npm run hints -- repos status|fetch|prune</code>, then <code>npm run hints -- reanalyze</code>.
      </p>
      <table aria-label="Benchmark repositories">
        <thead>
          <tr>
            <th>Repository</th>
            <th>Benchmarks</th>
            <th className="numeric">Instances</th>
            <th>In the store</th>
            <th className="numeric">Exact</th>
            <th className="numeric">Size</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.repo}>
              <td>{r.repo}</td>
              <td>{r.benchmarks.join(", ")}</td>
              <td className="numeric">{r.instances}</td>
              <td>{r.gitDir ? `${r.commitsPresent} of ${r.commits} commits` : "missing"}</td>
              <td className="numeric">
                {r.exactInstances} of {r.instances}
              </td>
              <td className="numeric">{megabytes(r.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {store && missing.length > 0 && (
        <>
          <h2>To add the {missing.length} missing</h2>
          <pre className="text">
            {missing
              .map((r) => `git clone --mirror https://github.com/${r.repo}.git ${store.root}/${r.repo}.git`)
              .join("\n")}
          </pre>
        </>
      )}
    </>
  );
});
