import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  DEFAULT_LAYOUTS,
  gridColumns,
  keyDelta,
  layoutNameFor,
  MIN_PANE_PX,
  neighboursOf,
  type PaneLayout,
  parseStoredLayout,
  resizeAt,
  separatorValue,
  serialiseLayout,
  storageKeyFor,
  toggleCollapsed,
} from "./pane-layout";

// The widths the compact layout draws in a 1280 px window (as measured in Chromium, in CSS pixels).
const drawn = { issue: 205, gold: 383, test: 383, hint: 273 };
const compact = DEFAULT_LAYOUTS.compact;

test.each([
  [1280, "compact"],
  [1366, "compact"],
  [1599, "compact"],
  [1600, "wide"],
  [1920, "wide"],
] as const)("a window %i px wide is laid out %s", (width, name) => {
  expect(layoutNameFor(width)).toBe(name);
});

test("the compact layout gives each patch pane more width than the issue and the hint panel", () => {
  const { weights } = compact;
  expect(weights.gold).toBeGreaterThan(weights.issue);
  expect(weights.gold).toBeGreaterThan(weights.hint);
  expect(weights.test).toBe(weights.gold);
  // The code's share is larger at 1280 than at 1920, where the issue and hint get room of their own.
  const share = (l: PaneLayout) => (l.weights.gold + l.weights.test) / Object.values(l.weights).reduce((a, b) => a + b);
  expect(share(compact)).toBeGreaterThan(share(DEFAULT_LAYOUTS.wide));
});

test("a separator moved right grows the pane on its left by what the one on its right gives", () => {
  const moved = resizeAt(compact, 0, 40, drawn);
  expect(moved.weights.issue).toBe(245);
  expect(moved.weights.gold).toBe(343);
  // The others keep their drawn width.
  expect(moved.weights.test).toBe(383);
  expect(moved.weights.hint).toBe(273);
  expect(moved.collapsed).toEqual(compact.collapsed);
});

test("a separator stops where either pane would go under its minimum (Home and End go as far as it goes)", () => {
  const end = resizeAt(compact, 2, Number.POSITIVE_INFINITY, drawn);
  expect(end.weights.hint).toBe(MIN_PANE_PX.hint);
  expect(end.weights.test).toBe(383 + 273 - MIN_PANE_PX.hint);
  const home = resizeAt(compact, 1, Number.NEGATIVE_INFINITY, drawn);
  expect(home.weights.gold).toBe(MIN_PANE_PX.gold);
  expect(home.weights.test).toBe(383 + 383 - MIN_PANE_PX.gold);
  // Already at its minimum, a further move left changes nothing.
  expect(resizeAt(home, 1, -32, { ...drawn, gold: home.weights.gold, test: home.weights.test }).weights).toEqual(
    home.weights,
  );
});

test("two panes together narrower than both minimums share what there is without going negative", () => {
  const narrow = { issue: 100, gold: 150, test: 150, hint: 200 };
  const moved = resizeAt(compact, 0, 500, narrow);
  expect(moved.weights.issue + moved.weights.gold).toBe(250);
  expect(moved.weights.gold).toBeGreaterThanOrEqual(0);
  expect(moved.weights.issue).toBeGreaterThanOrEqual(0);
});

test("a separator beside a folded pane divides the nearest open panes; with none on one side it divides nothing", () => {
  const goldFolded = toggleCollapsed(compact, "gold");
  expect(neighboursOf(goldFolded, 0)).toEqual(["issue", "test"]);
  expect(neighboursOf(goldFolded, 1)).toEqual(["issue", "test"]);
  const moved = resizeAt(goldFolded, 0, 30, { ...drawn, gold: 36 });
  expect(moved.weights.issue).toBe(235);
  expect(moved.weights.test).toBe(353);
  const issueFolded = toggleCollapsed(compact, "issue");
  expect(neighboursOf(issueFolded, 0)).toBeNull();
  expect(resizeAt(issueFolded, 0, 30, drawn)).toBe(issueFolded);
  expect(separatorValue(issueFolded, 0, drawn)).toBe(0);
});

