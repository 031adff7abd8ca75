import { Suspense } from "react";
import { DownloadCsv } from "@/components/research/download-csv";
import { PairedComparison } from "@/components/research/paired-comparison";
import {
  DisclosureChart,
  type DisclosurePoint,
  FrontierChart,
  type JudgeBar,
  JudgeChart,
  type PolicyBarRow,
  PolicyChart,
} from "@/components/research/research-charts";
import { ResolveRateTable, type RunInstance } from "@/components/research/resolve-rate-table";
import { SELECTIONS } from "@/lib/analysis/select-identifiers";
import { loadResearchData } from "@/lib/server/queries/research";
import { frontierRows, judgeRows, pairedView, policyRows } from "@/lib/server/queries/research-report";
import { raterAgreement } from "@/lib/stats/curator-agreement";
import { designRates } from "@/lib/stats/design-constraints";
import { summariseJudgeScores } from "@/lib/stats/judge-summary";
import { resolveRates } from "@/lib/stats/resolve-rates";

export const dynamic = "force-dynamic";

const fmt = (x: number | null, digits = 2) => (x === null ? "–" : x.toFixed(digits));
const err = (i: { mean: number | null; low: number | null; high: number | null }): [number, number] =>
  i.mean === null ? [0, 0] : [i.mean - (i.low ?? i.mean), (i.high ?? i.mean) - i.mean];

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const runIdOf = (value: string | string[] | undefined) =>
  typeof value === "string" && /^\d+$/.test(value) ? Number(value) : undefined;

