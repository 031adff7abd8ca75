import Link from "next/link";
import { notFound } from "next/navigation";
import { getBenchmark } from "@/lib/server/queries/benchmarks";
import { listInstances } from "@/lib/server/queries/instances";
import { parseIdParam } from "@/lib/server/route-params";

export const dynamic = "force-dynamic";

export default async function BenchmarkPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseIdParam((await params).id);
  const benchmark = id === null ? null : await getBenchmark(id);
  if (!benchmark) notFound();
  const instances = await listInstances(benchmark.id);
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
      <h2>Instances ({instances.length})</h2>
      <p>
        <Link href={`/instances?benchmark=${encodeURIComponent(benchmark.name)}`}>Review these instances</Link>
      </p>
      <table aria-label="Instances">
        <thead>
          <tr>
            <th>Instance</th>
            <th>Repository</th>
            <th>Language</th>
            <th className="num">Runs resolved</th>
          </tr>
        </thead>
        <tbody>
          {instances.map((i) => (
            <tr key={i.id}>
              <td>
                <Link href={`/instances/${i.id}`}>{i.externalId}</Link>
              </td>
              <td>{i.repo}</td>
              <td>{i.language ?? <span className="muted">unknown</span>}</td>
              <td className="num">
                {i.resolved}/{i.runs}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
