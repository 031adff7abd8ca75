import { expect, test } from "vitest";
import { KeyQueue, keyText, type QueuedKey } from "./key-queue";

const typed = (key: string, over: Partial<QueuedKey> = {}): QueuedKey => ({
  key,
  ctrl: false,
  meta: false,
  alt: false,
  shift: false,
  ...over,
});

test("keys typed while a page is left are replayed, in order, on the instance the move reaches", () => {
  const queue = new KeyQueue<object>();
  const first = {};
  const second = {};
  expect(queue.moving(first)).toBe(false);
  queue.start(first, 2);
  expect(queue.moving(first)).toBe(true);
  expect(queue.moving(second)).toBe(false);
  queue.keep(typed("u"));
  expect(queue.keep(typed(" ")).map(keyText)).toEqual(["u", "Space"]);
  // The page left re-renders (the save's answer): still moving, nothing replayed there.
  expect(queue.arrive(first, 1)).toBeNull();
  expect(queue.arrive(second, 2)).toEqual({ replay: [typed("u"), typed(" ")] });
  // Taken once.
  expect(queue.arrive(second, 2)).toBeNull();
  expect(queue.moving(first)).toBe(false);
});

test("a refused move gives its keys back to be said as not taken; a move elsewhere drops them with why", () => {
  const queue = new KeyQueue<object>();
  const page = {};
  queue.start(page, 5);
  queue.keep(typed("a"));
  expect(queue.cancel()).toEqual([typed("a")]);
  expect(queue.moving(page)).toBe(false);
  queue.start(page, 5);
  queue.keep(typed("z", { ctrl: true }));
  expect(queue.arrive({}, 9)).toEqual({
    dropped: [typed("z", { ctrl: true })],
    why: "they were typed on the way to another page",
  });
  expect(keyText(typed("z", { ctrl: true }))).toBe("Ctrl+z");
  // A move with nothing typed meanwhile: nothing to say.
  queue.start(page, 5);
  expect(queue.arrive({}, 5)).toBeNull();
});
