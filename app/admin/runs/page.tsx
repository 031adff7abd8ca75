import { RunAdmin } from "@/components/admin/run-admin";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db";
import { listRuns } from "@/lib/server/runs";

export const dynamic = "force-dynamic";

export default guardedPage("admin", async function RunsPage() {
  const db = await getDb();
  const [runs, benchmarks, events] = await Promise.all([
    listRuns(db),
    db.benchmark.findMany({ select: { name: true }, orderBy: { name: "asc" } }),
    db.adminEvent.findMany({ orderBy: { id: "desc" }, take: 20 }),
  ]);
  return (
    <>
      <h1>Runs</h1>
      <p className="muted">
        Every run imported: its results, agent patches and design verdicts. A run imported by mistake can be deleted
        (with all it holds), or moved to the benchmark it belongs to; each is recorded below. From the server&apos;s
        shell: <code>npm run hints -- runs list|delete|move</code>.
      </p>
      <RunAdmin runs={runs} benchmarks={benchmarks.map((b) => b.name)} />
      <h2>Recorded</h2>
      {events.length === 0 ? (
        <p className="muted">Nothing taken back yet.</p>
      ) : (
        <ul aria-label="Run changes">
          {events.map((e) => (
            <li key={e.id}>
              {e.createdAt.toISOString().slice(0, 16).replace("T", " ")} · {e.actor} · {e.action} · {e.subject}
            </li>
          ))}
        </ul>
      )}
    </>
  );
});
