"use client";

import { useEffect, useRef, useState } from "react";
import {
  FLAG_REASON_IDS,
  FLAG_REASONS,
  type FlagReason,
  HINT_STATUS_LABELS,
  type HintStatus,
  PROJECTION_LABELS,
  PROJECTIONS,
  type Projection,
  SELECTION_POLICIES,
  type Selection,
} from "@/lib/domain/hint-vocabulary";
import type { HintAttribute } from "@/lib/domain/judge-scales";
import {
  DESCRIPTION_MAX_WORDS,
  descriptionOf,
  descriptionProblem,
  isRemoved,
  removedAttributes,
  type Trim,
  trimKeyer,
  withAttributes,
  withDescription,
  withIdentifier,
  withMessage,
} from "@/lib/hint/compose-hint";
import type { Mode } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/queries/review-instance";
import {
  IdentifierEvidenceLine,
  LeakChannels,
  PublishedLabels,
  suggestedFlag,
  TestFacingMessages,
} from "./evidence-notes";

const ATTRIBUTE_LABELS: Record<HintAttribute, string> = {
  name: "name",
  kind: "kind",
  path: "path",
  new_file: "new file",
  signature: "signature",
  weak_semantics: "description",
  strong_semantics: "behaviour",
};

interface Props {
  data: ReviewData;
  selection: Selection;
  projection: Projection;
  onSelection: (s: Selection) => void;
  /** the policy is fixed (a review round decides one selection × projection) */
  policyLocked?: boolean;
  onProjection: (p: Projection) => void;
  identifiers: ReviewData["identifiers"];
  attributes: readonly HintAttribute[];
  trim: Trim;
  onTrim: (trim: Trim) => void;
  rendered: string;
  mode: Mode;
  onMode: (mode: Mode) => void;
  reason: FlagReason | "";
  onReason: (r: FlagReason | "") => void;
  note: string;
  onNote: (n: string) => void;
  /** null: the signed-in user may not decide (a viewer), and no decision buttons show */
  onDecide: ((action: "accept" | "trim" | "flag" | "reconfirm") => void) | null;
  onPick: (name: string) => void;
  picked: string | null;
  status: HintStatus;
  /** what changed since the decision, where it is stale */
  stale: React.ReactNode;
  /** the comments on lines of the instance's texts, at the panel's end */
  comments?: React.ReactNode;
  message: { kind: "ok" | "error" | "conflict"; text: string } | null;
  saving: boolean;
}

