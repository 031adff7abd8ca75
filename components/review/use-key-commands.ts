"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { type FlagReason, SELECTION_POLICIES, type Selection } from "@/lib/domain/hint-vocabulary";
import type { KeyCommand } from "@/lib/review/review-keys";
import type { Mode, WorkspaceAction } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import type { Navigation } from "./review-header";
import { hrefOf } from "./use-decisions";
import { keyQueue } from "./use-review-keys";

/**
 * What each review key does on this page (`run`), and a mode change as keys and buttons make it
 * (`enterMode`): what a key cannot do is said (`say`), never done silently or half.
 */
export function useKeyCommands({
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
}: {
  data: ReviewData;
  navigation: Navigation;
  /** the identifiers the selection picks */
  selected: ReviewData["identifiers"];
  selection: Selection;
  reason: FlagReason | "";
  mode: Mode;
  decide: (action: "accept" | "trim" | "flag" | "reconfirm") => unknown;
  undo: () => unknown;
  dispatch: (action: WorkspaceAction) => void;
  say: (notice: string | null) => void;
}) {
  const router = useRouter();
  // Trim mode with nothing to tick is refused, said: an empty hint has nothing to trim (a test-facing message
  // to disclose is something).
  const nothingToTrim = selected.length === 0 && (data.instance.evidence?.literals.length ?? 0) === 0;
  const selectionLabel = SELECTION_POLICIES.find((p) => p.id === selection)?.label ?? selection;
  const enterMode = useCallback(
    (next: "view" | "trim" | "flag") => {
      if (next === "trim" && nothingToTrim) {
        setKeyNotice(
          `Nothing to trim under ${selectionLabel}: it picks no identifier here. Nothing was decided (a accepts the empty hint, f flags it).`,
        );
        return;
      }
      setKeyNotice(null);
      dispatch({ type: "mode", mode: next });
    },
    [nothingToTrim, selectionLabel, dispatch, setKeyNotice],
  );

  const run = useCallback(
    (command: KeyCommand) => {
      const go = (id: number | null) => {
        if (!id) return;
        keyQueue.start(data, id);
        router.push(hrefOf(id, navigation.list));
      };
      switch (command.type) {
        case "navigate":
          go(command.to === "next" ? navigation.next : navigation.previous);
          break;
        case "decide":
          if (command.action === "flag" && !reason) {
            setKeyNotice(`Not flagged: choose a reason first (1–7, or the form's list).`);
            break;
          }
          setKeyNotice(null);
          void decide(command.action);
          break;
        case "search":
          router.push(`/instances?${navigation.list ? `${navigation.list}&` : ""}focus=search`);
          break;
        case "move": {
          // Trim mode: the next or previous tick box of the hint panel, brought into view.
          const boxes = [...document.querySelectorAll<HTMLInputElement>("ul.identifiers input[type=checkbox]")];
          if (boxes.length === 0) break;
          const at = boxes.indexOf(document.activeElement as HTMLInputElement);
          const next = at < 0 ? 0 : command.to === "next" ? Math.min(boxes.length - 1, at + 1) : Math.max(0, at - 1);
          boxes[next]?.focus();
          boxes[next]?.scrollIntoView({ block: "nearest" });
          break;
        }
        case "escape":
          dispatch({ type: "escape" });
          break;
        case "undo":
          void undo();
          break;
        case "dispatch":
          if (command.action.type === "toggle-trim-mode") enterMode(mode === "trim" ? "view" : "trim");
          else if (command.action.type === "mode") enterMode(command.action.mode);
          else dispatch(command.action);
          break;
      }
    },
    [router, navigation, decide, undo, data, reason, enterMode, mode, dispatch, setKeyNotice],
  );
  return { enterMode, run };
}
