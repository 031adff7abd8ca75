import { Suspense } from "react";
import { DownloadCsv } from "@/components/research/download-csv";
import { fmt, share } from "@/components/research/format";
import { FrontierSection } from "@/components/research/frontier-section";
import { JudgeSection } from "@/components/research/judge-section";
import { PairedComparison } from "@/components/research/paired-comparison";
import { PolicySection } from "@/components/research/policy-section";
import { DisclosureChart, type DisclosurePoint } from "@/components/research/research-charts";
import { ResolveRateTable, type RunInstance } from "@/components/research/resolve-rate-table";
import { SELECTIONS } from "@/lib/analysis/select-identifiers";
import { guardedPage } from "@/lib/server/auth/guard";
import { loadResearchData } from "@/lib/server/queries/research";
import { pairedView } from "@/lib/server/queries/research-report";
import { designRates } from "@/lib/stats/design-constraints";
import { resolveRates } from "@/lib/stats/resolve-rates";

export const dynamic = "force-dynamic";

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const runIdOf = (value: string | string[] | undefined) =>
  typeof value === "string" && /^\d+$/.test(value) ? Number(value) : undefined;

export default guardedPage("viewer", async function ResearchPage({ searchParams }: PageProps) {
  const query = await searchParams;
  const data = await loadResearchData();
  const paired = pairedView(data, runIdOf(query.first), runIdOf(query.second));
  const rows = resolveRates(data.runOutcomes, data.instancesOf);
  const instances: Record<number, RunInstance[]> = {};
  for (const run of data.runOutcomes) {
    const known = data.instancesOf(run.benchmark);
    instances[run.runId] = [...run.outcomes]
      .filter(([id]) => known.has(id))
      .map(([externalId, resolved]) => ({
        externalId,
        resolved,
        id: data.instanceIdOf(run.benchmark, externalId) ?? null,
      }))
      .sort((a, b) => a.externalId.localeCompare(b.externalId));
  }
  // Disclosure is known for the analysis's own selections (and "none"); a benchmark's official hints are not counted.
  const points: DisclosurePoint[] = rows
    .filter(
      (r) =>
        r.n > 0 &&
        r.rate !== null &&
        ((SELECTIONS as readonly string[]).includes(r.selection) || r.selection === "none"),
    )
    .map((r) => {
      const ids = instances[r.runId] ?? [];
      const disclosed =
        r.selection === "none"
          ? 0
          : ids.reduce((sum, i) => sum + data.disclosedBy(r.benchmark, i.externalId, r.selection), 0) / ids.length;
      return {
        label: `${r.model} · ${r.selection} × ${r.projection}`,
        disclosed,
        rate: r.rate as number,
        error: [(r.rate as number) - r.low, r.high - (r.rate as number)],
      };
    });
  const design = rows.flatMap((r) => {
    const verdicts = data.verdicts.get(r.runId);
    const run = data.runOutcomes.find((o) => o.runId === r.runId);
    return verdicts && run
      ? [
          {
            label: `${r.benchmark} · ${r.model} · ${r.selection} × ${r.projection}`,
            ...designRates(verdicts, run.outcomes, data.instancesOf(r.benchmark)),
          },
        ]
      : [];
  });
  return (
    <>
      <h1>Research</h1>
      <section aria-labelledby="rates">
        <h2 id="rates">Resolve rates</h2>
        <p className="muted">
          Per configuration, over the imported instances of its benchmark that it has a result for; 95% Wilson
          intervals. Where an import stated its own rate, it is shown beside, and any disagreement with the per-instance
          rows is flagged.
        </p>
        <ResolveRateTable rows={rows} instances={instances} />
      </section>
      <PolicySection data={data} />
      <FrontierSection data={data} />
      <section aria-labelledby="paired">
        <h2 id="paired">Paired comparison</h2>
        {paired === null ? (
          <p className="muted">Import at least two runs of one benchmark that share instances to compare them.</p>
        ) : (
          <Suspense fallback={<p className="muted">Loading the comparison…</p>}>
            <PairedComparison view={paired} />
          </Suspense>
        )}
      </section>
      <section aria-labelledby="disclosure">
        <h2 id="disclosure">Disclosure against resolution</h2>
        <div className="side-by-side">
          <div>
            <table aria-label="Identifiers per selection">
              <thead>
                <tr>
                  <th>Benchmark</th>
                  <th>Selection</th>
                  <th className="num">Total</th>
                  <th className="num">Mean</th>
                  <th className="num">Non-empty</th>
                  <th className="num">Mean non-empty</th>
                </tr>
              </thead>
              <tbody>
                {data.specTable.map((r) => (
                  <tr key={`${r.benchmark}/${r.selection}`}>
                    <td>{r.benchmark}</td>
                    <td>{r.selection}</td>
                    <td className="num">{r.total}</td>
                    <td className="num">{r.mean_per_instance}</td>
                    <td className="num">
                      {r.non_empty_instances}/{r.instances}
                    </td>
                    <td className="num">{r.mean_per_non_empty}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <DownloadCsv name="identifiers-per-selection" rows={data.specTable.map((r) => ({ ...r }))} />
          </div>
          <div>
            {points.length === 0 ? (
              <p className="muted">
                No run varies the hint policy yet (the shared runs all use their benchmark's official hints).
              </p>
            ) : (
              <>
                <DisclosureChart points={points} />
                <table aria-label="Disclosure and resolve rate per configuration">
                  <thead>
                    <tr>
                      <th>Configuration</th>
                      <th className="num">Identifiers per instance</th>
                      <th className="num">Rate</th>
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((p) => (
                      <tr key={p.label}>
                        <td>{p.label}</td>
                        <td className="num">{fmt(p.disclosed)}</td>
                        <td className="num">
                          {(p.rate * 100).toFixed(1)}% ({((p.rate - p.error[0]) * 100).toFixed(1)}–
                          {((p.rate + p.error[1]) * 100).toFixed(1)}%)
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <DownloadCsv
                  name="disclosure-vs-resolution"
                  rows={points.map((p) => ({
                    configuration: p.label,
                    disclosed: p.disclosed,
                    rate: p.rate,
                    ci95_low: p.rate - p.error[0],
                    ci95_high: p.rate + p.error[1],
                  }))}
                />
              </>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="design">
        <h2 id="design">Design constraints</h2>
        {design.length === 0 ? (
          <p className="muted">
            No design-constraint verdicts imported. Import rows of{" "}
            <code>instance_id, model, constraint_id, verdict</code> (Satisfied, Violated or Neutral; optional{" "}
            <code>selection, projection, benchmark</code>) to see satisfaction and violation rates beside the pass rate.
          </p>
        ) : (
          <>
            <table aria-label="Design constraints">
              <thead>
                <tr>
                  <th>Configuration</th>
                  <th className="num">Instances</th>
                  <th className="num" title="verdicts for ids that match no imported instance: not counted">
                    Unmatched ids
                  </th>
                  <th className="num">Pass rate</th>
                  <th className="num">Satisfied (DSR)</th>
                  <th className="num">Violated (DVR)</th>
                  <th className="num">No constraint applies (DNR)</th>
                  <th className="num">Passing and satisfied</th>
                  <th className="num">Cramér&apos;s V</th>
                </tr>
              </thead>
              <tbody>
                {design.map((d) => (
                  <tr key={d.label}>
                    <td>{d.label}</td>
                    <td className="num">{d.instances}</td>
                    <td className="num">{d.unmatched || ""}</td>
                    <td className="num">{share(d.passRate)}</td>
                    <td className="num">{share(d.satisfied)}</td>
                    <td className="num">{share(d.violated)}</td>
                    <td className="num">{share(d.neutral)}</td>
                    <td className="num">{share(d.passingAndSatisfied)}</td>
                    <td className="num">{fmt(d.cramersV, 3)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <DownloadCsv name="design-constraints" rows={design.map((d) => ({ ...d }))} />
          </>
        )}
      </section>
      <JudgeSection data={data} />
    </>
  );
});
