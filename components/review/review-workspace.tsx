"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useState } from "react";
import type { Projection, Selection } from "@/lib/domain/hint-vocabulary";
import { NO_TRIM } from "@/lib/hint/compose-hint";
import type { Keymap } from "@/lib/review/keymap";
import type { CommentThread } from "@/lib/review/line-comments";
import { initialWorkspace, workspaceReducer } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import type { RoundItem } from "@/lib/server/hints/round-state";
import { AuditTrail } from "./audit-trail";
import { GoldPane } from "./gold-pane";
import { IssuePane } from "./issue-pane";
import { PaneGrid } from "./pane-grid";
import { PatchEditor } from "./patch-editor";
import { type Navigation, ReviewHeader } from "./review-header";
import { ReviewToast } from "./review-toast";
import { ShortcutsOverlay } from "./shortcuts-overlay";
import { useDecisions } from "./use-decisions";
import { useKeyCommands } from "./use-key-commands";
import { useLineSelection } from "./use-line-selection";
import { usePatchEvidence } from "./use-patch-evidence";
import { keyQueue, useReviewKeys } from "./use-review-keys";
import { savedState, useSessionPolicy } from "./use-session-policy";
import { NO_TEST_PATCH, useComposedHint, useKeyNotice } from "./use-workspace-hint";
import { WorkspaceHintPane } from "./workspace-hint-pane";

const DEFAULT_POLICY = { selection: "defuse", projection: "declaration" } as const;

/** What the review page hands the workspace. */
interface ReviewWorkspaceProps {
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
}

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
}: ReviewWorkspaceProps) {
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

  const { source, composed, selected, shown } = useComposedHint(data, selection, projection, trim, showOthers);
  const { marks, copiedLines, messageLines, reveal, step } = usePatchEvidence(data, shown, selected, picked);
  const pick = useCallback((name: string) => dispatch({ type: "pick", name }), []);

  // What a key did not do, and why (nothing to trim, a flag without its reason), or the keys kept while the
  // page moves on: said where the eye is, in the toast.
  const { keyNotice, setKeyNotice, onKept, onKeysDropped } = useKeyNotice();
  const { decide, undo, lastDecision } = useDecisions({
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

  const commands = { data, navigation, selected, selection, reason, mode, decide, undo, dispatch };
  const { enterMode, run } = useKeyCommands({ ...commands, say: setKeyNotice });
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
  // What the gold and the test pane each show of the evidence, and where a line selection goes.
  const side = (pane: "gold" | "test") => ({
    marks: marks[pane],
    messages: messageLines[pane],
    reveal: reveal[pane],
    comments: commentMarks[pane],
    onPick: pick,
    wrap,
    onSelectLines: (start: number, end: number) => setLineSelection({ pane, start, end }),
  });
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
          gold: (fold) => <GoldPane data={data} shown={shown} copied={copiedLines} fold={fold} {...side("gold")} />,
          test: (fold) => (
            <PatchEditor
              pane="test"
              {...fold}
              label="Test patch"
              text={instance.testPatch || NO_TEST_PATCH}
              {...side("test")}
            />
          ),
          hint: ({ folded, onFold }) => (
            <WorkspaceHintPane
              {...{ data, state, dispatch, selected, source, saved, round, canDecide, decide, pick, folded, onFold }}
              rendered={composed.text}
              onMode={enterMode}
              clearNotice={() => setKeyNotice(null)}
              comments={{ liveThreads, setLiveThreads, lineSelection }}
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
        canUndo={Boolean(lastDecision) && canDecide}
        saving={state.saving}
        onUndo={() => void undo()}
      />
    </>
  );
}
