/**
 * Sign-in rate limiting: after `maxFailures` failed attempts for one key (a name, or an address) within
 * `windowMs`, further attempts for it are refused until the window since the first of them has passed. A
 * success clears the key. Pure: the clock is passed in.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly maxFailures = 5,
    readonly windowMs = 15 * 60_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Milliseconds until `key` may try again (0: it may now). */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.maxFailures) return 0;
    return (recent[recent.length - this.maxFailures] as number) + this.windowMs - now;
  }

  fail(key: string, now: number): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  /** How many keys it holds (bounded: stale keys are dropped when seen, and all of them by `sweep`). */
  get size(): number {
    return this.failures.size;
  }

  sweep(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}

/**
 * The client's address behind a trusted reverse proxy: the last `X-Forwarded-For` entry, the one that proxy
 * appended. Earlier entries are whatever the client sent, so counting by them lets a client pick a new
 * address for every guess.
 */
export function clientAddress(forwardedFor: string | null | undefined): string | null {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries.at(-1) ?? null;
}
