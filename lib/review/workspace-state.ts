import type { FlagReason, Projection, Selection } from "../domain/hint-vocabulary";
import { NO_TRIM, type Trim } from "../hint/compose-hint";
import { type Picked, pickNext } from "./patch-marks";

/*
 * The review workspace's state and every way it changes, as one pure reducer: the page dispatches what the
 * curator did (a key, a click, a save's answer) and renders what this returns.
 */

export type Mode = "view" | "trim" | "flag";
export type WorkspaceMessage = { kind: "ok" | "error" | "conflict"; text: string };

export interface WorkspaceState {
  selection: Selection;
  projection: Projection;
  /** the curator's trim of the hint shown (identifiers, attributes, descriptions) */
  trim: Trim;
  mode: Mode;
  reason: FlagReason | "";
  note: string;
  /** highlight the other selections' identifiers too, lighter */
  showOthers: boolean;
  wrap: boolean;
  picked: Picked;
  /** the shortcuts list is open */
  overlay: boolean;
  message: WorkspaceMessage | null;
  saving: boolean;
}

export type WorkspaceAction =
  | { type: "selection"; selection: Selection }
  | { type: "projection"; projection: Projection }
  /** the policy was picked elsewhere (the list, the session): take both at once */
  | { type: "policy"; selection: Selection; projection: Projection }
  | { type: "trim"; trim: Trim }
  /** the saved trim of the hint shown changed (another policy, a new save): start from it */
  | { type: "reset-trim"; trim: Trim }
  | { type: "mode"; mode: Mode }
  | { type: "toggle-trim-mode" }
  | { type: "reason"; reason: FlagReason | "" }
  | { type: "note"; note: string }
  | { type: "show-others"; on: boolean }
  | { type: "wrap"; on: boolean }
  | { type: "pick"; name: string }
  | { type: "overlay"; open: boolean | "toggle" }
  /** Esc: close the overlay, leave trim or flag mode */
  | { type: "escape" }
  | { type: "saving" }
  /** a save came back: done (leave trim or flag mode) or refused, with what to tell the curator */
  | { type: "saved"; message: WorkspaceMessage }
  | { type: "refused"; message: WorkspaceMessage }
  | { type: "message"; message: WorkspaceMessage | null };

/** The workspace as it opens: on a policy, with the hint's saved trim, nothing picked. */
export const initialWorkspace = (
  policy: { selection: Selection; projection: Projection },
  trim: Trim = NO_TRIM,
): WorkspaceState => ({
  selection: policy.selection,
  projection: policy.projection,
  trim,
  mode: "view",
  reason: "",
  note: "",
  showOthers: false,
  wrap: false,
  picked: null,
  overlay: false,
  message: null,
  saving: false,
});

export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case "selection":
      return { ...state, selection: action.selection };
    case "projection":
      return { ...state, projection: action.projection };
    case "policy":
      return { ...state, selection: action.selection, projection: action.projection };
    case "trim":
    case "reset-trim":
      return { ...state, trim: action.trim };
    case "mode":
      return { ...state, mode: action.mode };
    case "toggle-trim-mode":
      return { ...state, mode: state.mode === "trim" ? "view" : "trim" };
    case "reason":
      return { ...state, reason: action.reason };
    case "note":
      return { ...state, note: action.note };
    case "show-others":
      return { ...state, showOthers: action.on };
    case "wrap":
      return { ...state, wrap: action.on };
    case "pick":
      return { ...state, picked: pickNext(state.picked, action.name) };
    case "overlay":
      return { ...state, overlay: action.open === "toggle" ? !state.overlay : action.open };
    case "escape":
      return { ...state, overlay: false, mode: "view" };
    case "saving":
      return { ...state, saving: true };
    case "saved":
      return { ...state, saving: false, mode: "view", message: action.message };
    case "refused":
      return { ...state, saving: false, message: action.message };
    case "message":
      return { ...state, message: action.message };
  }
}
