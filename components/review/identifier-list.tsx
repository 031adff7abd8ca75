"use client";

import { useState } from "react";
import type { Selection } from "@/lib/domain/hint-vocabulary";
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
} from "@/lib/hint/compose-hint";
import type { Mode } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import { IdentifierEvidenceLine } from "./evidence-notes";

type Identifier = ReviewData["identifiers"][number];

export const ATTRIBUTE_LABELS: Record<HintAttribute, string> = {
  name: "name",
  kind: "kind",
  path: "path",
  new_file: "new file",
  signature: "signature",
  weak_semantics: "description",
  strong_semantics: "behaviour",
};

/** How many identifiers the panel lists before "show more". */
export const IDENTIFIER_PAGE = 200;

const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

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

/** The judges' scores of one identifier under the selection shown. */
function JudgeScores({ name, judge }: { name: string; judge: ReviewData["judge"] }) {
  return (
    <table className="judge" aria-label={`Judge scores for ${name}`}>
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
  );
}

interface ListProps {
  data: ReviewData;
  selection: Selection;
  identifiers: Identifier[];
  attributes: readonly HintAttribute[];
  trim: Trim;
  onTrim: (trim: Trim) => void;
  mode: Mode;
  picked: string | null;
  onPick: (name: string) => void;
  listRef: React.Ref<HTMLUListElement>;
}

/** One identifier of the hint: its name (a pick), what the analysis says of it, its trim and its scores. */
function IdentifierRow({ identifier, props, itemKey }: { identifier: Identifier; props: ListProps; itemKey: string }) {
  const { data, identifiers, attributes, trim, onTrim, mode } = props;
  const key = itemKey;
  const removed = isRemoved(trim, key, identifier.name);
  const off = removedAttributes(trim, key, identifier.name);
  const description = descriptionOf(trim, key, identifier.name);
  // A model's description, where the benchmark has none: said as such, until a curator writes one.
  const modelWritten = data.instance.modelWritten.find(
    (m) => m.identifier === identifier.name && m.path === identifier.path,
  );
  const judge = data.judge.filter((j) => j.identifier === identifier.name && j.selection === props.selection);
  return (
    <li className={props.picked === identifier.name ? "picked" : undefined}>
      {mode === "trim" && (
        <input
          type="checkbox"
          aria-label={`Keep ${key}`}
          checked={!removed}
          onChange={(e) => onTrim(withIdentifier(trim, identifiers, identifier, !e.target.checked))}
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
      <IdentifierEvidenceLine evidence={data.instance.evidence?.identifiers.find((e) => e.name === identifier.name)} />
      {identifier.locations.usedAt.length > 0 && identifier.locations.usedAt.every((u) => u.uncertain) && (
        <div className="evidence-line muted">
          Matched by name only: every use reaches it through an object whose class the patches do not show.
        </div>
      )}
      {mode === "trim" && !removed && (
        <div className="attributes">
          {attributes
            .filter((a) => a !== "name")
            .map((attribute) => (
              <label key={attribute}>
                <input
                  type="checkbox"
                  aria-label={`${ATTRIBUTE_LABELS[attribute]} of ${key}`}
                  checked={!off.includes(attribute)}
                  onChange={(e) =>
                    onTrim(withAttributes(trim, identifiers, identifier, toggle(off, attribute, !e.target.checked)))
                  }
                />{" "}
                {ATTRIBUTE_LABELS[attribute]}
              </label>
            ))}
          {attributes.includes("weak_semantics") && !off.includes("weak_semantics") && (
            <DescriptionField
              name={key}
              value={description}
              onChange={(text) => onTrim(withDescription(trim, identifiers, identifier, text))}
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
      {judge.length > 0 && <JudgeScores name={identifier.name} judge={judge} />}
    </li>
  );
}

/** The hint's identifiers, a page at a time (an instance can have thousands). */
export function IdentifierList(props: ListProps) {
  const { identifiers } = props;
  const keyOf = trimKeyer(identifiers);
  const [shownCount, setShownCount] = useState(IDENTIFIER_PAGE);
  return (
    <>
      <h3>Identifiers{identifiers.length > IDENTIFIER_PAGE ? ` (${identifiers.length})` : ""}</h3>
      {identifiers.length === 0 && <p className="muted">None.</p>}
      <ul className="identifiers" ref={props.listRef}>
        {identifiers.slice(0, shownCount).map((identifier) => {
          // Where two identifiers share a name (one in each of two files), each is trimmed on its own and
          // shows its path.
          const key = keyOf(identifier);
          return <IdentifierRow key={key} itemKey={key} identifier={identifier} props={props} />;
        })}
      </ul>
      {identifiers.length > shownCount && (
        <button type="button" onClick={() => setShownCount((n) => n + IDENTIFIER_PAGE)}>
          Show {Math.min(IDENTIFIER_PAGE, identifiers.length - shownCount)} more of {identifiers.length - shownCount}
        </button>
      )}
    </>
  );
}
