"use client";

import { useEffect } from "react";
import { type Keymap, readKey } from "@/lib/review/keymap";
import { commandForKey, type KeyCommand, type KeyContext } from "@/lib/review/review-keys";

/**
 * The workspace's keyboard: every key press outside a text field becomes a command (lib/review/review-keys)
 * that `run` carries out. A read-only patch pane (Monaco keeps a hidden text area) is no text field, so the
 * shortcuts work after a click in a pane; Esc gives the keys back to the page from anywhere.
 */
export function useReviewKeys(
  context: Omit<KeyContext, "key" | "inTextField" | "modified">,
  run: (command: KeyCommand) => void,
  onLive: () => void,
  keymap: Keymap = {},
) {
  const { mode, stale, canDecide, inRound } = context;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const inPatch = target?.closest?.(".monaco-editor") != null;
      // A tick box or a button takes no typing: the shortcuts work from it (j/k move through tick boxes).
      const typing =
        target?.tagName === "TEXTAREA" ||
        target?.tagName === "SELECT" ||
        (target?.tagName === "INPUT" &&
          !["checkbox", "radio", "button", "submit"].includes((target as HTMLInputElement).type));
      // The user's own keys first: a moved shortcut answers on its new key, its old key on nothing.
      const key = typing ? event.key : readKey(keymap, event.key);
      if (key === "") return;
      const command = commandForKey({
        key,
        inTextField: !inPatch && typing,
        modified: event.metaKey || event.ctrlKey || event.altKey,
        mode,
        stale,
        canDecide,
        inRound,
      });
      if (!command) return;
      if (command.type === "escape") {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      } else event.preventDefault();
      run(command);
    };
    window.addEventListener("keydown", onKey);
    onLive();
    return () => window.removeEventListener("keydown", onKey);
  }, [mode, stale, canDecide, inRound, run, onLive, keymap]);
}
