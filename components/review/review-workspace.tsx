"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useState } from "react";
import type { Projection, Selection } from "@/lib/domain/hint-vocabulary";
import { composeHint, NO_TRIM } from "@/lib/hint/compose-hint";
import { keyText, type QueuedKey } from "@/lib/review/key-queue";
import type { Keymap } from "@/lib/review/keymap";
import type { CommentThread } from "@/lib/review/line-comments";
import { initialWorkspace, workspaceReducer } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import type { RoundItem } from "@/lib/server/hints/round-state";
import { AuditTrail } from "./audit-trail";
import { GoldPane } from "./gold-pane";
import { HintPanel } from "./hint-panel";
import { IssuePane } from "./issue-pane";
import { LineComments } from "./line-comments";
import { PaneGrid } from "./pane-grid";
import { PatchEditor } from "./patch-editor";
import { type Navigation, ReviewHeader } from "./review-header";
import { ReviewToast } from "./review-toast";
import { RoundNotice } from "./round-notice";
import { ShortcutsOverlay } from "./shortcuts-overlay";
import { StaleNotice } from "./stale-notice";
import { useDecisions } from "./use-decisions";
import { useKeyCommands } from "./use-key-commands";
import { useLineSelection } from "./use-line-selection";
import { usePatchEvidence } from "./use-patch-evidence";
import { keyQueue, useReviewKeys } from "./use-review-keys";
import { savedState, useSessionPolicy } from "./use-session-policy";

/** A curator's own decision in a round, as the panel's status shows it. */
const ROUND_STATUS = { pending: "pending", accept: "accepted", trim: "trimmed", flag: "flagged" } as const;

const DEFAULT_POLICY = { selection: "defuse", projection: "declaration" } as const;

/**
 * The review workspace: the issue, the gold patch and the test patch side by side, and the hint panel.
 * It opens on the policy of the list the curator came from (`policy`), else the one last used.
 */