/** A curator's own one-sentence description of an identifier, checked as it is typed. */
function DescriptionField({ name, value, onChange }: { name: string; value: string; onChange: (t: string) => void }) {
  const problem = value.trim() === "" ? null : descriptionProblem(value);
  return (
    <label className="description-field">
      Your description of {name} (one sentence, ≤ {DESCRIPTION_MAX_WORDS} words; blank: the benchmark&apos;s){" "}
      <input
        type="text"
        value={value}
        aria-invalid={problem !== null}
        onChange={(e) => onChange(e.target.value)}
        maxLength={400}
      />
      {problem && <span className="error"> {problem}</span>}
    </label>
  );
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

/** How many identifiers the panel lists before "show more". */
const IDENTIFIER_PAGE = 200;

const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

/** The hint panel: selection and projection, the rendered hint, trim checkboxes, judge scores, outcomes and the decision buttons. */
export function HintPanel(props: Props) {
  const { data, selection, projection, identifiers, attributes, trim, mode, onDecide } = props;
  const keyOf = trimKeyer(identifiers);
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
    target?.focus();
  }, [mode]);
  // A reason picked by its digit (focus on the form): the note is next, typed at once; Enter saves from it.
  // Picked in the list itself, the focus stays there (its arrows pick on).
  useEffect(() => {
    if (mode === "flag" && props.reason && document.activeElement === flagRef.current) noteRef.current?.focus();
  }, [mode, props.reason]);
  // An instance can have thousands of identifiers: the list shows them a page at a time.
  const [shownCount, setShownCount] = useState(IDENTIFIER_PAGE);
  return (
    <section className="pane hint-panel" aria-label="Hint">
      <h2>
        Hint · <span className={`status status-${props.status}`}>{HINT_STATUS_LABELS[props.status]}</span>
      </h2>
      <div className="body">
        <div className="pickers">
          <label>
            Selection{" "}
            <select
              value={selection}
              disabled={props.policyLocked}
              onChange={(e) => props.onSelection(e.target.value as Selection)}
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
                  checked={p === projection}
                  disabled={props.policyLocked}
                  onChange={() => props.onProjection(p)}
                />{" "}
                {i + 1} {PROJECTION_LABELS[p]}
              </label>
            ))}
          </fieldset>
        </div>
        {props.stale}
        <LeakChannels data={data} />
        <TestFacingMessages data={data} />
        <PublishedLabels data={data} />
        <h3>Rendered hint</h3>
        <pre className="text rendered-hint" data-testid="rendered hint">
          {props.rendered || emptyHintReason(data, selection)}
        </pre>
        <h3>Identifiers{identifiers.length > IDENTIFIER_PAGE ? ` (${identifiers.length})` : ""}</h3>
        {identifiers.length === 0 && <p className="muted">None.</p>}
        <ul className="identifiers" ref={listRef}>
          {identifiers.slice(0, shownCount).map((identifier) => {
            // Where two identifiers share a name (one in each of two files), each is trimmed on its own and
            // shows its path.
            const key = keyOf(identifier);
            const removed = isRemoved(trim, key, identifier.name);
            const off = removedAttributes(trim, key, identifier.name);
            const description = descriptionOf(trim, key, identifier.name);
            // A model's description, where the benchmark has none: said as such, until a curator writes one.
            const modelWritten = data.instance.modelWritten.find(
              (m) => m.identifier === identifier.name && m.path === identifier.path,
            );
            const judge = data.judge.filter((j) => j.identifier === identifier.name && j.selection === selection);
            return (
              <li key={key} className={props.picked === identifier.name ? "picked" : undefined}>
                {mode === "trim" && (
                  <input
                    type="checkbox"
                    aria-label={`Keep ${key}`}
                    checked={!removed}
                    onChange={(e) => props.onTrim(withIdentifier(trim, identifiers, identifier, !e.target.checked))}
                  />
                )}
                <button
                  type="button"
                  className="ident-button"
                  onClick={() => props.onPick(identifier.name)}
                  title={`${identifier.kind}${identifier.signature ? `: ${identifier.signature}` : ""}`}
                >
                  {identifier.name}
                </button>{" "}
                {key !== identifier.name && <span className="muted">in {identifier.path} · </span>}
                <span className="muted">
                  {identifier.kind} · {identifier.side} · {identifier.status}
                </span>
                <IdentifierEvidenceLine
                  evidence={data.instance.evidence?.identifiers.find((e) => e.name === identifier.name)}
                />
                {identifier.locations.usedAt.length > 0 && identifier.locations.usedAt.every((u) => u.uncertain) && (
                  <div className="evidence-line muted">
                    Matched by name only: every use reaches it through an object whose class the patches do not show.
                  </div>
                )}
                {mode === "trim" && !removed && (
                  <div className="attributes">
                    {attributes
                      .filter((a) => a !== "name")
                      .map((attribute) => {
                        return (
                          <label key={attribute}>
                            <input
                              type="checkbox"
                              aria-label={`${ATTRIBUTE_LABELS[attribute]} of ${key}`}
                              checked={!off.includes(attribute)}
                              onChange={(e) =>
                                props.onTrim(
                                  withAttributes(
                                    trim,
                                    identifiers,
                                    identifier,
                                    toggle(off, attribute, !e.target.checked),
                                  ),
                                )
                              }
                            />{" "}
                            {ATTRIBUTE_LABELS[attribute]}
                          </label>
                        );
                      })}
                    {attributes.includes("weak_semantics") && !off.includes("weak_semantics") && (
                      <DescriptionField
                        name={key}
                        value={description}
                        onChange={(text) => props.onTrim(withDescription(trim, identifiers, identifier, text))}
                      />
                    )}
                  </div>
                )}
                {mode !== "trim" && description.trim() && (
                  <div className="muted">Description (curator-written): {description}</div>
                )}
                {modelWritten &&
                  !description.trim() &&
                  attributes.includes("weak_semantics") &&
                  !off.includes("weak_semantics") && (
                    <div className="muted" title={modelWritten.behaviour}>
                      Description (model-written by {modelWritten.model}): {modelWritten.description}
                    </div>
                  )}
                {judge.length > 0 && (
                  <table className="judge" aria-label={`Judge scores for ${identifier.name}`}>
                    <thead>
                      <tr>
                        <th>judge</th>
                        <th>attribute</th>
                        <th className="num">N</th>
                        <th className="num">D</th>
                        <th className="num">G</th>
                        <th className="num">HVM</th>
                      </tr>
                    </thead>
                    <tbody>
                      {judge.map((j) => (
                        <tr
                          key={`${j.judge}\u0000${j.attribute}`}
                          title={j.samples
                            .map((s) => `${j.judge} #${s.sample}: N${s.necessity} D${s.disclosure} G${s.guidance}`)
                            .join("\n")}
                        >
                          <td>{j.judge}</td>
                          <td>{ATTRIBUTE_LABELS[j.attribute as HintAttribute] ?? j.attribute}</td>
                          <td className="num">{j.necessity}</td>
                          <td className="num">{j.disclosure}</td>
                          <td className="num">{j.guidance}</td>
                          <td className="num">{j.hvm > 0 ? `+${j.hvm}` : j.hvm}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            );
          })}
        </ul>
        {mode === "trim" && (data.instance.evidence?.literals.length ?? 0) > 0 && (
          <fieldset className="messages-trim" ref={messagesRef}>
            <legend>Disclose a test-facing message (Declaration and above)</legend>
            {[...new Set(data.instance.evidence?.literals.map((l) => l.text) ?? [])].map((text) => (
              <label key={text}>
                <input
                  type="checkbox"
                  checked={trim.messages?.includes(text) ?? false}
                  onChange={(e) => props.onTrim(withMessage(trim, text, e.target.checked))}
                />{" "}
                Expected message: <code>&quot;{text}&quot;</code>
              </label>
            ))}
          </fieldset>
        )}
        {identifiers.length > shownCount && (
          <button type="button" onClick={() => setShownCount((n) => n + IDENTIFIER_PAGE)}>
            Show {Math.min(IDENTIFIER_PAGE, identifiers.length - shownCount)} more of {identifiers.length - shownCount}
          </button>
        )}
        {mode === "flag" && (
          <fieldset className="flag-form" ref={flagRef} tabIndex={-1} aria-label="Flag this hint">
            <legend>Flag this hint (reason: 1–{FLAG_REASON_IDS.length}, then a note; save: Enter or Ctrl+Enter)</legend>
            <label>
              Reason{" "}
              <select value={props.reason} onChange={(e) => props.onReason(e.target.value as FlagReason | "")}>
                <option value="">choose a reason…</option>
                {(Object.entries(FLAG_REASONS) as Array<[FlagReason, string]>).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Note (Shift+Enter: a new line){" "}
              <textarea
                ref={noteRef}
                data-flag-note
                value={props.note}
                onChange={(e) => props.onNote(e.target.value)}
                rows={2}
              />
            </label>
            {/* The form's own buttons, next in the tab order after the note: Enter on one does what it says. */}
            {onDecide && (
              <div className="decisions">
                <button type="button" disabled={props.saving || !props.reason} onClick={() => onDecide("flag")}>
                  Save flag
                </button>
                <button type="button" disabled={props.saving} onClick={() => props.onMode("view")}>
                  Cancel (Esc)
                </button>
              </div>
            )}
          </fieldset>
        )}
        {onDecide && mode !== "flag" && (
          <div className="decisions">
            <button
              type="button"
              disabled={
                props.saving ||
                (mode === "trim" &&
                  Object.values(trim.descriptions ?? {}).some((t) => t.trim() !== "" && descriptionProblem(t) !== null))
              }
              onClick={() => onDecide(mode === "trim" ? "trim" : "accept")}
            >
              {mode === "trim" ? "Accept trimmed" : "Accept"}
            </button>
            <button
              type="button"
              disabled={props.saving}
              aria-pressed={mode === "trim"}
              onClick={() => props.onMode(mode === "trim" ? "view" : "trim")}
            >
              Trim
            </button>
            {suggestedFlag(data, identifiers) && (
              <span className="muted suggestion" data-testid="suggested flag">
                suggested: {suggestedFlag(data, identifiers)}
              </span>
            )}
            <button type="button" disabled={props.saving} onClick={() => props.onMode("flag")}>
              Flag
            </button>
          </div>
        )}
        {props.message && (
          <p
            role={props.message.kind === "ok" ? "status" : "alert"}
            className={props.message.kind === "ok" ? "muted" : "error"}
          >
            {props.message.text}
          </p>
        )}
        <h3>Outcomes</h3>
        {data.outcomes.length === 0 ? (
          <p className="muted">No run has a result for this instance.</p>
        ) : (
          <table aria-label="Outcomes">
            <tbody>
              {data.outcomes.map((o) => (
                <tr key={`${o.model}/${o.selection}/${o.projection}`}>
                  <td>{o.model}</td>
                  <td>
                    {o.selection} × {o.projection}
                  </td>
                  <td>{o.resolved ? "resolved" : (o.status ?? "unresolved")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data.agentPatches.some((p) => p.observed.length > 0) && (
          <>
            <h3>Observed guesswork</h3>
            <ul className="observed" aria-label="Observed guesswork">
              {data.agentPatches.flatMap((p) =>
                p.observed.map((o) => (
                  <li key={`${p.model}\u0000${p.selection}\u0000${o.name}`}>
                    {p.model}:{" "}
                    {o.definedByAgent ? (
                      <>
                        defines <code>{o.name}</code> as the tests call it
                      </>
                    ) : o.namedDifferently ? (
                      <strong>
                        named <code>{o.name}</code> differently: <code>{o.namedDifferently.name}</code> in{" "}
                        {o.namedDifferently.path}
                      </strong>
                    ) : (
                      <>
                        does not define <code>{o.name}</code>
                      </>
                    )}
                  </li>
                )),
              )}
            </ul>
          </>
        )}
        {props.comments}
      </div>
    </section>
  );
}
