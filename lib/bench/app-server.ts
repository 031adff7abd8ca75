import { spawn } from "node:child_process";
import { chromium } from "@playwright/test";

/** Starts the built app (`next start`) on 127.0.0.1:`port` over `databaseUrl`, and waits until it answers. */
export async function startAppServer(port: number, databaseUrl: string): Promise<{ stop(): void }> {
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
      if ((await fetch(`http://127.0.0.1:${port}/sign-in`)).ok) return { stop };
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
