import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSyntheticInstances } from "../lib/bench/synthetic-instances";
import { type AppServer, startAppServer } from "../lib/testing/app-server";
import { type DecisionAnswer, decideActionId, decideByAction } from "../lib/testing/decide-action";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../lib/testing/postgres-cluster";
import { signIn } from "../lib/testing/sign-in";
import { E2E_FILES, E2E_PASSWORD } from "./accounts";
import { expect, type Page, test } from "./app";

// A lab's setup: two app servers and an analysis worker on one PostgreSQL database (a throwaway cluster on
// loopback); the servers leave the analysis of uploads to the worker. Whatever must hold across processes is
// checked across them: sign-in failures, an upload's job, its analysis, decisions.
const FOLDER = path.join(E2E_FILES, "two-servers-pg");
const PORTS = [3110, 3111] as const;
const UPLOAD_ROOT = path.join(os.tmpdir(), "hintscope-uploads");

interface Facts {
  instances: Record<string, { count: number; pending: number; first: number[] }>;
  hints: Array<{ id: number; instanceId: number; version: number; decisions: number }>;
  decisions: Array<{ curator: string; hintId: number }>;
}

const tsx = (script: string, ...args: string[]) =>
  execFileSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8" });

test.skip(!POSTGRES_AVAILABLE, "needs PostgreSQL (Debian: apt-get install postgresql)");

