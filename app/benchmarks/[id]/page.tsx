import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { InstanceList } from "@/components/instances/instance-list";
import { parseListState } from "@/lib/review/list-state";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { LIST_PAGE, listFacets, listWindow } from "@/lib/server/list/review-list";
import { getBenchmark } from "@/lib/server/queries/benchmarks";
import { parseIdParam } from "@/lib/server/route-params";

export const dynamic = "force-dynamic";

export default guardedPage("viewer", async function BenchmarkPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseIdParam((await params).id);
  const benchmark = id === null ? null : await getBenchmark(id);
  if (!benchmark) notFound();
  const db = await getDb();
  const scope = { benchmarkId: benchmark.id };
  const [initial, facets] = await Promise.all([
    listWindow(db, parseListState({}), { offset: 0, limit: LIST_PAGE }, scope),
    listFacets(db, scope),
  ]);
  return (
    <>
      <h1>
        {benchmark.name} {benchmark.isDemo && <span className="badge demo">demo</span>}
      </h1>
      <h2>Runs</h2>
      {benchmark.runs.length === 0 ? (
        <p className="muted">No runs imported for this benchmark.</p>
      ) : (
        <table aria-label="Runs">
          <thead>
            <tr>
              <th>Model</th>
              <th>Selection</th>
              <th>Projection</th>
              <th className="num">Results</th>
              <th className="num">Resolved</th>
              <th className="num">Matching an instance</th>
              <th className="num">Unmatched ids</th>
            </tr>
          </thead>
          <tbody>
            {benchmark.runs.map((run) => (
              <tr key={run.id}>
                <td>{run.model}</td>
                <td>{run.selection}</td>
                <td>{run.projection}</td>
                <td className="num">{run.results}</td>
                <td className="num">{run.resolved}</td>
                <td className="num">{run.matched}</td>
                <td className="num">{run.results - run.matched}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Instances ({initial.total})</h2>
      <p>
        <Link href={`/instances?benchmark=${encodeURIComponent(benchmark.name)}`}>Review these instances</Link>
      </p>
      {/* The same virtualised list as /instances: a benchmark of 50,000 instances renders the rows in view. */}
      <Suspense fallback={<p className="muted">Loading the list…</p>}>
        <InstanceList initial={initial} facets={facets} benchmarkId={benchmark.id} />
      </Suspense>
    </>
  );
});
