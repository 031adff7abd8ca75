"use client";

import type { Dispatch } from "react";
import { composeHint } from "@/lib/hint/compose-hint";
import type { WorkspaceAction, WorkspaceState } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import type { RoundItem } from "@/lib/server/hints/round-state";
import { HintPanel } from "./hint-panel";
import { LineComments } from "./line-comments";
import { RoundNotice } from "./round-notice";
import { StaleNotice } from "./stale-notice";
import type { useKeyCommands } from "./use-key-commands";
import type { useLineSelection } from "./use-line-selection";
import type { savedState } from "./use-session-policy";
import type { useComposedHint } from "./use-workspace-hint";

/** A curator's own decision in a round, as the panel's status shows it. */
const ROUND_STATUS = { pending: "pending", accept: "accepted", trim: "trimmed", flag: "flagged" } as const;

type Decision = "accept" | "trim" | "flag" | "reconfirm";
type PanelProps = Parameters<typeof HintPanel>[0];
type Lines = ReturnType<typeof useLineSelection>;

/**
 * The review workspace's hint pane: the hint panel with, at its head, what changed under a stale decision or
 * the round's notice, and the line comments below.
 */
export function WorkspaceHintPane({
  data,
  state,
  dispatch,
  selected,
  rendered,
  source,
  saved,
  round,
  canDecide,
  decide,
  clearNotice,
  pick,
  onMode,
  folded,
  onFold,
  comments,
}: {
  data: ReviewData;
  state: WorkspaceState;
  dispatch: Dispatch<WorkspaceAction>;
  selected: PanelProps["identifiers"];
  rendered: string;
  source: ReturnType<typeof useComposedHint>["source"];
  saved: ReturnType<typeof savedState>;
  round: RoundItem | null;
  canDecide: boolean;
  decide: (action: Decision) => Promise<void>;
  clearNotice: () => void;
  pick: (name: string) => void;
  onMode: ReturnType<typeof useKeyCommands>["enterMode"];
  folded: boolean;
  onFold: PanelProps["onFold"];
  comments: Pick<Lines, "liveThreads" | "setLiveThreads" | "lineSelection">;
}) {
  const { selection, projection } = state;
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
    <HintPanel
      data={data}
      state={state}
      dispatch={dispatch}
      identifiers={selected}
      rendered={rendered}
      onMode={onMode}
      onDecide={
        canDecide
          ? (action) => {
              clearNotice();
              void decide(action);
            }
          : null
      }
      onPick={pick}
      status={round ? ROUND_STATUS[(round.mine.action ?? "pending") as keyof typeof ROUND_STATUS] : saved.status}
      policyLocked={round !== null}
      notices={notices}
      folded={folded}
      onFold={onFold}
      comments={
        <LineComments
          key={instance.id}
          instanceId={instance.id}
          threads={comments.liveThreads}
          onThreads={comments.setLiveThreads}
          selected={comments.lineSelection}
          canComment={canDecide}
          roundId={round?.id ?? null}
        />
      }
    />
  );
}
