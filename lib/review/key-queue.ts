/*
 * Keys typed while the review workspace moves on (a decision saving, the next instance loading): kept, in
 * order, for the page the move arrives at, never run on the page being left nor dropped without a word.
 *
 * The move has three stretches, and a key can land in any of them: (1) the page left is still shown and
 * live (the decision is saving); (2) no workspace is mounted at all (the page left is gone, the instance's
 * loading state is shown while the next page is prepared on the server); (3) the next page is mounted but
 * its keyboard handling is not bound yet. The queue and the one key listener live outside any page, so a
 * key of stretch (2) or (3) is kept like one of (1), and the page that arrives replays them all in order.
 */

/** A key as typed: the key and its modifiers (the page it is replayed on decides what it means there). */
export interface QueuedKey {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

/** What the arriving page learns: the keys to replay there, or the keys dropped and why. */
export type Arrival = { replay: QueuedKey[] } | { dropped: QueuedKey[]; why: string } | null;

/** How a queued key is written for the curator: "a", "Space", "Ctrl+z". */
export const keyText = (k: QueuedKey) =>
  `${k.ctrl ? "Ctrl+" : ""}${k.meta ? "⌘" : ""}${k.alt ? "Alt+" : ""}${k.key === " " ? "Space" : k.key}`;

/** A live page's key handler: true when the key was its own (the browser's default is then prevented). */
export type KeyHandler<Where> = (typed: QueuedKey, where: Where) => boolean;

/** An instance's review page, the only place a move's keys are kept while no page is live. */
const REVIEW_PATH = /^\/instances\/\d+\/?$/;

/**
 * A key worth keeping while no page is live to say what it means: a printable key, Enter, Esc, or Ctrl+Z
 * (undo), typed outside a text field. Not Tab, arrows, a modifier alone, nor the browser's Ctrl shortcuts.
 */
export function worthKeeping(typed: QueuedKey, typing: boolean): boolean {
  if (typing) return false;
  if (typed.ctrl || typed.meta || typed.alt) return typed.key.toLowerCase() === "z" && !typed.alt;
  return typed.key.length === 1 || typed.key === "Enter" || typed.key === "Escape";
}

/**
 * Whether a key typed on a live page is kept rather than run there. While the page is being left (`moving`),
 * every key worth keeping is, even one typed in the page's own text field: the form there is being saved or
 * left (after f 1 Enter the cursor is still in the flag's note), and a key typed into it would go with it.
 * Otherwise (the page replays keys kept for it, and keys typed meanwhile wait behind them) a shortcut, or a
 * printable key or Enter outside a text field.
 */
export function keepsKey(typed: QueuedKey, at: { typing: boolean; command: boolean; moving: boolean }): boolean {
  if (at.command) return true;
  if (at.moving) return worthKeeping(typed, false);
  return !at.typing && (typed.key.length === 1 || typed.key === "Enter");
}

/**
 * One move at a time: `start` when a decision is sent or a navigation begins, from the page shown (any object
 * that is new on the next page, the review data) to the instance the move goes to. While the page shown is
 * still the one left, `keep` takes the keys typed. The page that arrives asks `arrive` for them.
 *
 * Every key press goes through `press` (one listener on the window, bound once): to the live page's handler
 * when one is bound, else, while a move to an instance is under way, into the queue.
 */
export class KeyQueue<Page, Where = unknown> {
  private from: Page | null = null;
  private to: number | null = null;
  private keys: QueuedKey[] = [];
  private handler: KeyHandler<Where> | null = null;

  start(from: Page, to: number) {
    this.from = from;
    this.to = to;
    this.keys = [];
  }

  /** The page `page` is being left: keys typed on it wait for the next one. */
  moving(page: Page): boolean {
    return this.from !== null && this.from === page;
  }

  keep(key: QueuedKey): QueuedKey[] {
    this.keys.push(key);
    return [...this.keys];
  }

  /** The keys kept so far (for the curator to be told). */
  kept(): QueuedKey[] {
    return [...this.keys];
  }

  /** The move did not happen (the save was refused): the keys kept, to be said as not taken. */
  cancel(): QueuedKey[] {
    const keys = this.keys;
    this.from = null;
    this.to = null;
    this.keys = [];
    return keys;
  }

  /** A page is live on instance `instanceId`: the keys kept for it, if a move from another page ended here. */
  arrive(page: Page, instanceId: number): Arrival {
    if (this.from === null || this.from === page) return null;
    const keys = this.keys;
    const to = this.to;
    this.cancel();
    if (keys.length === 0) return null;
    if (to !== instanceId) return { dropped: keys, why: "they were typed on the way to another page" };
    return { replay: keys };
  }

  /** A page's keyboard handling is live: keys go to `handler` until the function returned unbinds it. */
  bind(handler: KeyHandler<Where>): () => void {
    this.handler = handler;
    return () => {
      // A page going away unbinds its own handler only, never the one of the page that replaced it.
      if (this.handler === handler) this.handler = null;
    };
  }

  /**
   * A key typed, at `where`, on the page at `path`: true when it was taken (by the live page, or kept for the
   * page a move is bringing). With no page live, a key is kept only while a move to an instance is under way
   * and the browser is still on an instance's review page (the one left, or the one loading).
   */
  press(typed: QueuedKey, where: Where, context: { typing: boolean; path: string }): boolean {
    if (this.handler) return this.handler(typed, where);
    const underWay = this.from !== null && this.to !== null && this.to > 0;
    if (!underWay || !REVIEW_PATH.test(context.path) || !worthKeeping(typed, context.typing)) return false;
    this.keep(typed);
    return true;
  }
}
