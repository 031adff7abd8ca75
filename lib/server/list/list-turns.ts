/**
 * Turns for list renders. A list page or window costs the server's one thread some 25 ms, most of it
 * rendering, and every request costs Next's own routing and layout some 10 ms more before the page is
 * reached; fifty list requests at once would each get a slice in turn, and a request for any other page
 * would wait behind all fifty (1.2 s at 50,000 instances). So the proxy, the first code a request meets,
 * gives at most LIST_TURNS list requests a turn at once; the others wait theirs, in order, without taking the
 * thread, and other pages are served between them. The turn ends when the answer has been sent (the guard
 * that every page and route passes through schedules that), or after MAX_TURN_MS whatever happens.
 */
export const LIST_TURNS = 2;

/** The longest a turn is held: then it ends whether or not its answer said so. */
const MAX_TURN_MS = 3_000;

/** The request header the proxy names a request's turn in (set only by the proxy: it drops any sent to it). */
export const LIST_TURN_HEADER = "x-hintscope-list-turn";

/** The paths whose answers are list renders: the instance list, a benchmark's page, and the list's windows. */
export const isListPath = (pathname: string) =>
  pathname === "/instances" || pathname === "/api/instances" || /^\/benchmarks\/[^/]+$/.test(pathname);

interface Turns {
  running: number;
  waiting: Array<() => void>;
  /** the turns given to requests, by the id in their header */
  named: Map<string, () => void>;
}
const TURNS = Symbol.for("hintscope.listTurns");
const registry = globalThis as unknown as { [TURNS]?: Turns };
const turns = () => {
  registry[TURNS] ??= { running: 0, waiting: [], named: new Map() };
  return registry[TURNS];
};

/** Waits for a turn; resolves with the call that ends it (calling it twice is harmless). */
export async function takeListTurn(): Promise<() => void> {
  const state = turns();
  if (state.running >= LIST_TURNS) await new Promise<void>((resolve) => state.waiting.push(resolve));
  else state.running++;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timeout);
    const next = state.waiting.shift();
    // The turn passes straight to the next in line; otherwise it is free.
    if (next) next();
    else state.running--;
  };
  // A turn whose end is never called (a render that died unseen) is not held for ever.
  const timeout = setTimeout(end, MAX_TURN_MS);
  timeout.unref?.();
  return end;
}

/** Waits for a turn and files it under `id`, for endListTurn to end. */
export async function takeNamedListTurn(id: string): Promise<void> {
  const end = await takeListTurn();
  const { named } = turns();
  named.set(id, () => {
    named.delete(id);
    end();
  });
}

/** Ends the turn filed under `id`, if there is one. */
export function endListTurn(id: string): void {
  turns().named.get(id)?.();
}
