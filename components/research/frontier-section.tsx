import { LEAK_CHANNELS } from "@/lib/evidence/evidence-summary";
import { evidenceJudgeRows, frontierRows, leakRows, type ResearchData } from "@/lib/server/research/research-report";
import { DownloadCsv } from "./download-csv";
import { fmt, share } from "./format";
import { FrontierChart } from "./research-charts";

/** The spoiler–guesswork frontier: a chart per benchmark, the table and its CSV. */
export function FrontierSection({ data }: { data: ResearchData }) {
  const frontier = frontierRows(data);
  const frontierBenchmarks = [...new Set(frontier.map((f) => String(f.benchmark)))];
  const leaks = leakRows(data);
  const checks = evidenceJudgeRows(data);
  const channelLabel = new Map<string, string>(LEAK_CHANNELS.map((c) => [c.id, c.label]));
  return (
    <section aria-labelledby="frontier">
      <h2 id="frontier">Spoiler–guesswork frontier</h2>
      <p className="muted">
        Measured from the instances alone, with no agent run. Over the instances with at least one test-facing (DefUse)
        identifier: <strong>guesswork left</strong> is the share of test-facing identifiers a policy does not name (mean
        over instances); <strong>disclosed beyond DefUse</strong> is the identifiers it names that no test needs (mean
        per instance); <strong>transcription</strong> is the mean share of its prose (projections with descriptions)
        that copies runs of five or more tokens of the gold patch; <strong>gold patch transcribed</strong>, the spoiler
        axis, is the mean share of the gold patch&apos;s added code (its words) that the hint as rendered under the
        selection × projection restates in runs of five or more tokens, so a one-sentence description and a whole Pro
        text are told apart. Down and left is better. Each published hint set (its latest version, flagged hints left
        out) is placed the same way on what its curators kept (its share of the gold patch is not measured: –).
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
                  label: f.hint_set !== null ? `set ${String(f.hint_set)}` : `${f.selection} × ${f.projection}`,
                  hintSet: f.hint_set !== null,
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
                <th className="num">Gold patch transcribed</th>
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
                  <td className="num">{share(f.solution_disclosed as number | null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DownloadCsv name="frontier" rows={frontier} />
        </>
      )}
      <h3>Leak channels per benchmark</h3>
      {leaks.length === 0 ? (
        <p className="muted">No instance has evidence yet (it is computed with the analysis).</p>
      ) : (
        <>
          <table aria-label="Leak channels per benchmark">
            <thead>
              <tr>
                <th>Benchmark</th>
                <th>Channel</th>
                <th className="num">Instances with it</th>
                <th className="num">Share</th>
              </tr>
            </thead>
            <tbody>
              {leaks.map((l) => (
                <tr key={`${l.benchmark}\u0000${l.channel}`}>
                  <td>{l.benchmark}</td>
                  <td>{channelLabel.get(String(l.channel)) ?? l.channel}</td>
                  <td className="num">
                    {l.with_channel} / {l.instances}
                  </td>
                  <td className="num">{share(l.share as number)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DownloadCsv name="leak-channels" rows={leaks} />
        </>
      )}
      <h3>The evidence against the judge</h3>
      <p className="muted">
        Where judge scores exist: names the issue already states should get a lower necessity N (for the name) than the
        others, and the more of an identifier&apos;s hint copies the gold patch the higher its disclosure D (for its
        semantics) should be (Spearman&apos;s ρ between transcription share and mean D).
      </p>
      {checks.length === 0 ? (
        <p className="muted">No judge scores have been imported.</p>
      ) : (
        <table aria-label="Evidence against the judge">
          <thead>
            <tr>
              <th>Benchmark</th>
              <th>Judge</th>
              <th>Check</th>
              <th className="num">Rated</th>
              <th>Result</th>
              <th>Agree?</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((c) => (
              <tr key={`${c.benchmark}\u0000${c.judge}\u0000${c.check}`}>
                <td>{c.benchmark}</td>
                <td>{c.judge}</td>
                <td>{c.check === "necessity_when_stated" ? "N: stated in the issue vs not" : "D vs transcription"}</td>
                <td className="num">{c.n}</td>
                <td>
                  {c.check === "necessity_when_stated"
                    ? `mean N ${c.stated_mean === null ? "—" : fmt(c.stated_mean as number)} stated vs ${c.unstated_mean === null ? "—" : fmt(c.unstated_mean as number)} not`
                    : `ρ = ${c.rho === null ? "—" : fmt(c.rho as number)}`}
                </td>
                <td>{c.agrees === null ? "too few to say" : c.agrees ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
