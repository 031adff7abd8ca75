import { expect, test } from "vitest";
import { KeyQueue, keepsKey, keyText, type QueuedKey, worthKeeping } from "./key-queue";

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

/**
 * A page as the workspace hook makes one: its handler keeps a key while the page is the one being left, else
 * runs it; on arrival it replays what was kept for it. `ran` is what each page did, in order.
 */
function pageOn(queue: KeyQueue<object, string>, instanceId: number, ran: string[]) {
  const page = {};
  let unbind: () => void = () => {};
  return {
    page,
    mount() {
      unbind = queue.bind((typed) => {
        if (queue.moving(page)) queue.keep(typed);
        else ran.push(`${instanceId}:${typed.key}`);
        return true;
      });
      const arrival = queue.arrive(page, instanceId);
      if (arrival && "replay" in arrival) for (const k of arrival.replay) ran.push(`${instanceId}:${k.key}`);
    },
    unmount: () => unbind(),
  };
}

const onPage = (path: string) => ({ typing: false, path });

test("keys typed while no page is live (the page left unmounted, the next one loading) are kept and replayed in order", () => {
  const queue = new KeyQueue<object, string>();
  const ran: string[] = [];
  const first = pageOn(queue, 1, ran);
  first.mount();
  queue.press(typed("a"), "page", onPage("/instances/1"));
  // The decision is sent: a move to instance 2 begins, the page left is still shown.
  queue.start(first.page, 2);
  expect(queue.press(typed("f"), "page", onPage("/instances/1"))).toBe(true);
  // The page left unmounts; the instance's loading state is shown: no page is live.
  first.unmount();
  expect(queue.press(typed("1"), "page", onPage("/instances/2"))).toBe(true);
  expect(queue.press(typed("Enter"), "page", onPage("/instances/2"))).toBe(true);
  expect(queue.press(typed("u"), "page", onPage("/instances/2"))).toBe(true);
  expect(queue.kept().map(keyText)).toEqual(["f", "1", "Enter", "u"]);
  // The next page mounts: everything typed since the move began, in order, and nothing on the page left.
  const second = pageOn(queue, 2, ran);
  second.mount();
  expect(ran).toEqual(["1:a", "2:f", "2:1", "2:Enter", "2:u"]);
  // Live now: a key runs at once.
  queue.press(typed("j"), "page", onPage("/instances/2"));
  expect(ran.at(-1)).toBe("2:j");
});

test("the page left unbinding late never unbinds the page that replaced it", () => {
  const queue = new KeyQueue<object, string>();
  const ran: string[] = [];
  const first = pageOn(queue, 1, ran);
  first.mount();
  queue.start(first.page, 2);
  const second = pageOn(queue, 2, ran);
  second.mount();
  first.unmount();
  queue.press(typed("a"), "page", onPage("/instances/2"));
  expect(ran).toEqual(["2:a"]);
});

test("with no page live and no move under way, or off an instance's page, or in a text field, keys are not taken", () => {
  const queue = new KeyQueue<object, string>();
  expect(queue.press(typed("a"), "page", onPage("/instances/1"))).toBe(false);
  queue.start({}, 2);
  // The curator went elsewhere (the list, a form): keys are that page's.
  expect(queue.press(typed("a"), "page", onPage("/instances"))).toBe(false);
  expect(queue.press(typed("a"), "page", { typing: true, path: "/instances/2" })).toBe(false);
  // Tab, arrows and the browser's own Ctrl shortcuts are not kept; Ctrl+Z (undo) is.
  expect(queue.press(typed("Tab"), "page", onPage("/instances/2"))).toBe(false);
  expect(queue.press(typed("c", { ctrl: true }), "page", onPage("/instances/2"))).toBe(false);
  expect(queue.press(typed("z", { ctrl: true }), "page", onPage("/instances/2"))).toBe(true);
  // A move to the end of a round (no instance, -1) keeps nothing while no page is live.
  queue.start({}, -1);
  expect(queue.press(typed("a"), "page", onPage("/instances/2"))).toBe(false);
  expect(worthKeeping(typed("Escape"), false)).toBe(true);
  expect(worthKeeping(typed("ArrowDown"), false)).toBe(false);
});

test("while the page is left, a key typed in its text field (the flag's note after f 1 Enter) is kept, not typed there", () => {
  // The note still has the cursor: a is no shortcut there (a letter of the note), yet the page is being left.
  expect(keepsKey(typed("a"), { typing: true, command: false, moving: true })).toBe(true);
  expect(keepsKey(typed("Enter"), { typing: true, command: false, moving: true })).toBe(true);
  expect(keepsKey(typed("Tab"), { typing: true, command: false, moving: true })).toBe(false);
  expect(keepsKey(typed("c", { ctrl: true }), { typing: false, command: false, moving: true })).toBe(false);
  // Not moving: the note's letters are the note's; outside a field a printable key waits behind a replay.
  expect(keepsKey(typed("a"), { typing: true, command: false, moving: false })).toBe(false);
  expect(keepsKey(typed("x"), { typing: false, command: false, moving: false })).toBe(true);
  expect(keepsKey(typed("ArrowDown"), { typing: false, command: false, moving: false })).toBe(false);
  expect(keepsKey(typed("ArrowDown"), { typing: false, command: true, moving: false })).toBe(true);
});
