import { judgeRowsOf, type ResearchData } from "@/lib/server/research/research-report";
import { curatorJudgeDisagreements, raterAgreement } from "@/lib/stats/curator-agreement";
import { summariseJudgeScores } from "@/lib/stats/judge-summary";
import { AttributeAgreement } from "./attribute-agreement";
import { DownloadCsv } from "./download-csv";
import { fmt } from "./format";
import { HintSetOfIds } from "./hint-set-of-ids";
import { type JudgeBar, JudgeChart } from "./research-charts";

const err = (i: { mean: number | null; low: number | null; high: number | null }): [number, number] =>
  i.mean === null ? [0, 0] : [i.mean - (i.low ?? i.mean), (i.high ?? i.mean) - i.mean];

/** Judge scores per benchmark × selection × judge × attribute, their chart, and rater agreement. */
export function JudgeSection({ data }: { data: ResearchData }) {
  // Summarised once: the table, the chart and the CSV share it.
  const judge = summariseJudgeScores(data.judgeSamples);
  // Where a curator and a judge are two levels apart: the values a review round can take up again.
  const disagreements = curatorJudgeDisagreements(data.ratings);
  const disagreementIds = new Map<string, Set<string>>();
  for (const d of disagreements) {
    const [benchmarkId, externalId] = JSON.parse(d.item) as [string, string];
    disagreementIds.set(benchmarkId, (disagreementIds.get(benchmarkId) ?? new Set()).add(externalId));
  }
  const agreement = raterAgreement(data.ratings).filter(
    (row) => !(row.first.startsWith("judge: ") && row.second.startsWith("judge: ")),
  );
  // One chart (and one run of table rows) per judge, selection and benchmark: scores of different judges or
  // selections are never pooled, and each chart's names are the attributes alone, in the paper's order.
  const groups = new Map<string, { title: string; rows: typeof judge }>();
  for (const j of judge) {
    const title = `${j.benchmark} · ${j.selection} · ${j.judge}`;
    const group = groups.get(title) ?? { title, rows: [] };
    group.rows.push(j);
    groups.set(title, group);
  }
  const chartGroups = [...groups.values()].map((g) => ({
    title: groups.size > 1 ? g.title : null,
    bars: g.rows.map(
      (j): JudgeBar => ({
        attribute: j.attribute,
        N: j.necessity.mean ?? 0,
        D: j.disclosure.mean ?? 0,
        G: j.guidance.mean ?? 0,
        HVM: j.hvm.mean ?? 0,
        errN: err(j.necessity),
        errD: err(j.disclosure),
        errG: err(j.guidance),
        errHVM: err(j.hvm),
      }),
    ),
  }));
  return (
    <section aria-labelledby="judge">
      <h2 id="judge">Judge scores</h2>
      {judge.length === 0 ? (
        <p className="muted">No judge scores imported.</p>
      ) : (
        <>
          <p className="muted">
            One row per benchmark, selection, judge and attribute: scores of different judges or selections are never
            pooled. <strong>N</strong> (necessity, 0 redundant – 3 load-bearing): how much a correct agent needs the
            attribute to pass the tests. <strong>D</strong> (disclosure, 0 interface – 3 transcription): how much of the
            solution it gives away. <strong>G</strong> (guidance, 0 declarative – 3 prescriptive): how far it tells the
            agent what to do. <strong>HVM</strong> = N − max(D, G) per rated value: positive where the attribute is
            worth more than it spoils. Each value is the median of the judge&apos;s samples; the table gives means over
            the rated values with 95% instance-clustered intervals [low, high]: Clopper–Pearson limits at the cluster
            jackknife&apos;s effective sample size, and an exact bound where every value is one level (coverage measured
            at 0.95 or more at 5, 10 and 30 instances, for rare levels too; none below two instances). Unanimity is the
            share of values whose three or more samples all agree; values with fewer samples are not counted in it.
            Scores for ids that match no imported instance are left out.
          </p>
          <div className="chart-beside">
            <div>
              <JudgeScoresTable groups={[...groups.values()]} />
              <DownloadCsv name="judge-scores" rows={judgeRowsOf(judge)} />
              {data.unmatchedJudgeIds.map((u) => (
                <p key={u.benchmark} className="muted" data-testid="unmatched judge ids">
                  Left out: scores for {u.ids.length} id{u.ids.length === 1 ? "" : "s"} that match no imported instance
                  of {u.benchmark}: {u.ids.slice(0, 10).join(", ")}
                  {u.ids.length > 10 ? ` and ${u.ids.length - 10} more` : ""}.
                </p>
              ))}
            </div>
            <JudgeChart groups={chartGroups} />
          </div>
        </>
      )}
      <RaterAgreementPart agreement={agreement} data={data} />
      <DisagreementsPart disagreements={disagreements} disagreementIds={disagreementIds} data={data} />
    </section>
  );
}

