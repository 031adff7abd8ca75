import { existsSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { backfillResearchFacts } from "../server/analysis/research-fact-rows";
import { addUser } from "../server/auth/users";
import { openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { type AppServer, launchChromium, startAppServer } from "../testing/app-server";
import { makeTempDir } from "../testing/fixtures";
import { startPostgresCluster } from "../testing/postgres-cluster";
import { SHARED_DATA, SHARED_DATA_MISSING } from "../testing/shared-data";
import { signIn } from "../testing/sign-in";
import { keystrokeLatency } from "./keystroke-latency";
import { replicate } from "./replicated-instances";
import { addRunsAndHintSet, SCALE_HINT_SET } from "./scale-runs-and-sets";

const PORT = 3193;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "scale-bench-password";
const SIZES = (process.env.BENCH_UI_SCALE ?? "10000,50000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? Number.NaN;

async function ready(page: Page, externalId: string) {
  await page.locator(`[data-ready-for="${externalId}"]`).waitFor({ timeout: 120_000 });
}

/**
 * BENCH_UI_SCALE_CACHE=DIR keeps each size's database in DIR (scale-COUNT.db) and reuses it on the next
 * run: building 50,000 takes minutes, and the page figures are what is being changed between runs. A
 * reused database has the earlier runs' decisions in it; the sample then starts further on.
 */
const CACHE = process.env.BENCH_UI_SCALE_CACHE;

/**
 * BENCH_UI_SCALE_ENGINE=postgres builds each size in a throwaway PostgreSQL cluster instead (never cached):
 * the import and analysis are timed too, with the bench process's peak resident memory.
 */
const ENGINE = process.env.BENCH_UI_SCALE_ENGINE === "postgres" ? "postgres" : "sqlite";
/**
 * BENCH_UI_SCALE_DATABASE_URL=URL measures a database built before (one size; its migrations run first, timed),
 * or builds the corpus in it where it is empty, to be measured again later.
 */
const GIVEN_URL = process.env.BENCH_UI_SCALE_DATABASE_URL;

async function scale(count: number) {
  const tmp = makeTempDir("hintscope-ui-scale-");
  const cluster = ENGINE === "postgres" && !GIVEN_URL ? await startPostgresCluster() : null;
  const cached = CACHE && !cluster ? path.join(CACHE, `scale-${count}.db`) : null;
  const url =
    GIVEN_URL ??
    (cluster ? cluster.createDatabase(`scale_${count}`) : `file:${cached ?? path.join(tmp.dir, "scale.db")}`);
  const file = path.join(tmp.dir, `replicated-${count}.jsonl`);
  let server: AppServer | null = null;
  const browser = await launchChromium();
  try {
    // (Whether the cache held this size before: opening the database creates its file.)
    const cachedBefore = cached !== null && existsSync(cached);
    const opening = Date.now();
    const db = await openDatabase(url);
    const reuse = GIVEN_URL !== undefined ? (await db.instance.count()) > 0 : cachedBefore;
    // A database built by an earlier version is migrated on opening: what an upgrade costs at this size.
    console.log(`  opened (and migrated) in ${((Date.now() - opening) / 1000).toFixed(1)} s`);
    const loadStarted = Date.now();
    if (!reuse) {
      await replicate(file, count);
      await importFiles(db, [file], { benchmark: `Scale ${count}` });
      await analyzePendingInstances(db);
      await addUser(db, { name: "scale", role: "curator", password: PASSWORD });
    }
    const loaded = reuse
      ? "reused"
      : `${((Date.now() - loadStarted) / 1000).toFixed(0)} s, peak resident memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;
    // Nine runs and a hint set with two versions (once), and the research facts of a database analysed before
    // they were stored (once): the pages are timed as they are served day to day, not on their first read.
    await addRunsAndHintSet(db, `Scale ${count}`, tmp.dir);
    await backfillResearchFacts(db);
    const benchmarkId = (await db.benchmark.findFirstOrThrow({ where: { name: `Scale ${count}` } })).id;
    // Instances nobody decided yet (a reused database has earlier runs' decisions), in id order.
    const sample = await db.instance.findMany({
      where: { hints: { none: {} } },
      select: { id: true, externalId: true },
      orderBy: { id: "asc" },
      take: 6,
    });
    await db.$disconnect();

    server = await startAppServer(PORT, url);
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, BASE, "scale", PASSWORD);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    // Each figure is printed as soon as it is measured: a stage that stalls at this size still leaves the others.
    console.log(`scale ${count} on ${ENGINE} (real shared instances replicated; import + analysis ${loaded}):`);

    await timeList(page, sample);

    await timeInstancePages(page, context, sample);

    await timeServerReads(cookie, benchmarkId);
  } finally {
    await browser.close();
    await server?.stop();
    cluster?.stop();
    tmp.cleanup();
  }
}

type Sample = Array<{ id: number; externalId: string }>;
const ms = (values: number[]) => `${median(values).toFixed(0)} ms median (${values.join(", ")})`;

/** The list: first paint (the first row shown), then a filter keystroke. */
async function timeList(page: Page, sample: Sample) {
  const firstPaint: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = Date.now();
    await page.goto(`${BASE}/instances`);
    // The first row of the list (sorted by id), whichever it is.
    await page.locator('main a[href^="/instances/"]').first().waitFor({ timeout: 120_000 });
    firstPaint.push(Date.now() - started);
  }
  console.log(`  list first paint: ${ms(firstPaint)}   target < 1000 ms`);
  const search = page.getByLabel("Search instances");
  const keystrokes: number[] = [];
  // Each query's last character narrows the list: `…-r` matches every replica of an instance, `…-r0` one.
  for (const query of sample.slice(0, 4).map((i) => i.externalId)) {
    await search.fill(query.slice(0, -1));
    await page.waitForTimeout(300);
    // (The view of the text so far has arrived: at scale it can take longer than the pause.)
    await page.locator('[data-list-count][aria-busy="false"]').waitFor({ timeout: 120_000 });
    const latency = await keystrokeLatency(page, query.slice(-1));
    keystrokes.push(latency);
  }
  console.log(`  list filter keystroke → updated count: ${ms(keystrokes)}   target < 100 ms`);
}

/** An instance page, j, a → saved, a → next ready; then four curators opening instance pages at once. */
async function timeInstancePages(page: Page, context: BrowserContext, sample: Sample) {
  const pageReady: number[] = [];
  const jReady: number[] = [];
  const saved: number[] = [];
  const nextReady: number[] = [];
  for (const instance of sample.slice(0, 3)) {
    const started = Date.now();
    await page.goto(`${BASE}/instances/${instance.id}`);
    await ready(page, instance.externalId);
    pageReady.push(Date.now() - started);
    const jStarted = Date.now();
    await page.keyboard.press("j");
    await page.locator(`[data-ready-for]:not([data-ready-for="${instance.externalId}"])`).waitFor({ timeout: 120_000 });
    jReady.push(Date.now() - jStarted);
    const current = (await page.locator("[data-ready-for]").getAttribute("data-ready-for")) as string;
    // The server's answer to the decision arrived (the page moves on as soon as it has read it).
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && !!r.request().headers()["next-action"],
    );
    const aStarted = Date.now();
    await page.keyboard.press("a");
    await answered;
    saved.push(Date.now() - aStarted);
    await page.locator(`[data-ready-for]:not([data-ready-for="${current}"])`).waitFor({ timeout: 120_000 });
    nextReady.push(Date.now() - aStarted);
  }
  console.log(`  instance page ready: ${ms(pageReady)}   target < 1000 ms`);
  console.log(`  j → next instance ready: ${ms(jReady)}`);
  console.log(`  a → saved: ${ms(saved)}   target < 100 ms`);
  console.log(`  a → next pending ready: ${ms(nextReady)}   target < 500 ms`);

  // Four curators opening instance pages at once.
  const pages = await Promise.all(Array.from({ length: 4 }, () => context.newPage()));
  const concurrent = await Promise.all(
    pages.map(async (p, i) => {
      const instance = sample[i + 2] ?? sample[0];
      const started = Date.now();
      await p.goto(`${BASE}/instances/${instance?.id}`);
      await ready(p, instance?.externalId as string);
      return Date.now() - started;
    }),
  );
  await Promise.all(pages.map((p) => p.close()));
  console.log(`  four instance pages at once, each ready: ${concurrent.join(", ")} ms`);
}

/** What the server alone answers: the list and home one at a time, the benchmark, compare and research pages, a burst. */
async function timeServerReads(cookie: string, benchmarkId: number) {
  // One at a time first: what a list request and GET / cost the server alone.
  const alone = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      await fetch(`${BASE}${path}`, { headers: { Cookie: cookie } }).then((r) => r.text());
      times.push(Date.now() - started);
    }
    return times;
  };
  console.log(
    `  one request at a time: GET /instances ${ms(await alone("/instances"))}; GET / ${ms(await alone("/"))}`,
  );

  // The benchmark page (nine runs' counts, the list's first window) and the hint set's two versions compared.
  console.log(
    `  benchmark page with 9 runs: ${ms(await alone(`/benchmarks/${benchmarkId}`))}   target < 500 ms; hint-set compare v1 → v2: ${ms(await alone(`/hint-sets/${SCALE_HINT_SET}/compare?from=1&to=2`))}   target < 500 ms`,
  );

  // The research page, streamed section by section: when its resolve rates have arrived (the section's own
  // heading replaces its loading placeholder), and when the whole page has.
  const researchTimes = async (): Promise<[number, number]> => {
    const started = performance.now();
    const response = await fetch(`${BASE}/research`, { headers: { Cookie: cookie } });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let rates = Number.NaN;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (Number.isNaN(rates) && text.includes('id="rates"')) rates = performance.now() - started;
    }
    return [Math.round(rates), Math.round(performance.now() - started)];
  };
  const research: Array<[number, number]> = [];
  for (let run = 0; run < 3; run++) research.push(await researchTimes());
  console.log(
    `  research page: resolve rates streamed ${ms(research.map((r) => r[0]))}; whole page ${ms(research.map((r) => r[1]))}   target < 1000 ms`,
  );

  // 50 list requests at once, and GET / timed meanwhile.
  const home: number[] = [];
  let burstDone = false;
  const burst = Promise.all(
    Array.from({ length: 50 }, () => fetch(`${BASE}/instances`, { headers: { Cookie: cookie } }).then((r) => r.text())),
  ).then(() => {
    burstDone = true;
  });
  for (let i = 0; i < 200 && !burstDone; i++) {
    const started = Date.now();
    await fetch(`${BASE}/`, { headers: { Cookie: cookie } }).then((r) => r.text());
    home.push(Date.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  const burstStarted = Date.now();
  await burst;
  const burstSeconds = ((Date.now() - burstStarted) / 1000).toFixed(1);

  console.log(
    `  50 concurrent list requests (last done ${burstSeconds} s after the timing loop): GET / meanwhile p95 ${p95(home).toFixed(0)} ms over ${home.length} (${home.join(", ")})   target < 500 ms`,
  );
}

async function main() {
  if (!SHARED_DATA) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  for (const count of SIZES) await scale(count);
}

await main();
