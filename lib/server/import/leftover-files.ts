import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Removes what an earlier process left in `root` (an upload folder, a staging database) when it stopped
 * mid-import: only entries last changed before this process started (and at least `minAgeMs` ago, for a
 * folder another running process may be using) and not named in `live`.
 */
export async function removeLeftovers(
  root: string,
  live: ReadonlySet<string> = new Set(),
  minAgeMs = 0,
): Promise<void> {
  const started = Math.min(Date.now() - process.uptime() * 1000, Date.now() - minAgeMs);
  for (const entry of await readdir(root).catch(() => [] as string[])) {
    if (live.has(entry)) continue;
    const info = await stat(path.join(root, entry)).catch(() => null);
    if (info && info.mtimeMs < started) await rm(path.join(root, entry), { recursive: true, force: true });
  }
}
