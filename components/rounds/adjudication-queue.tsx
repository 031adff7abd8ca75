"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FlagReason } from "@/lib/domain/hint-vocabulary";
import { type CommentThread, linesLabel, PANE_LABEL } from "@/lib/review/line-comments";
import { adjudicateAction, publishRoundAction } from "@/lib/server/actions/review-rounds";
import { FlagReasonSelect } from "../flag-reason-select";

export interface Disagreement {
  instanceId: number;
  externalId: string;
  decisions: Array<{
    curator: string;
    action: string | null;
    flagReason: string | null;
    note: string | null;
    /** the hint as this curator's decision makes it say */
    text: string | null;
  }>;
  adjudication: { adjudicator: string; action: string; flagReason: string | null } | null;
  /** the comment threads written on this instance's lines in this round */
  threads?: CommentThread[];
}

const said = (d: { action: string | null; flagReason: string | null }) =>
  d.action === "flag" ? `flag (${d.flagReason})` : (d.action ?? "not yet");

/** One disagreement: what each curator decided, and the admin's final decision. */
function Item({ roundId, item }: { roundId: number; item: Disagreement }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [reason, setReason] = useState<FlagReason | "">("");
  const [message, setMessage] = useState<string | null>(null);
  const decide = (input: Record<string, unknown>) =>
    start(async () => {
      // An item already adjudicated changes only when the admin says so.
      if (
        item.adjudication &&
        !window.confirm(
          `${item.externalId} is adjudicated already (${said(item.adjudication)} by ${item.adjudication.adjudicator}). Change it?`,
        )
      )
        return;
      const result = await adjudicateAction({ roundId, instanceId: item.instanceId, ...input });
      setMessage(result.ok ? null : result.error);
      if (result.ok) router.refresh();
    });
  return (
    <li aria-label={`Disagreement on ${item.externalId}`}>
      <a href={`/instances/${item.instanceId}`}>{item.externalId}</a>:{" "}
      {item.decisions.map((d) => `${d.curator} ${said(d)}${d.note ? ` ("${d.note}")` : ""}`).join(" · ")}
      {item.adjudication && (
        <strong>
          {" "}
          → {said(item.adjudication)} by {item.adjudication.adjudicator}
        </strong>
      )}
      <div className="adjudication-texts">
        {item.decisions.map((d) => (
          <figure key={d.curator}>
            <figcaption>
              {d.curator}: {said(d)}
            </figcaption>
            <pre className="text">{d.text || "(empty hint)"}</pre>
          </figure>
        ))}
      </div>
      {(item.threads ?? []).length > 0 && (
        <section aria-label={`Comments on ${item.externalId} in this round`} className="line-comments">
          <h4>Comments on lines in this round</h4>
          {(item.threads ?? []).map((t) => (
            <article key={t.id} className="comment-thread">
              <strong>
                {PANE_LABEL[t.pane]} {linesLabel(t.startLine, t.endLine)}
              </strong>
              {t.outdated && <span className="badge">outdated</span>}
              <pre className="text comment-quote">{t.quote}</pre>
              <ol className="comments">
                {t.comments.map((c) => (
                  <li key={c.id}>
                    <strong>{c.author}</strong>: {c.body}
                  </li>
                ))}
              </ol>
            </article>
          ))}
        </section>
      )}
      <div className="decisions">
        <button type="button" disabled={pending} onClick={() => decide({ action: "accept" })}>
          Accept
        </button>
        {item.decisions
          .filter((d) => d.action === "trim")
          .map((d) => (
            <button
              key={d.curator}
              type="button"
              disabled={pending}
              onClick={() => decide({ action: "trim", trimFrom: d.curator })}
            >
              Adopt {d.curator}&apos;s trim
            </button>
          ))}
        <FlagReasonSelect label={`Flag reason for ${item.externalId}`} value={reason} onChange={setReason} />
        <button type="button" disabled={pending || !reason} onClick={() => decide({ action: "flag", reason })}>
          Flag
        </button>
      </div>
      {message && (
        <p role="alert" className="error">
          {message}
        </p>
      )}
    </li>
  );
}

/** The admin's queue of disagreements, and publishing once everything is final. */
export function AdjudicationQueue({
  roundId,
  items,
  canPublish,
}: {
  roundId: number;
  items: Disagreement[];
  canPublish: boolean;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section aria-label="Adjudication">
      <h2>Adjudication ({items.filter((i) => !i.adjudication).length} open)</h2>
      {items.length === 0 ? (
        <p className="muted">No disagreements so far.</p>
      ) : (
        <ul>
          {items.map((item) => (
            <Item key={item.instanceId} roundId={roundId} item={item} />
          ))}
        </ul>
      )}
      <button
        type="button"
        disabled={pending || !canPublish}
        onClick={() =>
          start(async () => {
            const result = await publishRoundAction(roundId);
            setMessage({ ok: result.ok, text: result.ok ? result.message : result.error });
            if (result.ok) router.refresh();
          })
        }
      >
        Publish the round
      </button>{" "}
      {!canPublish && <span className="muted">once every hint is decided, and every disagreement adjudicated</span>}
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
    </section>
  );
}
