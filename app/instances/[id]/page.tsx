import Link from "next/link";
import { notFound } from "next/navigation";
import { DiffView } from "@/components/instance/diff-view";
import { IdentifierTable } from "@/components/instance/identifier-table";
import { getInstance } from "@/lib/server/queries/instances";
import { parseIdParam } from "@/lib/server/route-params";

export const dynamic = "force-dynamic";

export default async function InstancePage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseIdParam((await params).id);
  const instance = id === null ? null : await getInstance(id);
  if (!instance) notFound();
  return (
    <>
      <p className="muted">
        <Link href={`/benchmarks/${instance.benchmark.id}`}>{instance.benchmark.name}</Link>
      </p>
      <h1>
        {instance.externalId} {instance.isDemo && <span className="badge demo">demo</span>}
      </h1>
      <dl className="facts">
        <dt>Repository</dt>
        <dd>{instance.repo}</dd>
        <dt>Base commit</dt>
        <dd>
          <code>{instance.baseCommit}</code>
        </dd>
        <dt>Language</dt>
        <dd>{instance.language ?? "unknown"}</dd>
        <dt>Fail to pass</dt>
        <dd>{instance.failToPass.length} tests</dd>
        <dt>Pass to pass</dt>
        <dd>{instance.passToPass.length} tests</dd>
        <dt>Format</dt>
        <dd>{instance.sourceFormat}</dd>
      </dl>
      <div className="panes">
        <section className="pane" aria-labelledby="issue-heading">
          <h2 id="issue-heading">Issue</h2>
          <div className="body">
            {/* Shown as text: issue texts hold raw HTML and scripts that must stay inert. */}
            <pre className="text">{instance.problemStatement}</pre>
          </div>
        </section>
        <section className="pane" aria-labelledby="gold-heading">
          <h2 id="gold-heading">Gold patch</h2>
          <div className="body">
            <DiffView diff={instance.goldPatch} label="Gold patch" />
          </div>
        </section>
        <section className="pane" aria-labelledby="test-heading">
          <h2 id="test-heading">Test patch</h2>
          <div className="body">
            <DiffView diff={instance.testPatch} label="Test patch" />
          </div>
        </section>
      </div>
      <h2>Identifiers</h2>
      <IdentifierTable
        identifiers={instance.identifiers}
        analysisStatus={instance.analysisStatus}
        analysisError={instance.analysisError}
        approximate={instance.approximate}
        unsupportedFiles={instance.unsupportedFiles}
        interfaceText={instance.interfaceText}
        requirements={instance.requirements}
      />
      {instance.requirements && (
        <>
          <h2>Benchmark requirements</h2>
          <pre className="text">{instance.requirements}</pre>
        </>
      )}
      {instance.interfaceText && (
        <>
          <h2>Benchmark interface</h2>
          <pre className="text">{instance.interfaceText}</pre>
        </>
      )}
      <h2>Outcomes</h2>
      {instance.results.length === 0 ? (
        <p className="muted">No run has a result for this instance.</p>
      ) : (
        <table aria-label="Outcomes">
          <thead>
            <tr>
              <th>Model</th>
              <th>Selection</th>
              <th>Projection</th>
              <th>Outcome</th>
            </tr>
          </thead>
          <tbody>
            {instance.results.map((r) => (
              <tr key={`${r.model}/${r.selection}/${r.projection}`}>
                <td>{r.model}</td>
                <td>{r.selection}</td>
                <td>{r.projection}</td>
                <td>{r.resolved ? "resolved" : (r.status ?? "unresolved")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
