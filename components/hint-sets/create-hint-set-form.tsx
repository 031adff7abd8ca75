"use client";

import { useActionState } from "react";
import { PROJECTION_LABELS, PROJECTIONS } from "@/lib/analysis/render-hint";
import { SELECTIONS } from "@/lib/analysis/select-identifiers";
import { createHintSetAction } from "@/lib/server/actions/hint-sets";

/** The form that creates a hint set: a name, a benchmark, a selection × projection. */
export function CreateHintSetForm({ benchmarks, filter }: { benchmarks: string[]; filter: string }) {
  const [state, action, pending] = useActionState(createHintSetAction, null);
  // Made from a list view: its benchmark, selection and projection are the set's, unless changed here.
  const view = new URLSearchParams(filter);
  const benchmark = view
    .get("benchmark")
    ?.split(",")
    .find((b) => benchmarks.includes(b));
  return (
    <form action={action} className="list-controls" aria-label="New hint set">
      <label>
        Name <input name="name" required />
      </label>
      <label>
        Benchmark{" "}
        <select name="benchmark" defaultValue={benchmark}>
          {benchmarks.map((b) => (
            <option key={b}>{b}</option>
          ))}
        </select>
      </label>
      <label>
        Selection{" "}
        <select name="selection" defaultValue={view.get("selection") ?? "defuse"}>
          {SELECTIONS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Projection{" "}
        <select name="projection" defaultValue={view.get("projection") ?? "declaration"}>
          {PROJECTIONS.map((p) => (
            <option key={p} value={p}>
              {PROJECTION_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Instances: a saved list view (empty: all of them){" "}
        <input name="filter" defaultValue={filter} placeholder="language=python&review=accepted" />
      </label>
      <button type="submit" disabled={pending}>
        Create hint set
      </button>
      {state && (
        <span role={state.ok ? "status" : "alert"} className={state.ok ? "muted" : "error"}>
          {state.ok ? state.message : state.error}
        </span>
      )}
    </form>
  );
}
