import { frontierRows, type ResearchData } from "@/lib/server/queries/research-report";
import { DownloadCsv } from "./download-csv";
import { fmt, share } from "./format";
import { FrontierChart } from "./research-charts";

/** The spoiler–guesswork frontier: a chart per benchmark, the table and its CSV. */
export function FrontierSection({ data }: { data: ResearchData }) {
  const frontier = frontierRows(data);
  const frontierBenchmarks = [...new Set(frontier.map((f) => String(f.benchmark)))];
  return (
    <section aria-labelledby="frontier">
      <h2 id="frontier">Spoiler–guesswork frontier</h2>
      <p className="muted">
        Measured from the instances alone, with no agent run. Over the instances with at least one test-facing (DefUse)
        identifier: <strong>guesswork left</strong> is the share of test-facing identifiers a policy does not name (mean
        over instances); <strong>disclosed beyond DefUse</strong> is the identifiers it names that no test needs (mean
        per instance); <strong>transcription</strong> is the mean share of its prose (projections with descriptions)
        that copies runs of five or more tokens of the gold patch. Down and left is better.
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
  );
}
