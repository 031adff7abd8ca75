"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import type { ResolveRateRow } from "@/lib/stats/resolve-rates";
import type { ResultStatus } from "@/lib/stats/result-status";

export interface RunInstance {
  externalId: string;
  id: number | null;
  resolved: boolean;
  status: ResultStatus;
  /** per-test outcome counts, where a per-instance report gave them */
  tests: Record<string, { passed: number; failed: number }> | null;
}

/** "FAIL_TO_PASS 2/2 · PASS_TO_PASS 3/4": tests passed of those run, by kind. */
const testsText = (tests: RunInstance["tests"]) =>
  tests
    ? Object.entries(tests)
        .map(([kind, c]) => `${kind} ${c.passed}/${c.passed + c.failed}`)
        .join(" · ")
    : "";

const STATUS_MARK: Record<ResultStatus, string> = {
  resolved: "✓",
  unresolved: "✗",
  empty_patch: "∅",
  error: "⚠",
  not_run: "–",
};
const STATUS_WORDS: Record<ResultStatus, string> = {
  resolved: "resolved",
  unresolved: "unresolved",
  empty_patch: "empty patch",
  error: "error",
  not_run: "not run",
};
/** "1 error, 263 not run": the rows a rate does not count, or "". */
const notCounted = (r: ResolveRateRow) =>
  (["error", "not_run"] as const)
    .filter((s) => r.statuses[s] > 0)
    .map((s) => `${r.statuses[s]} ${STATUS_WORDS[s]}`)
    .join(", ");

const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
const KEYS = ["benchmark", "model", "selection", "projection"] as const;

/** The table's download, narrowed by the filters shown. */
const csvHref = (filters: Record<(typeof KEYS)[number], string>) => {
  const query = new URLSearchParams(KEYS.filter((k) => filters[k]).map((k) => [k, filters[k]]));
  const text = query.toString();
  return `/api/research/csv/resolve-rates${text ? `?${text}` : ""}`;
};

/** Resolve rates by benchmark × model × selection × projection, with 95% Wilson intervals; a row opens its instances. */
export function ResolveRateTable({ rows }: { rows: ResolveRateRow[] }) {
  const [filters, setFilters] = useState<Record<(typeof KEYS)[number], string>>({
    benchmark: "",
    model: "",
    selection: "",
    projection: "",
  });
  const [open, setOpen] = useState<number | null>(null);
  // A run's instances are fetched when its row is opened: the page does not carry every run's outcomes.
  const [instances, setInstances] = useState<Record<number, RunInstance[] | "loading" | "failed">>({});
  const toggle = (runId: number) => {
    setOpen(open === runId ? null : runId);
    if (open === runId || (instances[runId] && instances[runId] !== "failed")) return;
    setInstances((all) => ({ ...all, [runId]: "loading" }));
    fetch(`/api/research/runs/${runId}`)
      .then((r) => r.json() as Promise<{ ok: boolean; instances?: RunInstance[] }>)
      .then((body) =>
        setInstances((all) => ({ ...all, [runId]: body.ok && body.instances ? body.instances : "failed" })),
      )
      .catch(() => setInstances((all) => ({ ...all, [runId]: "failed" })));
  };
  const shown = useMemo(
    () => rows.filter((r) => KEYS.every((k) => !filters[k] || r[k] === filters[k])),
    [rows, filters],
  );
  const openRow = rows.find((r) => r.runId === open);
  return (
    <>
      <div className="list-controls">
        {KEYS.map((key) => (
          <label key={key}>
            {key[0]?.toUpperCase()}
            {key.slice(1)}{" "}
            <select value={filters[key]} onChange={(e) => setFilters({ ...filters, [key]: e.target.value })}>
              <option value="">all</option>
              {[...new Set(rows.map((r) => r[key]))].sort().map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        ))}
        {/* The rows `hints report resolve-rates` prints, made on the server by the same row builder. */}
        <a className="download" href={csvHref(filters)} download>
          Download the resolve rates (CSV)
        </a>
      </div>
      <table aria-label="Resolve rates">
        <thead>
          <tr>
            <th>Benchmark</th>
            <th>Model</th>
            <th>Selection</th>
            <th>Projection</th>
            <th className="num">Resolved / n</th>
            <th className="num">Rate</th>
            <th className="num">95% interval</th>
            <th className="num" title="errors and instances not run: not counted in the rate">
              Not counted
            </th>
            <th className="num">Unmatched ids</th>
            <th>Stated by the import</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.runId}>
              <td>{r.benchmark}</td>
              <td>{r.model}</td>
              <td>{r.selection}</td>
              <td>{r.projection}</td>
              <td className="num">
                <button
                  type="button"
                  className="link-button"
                  aria-expanded={open === r.runId}
                  onClick={() => toggle(r.runId)}
                  title={`${r.statuses.resolved} resolved, ${r.statuses.unresolved} unresolved, ${r.statuses.empty_patch} empty patch (attempted)`}
                >
                  {r.resolved}/{r.n}
                </button>
              </td>
              <td className="num">
                {pct(r.rate)}
                {r.partial && (
                  <span
                    className="muted"
                    title={`attempted ${r.n} of the benchmark's ${r.instances} imported instances: over all of them ${r.resolved}/${r.instances}, 95% interval ${pct(r.overInstances.low)}–${pct(r.overInstances.high)}`}
                  >
                    {" "}
                    ({pct(r.overInstances.rate)} of all {r.instances})
                  </span>
                )}
              </td>
              <td className="num">
                {pct(r.low)}–{pct(r.high)}
              </td>
              <td className="num">{notCounted(r) || "–"}</td>
              <td className="num">{r.unmatched}</td>
              <td>
                {r.stated ? `${pct(r.stated.rate)}${r.stated.total ? ` of ${r.stated.total}` : ""}` : ""}
                {r.mismatch && (
                  <span className="badge mismatch" title={r.mismatch}>
                    {" "}
                    mismatch: {r.mismatch}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {openRow && (
        <section aria-label="Instances of the configuration">
          <h3>
            {openRow.model} · {openRow.selection} × {openRow.projection} on {openRow.benchmark}: {openRow.n} attempted
            {notCounted(openRow) ? `; not counted: ${notCounted(openRow)}` : ""}
          </h3>
          <p className="muted">
            ✓ resolved · ✗ unresolved · ∅ empty patch (attempted, counted as unresolved) · ⚠ error · – not run (neither
            counted in the rate)
          </p>
          {instances[openRow.runId] === "failed" ? (
            <p role="alert" className="error">
              The instances could not be loaded; try again.
            </p>
          ) : !Array.isArray(instances[openRow.runId]) ? (
            <p className="muted">Loading the instances…</p>
          ) : (
            <ul className="columns">
              {(instances[openRow.runId] as RunInstance[]).map((i) => (
                <li key={i.externalId} title={STATUS_WORDS[i.status]}>
                  {STATUS_MARK[i.status]}{" "}
                  {i.id ? <Link href={`/instances/${i.id}`}>{i.externalId}</Link> : i.externalId}
                  {testsText(i.tests) && <span className="muted"> ({testsText(i.tests)} tests passed)</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
