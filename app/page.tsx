import Link from "next/link";
import { AdminHome } from "@/components/admin/admin-home";
import { hasRole } from "@/lib/auth/roles";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { myQueue } from "@/lib/server/list/my-queue";
import { adminHome } from "@/lib/server/queries/admin-home";
import { listBenchmarks } from "@/lib/server/queries/benchmarks";

export const dynamic = "force-dynamic";

/** The policy the list shows review status under by default: the queue counts under it too. */
const QUEUE_POLICY = { selection: "defuse", projection: "declaration", label: "DefUse × Declaration" } as const;

const listLink = (benchmark: string, review: string) =>
  `/instances?${new URLSearchParams({ benchmark, review }).toString()}`;

export default guardedPage("viewer", async function HomePage(_props: unknown, user) {
  const benchmarks = await listBenchmarks();
  const queue =
    hasRole(user.role, "curator") && benchmarks.length > 0
      ? await myQueue(await getDb(), user.name, QUEUE_POLICY.selection, QUEUE_POLICY.projection)
      : null;
  // An admin's home adds the imports, the jobs and the runs that landed where their instances are not.
  const admin = hasRole(user.role, "admin") ? await adminHome(await getDb()) : null;
  return (
    <>
      <h1>Benchmarks</h1>
      {queue && (
        <section aria-labelledby="queue-heading">
          <h2 id="queue-heading">Your queue</h2>
          <p className="muted">Hints left to decide under {QUEUE_POLICY.label}, the list&apos;s policy.</p>
          <table aria-label="Left to decide">
            <thead>
              <tr>
                <th>Benchmark</th>
                <th className="num">To decide</th>
                <th className="num">Changed since decided</th>
                <th className="num">Decided</th>
              </tr>
            </thead>
            <tbody>
              {queue.benchmarks.map((b) => {
                const open = Math.max(0, b.instances - b.decided - b.changed);
                return (
                  <tr key={b.id}>
                    <td>{b.name}</td>
                    <td className="num">
                      {open > 0 ? <Link href={listLink(b.name, "pending")}>{open.toLocaleString("en")}</Link> : 0}
                    </td>
                    <td className="num">
                      {b.changed > 0 ? (
                        <Link href={listLink(b.name, "stale")}>{b.changed.toLocaleString("en")}</Link>
                      ) : (
                        0
                      )}
                    </td>
                    <td className="num">
                      {b.decided.toLocaleString("en")} of {b.instances.toLocaleString("en")}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {queue.rounds.length > 0 && (
            <>
              <h3>Review rounds waiting for you</h3>
              <ul>
                {queue.rounds.map((r) => (
                  <li key={r.id}>
                    <Link href={`/rounds/${r.id}`}>{r.name}</Link>: {r.decided} of {r.dealt} decided
                    {r.decided < r.dealt ? `, ${r.dealt - r.decided} left` : ", all decided"}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      {admin && <AdminHome {...admin} />}
      {(queue || admin) && <h2>All benchmarks</h2>}
      {benchmarks.length === 0 ? (
        <p>
          Nothing imported yet. <Link href="/import">Import</Link> instance or results files, or run{" "}
          <code>npm run hints -- seed</code> for the demo data.
        </p>
      ) : (
        <table aria-label="Benchmarks">
          <thead>
            <tr>
              <th>Benchmark</th>
              <th className="num">Instances</th>
              <th className="num">Runs</th>
              <th className="num">Results</th>
            </tr>
          </thead>
          <tbody>
            {benchmarks.map((b) => (
              <tr key={b.id}>
                <td>
                  <Link href={`/benchmarks/${b.id}`}>{b.name}</Link>{" "}
                  {b.isDemo && <span className="badge demo">demo</span>}
                </td>
                <td className="num">{b.instanceCount}</td>
                <td className="num">{b.runCount}</td>
                <td className="num">{b.resultCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
});
