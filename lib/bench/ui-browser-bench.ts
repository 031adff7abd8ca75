/**
 * `npm run bench:ui` (after `npm run build`): each page a curator waits for (the list, an instance, the
 * research page, a hint set's two versions compared), loaded in Chromium three times, with the server's
 * time (navigation start → the response's end, the whole stream) beside the browser's (response end →
 * load event end), and the renderer's main-thread work during the load by kind (CDP Performance metrics:
 * scripting, layout, style; the trace's paint) and its long tasks. Medians of 3 loads.
 *
 * On the demo data; BENCH_UI_BROWSER_CORPUS=N adds N shared instances replicated under new ids (needs the
 * shared data beside the project), with nine runs over all of them, as the scale bench builds its corpus.
 */
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

/** Long tasks the page sees from its start, kept where the bench can read them after the load. */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
`;

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
  const url = `file:${path.join(tmp.dir, "browser.db")}`;
  const db = await openDatabase(url);
  let benchmark = DEMO_BENCHMARK;
  if (CORPUS > 0) {
    if (!SHARED_DATA) {
      console.log(SHARED_DATA_MISSING);
      return;
    }
    // The corpus first, alone: its nine runs are written over every instance there is.
    benchmark = `Scale ${CORPUS}`;
    const file = path.join(tmp.dir, `replicated-${CORPUS}.jsonl`);
    await replicate(file, CORPUS);
    await importFiles(db, [file], { benchmark });
    await analyzePendingInstances(db);
    await addRunsAndHintSet(db, benchmark, tmp.dir);
  }
  await importFiles(db, DEMO_FILES, { demo: true });
  await analyzePendingInstances(db);
  // A hint set with two published versions, for the compare page (the demo has runs of its own).
  if (CORPUS === 0) await addRunsAndHintSet(db, benchmark, tmp.dir);
  await backfillResearchFacts(db);
  await addUser(db, { name: "browser", role: "curator", password: PASSWORD });
  const instance = await db.instance.findFirstOrThrow({
    where: { benchmark: { name: benchmark } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  const total = await db.instance.count();
  await db.$disconnect();

  const server = await startAppServer(PORT, url);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(LONG_TASKS);
    await signIn(await context.newPage(), BASE, "browser", PASSWORD);
    const pages: Array<[string, string]> = [
      ["list", "/instances"],
      ["instance", `/instances/${instance.id}`],
      ["research", "/research"],
      ["compare", `/hint-sets/${SCALE_HINT_SET}/compare?from=1&to=2`],
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
  } finally {
    await browser.close();
    await server.stop();
    tmp.cleanup();
  }
}

await main();
