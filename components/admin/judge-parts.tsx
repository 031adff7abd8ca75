"use client";

import { useState } from "react";
import {
  planRunAction,
  resumeRunAction,
  saveEndpointAction,
  startRunAction,
  stopRunAction,
  testEndpointAction,
} from "@/lib/server/actions/judge";
import type { RunStatus } from "@/lib/server/judge/judge-runs";
import type { useActionMessage } from "./use-action-message";

/* The judge page's parts: endpoints (a table and the form that adds one), the run form, and the runs. */

export interface Endpoint {
  name: string;
  model: string;
  baseUrl: string;
  hasKey: boolean;
  supportsN: boolean;
  supportsJsonSchema: boolean;
  concurrency: number;
  inputPrice: number | null;
  outputPrice: number | null;
  /** what the endpoint test measured, in words (null: never tested) */
  measured: string | null;
  /** body parameters sent with every request, as JSON (e.g. reasoning_effort) */
  parameters: string;
}

/** What each part is given: whether an action is under way, and how to run one (its answer shown above). */
interface Acting {
  pending: boolean;
  run: ReturnType<typeof useActionMessage>["run"];
}

const numberOrNull = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text);
};

const runInput = (form: FormData) => ({
  benchmark: String(form.get("benchmark")),
  selection: String(form.get("selection")),
  endpoint: String(form.get("endpoint")),
  samples: Number(form.get("samples")),
  budget: numberOrNull(form.get("budget")),
  limit: numberOrNull(form.get("limit")),
  repositoryFact: form.get("noRepositoryFact") !== "on",
});

