import { FLAG_REASON_IDS, PROJECTIONS } from "../domain/hint-vocabulary";
import type { Mode, WorkspaceAction } from "./workspace-state";

/** Every keyboard shortcut of the review workspace, as the ? overlay lists them. */
export const SHORTCUTS: Array<[key: string, does: string]> = [
  ["j / k", "next / previous instance in the current list"],
  ["a", "accept the hint as shown"],
  ["t", "trim mode: tick off identifiers and attributes, then accept"],
  ["j / k, Space (trim mode)", "move through the identifiers and attributes; tick or untick the one focused"],
  ["f", "flag the hint (choose a reason)"],
  ["1 – 7, Enter (flag mode)", "the flag's reason, in the form's order (then type a note); save the flag"],
  ["Ctrl+Enter (trim or flag mode)", "save the trimmed hint or the flag, from any field of the form"],
  ["c", "re-confirm a decision the hint changed under (changed since decided)"],
  ["u / Ctrl+Z", "undo your last decision (recorded as an undo)"],
  ["1 – 4", "projection: Name only, Declaration, Declaration + Doc, Pro"],
  ["/", "search the instance list"],
  ["?", "show or hide this list"],
  ["Esc", "close this list, leave trim or flag mode, and give the keys back from a pane"],
];

/** What a key press asks of the workspace. */
export type KeyCommand =
  | { type: "navigate"; to: "next" | "previous" }
  | { type: "decide"; action: "accept" | "trim" | "reconfirm" | "flag" }
  | { type: "search" }
  /** take back the curator's last decision */
  | { type: "undo" }
  /** trim mode: the next or previous tick box of the hint panel */
  | { type: "move"; to: "next" | "previous" }
  /** Esc: close what is open and give the keys back to the page from wherever focus is */
  | { type: "escape" }
  | { type: "dispatch"; action: WorkspaceAction };

export interface KeyContext {
  key: string;
  /** focus is in a text field (a text input, text area, select); a tick box or a read-only patch pane is none */
  inTextField: boolean;
  /** Ctrl, Alt or Meta is held: the browser's shortcut, not ours */
  modified: boolean;
  mode: Mode;
  /** the hint shown changed since it was decided */
  stale: boolean;
  /** the signed-in user may decide */
  canDecide: boolean;
  /** deciding in a review round: the policy is the round's and there is nothing to re-confirm */
  inRound: boolean;
  /**
   * Enter that saves the form open, from wherever focus is in it: Ctrl+Enter (⌘+Enter) anywhere, or a plain
   * Enter in the flag's note (Shift+Enter starts a new line there)
   */
  submit?: boolean;
  /** focus is on a button or a link: Enter presses what it names, never a shortcut */
  onControl?: boolean;
}

/** The command for a key press, or null when the key is not a shortcut here (the browser keeps it). */
export function commandForKey(context: KeyContext): KeyCommand | null {
  const { key } = context;
  if (key === "Escape") return { type: "escape" };
  // Ctrl+Enter saves the form open (the trimmed hint, the flag), even from a text field.
  if (key === "Enter" && context.submit && context.canDecide) {
    if (context.mode === "flag") return { type: "decide", action: "flag" };
    if (context.mode === "trim") return { type: "decide", action: "trim" };
  }
  if (context.inTextField) return null;
  if (key === "Enter" && context.onControl) return null;
  // Ctrl+Z (⌘Z) outside a text field: the last decision, not the browser's undo of nothing.
  if (context.modified) return key.toLowerCase() === "z" && context.canDecide ? { type: "undo" } : null;
  if (key === "u") return context.canDecide ? { type: "undo" } : null;
  // Flag mode: the digits choose the reason (not a projection), Enter saves.
  if (context.mode === "flag" && context.canDecide) {
    const reason = FLAG_REASON_IDS[Number(key) - 1];
    if (/^[1-9]$/.test(key)) return reason ? { type: "dispatch", action: { type: "reason", reason } } : null;
    if (key === "Enter") return { type: "decide", action: "flag" };
  }
  // Trim mode: j and k move through the tick boxes (Space ticks the focused one, as a tick box does).
  if (context.mode === "trim" && (key === "j" || key === "k"))
    return { type: "move", to: key === "j" ? "next" : "previous" };
  if (context.inRound && /^[1-9c]$/.test(key)) return null;
  if (!context.canDecide && "atfc".includes(key)) return null;
  switch (key) {
    case "j":
      return { type: "navigate", to: "next" };
    case "k":
      return { type: "navigate", to: "previous" };
    case "a":
      return { type: "decide", action: context.mode === "trim" ? "trim" : "accept" };
    case "t":
      return { type: "dispatch", action: { type: "toggle-trim-mode" } };
    case "f":
      return { type: "dispatch", action: { type: "mode", mode: "flag" } };
    case "c":
      return context.stale ? { type: "decide", action: "reconfirm" } : null;
    case "?":
      return { type: "dispatch", action: { type: "overlay", open: "toggle" } };
    case "/":
      return { type: "search" };
  }
  const projection = PROJECTIONS[Number(key) - 1];
  return /^[1-9]$/.test(key) && projection ? { type: "dispatch", action: { type: "projection", projection } } : null;
}
