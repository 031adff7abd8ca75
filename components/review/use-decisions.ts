"use client";

import type { useRouter } from "next/navigation";
import { type Dispatch, useCallback, useEffect, useRef, useState } from "react";
import type { Projection, Selection } from "@/lib/domain/hint-vocabulary";
import { NO_TRIM, type Trim } from "@/lib/hint/compose-hint";
import type { WorkspaceAction, WorkspaceMessage } from "@/lib/review/workspace-state";
import { decideHint, undoDecisionAction } from "@/lib/server/actions/decide-hint";
import { decideInRoundAction } from "@/lib/server/actions/review-rounds";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import type { RoundItem } from "@/lib/server/hints/round-state";

/** Where a decision's confirmation waits for the next page (sessionStorage). */
const SAVED_KEY = "hintscope.saved";

/** A decision the curator can still take back, and where it was made. */
export type Undoable = { decision: number; instanceId: number; list: string };

type DecideHintResult = Awaited<ReturnType<typeof decideHint>>;

/** An instance's review page, within the list view `list` (its query string). */
export const hrefOf = (id: number, list: string) =>
  `/instances/${id}${list ? `?list=${encodeURIComponent(list)}` : ""}`;

/** What to tell the curator when a save was refused: a conflict (who decided, or what changed), else why. */
function refusalMessage(result: Exclude<DecideHintResult, { ok: true }>): WorkspaceMessage {
  if ("conflict" in result) {
    const c = result.conflict;
    return {
      kind: "conflict",
      text: c.changed
        ? "Conflict: this instance changed since you opened it (a re-import or a new analysis). Your decision was not saved; reload to see the hint as it is now."
        : `Conflict: ${c.curator} already decided this hint (${c.action}, now ${c.status}) at ${new Date(c.at).toLocaleString()}. Your decision was not saved; reload to see theirs.`,
    };
  }
  return { kind: "error", text: result.error };
}

/** What a decision needs from the page: the instance, the curator's edits, where to go, how to say it. */
interface DecisionContext {
  data: ReviewData;
  trim: Trim;
  reason: string;
  note: string;
  navigation: { nextPending: number | null; list: string };
  router: ReturnType<typeof useRouter>;
  dispatch: Dispatch<WorkspaceAction>;
  onMove: (to: number) => void;
  onMoveRefused: () => void;
}

/** A curator's own decision in a review round, then the round's next instance (or the round's page). */
async function decideInRound(
  { data, trim, reason, note, router, dispatch, onMove, onMoveRefused }: DecisionContext,
  round: RoundItem,
  action: "accept" | "trim" | "flag",
) {
  onMove(round.next ?? -1);
  dispatch({ type: "saving" });
  const result = await decideInRoundAction({
    roundId: round.id,
    instanceId: data.instance.id,
    action,
    trimmed: action === "trim" ? trim : undefined,
    reason: action === "flag" ? reason || null : null,
    note,
    sourceHash: data.instance.hintSource,
  });
  if (!result.ok) {
    onMoveRefused();
    dispatch({ type: "refused", message: { kind: "error", text: result.error } });
    return;
  }
  window.sessionStorage.setItem(
    SAVED_KEY,
    `Saved in round ${round.name}: ${result.action} (${data.instance.externalId}).`,
  );
  router.push(round.next ? `/instances/${round.next}?round=${round.id}` : `/rounds/${round.id}`);
}

/** A decision on the hint itself, then the view's next open hint (or, the last one, said so here). */
async function decideOnHint(
  {
    data,
    trim,
    reason,
    note,
    navigation,
    router,
    dispatch,
    onMove,
    onMoveRefused,
    selection,
    projection,
    savedVersion,
    setLastDecision,
  }: DecisionContext & {
    selection: Selection;
    projection: Projection;
    savedVersion: number;
    setLastDecision: (undoable: Undoable | null) => void;
  },
  action: "accept" | "trim" | "flag" | "reconfirm",
) {
  const movingOn = navigation.nextPending && navigation.nextPending !== data.instance.id;
  onMove(movingOn ? (navigation.nextPending as number) : data.instance.id);
  dispatch({ type: "saving" });
  const result = await decideHint({
    instanceId: data.instance.id,
    selection,
    projection,
    action,
    expectedVersion: savedVersion,
    sourceHash: data.instance.hintSource,
    trimmed: action === "accept" ? NO_TRIM : trim,
    reason: action === "flag" ? reason || null : null,
    note,
  });
  if (result.ok) {
    const undoable = { decision: result.decision, instanceId: data.instance.id, list: navigation.list };
    if (!navigation.nextPending || navigation.nextPending === data.instance.id) {
      // The last open hint of the view: said, instead of staying on it as if there were more. (Moving on,
      // the next page says what was saved, with its Undo: nothing is shown on a page about to go.)
      setLastDecision(undoable);
      dispatch({
        type: "saved",
        message: {
          kind: "ok",
          text: `Saved: ${result.status}. The view's queue is done: no open hint left in it.`,
        },
      });
    }
    if (navigation.nextPending && navigation.nextPending !== data.instance.id) {
      // The next page says what was saved here (and can undo it), so the confirmation outlives the move.
      window.sessionStorage.setItem(
        SAVED_KEY,
        JSON.stringify({ text: `Saved: ${result.status} (${data.instance.externalId}).`, ...undoable }),
      );
      router.push(hrefOf(navigation.nextPending, navigation.list));
    } else router.refresh();
  } else {
    onMoveRefused();
    dispatch({ type: "refused", message: refusalMessage(result) });
  }
}

