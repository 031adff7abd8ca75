import { ImportAdmin } from "@/components/admin/import-admin";
import { RunAdmin } from "@/components/admin/run-admin";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { listImports } from "@/lib/server/import/imports";
import { listRuns } from "@/lib/server/import/runs";

export const dynamic = "force-dynamic";

export default guardedPage("admin", async function RunsPage() {
  const db = await getDb();
  const [runs, imports, benchmarks, events] = await Promise.all([
    listRuns(db),
    listImports(db),
    db.benchmark.findMany({ select: { name: true }, orderBy: { name: "asc" } }),
    db.adminEvent.findMany({ orderBy: { id: "desc" }, take: 20 }),
  ]);
  return (
    <>
      <h1>Runs and imports</h1>
      <p className="muted">
        Every run imported: its results, agent patches and design verdicts. A run imported by mistake can be deleted
        (with all it holds), or moved to the benchmark it belongs to; each is recorded below. From the server&apos;s
        shell: <code>npm run hints -- runs list|delete|move</code>.
      </p>
      <h2>Runs</h2>
      <RunAdmin runs={runs} benchmarks={benchmarks.map((b) => b.name)} />
      <h2>Imports</h2>
      <p className="muted">
        Each file imported. Taking one back deletes every row it added (instances with their analysis, runs, results,
        agent patches, scores, labels) and the benchmarks and runs it created that nothing else fills; rows it only
        updated keep its values. <code>npm run hints -- imports list|take-back</code>.
      </p>
      <ImportAdmin
        imports={imports.map((i) => ({
          id: i.id,
          file: i.file,
          format: i.format,
          benchmark: i.benchmark,
          added: i.added,
          updated: i.updated,
          when: i.createdAt.toISOString().slice(0, 16).replace("T", " "),
          canTakeBack: i.canTakeBack,
          takenBack: i.takenBackAt
            ? `${i.takenBackAt.toISOString().slice(0, 16).replace("T", " ")} by ${i.takenBackBy}`
            : null,
        }))}
      />
      <h2>Recorded</h2>
      {events.length === 0 ? (
        <p className="muted">Nothing taken back yet.</p>
      ) : (
        <ul aria-label="Recorded changes">
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
