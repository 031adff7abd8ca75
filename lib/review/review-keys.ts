import { PROJECTIONS } from "../hint/vocabulary";
import type { Mode, WorkspaceAction } from "./workspace-state";

/** Every keyboard shortcut of the review workspace, as the ? overlay lists them. */
export const SHORTCUTS: Array<[key: string, does: string]> = [
  ["j / k", "next / previous instance in the current list"],
  ["a", "accept the hint as shown"],
  ["t", "trim mode: tick off identifiers and attributes, then accept"],
  ["f", "flag the hint (choose a reason)"],
  ["c", "re-confirm a decision the hint changed under (changed since decided)"],
  ["1 – 4", "projection: Name only, Declaration, Declaration + Doc, Pro"],
  ["/", "search the instance list"],
  ["?", "show or hide this list"],
  ["Esc", "close this list, leave trim or flag mode, and give the keys back from a pane"],
];

/** What a key press asks of the workspace. */
export type KeyCommand =
  | { type: "navigate"; to: "next" | "previous" }
  | { type: "decide"; action: "accept" | "trim" | "reconfirm" }
  | { type: "search" }
  /** Esc: close what is open and give the keys back to the page from wherever focus is */
  | { type: "escape" }
  | { type: "dispatch"; action: WorkspaceAction };

export interface KeyContext {
  key: string;
  /** focus is in a text field (input, text area, select); a read-only patch pane is none */
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
}

/** The command for a key press, or null when the key is not a shortcut here (the browser keeps it). */
export function commandForKey(context: KeyContext): KeyCommand | null {
  const { key } = context;
  if (key === "Escape") return { type: "escape" };
  if (context.inTextField || context.modified) return null;
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
