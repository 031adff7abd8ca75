/*
 * Keys typed while the review workspace moves on (a decision saving, the next instance loading): kept, in
 * order, for the page the move arrives at, never run on the page being left nor dropped without a word.
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

/**
 * One move at a time: `start` when a decision is sent or a navigation begins, from the page shown (any object
 * that is new on the next page, the review data) to the instance the move goes to. While the page shown is
 * still the one left, `keep` takes the keys typed. The page that arrives asks `arrive` for them.
 */
export class KeyQueue<Page> {
  private from: Page | null = null;
  private to: number | null = null;
  private keys: QueuedKey[] = [];

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
}