export function ReviewWorkspace({
  data,
  issue,
  navigation,
  policy,
  canDecide,
  round = null,
  keymap = {},
  threads = [],
  user = "",
}: {
  /** the signed-in user's name: the panes' layout is kept per user */
  user?: string;
  /** comment threads on lines of the instance's texts, as this user may see them */
  threads?: CommentThread[];
  /** the user's own keys for the shortcuts (lib/review/keymap.ts) */
  keymap?: Keymap;
  data: ReviewData;
  /** the issue's text rendered on the server (./issue-text.tsx): no Markdown is parsed in the browser */
  issue: ReactNode;
  navigation: Navigation;
  policy: { selection: Selection; projection: Projection } | null;
  /** the signed-in user may decide (a curator or admin); a viewer sees no decision buttons */
  canDecide: boolean;
  /** deciding in a review round: the decision is the curator's own in the round, on the round's policy */
  round?: RoundItem | null;
}) {
  const router = useRouter();
  const [state, dispatch] = useReducer(workspaceReducer, policy ?? DEFAULT_POLICY, (opening) =>
    initialWorkspace(
      opening,
      round ? (round.mine.trim ?? NO_TRIM) : savedState(data, opening.selection, opening.projection).trim,
    ),
  );
  const { selection, projection, trim, mode, reason, note, showOthers, wrap, picked } = state;
  const saved = useMemo(() => savedState(data, selection, projection), [data, selection, projection]);
  // In a round the trim starts from the curator's own round decision, never from anyone else's.
  const startingTrim = round ? (round.mine.trim ?? NO_TRIM) : saved.trim;
  // Set once this instance's keyboard handling is live (after hydration): tests and scripts wait for it.
  const [readyFor, setReadyFor] = useState<string | null>(null);

  useEffect(() => dispatch({ type: "reset-trim", trim: startingTrim }), [startingTrim]);

  const source = useMemo(
    () => ({
      interfaceText: data.instance.interfaceText,
      requirements: data.instance.requirements,
      identifiers: data.identifiers,
      modelWritten: data.instance.modelWritten,
    }),
    [data],
  );
  // The hint as the curator's trim leaves it; the server renders the same text when it records a decision.
  const composed = useMemo(
    () => composeHint(source, selection, projection, trim),
    [source, selection, projection, trim],
  );
  const selected = composed.selected;

  // DefUse is highlighted in every pane; the toggle adds the other selections' identifiers, lighter.
  const shown = useMemo(
    () => data.identifiers.filter((i) => i.policies.includes("defuse") || (showOthers && i.policies.length > 0)),
    [data.identifiers, showOthers],
  );
  const { marks, copiedLines, messageLines, reveal, step } = usePatchEvidence(data, shown, selected, picked);
  const pick = useCallback((name: string) => dispatch({ type: "pick", name }), []);

  // What a key did not do, and why (nothing to trim, a flag without its reason), or the keys kept while the
  // page moves on: said where the eye is, in the toast.
  const [keyNotice, setKeyNotice] = useState<string | null>(null);
  const onKept = useCallback(
    (keys: QueuedKey[]) => setKeyNotice(`Moving on: ${keys.map(keyText).join(" ")} kept for the next instance.`),
    [],
  );
  const onKeysDropped = useCallback(
    (keys: QueuedKey[], why: string) =>
      keys.length > 0 && setKeyNotice(`Not taken: ${keys.map(keyText).join(" ")} (${why}).`),
    [],
  );
  const {
    decide,
    undo,
    lastDecision: lastDecisionShown,
  } = useDecisions({
    onMove: (to) => keyQueue.start(data, to),
    onMoveRefused: () => onKeysDropped(keyQueue.cancel(), "the decision was not saved"),
    say: setKeyNotice,
    canDecide,
    round,
    data,
    selection,
    projection,
    savedVersion: saved.version,
    trim,
    reason,
    note,
    navigation,
    router,
    dispatch,
  });

  const { enterMode, run } = useKeyCommands({
    data,
    navigation,
    selected,
    selection,
    reason,
    mode,
    decide,
    undo,
    dispatch,
    say: setKeyNotice,
  });
  const externalId = data.instance.externalId;
  const onLive = useCallback(() => setReadyFor(externalId), [externalId]);
  useReviewKeys({
    context: { mode, stale: saved.status === "stale", canDecide, inRound: round !== null },
    run,
    onLive,
    keymap,
    page: data,
    instanceId: data.instance.id,
    onKept,
    onDropped: onKeysDropped,
  });

  useSessionPolicy(policy, selection, projection, dispatch);

  const { lineSelection, setLineSelection, issueBody, liveThreads, setLiveThreads, commentMarks } = useLineSelection(
    data.instance.problemStatement,
    threads,
  );
  const instance = data.instance;
  // At the hint panel's head, in view as the page opens: what changed under a stale decision, the round's notice.
  const notices = round ? (
    <RoundNotice round={round} />
  ) : saved.status === "stale" && saved.hint ? (
    <StaleNotice
      hint={saved.hint}
      currentText={composeHint(source, selection, projection, saved.trim).text}
      onReconfirm={canDecide ? () => void decide("reconfirm") : null}
      saving={state.saving}
    />
  ) : null;
  return (
    <>
      <ReviewHeader
        data={data}
        navigation={navigation}
        round={round}
        readyFor={readyFor}
        step={step}
        showOthers={showOthers}
        wrap={wrap}
        canDecide={canDecide}
        dispatch={dispatch}
      />
      <PaneGrid
        user={user}
        panes={{
          issue: (fold) => (
            <IssuePane
              text={instance.problemStatement}
              rendered={issue}
              showOthers={showOthers}
              onPick={pick}
              bodyRef={issueBody}
              fold={fold}
            />
          ),
          gold: (fold) => (
            <GoldPane
              data={data}
              shown={shown}
              marks={marks.gold}
              copied={copiedLines}
              messages={messageLines.gold}
              reveal={reveal.gold}
              onPick={pick}
              wrap={wrap}
              comments={commentMarks.gold}
              onSelectLines={(start, end) => setLineSelection({ pane: "gold", start, end })}
              fold={fold}
            />
          ),
          test: (fold) => (
            <PatchEditor
              pane="test"
              {...fold}
              label="Test patch"
              text={
                instance.testPatch ||
                "# The tests are not in this record: the benchmark keeps them in the repository at its commit\n# (SWE-smith does), and FAIL_TO_PASS names the ones that must pass.\n"
              }
              marks={marks.test}
              messages={messageLines.test}
              reveal={reveal.test}
              onPick={pick}
              wrap={wrap}
              comments={commentMarks.test}
              onSelectLines={(start, end) => setLineSelection({ pane: "test", start, end })}
            />
          ),
          hint: ({ folded, onFold }) => (
            <HintPanel
              data={data}
              state={state}
              dispatch={dispatch}
              identifiers={selected}
              rendered={composed.text}
              onMode={enterMode}
              onDecide={
                canDecide
                  ? (action) => {
                      setKeyNotice(null);
                      void decide(action);
                    }
                  : null
              }
              onPick={pick}
              status={
                round ? ROUND_STATUS[(round.mine.action ?? "pending") as keyof typeof ROUND_STATUS] : saved.status
              }
              policyLocked={round !== null}
              notices={notices}
              folded={folded}
              onFold={onFold}
              comments={
                <LineComments
                  key={instance.id}
                  instanceId={instance.id}
                  threads={liveThreads}
                  onThreads={setLiveThreads}
                  selected={lineSelection}
                  canComment={canDecide}
                  roundId={round?.id ?? null}
                />
              }
            />
          ),
        }}
      />
      {!round && (
        <AuditTrail policy={`${selection} × ${projection}`} decisions={saved.decisions} threads={liveThreads} />
      )}
      {state.overlay && <ShortcutsOverlay keymap={keymap} onClose={() => dispatch({ type: "overlay", open: false })} />}
      <ReviewToast
        message={state.message}
        keyNotice={keyNotice}
        canUndo={Boolean(lastDecisionShown) && canDecide}
        saving={state.saving}
        onUndo={() => void undo()}
      />
    </>
  );
}
