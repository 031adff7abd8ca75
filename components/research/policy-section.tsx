import { policyRows, type ResearchData } from "@/lib/server/research/research-report";
import { DownloadCsv } from "./download-csv";
import { pValue, share } from "./format";
import { type PolicyBarRow, PolicyChart } from "./research-charts";

/** The policy comparison (the paper's main table), its chart per benchmark and its CSV. */
export function PolicySection({ data }: { data: ResearchData }) {
  const policies = policyRows(data);
  const policyCharts = [...new Set(policies.map((p) => String(p.benchmark)))].map((benchmark) => {
    const rowsOf = policies.filter((p) => p.benchmark === benchmark);
    const models = [...new Set(rowsOf.map((p) => String(p.model)))];
    const byPolicy = new Map<string, PolicyBarRow>();
    for (const p of rowsOf) {
      const policy = `${p.selection} × ${p.projection}`;
      const bar = byPolicy.get(policy) ?? { policy };
      if (typeof p.rate === "number") {
        bar[String(p.model)] = p.rate;
        bar[`err:${p.model}`] = [p.rate - Number(p.low), Number(p.high) - p.rate];
      }
      byPolicy.set(policy, bar);
    }
    return { benchmark, models, rows: [...byPolicy.values()] };
  });
  return (
    <section aria-labelledby="policies">
      <h2 id="policies">Policy comparison</h2>
      <p className="muted">
        Per benchmark and model, one row per selection × projection, the no-hint baseline first (or, without one, the
        first configuration as the reference). Every rate is over the instances all of that model&apos;s compared
        configurations ran, so the rows are paired: the difference from the baseline has a 95% interval for paired
        proportions (Newcombe), p is the exact McNemar test, and p (Holm) adjusts for the rows compared.
      </p>
      {policies.length === 0 ? (
        <p className="muted">No runs imported.</p>
      ) : (
        <div className="chart-beside">
          <div>
            <table aria-label="Policy comparison" className="compact">
              <thead>
                <tr>
                  <th>Benchmark</th>
                  <th>Model</th>
                  <th>Selection × projection</th>
                  <th className="num">Resolved</th>
                  <th className="num">Rate (95%)</th>
                  <th className="num">Difference (95%)</th>
                  <th className="num">p</th>
                  <th className="num">p (Holm)</th>
                </tr>
              </thead>
              <tbody>
                {policies.map((p) => (
                  <tr key={`${p.benchmark}\u0000${p.model}\u0000${p.selection}\u0000${p.projection}`}>
                    <td>{p.benchmark}</td>
                    <td>{p.model}</td>
                    <td>
                      {p.selection} × {p.projection}
                      {p.baseline ? " (baseline)" : p.reference ? " (reference: no no-hint run)" : ""}
                    </td>
                    <td className="num">
                      {p.resolved}/{p.n}
                    </td>
                    <td className="num">
                      {share(p.rate as number | null)} [{share(p.low as number)}, {share(p.high as number)}]
                    </td>
                    <td className="num">
                      {p.difference === null
                        ? "–"
                        : `${((p.difference as number) * 100).toFixed(1)} pts [${((p.difference_low as number) * 100).toFixed(1)}, ${((p.difference_high as number) * 100).toFixed(1)}]`}
                    </td>
                    <td className="num">{pValue(p.p as number | null)}</td>
                    <td className="num">{pValue(p.p_holm as number | null)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <DownloadCsv name="policy-comparison" rows={policies} />
          </div>
          <div className="chart-stack">
            {policyCharts.map((chart) => (
              <PolicyChart key={chart.benchmark} benchmark={chart.benchmark} rows={chart.rows} models={chart.models} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
