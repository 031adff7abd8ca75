/**
 * `npm run bench:ui` (after `npm run build`): each page a curator waits for (the list, an instance, the
 * research page, a hint set's two versions compared), loaded in Chromium three times, with the server's
 * time (navigation start → the response's end, the whole stream) beside the browser's (response end →
 * load event end), and the renderer's main-thread work during the load by kind (CDP Performance metrics:
 * scripting, layout, style; the trace's paint) and its long tasks. Medians of 3 loads.
 *
 * On the demo data; BENCH_UI_BROWSER_CORPUS=N adds N shared instances replicated under new ids (needs the
 * shared data beside the project), with nine runs over all of them, as the scale bench builds its corpus.
 * BENCH_UI_BROWSER_DB=FILE keeps the database there and uses it as it is when the file exists (the corpus is
 * built once, and the same one measured before and after a change).
 *
 * The instance page's own moments, from the navigation's start (medians of 3): its keys live (hydrated,
 * shortcuts bound: `data-ready-for`) and both patches painted (a line in each Monaco pane); and `j` to the
 * next instance: keys live and both patches painted again, from the key press, with the Monaco editors the page
 * created by then (kept across instances, the count stays at 2).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { DEMO_FILES } from "../../prisma/demo/demo-files";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { backfillResearchFacts } from "../server/analysis/research-fact-rows";
import { addUser } from "../server/auth/users";
import { openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { launchChromium, startAppServer } from "../testing/app-server";
import { makeTempDir } from "../testing/fixtures";
import { SHARED_DATA, SHARED_DATA_MISSING } from "../testing/shared-data";
import { signIn } from "../testing/sign-in";
import {
  type BrowserFigures,
  browserFigures,
  type CdpMetric,
  figuresLine,
  medianFigures,
  type TraceEvent,
} from "./browser-time";
import { replicate } from "./replicated-instances";
import { addRunsAndHintSet, SCALE_HINT_SET } from "./scale-runs-and-sets";

const PORT = Number(process.env.BENCH_UI_BROWSER_PORT ?? 3194);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "browser-bench-password";
const CORPUS = Number(process.env.BENCH_UI_BROWSER_CORPUS ?? 0);
const LOADS = 3;
const DEMO_BENCHMARK = "Demo: Hintscope sample";
const KEPT_DB = process.env.BENCH_UI_BROWSER_DB ? path.resolve(process.env.BENCH_UI_BROWSER_DB) : null;

/** Long tasks the page sees from its start, kept where the bench can read them after the load. */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
  // The review page's moments, first seen (ms from the navigation's start): keys live, both patches painted.
  window.__moments = {};
  const seen = () => {
    const m = window.__moments;
    if (m.keys === undefined && document.querySelector("[data-ready-for]")) m.keys = performance.now();
    if (m.patches === undefined && ["Gold patch", "Test patch"].every((l) =>
      document.querySelector('[data-testid="' + l + ' editor"] .view-line'))) m.patches = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true });
