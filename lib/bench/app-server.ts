import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Starts the built app (`next start`) on 127.0.0.1:`port` over `databaseUrl`, and waits until it answers. */
export async function startAppServer(port: number, databaseUrl: string): Promise<{ stop(): void; pid: number }> {
  const server = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: process.env.BENCH_SERVER_LOG ? ["ignore", "ignore", "inherit"] : "ignore",
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid);
    } catch {}
  };
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/sign-in`)).ok) return { stop, pid: server.pid ?? 0 };
    } catch (error) {
      if (tries > 120) {
        stop();
        throw error;
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Debian's Chromium, as the end-to-end tests drive it. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });

/** The resident memory of a process and all its descendants, in MB (Linux /proc): the whole app server. */
export function treeRssMb(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
      rss.set(pid, (Number(fields[21]) * 4096) / 1024 / 1024);
    } catch {
      // a process that ended meanwhile
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}
