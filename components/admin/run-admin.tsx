"use client";

import { deleteRunAction, moveRunAction } from "@/lib/server/actions/runs";
import { useActionMessage } from "./use-action-message";

interface Row {
  id: number;
  benchmark: string;
  model: string;
  selection: string;
  projection: string;
  results: number;
  patches: number;
  verdicts: number;
}

/** The runs table: each run deleted (after a confirmation naming what goes) or moved to another benchmark. */
export function RunAdmin({ runs, benchmarks }: { runs: Row[]; benchmarks: string[] }) {
  const { pending, message, run } = useActionMessage();
  const label = (r: Row) => `${r.benchmark} · ${r.model} · ${r.selection} × ${r.projection}`;
  return (
    <>
      {message && (
        <p role="status" className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
      <table aria-label="Runs">
        <thead>
          <tr>
            <th>Run</th>
            <th className="num">Results</th>
            <th className="num">Agent patches</th>
            <th className="num">Verdicts</th>
            <th>Take back</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id}>
              <td>{label(r)}</td>
              <td className="num">{r.results}</td>
              <td className="num">{r.patches}</td>
              <td className="num">{r.verdicts}</td>
              <td>
                <button
                  type="button"
                  disabled={pending}
                  aria-label={`Delete ${label(r)}`}
                  onClick={() => {
                    if (
                      window.confirm(
                        `Delete ${label(r)} with its ${r.results} results, ${r.patches} agent patches and ${r.verdicts} verdicts?`,
                      )
                    )
                      run(() => deleteRunAction({ runId: r.id }));
                  }}
                >
                  Delete
                </button>{" "}
                <select
                  aria-label={`Move ${label(r)} to`}
                  value=""
                  disabled={pending}
                  onChange={(e) => {
                    const benchmark = e.target.value;
                    if (benchmark) run(() => moveRunAction({ runId: r.id, benchmark }));
                  }}
                >
                  <option value="">move to…</option>
                  {benchmarks
                    .filter((b) => b !== r.benchmark)
                    .map((b) => (
                      <option key={b} value={b}>
                        {b}
                      </option>
                    ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
