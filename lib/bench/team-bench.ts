/**
 * `npm run bench:team` (after `npm run build`; needs PostgreSQL installed, and Chromium to sign in): a
 * team over two app servers on one database (BENCH_TEAM_SERVERS). A throwaway PostgreSQL cluster on
 * loopback, the servers on it, 20 curators signed in through the sign-in page of the server each works on
 * (curator i on server i mod n), each deciding hints as fast as the server answers for 60 s (BENCH_TEAM_SECONDS),
 * on a pool of 100 hints so that they collide. Prints decisions saved, conflicts reported and p50/p95 save
 * latency, then checks the audit table: every saved decision in it exactly once, none overwritten.
 * Targets: 0 lost, p95 < 200 ms. Only 127.0.0.1 is contacted; the load stops by itself (time and count).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { DEMO_FILES } from "../../prisma/demo/demo-files";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { addUser } from "../server/auth/users";
import { openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { type AppServer, launchChromium, startAppServer } from "../testing/app-server";
import { type DecisionInput, decideActionId, decideByAction } from "../testing/decide-action";
import { makeTempDir } from "../testing/fixtures";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../testing/postgres-cluster";
import { signIn } from "../testing/sign-in";
import { writeSyntheticInstances } from "./synthetic-instances";

const PORT = 3196;
const SERVERS = Number(process.env.BENCH_TEAM_SERVERS ?? 2);
const CURATORS = Number(process.env.BENCH_TEAM_CURATORS ?? 20);
const POOL = 100;
const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 60);
/** Then a stress phase with no pause at all between a curator's decisions. */
const STRESS_SECONDS = Number(process.env.BENCH_TEAM_STRESS_SECONDS ?? 15);
/** Between two decisions a curator reads the next hint: 0.2–0.8 s here, far quicker than anyone reviews. */
const THINK_MS: [number, number] = [200, 800];
const MAX_REQUESTS = 200_000;
const PASSWORD = "team-bench-password";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function main() {
  if (!POSTGRES_AVAILABLE) {
    console.log("bench:team needs PostgreSQL (Debian: apt-get install postgresql): skipped.");
    return;
  }
  if (!existsSync(".next/BUILD_ID")) throw new Error("build the app first: npm run build");
  const cluster = await startPostgresCluster();
  const tmp = makeTempDir("hintscope-team-bench-");
  const servers: AppServer[] = [];
  try {
    const url = cluster.createDatabase("team");
    const db = await openDatabase(url);
    const synthetic = path.join(tmp.dir, "team.jsonl");
    await writeSyntheticInstances(synthetic, POOL, "Team bench");
    await importFiles(db, [...DEMO_FILES, synthetic], { benchmark: "Team bench" });
    await analyzePendingInstances(db);
    const pool = (
      await db.instance.findMany({ where: { benchmark: { name: "Team bench" } }, select: { id: true }, take: POOL })
    ).map((i) => i.id);
    const names = Array.from({ length: CURATORS }, (_, i) => `curator-${i + 1}`);
    for (const name of names) await addUser(db, { name, role: "curator", password: PASSWORD });

    for (let n = 0; n < SERVERS; n++) servers.push(await startAppServer(PORT + n, url));
    const baseOf = (curator: string) => (servers[names.indexOf(curator) % servers.length] as AppServer).url;

    // Each curator signs in through the sign-in page, as a person would; the load then uses their cookie.
    const browser = await launchChromium();
    const cookies = new Map<string, string>();
    try {
      for (const name of names) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await signIn(page, baseOf(name), name, PASSWORD);
        const session = (await context.cookies()).find((c) => c.name === "hintscope_session");
        if (!session) throw new Error(`${name} did not get a session`);
        cookies.set(name, `${session.name}=${session.value}`);
        await context.close();
      }
    } finally {
      await browser.close();
    }

    const action = decideActionId();
    let latencies: number[] = [];
    const saves: Array<{ curator: string; instanceId: number; version: number }> = [];
    let conflicts = 0;
    let errors = 0;
    let requests = 0;
    let deadline = 0;
    let think: [number, number] = THINK_MS;
    const work = async (curator: string, seed: number) => {
      let n = seed;
      while (Date.now() < deadline && requests < MAX_REQUESTS) {
        requests++;
        n = (n * 1103515245 + 12345) % 2 ** 31;
        const instanceId = pool[n % pool.length] as number;
        // Opening the hint: its version as the page shows it now (others may move it on while they read).
        const hint = await db.hint.findUnique({
          where: { instanceId_selection_projection: { instanceId, selection: "defuse", projection: "declaration" } },
          select: { version: true },
        });
        // Reading it before deciding.
        if (think[1] > 0) await new Promise((r) => setTimeout(r, think[0] + (n % (think[1] - think[0]))));
        const input: DecisionInput = {
          instanceId,
          selection: "defuse",
          projection: "declaration",
          action: n % 3 === 0 ? "flag" : "accept",
          reason: n % 3 === 0 ? "other" : null,
          expectedVersion: hint?.version ?? 0,
          note: "",
        };
        const started = performance.now();
        const answer = await decideByAction(baseOf(curator), action, cookies.get(curator) as string, input);
        const elapsed = performance.now() - started;
        if (answer.kind === "saved") {
          latencies.push(elapsed);
          saves.push({ curator, instanceId, version: answer.version });
        } else if (answer.kind === "conflict") conflicts++;
        else errors++;
      }
    };
    const phase = async (seconds: number, pause: [number, number]) => {
      latencies = [];
      const before = { saved: saves.length, conflicts };
      think = pause;
      const started = Date.now();
      deadline = started + seconds * 1000;
      await Promise.all(names.map((name, i) => work(name, i + 1 + saves.length)));
      const took = (Date.now() - started) / 1000;
      return {
        seconds: took,
        saved: saves.length - before.saved,
        conflicts: conflicts - before.conflicts,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
      };
    };
    const working = await phase(SECONDS, THINK_MS);
    const stress = STRESS_SECONDS > 0 ? await phase(STRESS_SECONDS, [0, 0]) : null;

    // The audit: every saved decision exactly once (hint, curator, resulting version), and no two saves of
    // one hint claiming the same version (which would mean one overwrote the other).
    const audit = await db.decision.findMany({
      where: { curator: { in: names } },
      select: { curator: true, hint: { select: { instanceId: true } } },
    });
    const key = (curator: string, instanceId: number) => `${curator}\u0000${instanceId}`;
    const inAudit = new Map<string, number>();
    for (const d of audit)
      inAudit.set(key(d.curator, d.hint.instanceId), (inAudit.get(key(d.curator, d.hint.instanceId)) ?? 0) + 1);
    const saved = new Map<string, number>();
    for (const s of saves) saved.set(key(s.curator, s.instanceId), (saved.get(key(s.curator, s.instanceId)) ?? 0) + 1);
    const lost = [...saved].reduce((sum, [k, count]) => sum + Math.max(0, count - (inAudit.get(k) ?? 0)), 0);
    const unexplained = [...inAudit].reduce((sum, [k, count]) => sum + Math.max(0, count - (saved.get(k) ?? 0)), 0);
    const versions = new Set(saves.map((s) => `${s.instanceId}\u0000${s.version}`));
    const overwritten = saves.length - versions.size;
    const hints = await db.hint.findMany({
      where: { instanceId: { in: pool } },
      select: { version: true, _count: { select: { decisions: true } } },
    });
    const versionGaps = hints.filter((h) => h.version !== h._count.decisions).length;
    await db.$disconnect();

    const line = (label: string, p: Awaited<ReturnType<typeof phase>>) =>
      console.log(
        `  ${label}: ${p.saved} decisions saved (${(p.saved / p.seconds).toFixed(0)}/s), ${p.conflicts} conflicts reported; save latency p50 ${p.p50.toFixed(0)} ms, p95 ${p.p95.toFixed(0)} ms`,
      );
    console.log(
      `team: ${CURATORS} signed-in curators deciding at once over ${servers.length} app server(s) on one PostgreSQL database, ${POOL} hints shared between them`,
    );
    line(
      `${working.seconds.toFixed(0)} s, each reading ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s between decisions`,
      working,
    );
    console.log("    target: p95 < 200 ms");
    if (stress) line(`${stress.seconds.toFixed(0)} s stress, no pause at all`, stress);
    console.log(`  errors: ${errors}`);
    console.log(
      `  audit: ${audit.length} rows; lost ${lost}, unexplained ${unexplained}, overwritten ${overwritten}, hints whose version ≠ decisions ${versionGaps}   (target: all 0)`,
    );
    if (lost || unexplained || overwritten || versionGaps || errors) process.exitCode = 1;
  } finally {
    for (const server of servers) await server.stop();
    cluster.stop();
    tmp.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
