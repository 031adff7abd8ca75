"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { exactMcNemar, pairOutcomes } from "@/lib/stats/mcnemar";
import { DownloadCsv } from "./download-csv";
import type { RunInstance } from "./resolve-rate-table";

export interface Configuration {
  runId: number;
  label: string;
}

const CELLS = [
  ["both", "Both resolved"],
  ["firstOnly", "First only"],
  ["secondOnly", "Second only"],
  ["neither", "Neither"],
] as const;

/** Any two configurations compared on the instances both ran: the 2×2 table and the exact McNemar test. */
export function PairedComparison({
  configurations,
  instances,
}: {
  configurations: Configuration[];
  instances: Record<number, RunInstance[]>;
}) {
  const [first, setFirst] = useState(configurations[0]?.runId ?? 0);
  const [second, setSecond] = useState(configurations[1]?.runId ?? 0);
  const [cell, setCell] = useState<(typeof CELLS)[number][0] | null>(null);
  const table = useMemo(() => {
    const outcomes = (runId: number) => new Map((instances[runId] ?? []).map((i) => [i.externalId, i.resolved]));
    return pairOutcomes(outcomes(first), outcomes(second));
  }, [first, second, instances]);
  const ids = useMemo(
    () => new Map(Object.values(instances).flatMap((list) => list.map((i) => [i.externalId, i.id] as const))),
    [instances],
  );
  const p = exactMcNemar(table.firstOnly.length, table.secondOnly.length);
  const picker = (label: string, value: number, set: (v: number) => void) => (
    <label>
      {label}{" "}
      <select value={value} onChange={(e) => set(Number(e.target.value))}>
        {configurations.map((c) => (
          <option key={c.runId} value={c.runId}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <div className="list-controls">
        {picker("First configuration", first, setFirst)}
        {picker("Second configuration", second, setSecond)}
      </div>
      <table aria-label="Paired comparison">
        <thead>
          <tr>
            {CELLS.map(([, label]) => (
              <th key={label} className="num">
                {label}
              </th>
            ))}
            <th className="num">Compared</th>
            <th className="num">Exact McNemar p</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            {CELLS.map(([key, label]) => (
              <td key={key} className="num">
                <button
                  type="button"
                  className="link-button"
                  aria-label={`${label}: ${table[key].length}`}
                  onClick={() => setCell(cell === key ? null : key)}
                >
                  {table[key].length}
                </button>
              </td>
            ))}
            <td className="num" data-testid="paired n">
              {table.n}
            </td>
            <td className="num">{table.n === 0 ? "–" : p < 0.0001 ? p.toExponential(2) : p.toFixed(4)}</td>
          </tr>
        </tbody>
      </table>
      <DownloadCsv
        name="paired-comparison"
        rows={[
          {
            first: configurations.find((c) => c.runId === first)?.label,
            second: configurations.find((c) => c.runId === second)?.label,
            both_resolved: table.both.length,
            first_only: table.firstOnly.length,
            second_only: table.secondOnly.length,
            neither: table.neither.length,
            compared: table.n,
            exact_mcnemar_p: table.n === 0 ? "" : p,
          },
        ]}
      />
      {cell && (
        <ul className="columns" aria-label="Instances in the cell">
          {table[cell].map((id) => {
            const internal = ids.get(id);
            return <li key={id}>{internal ? <Link href={`/instances/${internal}`}>{id}</Link> : id}</li>;
          })}
        </ul>
      )}
    </>
  );
}
