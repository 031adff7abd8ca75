"use client";

import { useEffect, useRef } from "react";
import {
  HINT_STATUS_LABELS,
  type HintStatus,
  PROJECTION_ATTRIBUTES,
  PROJECTION_LABELS,
  PROJECTIONS,
  SELECTION_POLICIES,
  type Selection,
} from "@/lib/domain/hint-vocabulary";
import { descriptionProblem, withMessage } from "@/lib/hint/compose-hint";
import type { PaneId } from "@/lib/review/pane-layout";
import type { Mode, WorkspaceAction, WorkspaceState } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import { LeakChannels, PublishedLabels, suggestedFlag, TestFacingMessages } from "./evidence-notes";
import { FlagForm } from "./flag-form";
import { IdentifierList } from "./identifier-list";
import { FoldButton } from "./pane-separator";
import { RunEvidence } from "./run-evidence";

type Decision = "accept" | "trim" | "flag" | "reconfirm";

interface Props {
  data: ReviewData;
  /** the workspace's state (policy, trim, mode, flag reason and note, pick, save) and its dispatch */
  state: WorkspaceState;
  dispatch: (action: WorkspaceAction) => void;
  /** the identifiers the selection picks */
  identifiers: ReviewData["identifiers"];
  rendered: string;
  /** a mode change, as the keys make it (trim on an empty hint is refused, said) */
  onMode: (mode: Mode) => void;
  /** null: the signed-in user may not decide (a viewer), and no decision buttons show */
  onDecide: ((action: Decision) => void) | null;
  onPick: (name: string) => void;
  status: HintStatus;
  /** the policy is fixed (a review round decides one selection × projection) */
  policyLocked?: boolean;
  /** at the panel's head, in view when the page opens: what changed since a stale decision, a round's notice */
  notices?: React.ReactNode;
  /** the comments on lines of the instance's texts, at the panel's end */
  comments?: React.ReactNode;
  folded: boolean;
  onFold: (pane: PaneId) => void;
}

/** Why a hint is empty: a language the analysis does not read, an analysis that failed, or nothing picked. */
function emptyHintReason(data: ReviewData, selection: Selection): string {
  const { instance } = data;
  if (instance.analysisStatus === "error") return `(no hint: the analysis failed: ${instance.analysisError})`;
  if (instance.analysisStatus === "pending") return "(no hint yet: the analysis has not run)";
  if (data.identifiers.length === 0 && instance.unsupportedFiles.length > 0) {
    return `(no hint: this instance's code is in a language the analysis does not read yet: ${instance.unsupportedFiles.slice(0, 3).join(", ")}${instance.unsupportedFiles.length > 3 ? ", …" : ""})`;
  }
  const label = SELECTION_POLICIES.find((p) => p.id === selection)?.label ?? selection;
  return `(empty: ${label} picks nothing here)`;
}

