import Link from "next/link";
import { EVIDENCE_CHECKS, type EvidenceLabelRow, LABEL_TESTS } from "@/lib/evidence/evidence-labels";
import { type EVIDENCE_CELLS, evidenceCellText } from "@/lib/review/list-state";
import { getDb } from "@/lib/server/db/client";
import { evidenceLabelRows } from "@/lib/server/research/evidence-labels";
import { DownloadCsv } from "./download-csv";
import { fmt, share } from "./format";

const CHECK_LABELS = new Map<string, string>(EVIDENCE_CHECKS.map((c) => [c.id, c.label]));
const LABEL_LABELS = new Map<string, string>(LABEL_TESTS.map((l) => [l.id, l.label]));

/** A count that opens its instances as a list view named by the check, the label test and the cell. */
function Cell({ row, cell }: { row: EvidenceLabelRow; cell: (typeof EVIDENCE_CELLS)[number] }) {
  const count = row.ids[cell].length;
  if (count === 0) return <>0</>;
  const evidence = evidenceCellText({ check: row.check, test: row.label, cell });
  const query = new URLSearchParams({ benchmark: row.benchmark, evidence });
  return <Link href={`/instances?${query}`}>{count}</Link>;
}

/** Each deterministic evidence check against each label people published: how far to trust the check. */
export async function EvidenceLabelsSection() {
  const rows = await evidenceLabelRows(await getDb());
  return (
    <section aria-labelledby="evidence-labels">
      <h2 id="evidence-labels">Evidence against published labels</h2>
      {rows.length === 0 ? (
        <p className="muted">
          No published labels imported. Import OpenAI&apos;s SWE-bench Verified annotations (
          <code>ensembled_annotations_public.csv</code>) or Agentless&apos; SWE-bench Lite classification to see how far
          each evidence check agrees with what people found.
        </p>
      ) : (
        <>
          <p className="muted">
            Over the instances that carry the label: the check and the label both yes, only the check, only the label,
            neither (each opens its instances); a check of one text of the issue (the problem statement, the hints text)
            only against labels whose authors read that text; precision and recall of the check with 95% Wilson
            intervals; Cohen&apos;s κ. The samples are small: read the intervals, not the points.
          </p>
          <table aria-label="Evidence against published labels">
            <thead>
              <tr>
                <th>Benchmark</th>
                <th>Check</th>
                <th>Text read</th>
                <th>Label</th>
                <th className="num">n</th>
                <th className="num">Both</th>
                <th className="num">Check only</th>
                <th className="num">Label only</th>
                <th className="num">Neither</th>
                <th className="num">Precision</th>
                <th className="num">Recall</th>
                <th className="num">κ</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.benchmark}\u0000${r.check}\u0000${r.label}`}>
                  <td>{r.benchmark}</td>
                  <td title={r.check}>{CHECK_LABELS.get(r.check) ?? r.check}</td>
                  <td>
                    <code>{r.source}</code>
                  </td>
                  <td title={r.label}>{LABEL_LABELS.get(r.label) ?? r.label}</td>
                  <td className="num">{r.instances}</td>
                  <td className="num">
                    <Cell row={r} cell="both" />
                  </td>
                  <td className="num">
                    <Cell row={r} cell="check_only" />
                  </td>
                  <td className="num">
                    <Cell row={r} cell="label_only" />
                  </td>
                  <td className="num">
                    <Cell row={r} cell="neither" />
                  </td>
                  <td className="num">
                    {r.precision === null
                      ? "—"
                      : `${share(r.precision)} [${share(r.precision_low)}, ${share(r.precision_high)}]`}
                  </td>
                  <td className="num">
                    {r.recall === null ? "—" : `${share(r.recall)} [${share(r.recall_low)}, ${share(r.recall_high)}]`}
                  </td>
                  <td className="num">{r.kappa === null ? "—" : fmt(r.kappa)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DownloadCsv name="evidence-labels" rows={rows.map(({ ids: _ids, ...row }) => row)} />
        </>
      )}
    </section>
  );
}
