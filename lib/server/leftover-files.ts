import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Removes what an earlier process left in `root` (an upload folder, a staging database) when it stopped
 * mid-import: only entries older than this process and not named in `live`.
 */
export async function removeLeftovers(root: string, live: ReadonlySet<string> = new Set()): Promise<void> {
  const started = Date.now() - process.uptime() * 1000;
  for (const entry of await readdir(root).catch(() => [] as string[])) {
    if (live.has(entry)) continue;
    const info = await stat(path.join(root, entry)).catch(() => null);
    if (info && info.mtimeMs < started) await rm(path.join(root, entry), { recursive: true, force: true });
  }
}