/** The selection and projection of the hint shown (fixed in a round). */
function PolicyPickers({
  state,
  dispatch,
  locked,
}: {
  state: WorkspaceState;
  dispatch: Props["dispatch"];
  locked: boolean;
}) {
  return (
    <div className="pickers">
      <label>
        Selection{" "}
        <select
          value={state.selection}
          disabled={locked}
          onChange={(e) => dispatch({ type: "selection", selection: e.target.value as Selection })}
        >
          {SELECTION_POLICIES.map((p) => (
            <option key={p.id} value={p.id} title={p.description}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="projections">
        <legend>Projection</legend>
        {PROJECTIONS.map((p, i) => (
          <label key={p}>
            <input
              type="radio"
              name="projection"
              value={p}
              checked={p === state.projection}
              disabled={locked}
              onChange={() => dispatch({ type: "projection", projection: p })}
            />{" "}
            {i + 1} {PROJECTION_LABELS[p]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** Accept (trimmed), Trim and Flag, with the flag the evidence suggests. */
function DecisionButtons({ props }: { props: Props }) {
  const { state, data, identifiers, onDecide } = props;
  const { mode, trim, saving } = state;
  if (!onDecide) return null;
  const badDescription = Object.values(trim.descriptions ?? {}).some(
    (t) => t.trim() !== "" && descriptionProblem(t) !== null,
  );
  const suggested = suggestedFlag(data, identifiers);
  return (
    <div className="decisions">
      <button
        type="button"
        disabled={saving || (mode === "trim" && badDescription)}
        onClick={() => onDecide(mode === "trim" ? "trim" : "accept")}
      >
        {mode === "trim" ? "Accept trimmed" : "Accept"}
      </button>
      <button
        type="button"
        disabled={saving}
        aria-pressed={mode === "trim"}
        onClick={() => props.onMode(mode === "trim" ? "view" : "trim")}
      >
        Trim
      </button>
      {suggested && (
        <span className="muted suggestion" data-testid="suggested flag">
          suggested: {suggested}
        </span>
      )}
      <button type="button" disabled={saving} onClick={() => props.onMode("flag")}>
        Flag
      </button>
    </div>
  );
}

/** The hint panel: selection and projection, the rendered hint, trim checkboxes, judge scores, outcomes and the decision buttons. */
export function HintPanel(props: Props) {
  const { data, state, dispatch, identifiers, onDecide } = props;
  const { selection, trim, mode } = state;
  // The control a key opened is brought into view and given the focus: the first tick box in trim mode,
  // the flag form in flag mode (its reasons are the digits, Enter saves; Esc closes either).
  const listRef = useRef<HTMLUListElement>(null);
  const flagRef = useRef<HTMLFieldSetElement>(null);
  const messagesRef = useRef<HTMLFieldSetElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const target =
      mode === "trim"
        ? (listRef.current?.querySelector<HTMLInputElement>("input[type=checkbox]") ??
          messagesRef.current?.querySelector<HTMLInputElement>("input[type=checkbox]"))
        : mode === "flag"
          ? flagRef.current
          : null;
    target?.scrollIntoView({ block: "nearest" });
    target?.focus({ preventScroll: true });
  }, [mode]);
  // A reason picked by its digit (focus on the form): the note is next, typed at once; Enter saves from it.
  // Picked in the list itself, the focus stays there (its arrows pick on).
  useEffect(() => {
    if (mode === "flag" && state.reason && document.activeElement === flagRef.current) noteRef.current?.focus();
  }, [mode, state.reason]);
  const message = state.message?.kind === "ok" ? null : state.message;
  const literals = data.instance.evidence?.literals ?? [];
  return (
    <section className={`pane hint-panel${props.folded ? " folded" : ""}`} aria-label="Hint">
      <div className="pane-head">
        <h2>
          Hint · <span className={`status status-${props.status}`}>{HINT_STATUS_LABELS[props.status]}</span>
        </h2>
        <FoldButton pane="hint" folded={props.folded} onFold={props.onFold} />
      </div>
      <div className="body">
        {props.notices}
        <PolicyPickers state={state} dispatch={dispatch} locked={props.policyLocked ?? false} />
        <LeakChannels data={data} />
        <TestFacingMessages data={data} />
        <PublishedLabels data={data} />
        <h3>Rendered hint</h3>
        <pre className="text rendered-hint" data-testid="rendered hint">
          {props.rendered || emptyHintReason(data, selection)}
        </pre>
        <IdentifierList
          data={data}
          selection={selection}
          identifiers={identifiers}
          attributes={PROJECTION_ATTRIBUTES[state.projection]}
          trim={trim}
          onTrim={(next) => dispatch({ type: "trim", trim: next })}
          mode={mode}
          picked={state.picked?.name ?? null}
          onPick={props.onPick}
          listRef={listRef}
        />
        {mode === "trim" && literals.length > 0 && (
          <fieldset className="messages-trim" ref={messagesRef}>
            <legend>Disclose a test-facing message (Declaration and above)</legend>
            {[...new Set(literals.map((l) => l.text))].map((text) => (
              <label key={text}>
                <input
                  type="checkbox"
                  checked={trim.messages?.includes(text) ?? false}
                  onChange={(e) => dispatch({ type: "trim", trim: withMessage(trim, text, e.target.checked) })}
                />{" "}
                Expected message: <code>&quot;{text}&quot;</code>
              </label>
            ))}
          </fieldset>
        )}
        {mode === "flag" && (
          <FlagForm
            formRef={flagRef}
            noteRef={noteRef}
            reason={state.reason}
            onReason={(reason) => dispatch({ type: "reason", reason })}
            note={state.note}
            onNote={(note) => dispatch({ type: "note", note })}
            saving={state.saving}
            onSave={onDecide && (() => onDecide("flag"))}
            onCancel={() => props.onMode("view")}
          />
        )}
        {mode !== "flag" && <DecisionButtons props={props} />}
        {message && (
          <p role={message.kind === "ok" ? "status" : "alert"} className={message.kind === "ok" ? "muted" : "error"}>
            {message.text}
          </p>
        )}
        <RunEvidence data={data} />
        {props.comments}
      </div>
    </section>
  );
}
