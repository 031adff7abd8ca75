import Link from "next/link";
import type { HomeImport, HomeJob, StrayRun } from "@/lib/server/queries/admin-home";

const when = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ");

/** What a job's state says to an admin, with its progress. */
function jobState(job: HomeJob): string {
  if (job.state === "importing") return `importing: ${job.records.toLocaleString("en")} records read`;
  if (job.state === "analysing")
    return `analysing: ${job.analysed.toLocaleString("en")} of ${job.records.toLocaleString("en")}`;
  if (job.state === "done")
    return `done: ${job.records.toLocaleString("en")} records, ${job.analysed.toLocaleString("en")} analysed`;
  return job.state;
}

/**
 * An admin's home: the recent imports and import jobs, and the runs whose results are for instances their
 * benchmark does not have, with the benchmark their ids fit (moved there from Runs and imports).
 */
export function AdminHome({
  imports,
  jobs,
  strayRuns,
}: {
  imports: HomeImport[];
  jobs: HomeJob[];
  strayRuns: StrayRun[];
}) {
  return (
    <section aria-labelledby="admin-heading">
      <h2 id="admin-heading">Imports and runs</h2>
      {strayRuns.length > 0 && (
        <>
          <h3>Runs whose instances are not in their benchmark</h3>
          <p className="muted">
            Their results name instances the benchmark does not have. Move a run where its instances are, or take its
            import back, in <Link href="/admin/runs">Runs and imports</Link>.
          </p>
          <table aria-label="Runs whose instances are not in their benchmark">
            <thead>
              <tr>
                <th>Run</th>
                <th>In benchmark</th>
                <th className="num">Results there</th>
                <th>Fits</th>
              </tr>
            </thead>
            <tbody>
              {strayRuns.map((run) => (
                <tr key={run.id}>
                  <td>
                    {run.model} · {run.selection} × {run.projection}
                    {run.source ? <span className="muted"> ({run.source})</span> : null}
                  </td>
                  <td>{run.benchmark}</td>
                  <td className="num">
                    {run.matched.toLocaleString("en")} of {run.results.toLocaleString("en")}
                  </td>
                  <td>
                    {run.fits.length === 0
                      ? "no benchmark here has its instances: import them first"
                      : run.fits
                          .map(
                            (fit) =>
                              `${fit.benchmark} (${fit.matched.toLocaleString("en")} of ${run.results.toLocaleString("en")})`,
                          )
                          .join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h3>Import jobs</h3>
      {jobs.length === 0 ? (
        <p className="muted">
          No upload imported yet: <Link href="/import">Import</Link>.
        </p>
      ) : (
        <ul aria-label="Import jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              {when(job.startedAt)} · {job.name} · {jobState(job)}
            </li>
          ))}
        </ul>
      )}
      <h3>Recent imports</h3>
      {imports.length === 0 ? (
        <p className="muted">Nothing imported yet.</p>
      ) : (
        <ul aria-label="Recent imports">
          {imports.map((i) => (
            <li key={i.id}>
              {when(i.at)} · {i.file} ({i.format}
              {i.benchmark ? `, ${i.benchmark}` : ""}): {i.added.toLocaleString("en")} added,{" "}
              {i.updated.toLocaleString("en")} updated
              {i.unmatched > 0 ? `, ${i.unmatched.toLocaleString("en")} for instances not imported` : ""}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/admin/runs">All runs and imports</Link>
      </p>
    </section>
  );
}
