// Over 300 lines: the research page's sections side by side, each a small server component over its own read.
import { Suspense } from "react";
import { SELECTIONS } from "@/lib/analysis/select-identifiers";
import { getDb } from "@/lib/server/db/client";
import { guessworkRows } from "@/lib/server/research/guesswork";
import type { ReportRow, ResearchData } from "@/lib/server/research/research-report";
import { designRows, pairedView } from "@/lib/server/research/research-report";
import { researchData } from "@/lib/server/research/research-request";
import { disclosedMean, resolveRatesOfTallies } from "@/lib/stats/run-tallies";
import { DownloadCsv } from "./download-csv";
import { fmt, pValue, share } from "./format";
import { FrontierSection } from "./frontier-section";
import { JudgeSection } from "./judge-section";
import { PairedComparison } from "./paired-comparison";
import { PolicySection } from "./policy-section";
import { DisclosureChart, type DisclosurePoint } from "./research-charts";
import { ResolveRateTable } from "./resolve-rate-table";

/*
 * The research page's sections: each an async server component the page puts under its own Suspense
 * boundary, each reading only the parts of the request's research data it shows (each part loaded once,
 * lib/server/research/research-request.ts), so a section streams as soon as its own parts are read.
 */

/** The resolve rates of a request's runs, made once for the sections that show them (keyed by its runs part). */
const ratesMade = new WeakMap<object, ReturnType<typeof resolveRatesOfTallies>>();
const ratesOf = (data: ResearchData) => {
  const made = ratesMade.get(data.talliedRuns) ?? resolveRatesOfTallies(data.talliedRuns);
  ratesMade.set(data.talliedRuns, made);
  return made;
};

/** Resolve rates per configuration; a row's instances are fetched when it is opened. */
export async function RatesSection() {
  const data = await researchData("runs");
  const rows = ratesOf(data);
  return (
    <section aria-labelledby="rates">
      <h2 id="rates">Resolve rates</h2>
      <p className="muted">
        Per configuration, over the imported instances of its benchmark that it has a result for; 95% Wilson intervals.
        Where an import stated its own rate, it is shown beside, and any disagreement with the per-instance rows is
        flagged. A run that attempted under 90% of its benchmark&apos;s imported instances shows beside its rate the
        rate over all of them (what a leaderboard states).
      </p>
      <ResolveRateTable rows={rows} />
    </section>
  );
}

/** The paired comparison of two runs (`?first=&second=`). */
export async function PairedSection({ first, second }: { first?: number; second?: number }) {
  const paired = pairedView(await researchData("runs"), first, second);
  return (
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
  );
}