`;

/** ms from the navigation's start to the instance page's keys live and both its patches painted. */
async function instanceMoments(page: Page, url: string): Promise<{ keys: number; patches: number }> {
  await page.goto(url, { waitUntil: "commit", timeout: 300_000 });
  const handle = await page.waitForFunction(
    () => {
      const m = (window as unknown as { __moments: { keys?: number; patches?: number } }).__moments;
      return m.keys !== undefined && m.patches !== undefined ? m : null;
    },
    null,
    { timeout: 300_000, polling: 100 },
  );
  return (await handle.jsonValue()) as { keys: number; patches: number };
}

/**
 * `j` on an open instance page: ms from the key to the next instance's keys live, and to both its patches
 * painted (the last change of each Monaco pane's lines, once both have changed and stayed still for
 * QUIET_MS); and the Monaco editors the page has created.
 */
async function nextMoments(page: Page): Promise<{ keys: number; patches: number; editors: number }> {
  const from = await page.locator("[data-ready-for]").getAttribute("data-ready-for");
  const start = await page.evaluate(() => {
    const last = { gold: -1, test: -1 };
    (window as unknown as { __paneLines: typeof last }).__paneLines = last;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const at = record.target instanceof Element ? record.target : record.target.parentElement;
        const pane = at?.closest('[data-testid$=" editor"]');
        if (!pane || !at?.closest(".view-lines")) continue;
        last[pane.getAttribute("data-testid")?.startsWith("Test") ? "test" : "gold"] = performance.now();
      }
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    return performance.now();
  });
  await page.keyboard.press("j");
  await page.locator(`[data-ready-for]:not([data-ready-for="${from}"])`).waitFor({ timeout: 300_000 });
  const keys = (await page.evaluate(() => performance.now())) - start;
  const handle = await page.waitForFunction(
    ({ since, quiet }) => {
      const last = (window as unknown as { __paneLines: { gold: number; test: number } }).__paneLines;
      if (last.gold < since || last.test < since) return null;
      const latest = Math.max(last.gold, last.test);
      return performance.now() - latest >= quiet ? latest : null;
    },
    { since: start, quiet: QUIET_MS },
    { timeout: 300_000, polling: 50 },
  );
  const patches = ((await handle.jsonValue()) as number) - start;
  const editors = Number((await page.locator("html").getAttribute("data-monaco-editors")) ?? Number.NaN);
  return { keys, patches, editors };
}

/** How long both panes' lines stay still before `j`'s patches count as painted. */
const QUIET_MS = 500;

/** One load of `url` in a page of its own: its figures once it has loaded and the network is quiet. */
async function load(browser: Browser, page: Page, url: string): Promise<BrowserFigures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "timeTicks" });
  const before = (await cdp.send("Performance.getMetrics")).metrics as CdpMetric[];
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  await page.goto(url, { waitUntil: "load", timeout: 300_000 });
  // What the page does after its load event (streamed sections hydrating, lazy parts) is main-thread work too.
  await page.waitForLoadState("networkidle", { timeout: 300_000 });
  const after = (await cdp.send("Performance.getMetrics")).metrics as CdpMetric[];
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  const { navigation, longTasks } = await page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      navigation: { responseEnd: entry.responseEnd, loadEventEnd: entry.loadEventEnd },
      longTasks: (window as unknown as { __longTasks: number[] }).__longTasks ?? [],
    };
  });
  await cdp.detach();
  return browserFigures(navigation, before, after, trace.traceEvents, longTasks);
}

async function main() {
  const tmp = makeTempDir("hintscope-ui-browser-");
  const file = KEPT_DB ?? path.join(tmp.dir, "browser.db");
  const reuse = KEPT_DB !== null && existsSync(KEPT_DB);
  const url = `file:${file}`;
  const db = await openDatabase(url);
  const benchmark = CORPUS > 0 ? `Scale ${CORPUS}` : DEMO_BENCHMARK;
  if (reuse) console.log(`the kept database ${KEPT_DB}, as it is`);
  else await build(db, benchmark, tmp.dir);
  const instance = await db.instance.findFirstOrThrow({
    where: { benchmark: { name: benchmark } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  const total = await db.instance.count();
  await db.$disconnect();
  await measure(url, instance.id, total);
  tmp.cleanup();
}

/** The corpus, the demo data, the runs, the hint set and the bench's user, in a new database. */
async function build(db: Awaited<ReturnType<typeof openDatabase>>, benchmark: string, dir: string) {
  if (CORPUS > 0) {
    if (!SHARED_DATA) {
      console.log(SHARED_DATA_MISSING);
      return;
    }
    // The corpus first, alone: its nine runs are written over every instance there is.
    const file = path.join(dir, `replicated-${CORPUS}.jsonl`);
    await replicate(file, CORPUS);
    await importFiles(db, [file], { benchmark });
    await analyzePendingInstances(db);
    await addRunsAndHintSet(db, benchmark, dir);
  }
  await importFiles(db, DEMO_FILES, { demo: true });
  await analyzePendingInstances(db);
  // A hint set with two published versions, for the compare page (the demo has runs of its own).
  if (CORPUS === 0) await addRunsAndHintSet(db, benchmark, dir);
  await backfillResearchFacts(db);
  await addUser(db, { name: "browser", role: "curator", password: PASSWORD });
}

async function measure(url: string, instanceId: number, total: number) {
  const server = await startAppServer(PORT, url);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(LONG_TASKS);
    await signIn(await context.newPage(), BASE, "browser", PASSWORD);
    const pages: Array<[string, string]> = [
      ["list", "/instances"],
      ["instance", `/instances/${instanceId}`],
      ["research", "/research"],
      ["compare", `/hint-sets/${SCALE_HINT_SET}/compare?from=1&to=2`],
      // The floor: a page of the app's layout alone (its not-found page), what any page costs the browser
      // before its own content (React and Next's runtime, the layout's navigation).
      ["floor", "/no-such-page"],
    ];
    console.log(
      `browser and server time per page, ${total} instances (${CORPUS > 0 ? `demo + ${CORPUS} replicated` : "demo data"}), Chromium at 1280×800, median of ${LOADS} loads:`,
    );
    for (const [name, pathname] of pages) {
      // One load first, not counted: the server's first render of a route and the browser's first fetch of its scripts.
      const warm = await context.newPage();
      await warm.goto(`${BASE}${pathname}`, { waitUntil: "load", timeout: 300_000 });
      await warm.close();
      const loads: BrowserFigures[] = [];
      for (let n = 0; n < LOADS; n++) {
        const page = await context.newPage();
        loads.push(await load(browser, page, `${BASE}${pathname}`));
        await page.close();
      }
      console.log(`  ${figuresLine(name, medianFigures(loads))}`);
    }
    const moments: Array<{ keys: number; patches: number }> = [];
    for (let n = 0; n < LOADS; n++) {
      const page = await context.newPage();
      moments.push(await instanceMoments(page, `${BASE}/instances/${instanceId}`));
      await page.close();
    }
    const ms = (values: number[]) => `${Math.round(median(values))} ms`;
    console.log(
      `  instance   keys live ${ms(moments.map((m) => m.keys))} · both patches painted ${ms(moments.map((m) => m.patches))} (from the navigation's start)`,
    );
    // j three times in one page, as a curator walks the list: each from the key press.
    const page = await context.newPage();
    await instanceMoments(page, `${BASE}/instances/${instanceId}`);
    const steps: Array<{ keys: number; patches: number; editors: number }> = [];
    for (let n = 0; n < LOADS; n++) steps.push(await nextMoments(page));
    await page.close();
    console.log(
      `  j → next   keys live ${ms(steps.map((s) => s.keys))} · both patches painted ${ms(steps.map((s) => s.patches))} (from the key) · Monaco editors created in the page after each j: ${steps.map((s) => (Number.isNaN(s.editors) ? "not counted" : s.editors)).join(", ")}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

await main();
