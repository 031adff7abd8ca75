"use client";

import Link from "next/link";
import {
  EVIDENCE_CELL_WORDS,
  type ListState,
  type NarrowingFilter,
  PAIRED_CELL_WORDS,
  pickSize,
} from "@/lib/review/list-state";

/** Each narrowing filter's value when it narrows nothing. */
const EMPTY_FILTERS: { [K in NarrowingFilter]: ListState[K] } = {
  q: "",
  benchmark: [],
  language: [],
  review: [],
  leak: false,
  message: false,
  named: false,
  subset: [],
  label: [],
  ids: [],
  pick: null,
  paired: null,
  evidence: null,
};

/**
 * What a view's narrowing filters hold, in words, each with a way back to the whole list: chosen ids, a cell
 * of an evidence check against a label, a cell of a paired comparison (the research page links to the last two).
 */
export function ViewFilterNotes({
  state,
  update,
  unknownPick,
}: {
  state: ListState;
  update: (patch: Partial<ListState>) => void;
  /** the view's pick is not kept on this server (a link from another server, or a database made anew) */
  unknownPick: boolean;
}) {
  return (
    <>
      {state.unread.map(({ param, value, takes }) => (
        <p key={param} className="error" role="alert" data-testid="unread filter">
          This link's <code>{param}</code> filter could not be read (it takes {takes}; it gave{" "}
          {value.length > 80 ? `${value.slice(0, 80)}… (${value.length.toLocaleString("en")} characters)` : value}), so
          this view holds no instance rather than every one.{" "}
          <button type="button" className="link-button" onClick={() => update({ [param]: EMPTY_FILTERS[param] })}>
            Drop the filter
          </button>
        </p>
      ))}
      {state.ids.length > 0 && (
        <p className="muted">
          This view holds only {state.ids.length} chosen instance(s).{" "}
          <button type="button" className="link-button" onClick={() => update({ ids: [] })}>
            Show them all again
          </button>
        </p>
      )}
      {state.pick && unknownPick && (
        <p className="error" role="alert" data-testid="unknown pick">
          This link's pick of {pickSize(state.pick).toLocaleString("en")} instance(s) is not kept on this server (a link
          from another server, or a database made anew), so this view holds no instance.{" "}
          <button type="button" className="link-button" onClick={() => update({ pick: null })}>
            Drop the filter
          </button>
        </p>
      )}
      {state.pick && !unknownPick && (
        <p className="muted" data-testid="kept pick">
          This view holds only {pickSize(state.pick).toLocaleString("en")} chosen instance(s), kept on the server as a
          pick (too many for a link).{" "}
          <button type="button" className="link-button" onClick={() => update({ pick: null })}>
            Show them all again
          </button>
        </p>
      )}
      {state.evidence && (
        <p className="muted" data-testid="evidence cell">
          This view holds one cell of an evidence check against a published label: the labelled instances where{" "}
          {EVIDENCE_CELL_WORDS[state.evidence.cell]} (check {state.evidence.check}, label {state.evidence.test}).{" "}
          <button type="button" className="link-button" onClick={() => update({ evidence: null })}>
            Show them all again
          </button>
        </p>
      )}
      {state.paired && (
        <p className="muted" data-testid="paired cell">
          This view holds one cell of a paired comparison: the instances runs #{state.paired.first} and #
          {state.paired.second} both attempted, {PAIRED_CELL_WORDS[state.paired.cell]}.{" "}
          <Link href={`/research?first=${state.paired.first}&second=${state.paired.second}#paired`}>
            The comparison
          </Link>
          {" · "}
          <button type="button" className="link-button" onClick={() => update({ paired: null })}>
            Show them all again
          </button>
        </p>
      )}
    </>
  );
}
