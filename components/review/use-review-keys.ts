"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { KeyQueue, keepsKey, type QueuedKey } from "@/lib/review/key-queue";
import { type Keymap, readKey } from "@/lib/review/keymap";
import { commandForKey, type KeyCommand, type KeyContext } from "@/lib/review/review-keys";

/**
 * Keys typed while the workspace moves on, kept across pages (the module outlives each instance's page).
 * Keyed by the review data shown: the next page's data is a new object, even on the same instance.
 */
export const keyQueue = new KeyQueue<object, KeyTarget>();

/**
 * The one key listener, bound once for the tab's life and never removed: a listener of the page's own would
 * go with the page, and the keys typed between the page left unmounting and the next one's handler being
 * bound (the loading state, then the new page's first effects) would reach nobody.
 */
let listening = false;
function listenOnce() {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("keydown", (event: KeyboardEvent) => {
    const typed = {
      key: event.key,
      ctrl: event.ctrlKey,
      meta: event.metaKey,
      alt: event.altKey,
      shift: event.shiftKey,
    };
    const where = targetOf(event.target as HTMLElement | null);
    if (keyQueue.press(typed, where, { typing: where.typing && !where.inPatch, path: window.location.pathname }))
      event.preventDefault();
  });
}

/** Where a key was typed, as far as the shortcuts care. */
interface KeyTarget {
  /** a text input, text area or select: the keys are its own */
  typing: boolean;
  /** a read-only patch pane (Monaco keeps a hidden text area): no text field */
  inPatch: boolean;
  /** a button or a link: Enter presses it */
  onControl: boolean;
  /** the flag's note: Enter saves the flag (Shift+Enter starts a new line) */
  inNote: boolean;
}

function targetOf(target: HTMLElement | null): KeyTarget {
  const inPatch = target?.closest?.(".monaco-editor") != null;
  // A tick box or a button takes no typing: the shortcuts work from it (j/k move through tick boxes).
  const typing =
    target?.tagName === "TEXTAREA" ||
    target?.tagName === "SELECT" ||
    (target?.tagName === "INPUT" &&
      !["checkbox", "radio", "button", "submit"].includes((target as HTMLInputElement).type));
  return {
    typing,
    inPatch,
    onControl: target?.closest?.("button, a[href]") != null,
    inNote: target?.closest?.("[data-flag-note]") != null,
  };
}

/** The page as it is when nothing has focus: where a key kept during a move is replayed. */
const NO_TARGET: KeyTarget = { typing: false, inPatch: false, onControl: false, inNote: false };

/**
 * The workspace's keyboard: every key press outside a text field becomes a command (lib/review/review-keys)
 * that `run` carries out. A read-only patch pane is no text field, so the shortcuts work after a click in a
 * pane; Esc gives the keys back to the page from anywhere. While the page moves on (`page`, the review data,
 * is the one being left), the keys that mean something here are kept and said (`onKept`); the page the move
 * arrives at replays them one per render, so each sees the state the one before left, and keys typed while
 * it replays wait behind them. Keys kept on the way to another page are said as not taken (`onDropped`).
 * Keys typed while no workspace is mounted (the instance's loading state) go into the same queue through the
 * one window listener, so the page that arrives replays them after those kept on the page left.
 */
export function useReviewKeys({
  context,
  run,
  onLive,
  keymap,
  page,
  instanceId,
  onKept,
  onDropped,
}: {
  context: Omit<KeyContext, "key" | "inTextField" | "modified">;
  run: (command: KeyCommand) => void;
  onLive: () => void;
  keymap: Keymap;
  page: object;
  instanceId: number;
  onKept: (keys: QueuedKey[]) => void;
  onDropped: (keys: QueuedKey[], why: string) => void;
}) {
  const { mode, stale, canDecide, inRound } = context;
  const commandOf = useCallback(
    (typed: QueuedKey, where: KeyTarget): KeyCommand | null => {
      // The user's own keys first: a moved shortcut answers on its new key, its old key on nothing.
      const key = where.typing ? typed.key : readKey(keymap, typed.key);
      if (key === "") return null;
      const modified = typed.ctrl || typed.meta || typed.alt;
      return commandForKey({
        key,
        inTextField: !where.inPatch && where.typing,
        modified,
        mode,
        stale,
        canDecide,
        inRound,
        submit: key === "Enter" && (typed.ctrl || typed.meta || (where.inNote && !typed.shift && !modified)),
        onControl: where.onControl,
      });
    },
    [mode, stale, canDecide, inRound, keymap],
  );
  // Keys kept for this page, not replayed yet.
  const replaying = useRef<QueuedKey[]>([]);
  const [replayTick, setReplayTick] = useState(0);
  // The freshest handler (the window listener and the replay call it): true when the key was ours.
  const handle = useRef<(typed: QueuedKey, where: KeyTarget) => boolean>(() => false);
  handle.current = (typed, where) => {
    const command = commandOf(typed, where);
    // While the page moves on, a key is kept whatever it means here: the page it arrives at may be in another
    // mode when it is replayed (Enter after f 1 saves a flag there; here it was nothing); kept too when typed in
    // a text field of the page left (the flag's note still has the cursor after f 1 Enter: an a typed there
    // before the next page came was typed into the note, and lost with it). Not Tab, arrows or a modifier
    // alone. Keys typed while the kept ones are replayed here wait behind them (outside a text field).
    const moving = keyQueue.moving(page);
    const keep = keepsKey(typed, { typing: where.typing && !where.inPatch, command: command !== null, moving });
    if (keep && moving) {
      onKept(keyQueue.keep(typed));
      return true;
    }
    if (keep && where !== NO_TARGET && replaying.current.length > 0) {
      replaying.current.push(typed);
      return true;
    }
    // Space ticks the tick box focused (trim mode): replayed as a tick.
    if (!command && !(typed.key === " " && !where.typing)) return false;
    if (!command) {
      const box = document.activeElement;
      if (where === NO_TARGET && box instanceof HTMLInputElement && box.type === "checkbox") box.click();
      return where === NO_TARGET;
    }
    if (command.type === "escape" && document.activeElement instanceof HTMLElement) document.activeElement.blur();
    run(command);
    return command.type !== "escape";
  };
  useEffect(() => {
    listenOnce();
    const unbind = keyQueue.bind((typed, where) => handle.current(typed, where));
    onLive();
    return unbind;
  }, [onLive]);
  // Arrived from a move: the keys typed meanwhile.
  useEffect(() => {
    const arrival = keyQueue.arrive(page, instanceId);
    if (arrival && "replay" in arrival) {
      replaying.current = arrival.replay;
      setReplayTick((n) => n + 1);
    } else if (arrival) onDropped(arrival.dropped, arrival.why);
  }, [page, instanceId, onDropped]);
  // One kept key per render, as if typed here with nothing focused; one that moves on again keeps the rest
  // for the page after.
  // biome-ignore lint/correctness/useExhaustiveDependencies: replayTick is the render a replayed key asked for
  useEffect(() => {
    const next = replaying.current.shift();
    if (!next) return;
    handle.current(next, NO_TARGET);
    if (keyQueue.moving(page)) {
      let kept: QueuedKey[] = [];
      for (const key of replaying.current) kept = keyQueue.keep(key);
      replaying.current = [];
      if (kept.length > 0) onKept(kept);
    } else setReplayTick((n) => n + 1);
  }, [replayTick, page, onKept]);
}