/** Identifiers per selection, and disclosure against resolution per configuration. */
export async function DisclosureSection() {
  const data = await researchData("runs");
  const rows = ratesOf(data);
  // Disclosure is known for the analysis's own selections (and "none"); a benchmark's official hints are not counted.
  const points: DisclosurePoint[] = rows
    .filter(
      (r) =>
        r.n > 0 &&
        r.rate !== null &&
        ((SELECTIONS as readonly string[]).includes(r.selection) || r.selection === "none"),
    )
    .map((r) => {
      // The mean identifiers its selection names over the instances the run attempted (n > 0 of them).
      const run = data.talliedRuns.find((o) => o.runId === r.runId);
      const selection = SELECTIONS.find((s) => s === r.selection);
      const disclosed = !run || !selection ? 0 : (disclosedMean(run.tally, selection) ?? 0);
      return {
        label: `${r.model} · ${r.selection} × ${r.projection}`,
        disclosed,
        rate: r.rate as number,
        error: [(r.rate as number) - r.low, r.high - (r.rate as number)],
      };
    });
  return (
    <section aria-labelledby="disclosure">
      <h2 id="disclosure">Disclosure against resolution</h2>
      <table aria-label="Identifiers per selection" className="compact">
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
              <td className="num">{fmt(r.mean_per_instance)}</td>
              <td className="num">
                {r.non_empty_instances}/{r.instances}
              </td>
              <td className="num">{fmt(r.mean_per_non_empty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <DownloadCsv name="identifiers-per-selection" rows={data.specTable.map((r) => ({ ...r }))} />
      {points.length === 0 ? (
        <p className="muted">
          No run varies the hint policy yet (the shared runs all use their benchmark's official hints).
        </p>
      ) : (
        <div className="chart-beside">
          <div>
            <table aria-label="Disclosure and resolve rate per configuration" className="compact">
              <thead>
                <tr>
                  <th className="num">Point</th>
                  <th>Configuration</th>
                  <th className="num">Identifiers per instance</th>
                  <th className="num">Rate</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p, i) => (
                  <tr key={p.label}>
                    <td className="num">{i + 1}</td>
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
          </div>
          <DisclosureChart points={points} />
        </div>
      )}
    </section>
  );
}

/** Design-constraint verdicts per configuration (SWE-Shield's rates): the same rows as `hints report design`. */
export async function DesignSection() {
  const data = await researchData("runs");
  const design = designRows(data);
  const num = (value: ReportRow[string] | undefined) => (typeof value === "number" ? value : null);
  const rate = (row: ReportRow, key: string) => (
    <td
      className="num"
      title={`95% Wilson interval ${share(num(row[`${key}_low`]))}–${share(num(row[`${key}_high`]))}`}
    >
      {share(num(row[key]))}{" "}
      <span className="muted">
        [{share(num(row[`${key}_low`]))}, {share(num(row[`${key}_high`]))}]
      </span>
    </td>
  );
  return (
    <section aria-labelledby="design">
      <h2 id="design">Design constraints</h2>
      {design.length === 0 ? (
        <p className="muted">
          No design-constraint verdicts imported. Import rows of <code>instance_id, model, constraint_id, verdict</code>{" "}
          (Satisfied, Violated or Neutral; optional <code>selection, projection, benchmark</code>) to see satisfaction
          and violation rates beside the pass rate.
        </p>
      ) : (
        <>
          <p className="muted">
            Over the imported instances the configuration attempted: each rate with its 95% Wilson interval [low, high];
            Cramér&apos;s V and Pearson&apos;s χ² p for pass × design outcome (undefined when only one row or column
            holds anything).
          </p>
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
                <th className="num">χ² p</th>
              </tr>
            </thead>
            <tbody>
              {design.map((d) => (
                <tr key={`${d.benchmark}\u0000${d.model}\u0000${d.selection}\u0000${d.projection}`}>
                  <td>
                    {d.benchmark} · {d.model} · {d.selection} × {d.projection}
                  </td>
                  <td className="num">{d.instances}</td>
                  <td className="num">{d.unmatched || ""}</td>
                  <td className="num">{share(num(d.pass_rate))}</td>
                  {rate(d, "dsr")}
                  {rate(d, "dvr")}
                  {rate(d, "dnr")}
                  <td className="num">{share(num(d.passing_and_satisfied))}</td>
                  <td className="num">{fmt(num(d.cramers_v), 3)}</td>
                  <td className="num">{pValue(num(d.p))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DownloadCsv name="design-constraints" rows={design} />
        </>
      )}
    </section>
  );
}

/** Observed guesswork per benchmark × run: failed instances whose agent named the tests' function its own way. */
export async function GuessworkSection() {
  const rows = await guessworkRows(await getDb());
  return (
    <section aria-labelledby="guesswork">
      <h2 id="guesswork">Observed guesswork</h2>
      {rows.length === 0 ? (
        <p className="muted">
          No agent patches imported. Import a run&apos;s predictions (
          <code>instance_id, model_name_or_path, model_patch</code>, mini-swe-agent&apos;s <code>preds.json</code>,
          OpenHands&apos; <code>output.jsonl</code>) to see, of the instances it failed, how many it failed by naming
          the tests&apos; function differently.
        </p>
      ) : (
        <>
          <p className="muted">
            Of the instances a run failed that have a non-empty agent&apos;s patch, the share where the patch defines,
            in the file and class the tests look in, a new name of its own instead of the one the tests call (95% Wilson
            interval): the guesswork a hint would have removed. Failed instances whose patch is empty or null hold no
            name to have guessed: they are counted apart.
          </p>
          <table aria-label="Observed guesswork">
            <thead>
              <tr>
                <th>Benchmark</th>
                <th>Run</th>
                <th className="num">Failed, with a non-empty patch</th>
                <th className="num">Failed, empty patch</th>
                <th className="num">Named differently</th>
                <th className="num">Share</th>
                <th>Examples</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.benchmark}\u0000${r.model}\u0000${r.selection}\u0000${r.projection}`}>
                  <td>{r.benchmark}</td>
                  <td>
                    {r.model} · {r.selection} × {r.projection}
                  </td>
                  <td className="num">{r.failed_with_patch}</td>
                  <td className="num">{r.failed_empty_patch}</td>
                  <td className="num">{r.named_differently}</td>
                  <td className="num">
                    {share(r.share)} [{share(r.low)}, {share(r.high)}]
                  </td>
                  <td>{r.examples}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DownloadCsv name="observed-guesswork" rows={rows} />
        </>
      )}
    </section>
  );
}

export async function PoliciesSection() {
  return <PolicySection data={await researchData("runs")} />;
}

export async function EvidenceSection() {
  return <FrontierSection data={await researchData("frontier", "judge")} />;
}

export async function JudgeScoresSection() {
  return <JudgeSection data={await researchData("judge")} />;
}

/** What a section shows while its data loads. */
export function SectionLoading({ title }: { title: string }) {
  return (
    <section aria-busy="true">
      <h2>{title}</h2>
      <p className="muted">Loading…</p>
    </section>
  );
}
