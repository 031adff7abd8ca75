"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { type PAIRED_CELLS, pairedCellText } from "@/lib/review/list-state";
import type { PairedView } from "@/lib/server/research/research-report";
import { DownloadCsv } from "./download-csv";
import { pValue } from "./format";

const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

/** A cell of the 2×2 grid: its count, opening the instance list filtered to its instances. */
function Cell({ label, cell, view }: { label: string; cell: (typeof PAIRED_CELLS)[number]; view: PairedView }) {
  const count = view.cells[cell];
  const query = new URLSearchParams({
    benchmark: view.benchmark,
    paired: pairedCellText({ first: view.first, second: view.second, cell }),
  });
  return (
    <td className="num" data-cell={label}>
      {count === 0 ? (
        "0"
      ) : (
        <Link href={`/instances?${query}`} aria-label={`${label}: ${count}`}>
          {count}
        </Link>
      )}
    </td>
  );
}

/**
 * Two configurations on the instances both ran, as the server computed them for the URL's `?first=` and
 * `?second=`: the 2×2 grid (each cell opens its instances in the list), each rate, the paired difference
 * with its interval and the exact McNemar p. Choosing another pair changes the URL.
 */
export function PairedComparison({ view }: { view: PairedView }) {
  const router = useRouter();
  const params = useSearchParams();
  const choose = (key: "first" | "second", runId: number) => {
    const next = new URLSearchParams(params.toString());
    next.set("first", String(key === "first" ? runId : view.first));
    next.set("second", String(key === "second" ? runId : view.second));
    router.replace(`/research?${next}#paired`, { scroll: false });
  };
  const picker = (label: string, key: "first" | "second", value: number) => (
    <label>
      {label}{" "}
      <select value={value} onChange={(e) => choose(key, Number(e.target.value))}>
        {view.configurations.map((c) => (
          <option key={c.runId} value={c.runId}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  const name = (runId: number) => view.configurations.find((c) => c.runId === runId)?.label ?? "";
  const { both, firstOnly, secondOnly, neither } = view.cells;
  const d = view.difference;
  return (
    <>
      <div className="list-controls">
        {picker("First configuration", "first", view.first)}
        {picker("Second configuration", "second", view.second)}
      </div>
      <table aria-label="Paired comparison" className="paired-grid">
        <thead>
          <tr>
            <th />
            <th className="num">Second resolved</th>
            <th className="num">Second not resolved</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">First resolved</th>
            <Cell label="Both resolved" cell="both" view={view} />
            <Cell label="First only" cell="firstOnly" view={view} />
          </tr>
          <tr>
            <th scope="row">First not resolved</th>
            <Cell label="Second only" cell="secondOnly" view={view} />
            <Cell label="Neither" cell="neither" view={view} />
          </tr>
        </tbody>
      </table>
      <dl className="facts">
        <dt>Compared</dt>
        <dd data-testid="paired n">{view.n}</dd>
        <dt>First</dt>
        <dd>
          {pct(view.firstRate.rate)} [{pct(view.firstRate.low)}, {pct(view.firstRate.high)}]
        </dd>
        <dt>Second</dt>
        <dd>
          {pct(view.secondRate.rate)} [{pct(view.secondRate.low)}, {pct(view.secondRate.high)}]
        </dd>
        <dt>Difference (first − second, 95% paired)</dt>
        <dd>
          {d.difference === null
            ? "–"
            : `${(d.difference * 100).toFixed(1)} pts [${(d.low * 100).toFixed(1)}, ${(d.high * 100).toFixed(1)}]`}
        </dd>
        <dt>Exact McNemar p</dt>
        <dd>{pValue(view.p)}</dd>
      </dl>
      <DownloadCsv
        name="paired-comparison"
        rows={[
          {
            first: name(view.first),
            second: name(view.second),
            both_resolved: both,
            first_only: firstOnly,
            second_only: secondOnly,
            neither: neither,
            compared: view.n,
            first_rate: view.firstRate.rate,
            second_rate: view.secondRate.rate,
            difference: d.difference,
            difference_low: d.low,
            difference_high: d.high,
            exact_mcnemar_p: view.p,
          },
        ]}
      />
    </>
  );
}