type JudgeRow = ReturnType<typeof summariseJudgeScores>[number];

/** The judge's scores as a table, one run of rows per benchmark, selection and judge. */
function JudgeScoresTable({ groups }: { groups: Array<{ title: string; rows: JudgeRow[] }> }) {
  return (
    <table aria-label="Judge scores per attribute" className="compact">
      <thead>
        <tr>
          <th>Attribute</th>
          <th className="num">Instances</th>
          <th className="num">n</th>
          <th className="num">Samples</th>
          <th className="num">N</th>
          <th className="num">D</th>
          <th className="num">G</th>
          <th className="num">HVM</th>
          <th className="num">Unanimous</th>
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={group.title}>
          <tr className="group-row">
            <th colSpan={9} scope="rowgroup">
              {group.title}
            </th>
          </tr>
          {group.rows.map((j) => (
            <tr key={`${j.benchmark}\u0000${j.selection}\u0000${j.judge}\u0000${j.attribute}`}>
              <td>{j.attribute}</td>
              <td className="num">{j.instances}</td>
              <td className="num">{j.n}</td>
              <td className="num" title="samples per rated value">
                {j.samplesMin === j.samplesMax ? j.samplesMin : `${j.samplesMin}–${j.samplesMax}`}
              </td>
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
                  title={i.noInterval ?? `95% interval ${fmt(i.low)}–${fmt(i.high)} (instance-clustered t interval)`}
                >
                  {fmt(i.mean)}
                  <br />
                  <span className="muted interval">
                    {i.noInterval ? "(no interval)" : `[${fmt(i.low)}, ${fmt(i.high)}]`}
                  </span>
                </td>
              ))}
              <td className="num" title={`${j.unanimityValues} of ${j.n} values have three or more samples`}>
                {j.unanimity === null ? "–" : `${(j.unanimity * 100).toFixed(0)}% of ${j.unanimityValues}`}
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

/** Agreement between raters (curators, judges), by quadratic weighted kappa, with its CSV. */
function RaterAgreementPart({ agreement, data }: { agreement: ReturnType<typeof raterAgreement>; data: ResearchData }) {
  return (
    <>
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
                <th>Note</th>
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
                  <td className="muted">{[a.note, a.interval_note].filter(Boolean).join("; ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DownloadCsv name="rater-agreement" rows={agreement.map((a) => ({ ...a }))} />
          <AttributeAgreement data={data} />
        </>
      )}
    </>
  );
}

/** Where a curator and a judge are two levels apart, with a hint set of those instances for a round. */
function DisagreementsPart({
  disagreements,
  disagreementIds,
  data,
}: {
  disagreements: ReturnType<typeof curatorJudgeDisagreements>;
  disagreementIds: Map<string, Set<string>>;
  data: ResearchData;
}) {
  if (disagreements.length === 0) return null;
  return (
    <>
      <h3>Curator and judge two levels apart ({disagreements.length})</h3>
      <table aria-label="Curator–judge disagreements">
        <thead>
          <tr>
            <th>Instance</th>
            <th>Identifier · attribute</th>
            <th>Scale</th>
            <th>Curator</th>
            <th>Judge</th>
          </tr>
        </thead>
        <tbody>
          {disagreements.slice(0, 100).map((d) => {
            const [, externalId, identifier, attribute] = JSON.parse(d.item) as string[];
            return (
              <tr key={`${d.item}\u0000${d.curator}\u0000${d.judge}\u0000${d.scale}`}>
                <td>{externalId}</td>
                <td>
                  {identifier} · {attribute}
                </td>
                <td>{d.scale}</td>
                <td>
                  {d.curator}: {d.curatorLevel}
                </td>
                <td>
                  {d.judge}: {d.judgeLevel}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">
        A review round can take them up:{" "}
        {[...disagreementIds].map(([benchmarkId, ids], n) => (
          <span key={benchmarkId}>
            {n > 0 && "; "}
            <HintSetOfIds benchmark={data.benchmarkNameOf(benchmarkId)} ids={[...ids].sort()}>
              make a hint set of these {ids.size} instance(s)
              {disagreementIds.size > 1 ? ` of ${data.benchmarkNameOf(benchmarkId)}` : ""}
            </HintSetOfIds>
          </span>
        ))}
        , then start a round on it.
      </p>
    </>
  );
}