/** The endpoints, each with its test button (the key is never shown: only whether one is set). */
export function EndpointTable({ endpoints, pending, run }: Acting & { endpoints: Endpoint[] }) {
  return endpoints.length === 0 ? (
    <p className="muted">No endpoint yet.</p>
  ) : (
    <table aria-label="Judge endpoints">
      <thead>
        <tr>
          <th>Name</th>
          <th>Model</th>
          <th>Base URL</th>
          <th>Key</th>
          <th>Accepts</th>
          <th className="num">At once</th>
          <th className="num">$ / M tokens in, out</th>
          <th>Measured</th>
        </tr>
      </thead>
      <tbody>
        {endpoints.map((e) => (
          <tr key={e.name}>
            <td>{e.name}</td>
            <td>{e.model}</td>
            <td>{e.baseUrl}</td>
            <td>{e.hasKey ? "set" : "none"}</td>
            <td>{[e.supportsN && "n", e.supportsJsonSchema && "JSON schema"].filter(Boolean).join(", ") || "—"}</td>
            <td className="num">{e.concurrency}</td>
            <td className="num">{e.inputPrice === null ? "—" : `${e.inputPrice}, ${e.outputPrice ?? 0}`}</td>
            <td>
              {e.parameters !== "{}" && <code>{e.parameters}</code>}{" "}
              {e.measured ?? <span className="muted">not tested</span>}{" "}
              <button type="button" disabled={pending} onClick={() => run(() => testEndpointAction({ name: e.name }))}>
                Test {e.name}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Adds or replaces an endpoint; the key is sent, never shown. */
export function EndpointForm({ pending, run }: Acting) {
  return (
    <form
      aria-label="Add a judge endpoint"
      className="stacked"
      onSubmit={(event) => {
        event.preventDefault();
        const f = new FormData(event.currentTarget);
        run(() =>
          saveEndpointAction({
            name: String(f.get("name")),
            baseUrl: String(f.get("baseUrl")),
            apiKey: String(f.get("apiKey") ?? "") || null,
            model: String(f.get("model")),
            supportsN: f.get("supportsN") === "on",
            supportsJsonSchema: f.get("supportsJsonSchema") === "on",
            supportsSeed: false,
            concurrency: Number(f.get("concurrency")),
            inputPrice: numberOrNull(f.get("inputPrice")),
            outputPrice: numberOrNull(f.get("outputPrice")),
          }),
        );
      }}
    >
      <fieldset>
        <legend>Add or replace an endpoint</legend>
        <label>
          Name <input name="name" required />
        </label>{" "}
        <label>
          Base URL <input name="baseUrl" type="url" required placeholder="http://127.0.0.1:8000/v1" />
        </label>{" "}
        <label>
          Model <input name="model" required />
        </label>{" "}
        <label>
          API key <input name="apiKey" type="password" autoComplete="off" />
        </label>{" "}
        <label>
          <input name="supportsN" type="checkbox" /> accepts n
        </label>{" "}
        <label>
          <input name="supportsJsonSchema" type="checkbox" /> accepts JSON schema
        </label>{" "}
        <label>
          At once <input name="concurrency" type="number" min={1} max={64} defaultValue={4} />
        </label>{" "}
        <label>
          $ per M input tokens <input name="inputPrice" type="number" step="any" min={0} />
        </label>{" "}
        <label>
          $ per M output tokens <input name="outputPrice" type="number" step="any" min={0} />
        </label>{" "}
        <button type="submit" disabled={pending}>
          Save endpoint
        </button>
      </fieldset>
    </form>
  );
}

/** A run's plan (its cost) and start. */
export function RunForm({
  endpoints,
  benchmarks,
  selections,
  pending,
  run,
}: Acting & { endpoints: Endpoint[]; benchmarks: string[]; selections: Array<{ id: string; label: string }> }) {
  const [runForm, setRunForm] = useState<FormData | null>(null);
  return (
    <form
      aria-label="Run the judge"
      onChange={(event) => setRunForm(new FormData(event.currentTarget))}
      onSubmit={(event) => {
        event.preventDefault();
        const f = new FormData(event.currentTarget);
        run(() => startRunAction(runInput(f)));
      }}
    >
      <fieldset>
        <legend>Every selected identifier&apos;s attributes, rated N and D/G</legend>
        <label>
          Benchmark{" "}
          <select name="benchmark">
            {benchmarks.map((b) => (
              <option key={b}>{b}</option>
            ))}
          </select>
        </label>{" "}
        <label>
          Selection{" "}
          <select name="selection">
            {selections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Endpoint{" "}
          <select name="endpoint">
            {endpoints.map((e) => (
              <option key={e.name}>{e.name}</option>
            ))}
          </select>
        </label>{" "}
        <label>
          Samples <input name="samples" type="number" min={1} max={10} defaultValue={3} />
        </label>{" "}
        <label>
          Budget ($) <input name="budget" type="number" step="any" min={0} />
        </label>{" "}
        <label>
          Only the first <input name="limit" type="number" min={1} /> values (a trial)
        </label>{" "}
        <label>
          <input name="noRepositoryFact" type="checkbox" /> without the repository fact (another judge, for the
          paper&apos;s with/without comparison)
        </label>{" "}
        <button
          type="button"
          disabled={pending || endpoints.length === 0}
          onClick={(event) => {
            const form = runForm ?? new FormData(event.currentTarget.form ?? undefined);
            run(() => planRunAction(runInput(form)));
          }}
        >
          Plan (cost)
        </button>{" "}
        <button type="submit" disabled={pending || endpoints.length === 0}>
          Start run
        </button>
      </fieldset>
    </form>
  );
}

/** The runs and their progress, each stopped or resumed from here. */
export function RunTable({ runs, pending, run }: Acting & { runs: Array<RunStatus & { benchmark: string }> }) {
  return runs.length === 0 ? (
    <p className="muted">No run yet.</p>
  ) : (
    <table aria-label="Judge runs">
      <thead>
        <tr>
          <th>Run</th>
          <th>State</th>
          <th className="num">Done</th>
          <th className="num">Failed</th>
          <th className="num">Pending</th>
          <th className="num">Tokens in, out</th>
          <th className="num">Cost</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.id}>
            <td>
              {r.id} · {r.benchmark} · {r.selection} · {r.judge}
            </td>
            <td>
              {r.state}
              {r.reason && <span className="muted"> ({r.reason})</span>}
              {r.notes && <span className="muted"> · {r.notes}</span>}
            </td>
            <td className="num">
              {r.calls.done}
              {r.calls.cached > 0 && <span className="muted"> ({r.calls.cached} cached)</span>}
            </td>
            <td className="num">{r.calls.failed}</td>
            <td className="num">{r.calls.pending}</td>
            <td className="num">
              {r.usage.prompt.toLocaleString("en")}, {r.usage.completion.toLocaleString("en")}
            </td>
            <td className="num">
              ${r.cost.toFixed(4)}
              {r.budget !== null && ` of $${r.budget.toFixed(2)}`}
            </td>
            <td>
              {r.state === "running" ? (
                <button type="button" disabled={pending} onClick={() => run(() => stopRunAction({ runId: r.id }))}>
                  Stop run {r.id}
                </button>
              ) : r.calls.pending > 0 || r.calls.failed > 0 ? (
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => run(() => resumeRunAction({ runId: r.id, budget: null }))}
                >
                  Resume run {r.id}
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