/**
 * The review workspace's decisions: `decide` saves one (on the hint, or as the curator's own in a round) and
 * moves on to the view's next open hint; `undo` takes the last one back; a confirmation saved on the page
 * before is shown once on arrival, with its Undo.
 */
export function useDecisions({
  onMove,
  onMoveRefused,
  say,
  canDecide,
  round,
  data,
  selection,
  projection,
  savedVersion,
  trim,
  reason,
  note,
  navigation,
  router,
  dispatch,
}: {
  /** a decision or an undo was sent: the page moves on to instance `to` (itself, after a refresh) */
  onMove: (to: number) => void;
  /** it was refused: the page stays */
  onMoveRefused: () => void;
  /** tells the curator why a key did nothing */
  say: (text: string) => void;
  canDecide: boolean;
  round: RoundItem | null;
  data: ReviewData;
  selection: Selection;
  projection: Projection;
  /** the hint's version as the page read it: a save against another is a conflict */
  savedVersion: number;
  trim: Trim;
  reason: string;
  note: string;
  navigation: { nextPending: number | null; list: string };
  router: ReturnType<typeof useRouter>;
  dispatch: Dispatch<WorkspaceAction>;
}) {
  // Kept in a ref as well as in state: a key pressed the moment the confirmation is drawn (before the key
  // handler is bound again) still finds the decision to undo.
  const [lastDecisionShown, setLastDecisionShown] = useState<Undoable | null>(null);
  const lastDecisionRef = useRef<Undoable | null>(null);
  const setLastDecision = useCallback((undoable: Undoable | null) => {
    lastDecisionRef.current = undoable;
    setLastDecisionShown(undoable);
  }, []);
  const decide = useCallback(
    async (action: "accept" | "trim" | "flag" | "reconfirm") => {
      if (!canDecide) return;
      const context = { data, trim, reason, note, navigation, router, dispatch, onMove, onMoveRefused };
      if (round) {
        if (action !== "reconfirm") await decideInRound(context, round, action);
        return;
      }
      await decideOnHint({ ...context, selection, projection, savedVersion, setLastDecision }, action);
    },
    [
      canDecide,
      round,
      data,
      selection,
      projection,
      savedVersion,
      trim,
      reason,
      note,
      navigation,
      router,
      setLastDecision,
      dispatch,
      onMove,
      onMoveRefused,
    ],
  );

  // The curator's last decision, for Undo (u, Ctrl+Z, or the toast's button): taken back on the server as
  // an "undo" decision of its own, then the instance it was on is shown again.
  const undo = useCallback(async () => {
    const lastDecision = lastDecisionRef.current;
    if (!lastDecision || !canDecide) {
      if (canDecide) say("Nothing to undo: no decision of yours since this page opened.");
      return;
    }
    onMove(lastDecision.instanceId);
    dispatch({ type: "saving" });
    const result = await undoDecisionAction({ decision: lastDecision.decision });
    setLastDecision(null);
    if (!result.ok) {
      onMoveRefused();
      dispatch({ type: "refused", message: { kind: "error", text: `Not undone: ${result.error}` } });
      return;
    }
    const text = `Undone: the hint is ${result.status} again.`;
    if (lastDecision.instanceId === data.instance.id) {
      dispatch({ type: "saved", message: { kind: "ok", text } });
      router.refresh();
    } else {
      window.sessionStorage.setItem(SAVED_KEY, JSON.stringify({ text }));
      router.push(hrefOf(lastDecision.instanceId, lastDecision.list));
    }
  }, [canDecide, data.instance.id, router, setLastDecision, dispatch, onMove, onMoveRefused, say]);

  // A decision saved on the instance before this one: its confirmation, shown here once.
  useEffect(() => {
    const saved = window.sessionStorage.getItem(SAVED_KEY);
    if (saved) {
      window.sessionStorage.removeItem(SAVED_KEY);
      let stored: { text?: string; decision?: number; instanceId?: number; list?: string } = { text: saved };
      try {
        stored = JSON.parse(saved);
      } catch {
        // a plain text (a round's confirmation)
      }
      if (stored.decision && stored.instanceId)
        setLastDecision({ decision: stored.decision, instanceId: stored.instanceId, list: stored.list ?? "" });
      dispatch({ type: "message", message: { kind: "ok", text: stored.text ?? saved } });
    }
  }, [setLastDecision, dispatch]);

  return { decide, undo, lastDecision: lastDecisionShown };
}