test("two servers and a worker on one PostgreSQL database: the sign-in lock, an upload's job through a crash, its analysis by the worker, and decisions on both", async ({
  browser,
}) => {
  rmSync(FOLDER, { recursive: true, force: true });
  mkdirSync(FOLDER, { recursive: true });
  const cluster = await startPostgresCluster();
  const servers: AppServer[] = [];
  const start = (n: 0 | 1) =>
    startAppServer(PORTS[n], url, {
      log: path.join(FOLDER, `server-${"ab"[n]}.log`),
      env: { HINTSCOPE_REPOS: FOLDER, HINTSCOPE_SERVER_JOBS: "0" },
    });
  const url = cluster.createDatabase("two_servers");
  const workerLog = path.join(FOLDER, "worker.log");
  let worker: ReturnType<typeof spawn> | null = null;
  try {
    tsx("e2e/prepare-database.ts", url);
    const facts = () => JSON.parse(tsx("e2e/database-facts.ts", url)) as Facts;
    servers.push(await start(0), await start(1));
    const [a, b] = servers as [AppServer, AppServer];
    worker = spawn(process.execPath, ["--import", "tsx", "lib/cli/hints.ts", "worker", "--threads", "1"], {
      env: { ...process.env, DATABASE_URL: url, HINTSCOPE_REPOS: FOLDER },
      stdio: ["ignore", "ignore", "pipe"],
    });
    worker.stderr?.pipe(createWriteStream(workerLog));

    // Sign-in failures are counted in the database: five wrong passwords for cora, alternated between the
    // two servers, lock her name on both (each server alone has seen fewer than five).
    const attempt = async (page: Page, base: string, password: string) => {
      await page.goto(`${base}/sign-in`);
      await page.getByLabel("Name").fill("cora");
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      return page.locator("p[role=alert]");
    };
    const stranger = await (await browser.newContext({ storageState: undefined })).newPage();
    for (let n = 0; n < 5; n++)
      await expect(await attempt(stranger, n % 2 === 0 ? a.url : b.url, `wrong-${n}`)).toContainText(
        "Wrong name or password",
      );
    for (const server of [a, b])
      await expect(await attempt(stranger, server.url, E2E_PASSWORD)).toContainText("Too many failed sign-ins");
    await expect(stranger).toHaveURL(/\/sign-in/);

    // Two curators, each on a server of their own; a session made on one is good on the other (it is a row).
    const cookieOf = async (name: string, base: string) => {
      const context = await browser.newContext({ storageState: undefined });
      const page = await context.newPage();
      await signIn(page, base, name, E2E_PASSWORD);
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      return { context, cookie };
    };
    const ada = await cookieOf("ada", a.url);
    const grace = await cookieOf("grace", b.url);
    expect((await ada.context.request.get(`${b.url}/api/instances?limit=1`)).status()).toBe(200);

    // Decisions on both: for each demo hint, both decide at once from the version they read; exactly one is
    // saved and the other told of the conflict, whichever server each went to. Then the one told decides
    // again from the new version, on its own server: saved. Nothing lost, nothing overwritten.
    const action = decideActionId();
    const demo = facts().instances["Demo: Hintscope sample"]?.first.slice(0, 8) ?? [];
    expect(demo.length).toBeGreaterThanOrEqual(4);
    const decide = (who: "ada" | "grace", instanceId: number, version: number) =>
      decideByAction(who === "ada" ? a.url : b.url, action, who === "ada" ? ada.cookie : grace.cookie, {
        instanceId,
        selection: "defuse",
        projection: "declaration",
        action: who === "ada" ? "accept" : "flag",
        reason: who === "ada" ? null : "other",
        expectedVersion: version,
        note: "",
      });
    const saved: Array<{ curator: string; instanceId: number; version: number }> = [];
    for (const instanceId of demo) {
      // Undecided so far: both read version 0 (the hint's row is made by the first decision).
      const answers = await Promise.all([decide("ada", instanceId, 0), decide("grace", instanceId, 0)]);
      expect(answers.map((x) => x.kind).sort(), JSON.stringify(answers)).toEqual(["conflict", "saved"]);
      const winner = answers[0]?.kind === "saved" ? "ada" : "grace";
      const loser = winner === "ada" ? "grace" : "ada";
      saved.push({
        curator: winner,
        instanceId,
        version: (answers.find((x) => x.kind === "saved") as { version: number }).version,
      });
      const again: DecisionAnswer = await decide(loser, instanceId, 1);
      expect(again.kind, JSON.stringify(again)).toBe("saved");
      saved.push({ curator: loser, instanceId, version: (again as { version: number }).version });
    }
    const after = facts();
    for (const instanceId of demo) {
      const hint = after.hints.find((h) => h.instanceId === instanceId);
      expect(hint?.version).toBe(2);
      expect(hint?.decisions).toBe(2);
      const mine = saved.filter((s) => s.instanceId === instanceId);
      expect(mine.map((s) => s.version)).toEqual([1, 2]);
      expect(after.decisions.filter((d) => d.hintId === hint?.id).map((d) => d.curator)).toEqual(
        mine.map((s) => s.curator),
      );
    }

    // An upload's job on one server is seen on the other while it runs; its server killed mid-import, the
    // other says at once that it failed and why; nothing of the file was written (an import is all or
    // nothing); the restarted server says the same, its upload folder is gone after the next upload there,
    // and the file uploaded again is imported and analysed, its progress again seen from the other server.
    const file = path.join(FOLDER, "crash.jsonl");
    await writeSyntheticInstances(file, 20_000, "Crash test");
    const upload = async (server: AppServer, name: string) => {
      const response = await ada.context.request.post(`${server.url}/api/import?name=${name}&job=1`, {
        headers: { "x-hintscope-upload": "1" },
        data: readFileSync(file),
      });
      expect(response.status(), await response.text()).toBe(202);
      return ((await response.json()) as { job: string }).job;
    };
    const jobOn = async (server: AppServer, id: string) =>
      (await (await ada.context.request.get(`${server.url}/api/import/jobs/${id}`)).json()) as {
        state: string;
        records: number;
        analysed: number;
        errors?: string[];
      };
    const killed = await upload(a, "crash.jsonl");
    await expect
      .poll(async () => (await jobOn(b, killed)).records, { timeout: 5 * 60_000, intervals: [100] })
      .toBeGreaterThan(0);
    expect((await jobOn(b, killed)).state).toBe("importing");
    expect(existsSync(path.join(UPLOAD_ROOT, killed))).toBe(true);
    await a.kill();
    const seen = await jobOn(b, killed);
    expect(seen.state).toBe("failed");
    expect(seen.errors?.join("\n")).toMatch(
      /the server importing it stopped .* nothing of this file was written: upload it again/,
    );
    expect(facts().instances["Crash test"]?.count ?? 0).toBe(0);

    servers[0] = await start(0);
    const restarted = servers[0];
    expect((await jobOn(restarted, killed)).state).toBe("failed");
    const again = await upload(restarted, "crash-again.jsonl");
    expect(existsSync(path.join(UPLOAD_ROOT, killed))).toBe(false);
    // Imported on A, analysed by the worker (the servers leave it to workers), followed from B.
    await expect
      .poll(async () => (await jobOn(b, again)).analysed, { timeout: 5 * 60_000, intervals: [200] })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await jobOn(b, again)).state, { timeout: 8 * 60_000, intervals: [500] })
      .toBe("done");
    expect((await jobOn(b, again)).analysed).toBe(20_000);
    const imported = facts().instances["Crash test"];
    expect({ count: imported?.count, pending: imported?.pending }).toEqual({ count: 20_000, pending: 0 });
    expect(readFileSync(workerLog, "utf8")).toMatch(/hintscope worker: analysed \d+ instance\(s\)[^\n]*; 0 pending/);
    for (const server of ["a", "b"])
      expect(readFileSync(path.join(FOLDER, `server-${server}.log`), "utf8")).not.toMatch(/hintscope: analysis:/);
    // Stopped, the worker ends its slice and exits 0.
    const exited = new Promise((resolve) => worker?.once("exit", resolve));
    worker.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    if (worker && worker.exitCode === null) worker.kill("SIGKILL");
    for (const server of servers) await server.stop();
    cluster.stop();
  }
});