test("a folded pane opens again at the share it had before the others were resized", () => {
  const folded = toggleCollapsed(compact, "issue");
  // The issue's strip is 36 px; the other three take the rest.
  const moved = resizeAt(folded, 1, 0, { issue: 36, gold: 480, test: 480, hint: 342 });
  const reopened = toggleCollapsed(moved, "issue");
  const share = (l: PaneLayout) => l.weights.issue / l.weights.gold;
  expect(share(reopened)).toBeCloseTo(share(compact), 3);
});

test("the last open pane does not fold", () => {
  let layout = compact;
  for (const pane of ["issue", "gold", "test"] as const) layout = toggleCollapsed(layout, pane);
  expect(toggleCollapsed(layout, "hint")).toBe(layout);
  expect(toggleCollapsed(layout, "gold").collapsed.gold).toBe(false);
});

test.each([
  ["ArrowLeft", false, -32],
  ["ArrowRight", false, 32],
  ["ArrowRight", true, 128],
  ["Home", false, Number.NEGATIVE_INFINITY],
  ["End", false, Number.POSITIVE_INFINITY],
  ["ArrowUp", false, null],
  ["a", false, null],
])("the key %s (shift %s) moves a separator by %s px", (key, shift, delta) => {
  expect(keyDelta(key, shift)).toBe(delta);
});

test("a separator's value is the left pane's share of the two it divides, in percent", () => {
  expect(separatorValue(compact, 0, drawn)).toBe(35);
  expect(separatorValue(compact, 1, drawn)).toBe(50);
});

test("the grid's columns: a share and a minimum per open pane, a strip per folded one, a separator between", () => {
  expect(gridColumns(toggleCollapsed(compact, "issue"))).toBe(
    "var(--folded-pane) var(--pane-gap) minmax(220px, 1.4fr) var(--pane-gap) minmax(220px, 1.4fr) var(--pane-gap) minmax(260px, 1fr)",
  );
});

test("a kept layout reads back as it was kept, per user and layout", () => {
  const layout = toggleCollapsed(resizeAt(compact, 1, 64, drawn), "hint");
  expect(parseStoredLayout(serialiseLayout(layout), "compact")).toEqual(layout);
  expect(storageKeyFor("ada", "compact")).not.toBe(storageKeyFor("grace", "compact"));
  expect(storageKeyFor("ada", "compact")).not.toBe(storageKeyFor("ada", "wide"));
});

test.each([
  ["nothing kept", null],
  ["not JSON", "{weights:"],
  ["another shape", '{"widths":[1,2,3,4]}'],
  ["a pane missing", '{"weights":{"issue":1,"gold":1,"test":1},"collapsed":{}}'],
  ["a negative width", '{"weights":{"issue":-1,"gold":1,"test":1,"hint":1},"collapsed":{}}'],
  ["a width that is text", '{"weights":{"issue":"1","gold":1,"test":1,"hint":1},"collapsed":{}}'],
])("an unreadable kept layout (%s) is the default", (_, text) => {
  expect(parseStoredLayout(text, "wide")).toEqual(DEFAULT_LAYOUTS.wide);
});

test("a kept layout with every pane folded opens with none folded", () => {
  const text = JSON.stringify({
    weights: compact.weights,
    collapsed: { issue: true, gold: true, test: true, hint: true },
  });
  expect(parseStoredLayout(text, "compact").collapsed).toEqual(compact.collapsed);
});

test("the stylesheet draws the same layouts before the kept one is read (no jump when it is)", () => {
  const css = readFileSync(path.join(import.meta.dirname, "..", "..", "app", "globals.css"), "utf8");
  const fallbacks = [...css.matchAll(/var\(\s*--workspace-columns,\s*([^;]*?)\s*\);/g)].map((m) =>
    (m[1] ?? "").replace(/\s+/g, " "),
  );
  expect(fallbacks).toEqual([gridColumns(DEFAULT_LAYOUTS.compact), gridColumns(DEFAULT_LAYOUTS.wide)]);
});
