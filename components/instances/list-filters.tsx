"use client";

import {
  HINT_STATUS_LABELS,
  PROJECTION_DEFINITIONS,
  type Projection,
  SELECTION_POLICIES,
  type Selection,
} from "@/lib/domain/hint-vocabulary";
import { type ListState, REVIEW_STATUSES } from "@/lib/review/list-state";
import { filtersLine } from "./list-columns";

function Facet({
  label,
  name,
  options,
  labels,
  selected,
  onChange,
}: {
  label: string;
  name: string;
  options: string[];
  labels?: Record<string, string>;
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="facet">
      <legend>{label}</legend>
      {options.map((option) => (
        <label key={option}>
          <input
            type="checkbox"
            name={name}
            checked={selected.includes(option)}
            onChange={(e) => onChange(e.target.checked ? [...selected, option] : selected.filter((v) => v !== option))}
          />{" "}
          {labels?.[option] ?? option}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The list's filters (facets, the policy whose review status is shown, the evidence), folded to one line
 * saying what is in force when closed: the rows get the room.
 */
export function ListFilters({
  state,
  facets,
  update,
  open,
  onOpen,
}: {
  state: ListState;
  facets: { benchmark: string[]; language: string[]; subset: string[]; label: string[] };
  update: (patch: Partial<ListState>) => void;
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  return (
    <details className="list-filters" open={open} onToggle={(e) => onOpen(e.currentTarget.open)}>
      <summary>
        Filters: <span className="muted">{filtersLine(state)}</span>
      </summary>
      <div className="list-controls">
        <Facet
          label="Benchmark"
          name="benchmark"
          options={facets.benchmark}
          selected={state.benchmark}
          onChange={(benchmark) => update({ benchmark })}
        />
        <Facet
          label="Language"
          name="language"
          options={facets.language}
          selected={state.language}
          onChange={(language) => update({ language })}
        />
        {facets.label.length > 0 && (
          <Facet
            label="Published label"
            name="label"
            options={facets.label}
            labels={Object.fromEntries(facets.label.map((l) => [l, l.replace(/^[^/]+\//, "").replaceAll("_", " ")]))}
            selected={state.label}
            onChange={(label) => update({ label })}
          />
        )}
        {facets.subset.length > 0 && (
          <Facet
            label="Subset"
            name="subset"
            options={facets.subset}
            selected={state.subset}
            onChange={(subset) => update({ subset })}
          />
        )}
        <fieldset className="facet">
          <legend>Review status of</legend>
          <label>
            Selection{" "}
            <select
              name="selection"
              value={state.selection}
              onChange={(e) => update({ selection: e.target.value as Selection })}
            >
              {SELECTION_POLICIES.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Projection{" "}
            <select
              name="projection"
              value={state.projection}
              onChange={(e) => update({ projection: e.target.value as Projection })}
            >
              {PROJECTION_DEFINITIONS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <fieldset className="facet">
          <legend>Evidence</legend>
          <label>
            <input
              type="checkbox"
              name="leak"
              checked={state.leak}
              onChange={(e) => update({ leak: e.target.checked })}
            />{" "}
            leak suspected
          </label>
          <label>
            <input
              type="checkbox"
              name="message"
              checked={state.message}
              onChange={(e) => update({ message: e.target.checked })}
            />{" "}
            test-facing message not in the issue
          </label>
          <label>
            <input
              type="checkbox"
              name="named"
              checked={state.named}
              onChange={(e) => update({ named: e.target.checked })}
            />{" "}
            an agent named differently
          </label>
        </fieldset>
        <Facet
          label="Review"
          name="review"
          options={[...REVIEW_STATUSES]}
          labels={HINT_STATUS_LABELS}
          selected={state.review}
          onChange={(review) => update({ review: review as ListState["review"] })}
        />
      </div>
    </details>
  );
}
