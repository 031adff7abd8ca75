"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FLAG_REASONS, type FlagReason, PROJECTION_LABELS, SELECTION_LABELS } from "@/lib/domain/hint-vocabulary";
import type { ListState } from "@/lib/review/list-state";
import { decideViewAction, openInViewAction } from "@/lib/server/actions/bulk-decide";
import { FlagReasonSelect } from "../flag-reason-select";

/**
 * Accept, or flag with a reason, every open hint of the view at once: the count and the policy are confirmed
 * first; each hint becomes its own audited decision, with the same conflict rules as one by one.
 */
export function BulkDecide({ search, state }: { search: string; state: ListState }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [reason, setReason] = useState<FlagReason | "">("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const policy = `${SELECTION_LABELS[state.selection]} × ${PROJECTION_LABELS[state.projection]}`;
  const act = (action: "accept" | "flag") =>
    start(async () => {
      const counted = await openInViewAction({ search });
      if (!counted.ok) return setMessage({ ok: false, text: counted.error });
      if (counted.open === 0) return setMessage({ ok: true, text: "No open hint in this view: nothing to decide." });
      const what = action === "accept" ? "Accept" : `Flag (${FLAG_REASONS[reason as FlagReason]})`;
      if (
        !window.confirm(
          `${what} the ${policy} hint of the ${counted.open} open instance(s) in this view? (${counted.decided} already decided are left as they are.)`,
        )
      )
        return;
      const result = await decideViewAction({
        search,
        action,
        reason: action === "flag" ? (reason as FlagReason) : null,
        note: "",
        expected: counted.open,
      });
      setMessage({ ok: result.ok, text: result.ok ? result.message : result.error });
      router.refresh();
    });
  return (
    <fieldset className="facet bulk" aria-label="Decide the whole view">
      <legend>Whole view</legend>
      <button type="button" disabled={pending} onClick={() => act("accept")}>
        Accept all open…
      </button>{" "}
      <FlagReasonSelect label="Flag reason for the whole view" value={reason} onChange={setReason} />{" "}
      <button type="button" disabled={pending || !reason} onClick={() => act("flag")}>
        Flag all open…
      </button>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
