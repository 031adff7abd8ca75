import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

/** A running `next start` of the built app, in its own process group. */
export interface AppServer {
  url: string;
  pid: number;
  /** Stops it (SIGTERM to the whole group) and waits until it has exited. */
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL to the whole group), as a crash or a pulled plug would, and waits. */
  kill(): Promise<void>;
  /** How it ended, where it has (`exit code 1`, `signal SIGKILL`); null while it runs. */
  ended(): string | null;
}

export interface AppServerOptions {
  /** More environment for the server (HINTSCOPE_REPOS, …). */
  env?: Record<string, string>;
  /** Where its standard output and error go (appended); else they are dropped (BENCH_SERVER_LOG: stderr shown). */
  log?: string;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/**
 * Starts the built app (`next start`) on 127.0.0.1:`port` over `databaseUrl`, and waits until it answers.
 * Refuses a port something already answers on (a server left over would be tested instead of this one).
 */
export async function startAppServer(
  port: number,
  databaseUrl: string,
  options: AppServerOptions = {},
): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  const answers = async () => {
    try {
      return (await fetch(`${url}/sign-in`)).ok;
    } catch {
      return false;
    }
  };
  if (await answers()) throw new Error(`${url} already answers: stop the server left on port ${port} first`);
  const log = options.log ? openSync(options.log, "a") : null;
  const server = spawn(path.join("node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, ...options.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1" },
    stdio:
      log !== null ? ["ignore", log, log] : process.env.BENCH_SERVER_LOG ? ["ignore", "ignore", "inherit"] : "ignore",
    detached: true,
  });
  if (log !== null) closeSync(log);
  let ended: string | null = null;
  server.once("exit", (code, signal) => {
    ended = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  const signal = async (name: NodeJS.Signals) => {
    try {
      if (server.pid) process.kill(-server.pid, name);
    } catch {
      // the group has already gone
    }
    await exited(server);
  };
  // A test runner that dies must not leave the server holding the port.
  const orphan = () => {
    try {
      if (server.pid) process.kill(-server.pid, "SIGKILL");
    } catch {}
  };
  process.once("exit", orphan);
  const app: AppServer = {
    url,
    pid: server.pid ?? 0,
    stop: async () => {
      process.off("exit", orphan);
      await signal("SIGTERM");
    },
    kill: async () => {
      process.off("exit", orphan);
      await signal("SIGKILL");
    },
    ended: () => ended,
  };
  const started = Date.now();
  while (!(await answers())) {
    if (server.exitCode !== null || server.signalCode !== null) {
      const tail = options.log ? readFileSync(options.log, "utf8").slice(-2000) : "";
      throw new Error(`the app server on port ${port} exited before answering${tail ? `:\n${tail}` : ""}`);
    }
    if (Date.now() - started > 60_000) {
      await app.kill();
      throw new Error(`the app server on port ${port} did not answer within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return app;
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