export default async function ResearchPage({ searchParams }: PageProps) {
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
  const share = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
  const policies = policyRows(data);
  const frontier = frontierRows(data);
  const frontierBenchmarks = [...new Set(frontier.map((f) => String(f.benchmark)))];
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
  const judge = summariseJudgeScores(data.judgeSamples);
  const agreement = raterAgreement(data.ratings).filter(
    (row) => !(row.first.startsWith("judge: ") && row.second.startsWith("judge: ")),
  );
  const judgeGroups = new Set(judge.map((j) => `${j.benchmark} · ${j.selection} · ${j.judge}`));
  const bars: JudgeBar[] = judge.map((j) => ({
    attribute: judgeGroups.size > 1 ? `${j.judge} (${j.selection}, ${j.benchmark}): ${j.attribute}` : j.attribute,
    N: j.necessity.mean ?? 0,
    D: j.disclosure.mean ?? 0,
    G: j.guidance.mean ?? 0,
    HVM: j.hvm.mean ?? 0,
    errN: err(j.necessity),
    errD: err(j.disclosure),
    errG: err(j.guidance),
    errHVM: err(j.hvm),
  }));
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
          <>
            <table aria-label="Policy comparison">
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
                      {p.baseline ? " (baseline)" : ""}
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
                    <td className="num">{fmt(p.p as number | null, 4)}</td>
                    <td className="num">{fmt(p.p_holm as number | null, 4)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <DownloadCsv name="policy-comparison" rows={policies} />
            {policyCharts.map((chart) => (
              <PolicyChart key={chart.benchmark} benchmark={chart.benchmark} rows={chart.rows} models={chart.models} />
            ))}
          </>
        )}
      </section>
      <section aria-labelledby="frontier">
        <h2 id="frontier">Spoiler–guesswork frontier</h2>
        <p className="muted">
          Measured from the instances alone, with no agent run. Over the instances with at least one test-facing
          (DefUse) identifier: <strong>guesswork left</strong> is the share of test-facing identifiers a policy does not
          name (mean over instances); <strong>disclosed beyond DefUse</strong> is the identifiers it names that no test
          needs (mean per instance); <strong>transcription</strong> is the mean share of its prose (projections with
          descriptions) that copies runs of five or more tokens of the gold patch. Down and left is better.
        </p>
        {frontier.length === 0 ? (
          <p className="muted">No instance with a test-facing identifier has been analysed yet.</p>
        ) : (
          <>
            {frontierBenchmarks.map((benchmark) => (
              <FrontierChart
                key={benchmark}
                benchmark={benchmark}
                dots={frontier
                  .filter((f) => f.benchmark === benchmark)
                  .map((f) => ({
                    label: `${f.selection} × ${f.projection}`,
                    guesswork: f.guesswork_left as number,
                    disclosed: f.disclosed_beyond_defuse as number,
                    instances: f.instances as number,
                  }))}
              />
            ))}
            <table aria-label="Spoiler–guesswork frontier">
              <thead>
                <tr>
                  <th>Benchmark</th>
                  <th>Selection × projection</th>
                  <th className="num">Instances</th>
                  <th className="num">Guesswork left</th>
                  <th className="num">Disclosed beyond DefUse</th>
                  <th className="num">Transcription</th>
                </tr>
              </thead>
              <tbody>
                {frontier.map((f) => (
                  <tr key={`${f.benchmark}\u0000${f.selection}\u0000${f.projection}`}>
                    <td>{f.benchmark}</td>
                    <td>
                      {f.selection} × {f.projection}
                    </td>
                    <td className="num">{f.instances}</td>
                    <td className="num">{share(f.guesswork_left as number)}</td>
                    <td className="num">{fmt(f.disclosed_beyond_defuse as number)}</td>
                    <td className="num">{share(f.transcription as number)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <DownloadCsv name="frontier" rows={frontier} />
          </>
        )}
      </section>
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
      <section aria-labelledby="judge">
        <h2 id="judge">Judge scores</h2>
        {judge.length === 0 ? (
          <p className="muted">No judge scores imported.</p>
        ) : (
          <div className="side-by-side">
            <div>
              <p className="muted">
                One row per benchmark, selection, judge and attribute: scores of different judges or selections are
                never pooled. <strong>N</strong> (necessity, 0 redundant – 3 load-bearing): how much a correct agent
                needs the attribute to pass the tests. <strong>D</strong> (disclosure, 0 interface – 3 transcription):
                how much of the solution it gives away. <strong>G</strong> (guidance, 0 declarative – 3 prescriptive):
                how far it tells the agent what to do. <strong>HVM</strong> = N − max(D, G) per rated value: positive
                where the attribute is worth more than it spoils. Each value is the median of the judge&apos;s samples;
                the table gives means over the rated values with 95% instance-clustered bootstrap intervals [low, high].
              </p>
              <table aria-label="Judge scores per attribute">
                <thead>
                  <tr>
                    <th>Benchmark</th>
                    <th>Selection</th>
                    <th>Judge</th>
                    <th>Attribute</th>
                    <th className="num">Instances</th>
                    <th className="num">n</th>
                    <th className="num">N</th>
                    <th className="num">D</th>
                    <th className="num">G</th>
                    <th className="num">HVM</th>
                    <th className="num">Unanimous</th>
                  </tr>
                </thead>
                <tbody>
                  {judge.map((j) => (
                    <tr key={`${j.benchmark}\u0000${j.selection}\u0000${j.judge}\u0000${j.attribute}`}>
                      <td>{j.benchmark}</td>
                      <td>{j.selection}</td>
                      <td>{j.judge}</td>
                      <td>{j.attribute}</td>
                      <td className="num">{j.instances}</td>
                      <td className="num">{j.n}</td>
                      {(
                        [
                          ["N", j.necessity],
                          ["D", j.disclosure],
                          ["G", j.guidance],
                          ["HVM", j.hvm],
                        ] as const
                      ).map(([scale, i]) => (
                        <td
                          key={scale}
                          className="num"
                          title={`95% interval ${fmt(i.low)}–${fmt(i.high)} (instance-clustered bootstrap)`}
                        >
                          {fmt(i.mean)} [{fmt(i.low)}, {fmt(i.high)}]
                        </td>
                      ))}
                      <td className="num">{(j.unanimity * 100).toFixed(0)}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <DownloadCsv name="judge-scores" rows={judgeRows(data)} />
            </div>
            <JudgeChart bars={bars} />
          </div>
        )}
        <h3>Agreement (quadratic weighted kappa)</h3>
        {agreement.length === 0 ? (
          <p className="muted">
            No curator has scored attributes yet. Import judge-score lines with a <code>curator</code> instead of a{" "}
            <code>judge</code> to compare curators with each other and with the judge.
          </p>
        ) : (
          <>
            <table aria-label="Rater agreement">
              <thead>
                <tr>
                  <th>Raters</th>
                  <th className="num">Items</th>
                  <th className="num">κ N</th>
                  <th className="num">κ D</th>
                  <th className="num">κ G</th>
                </tr>
              </thead>
              <tbody>
                {agreement.map((a) => (
                  <tr key={`${a.first}/${a.second}`}>
                    <td>
                      {a.first} × {a.second}
                    </td>
                    <td className="num">{a.items}</td>
                    <td className="num">{fmt(a.necessity)}</td>
                    <td className="num">{fmt(a.disclosure)}</td>
                    <td className="num">{fmt(a.guidance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <DownloadCsv name="rater-agreement" rows={agreement.map((a) => ({ ...a }))} />
          </>
        )}
      </section>
    </>
  );
}
