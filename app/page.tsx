import Link from "next/link";
import { guardedPage } from "@/lib/server/auth/guard";
import { listBenchmarks } from "@/lib/server/queries/benchmarks";

export const dynamic = "force-dynamic";

export default guardedPage("viewer", async function HomePage() {
  const benchmarks = await listBenchmarks();
  return (
    <>
      <h1>Benchmarks</h1>
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
