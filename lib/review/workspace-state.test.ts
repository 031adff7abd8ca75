import { expect, test } from "vitest";
import { NO_TRIM } from "../hint/compose-hint";
import { commandForKey, type KeyContext } from "./review-keys";
import { initialWorkspace, type WorkspaceAction, workspaceReducer } from "./workspace-state";

const opening = initialWorkspace({ selection: "defuse", projection: "declaration" });
const run = (...actions: WorkspaceAction[]) => actions.reduce(workspaceReducer, opening);

test("the workspace opens on its policy and saved trim, in view mode with nothing picked", () => {
  const trim = { identifiers: ["a"], attributes: {} };
  expect(initialWorkspace({ selection: "fea", projection: "name" }, trim)).toMatchObject({
    selection: "fea",
    projection: "name",
    trim,
    mode: "view",
    picked: null,
    overlay: false,
    saving: false,
  });
  expect(opening.trim).toEqual(NO_TRIM);
});

test("a save: saving, then saved leaves trim mode with its message; a refusal keeps the mode", () => {
  const trimming = run({ type: "toggle-trim-mode" }, { type: "saving" });
  expect(trimming).toMatchObject({ mode: "trim", saving: true });
  expect(workspaceReducer(trimming, { type: "saved", message: { kind: "ok", text: "Saved: trimmed." } })).toMatchObject(
    { mode: "view", saving: false, message: { text: "Saved: trimmed." } },
  );
  const refused = workspaceReducer(trimming, { type: "refused", message: { kind: "conflict", text: "Conflict" } });
  expect(refused).toMatchObject({ mode: "trim", saving: false, message: { kind: "conflict" } });
});

test("t toggles trim mode, Esc closes the overlay and leaves any mode, picks step on", () => {
  expect(run({ type: "toggle-trim-mode" }, { type: "toggle-trim-mode" }).mode).toBe("view");
  expect(run({ type: "mode", mode: "flag" }, { type: "overlay", open: "toggle" }, { type: "escape" })).toMatchObject({
    mode: "view",
    overlay: false,
  });
  expect(run({ type: "pick", name: "f" }, { type: "pick", name: "f" }, { type: "pick", name: "f" }).picked).toEqual({
    name: "f",
    step: 2,
  });
  expect(run({ type: "policy", selection: "pro", projection: "pro" })).toMatchObject({
    selection: "pro",
    projection: "pro",
  });
});

const key = (k: string, over: Partial<KeyContext> = {}) =>
  commandForKey({
    key: k,
    inTextField: false,
    modified: false,
    mode: "view",
    stale: false,
    canDecide: true,
    inRound: false,
    ...over,
  });

test("keys: j/k move, a accepts (or, in trim mode, saves the trim), 1–4 pick projections", () => {
  expect(key("j")).toEqual({ type: "navigate", to: "next" });
  expect(key("k")).toEqual({ type: "navigate", to: "previous" });
  expect(key("a")).toEqual({ type: "decide", action: "accept" });
  expect(key("a", { mode: "trim" })).toEqual({ type: "decide", action: "trim" });
  expect(key("2")).toEqual({ type: "dispatch", action: { type: "projection", projection: "declaration" } });
  expect(key("4")).toEqual({ type: "dispatch", action: { type: "projection", projection: "pro" } });
  expect(key("5")).toBeNull();
  expect(key("?")).toEqual({ type: "dispatch", action: { type: "overlay", open: "toggle" } });
  expect(key("x")).toBeNull();
});

test("keys: c re-confirms only a stale hint; text fields, modifiers, viewers and rounds keep their keys", () => {
  expect(key("c")).toBeNull();
  expect(key("c", { stale: true })).toEqual({ type: "decide", action: "reconfirm" });
  expect(key("a", { inTextField: true })).toBeNull();
  expect(key("j", { modified: true })).toBeNull();
  // Esc always works: it gives the keys back from a text field.
  expect(key("Escape", { inTextField: true })).toEqual({ type: "escape" });
  for (const k of ["a", "t", "f", "c"]) expect(key(k, { canDecide: false, stale: true })).toBeNull();
  expect(key("j", { canDecide: false })).toEqual({ type: "navigate", to: "next" });
  // A round fixes the policy: no projection keys, nothing to re-confirm; deciding works.
  expect(key("2", { inRound: true })).toBeNull();
  expect(key("c", { inRound: true, stale: true })).toBeNull();
  expect(key("a", { inRound: true })).toEqual({ type: "decide", action: "accept" });
});

test("keys in flag mode: the digits choose the reason in the form's order, Enter saves; a viewer gets neither", () => {
  expect(key("1", { mode: "flag" })).toEqual({ type: "dispatch", action: { type: "reason", reason: "spoiler" } });
  expect(key("2", { mode: "flag" })).toEqual({ type: "dispatch", action: { type: "reason", reason: "guesswork" } });
  expect(key("7", { mode: "flag" })).toEqual({ type: "dispatch", action: { type: "reason", reason: "other" } });
  expect(key("8", { mode: "flag" })).toBeNull();
  expect(key("Enter", { mode: "flag" })).toEqual({ type: "decide", action: "flag" });
  // Outside flag mode the digits are projections, and Enter is the browser's.
  expect(key("2")).toEqual({ type: "dispatch", action: { type: "projection", projection: "declaration" } });
  expect(key("Enter")).toBeNull();
  // Typing a note: the keys are the note's.
  expect(key("1", { mode: "flag", inTextField: true })).toBeNull();
  expect(key("1", { mode: "flag", canDecide: false })).toEqual({
    type: "dispatch",
    action: { type: "projection", projection: "name" },
  });
});

test("keys in trim mode: j/k move through the tick boxes instead of the instances; a saves the trim", () => {
  expect(key("j", { mode: "trim" })).toEqual({ type: "move", to: "next" });
  expect(key("k", { mode: "trim" })).toEqual({ type: "move", to: "previous" });
  expect(key("a", { mode: "trim" })).toEqual({ type: "decide", action: "trim" });
  expect(key("j")).toEqual({ type: "navigate", to: "next" });
});

test("Enter saves the form open from its fields (Ctrl+Enter, or Enter in the note); on a button it is the button's", () => {
  // Ctrl+Enter from the flag's note or reason, or from a description field of the trim: the form is saved.
  expect(key("Enter", { mode: "flag", inTextField: true, modified: true, submit: true })).toEqual({
    type: "decide",
    action: "flag",
  });
  expect(key("Enter", { mode: "trim", inTextField: true, modified: true, submit: true })).toEqual({
    type: "decide",
    action: "trim",
  });
  // Nothing open to save, or a viewer: Ctrl+Enter is nobody's shortcut.
  expect(key("Enter", { modified: true, submit: true })).toBeNull();
  expect(key("Enter", { mode: "flag", submit: true, canDecide: false })).toBeNull();
  // A plain Enter in a text field other than the note stays the field's.
  expect(key("Enter", { mode: "flag", inTextField: true })).toBeNull();
  // Focus on a button (Accept, Save flag): Enter presses that button, the page's shortcut does not fire.
  expect(key("Enter", { mode: "flag", onControl: true })).toBeNull();
  expect(key("Enter", { mode: "flag" })).toEqual({ type: "decide", action: "flag" });
});
