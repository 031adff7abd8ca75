/**
 * A page's time split between the server and the browser, from what Chromium reports about one load
 * (lib/bench/ui-browser-bench.ts): the navigation's timing, the Performance domain's metrics before and
 * after (CDP `Performance.getMetrics`: cumulative seconds of the renderer), and the trace's paint events.
 */

/** One CDP `Performance.getMetrics` entry. */
export interface CdpMetric {
  name: string;
  value: number;
}

/** The navigation's timing (PerformanceNavigationTiming, ms from the navigation's start). */
export interface NavigationTimes {
  responseEnd: number;
  loadEventEnd: number;
}

/** One event of a Chromium trace (the Trace Event Format's fields the figures read). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** microseconds, on complete ("X") events */
  dur?: number;
  args?: { name?: string };
}

export interface BrowserFigures {
  /** the server's part: from the navigation's start to the response's end (the whole stream) */
  serverMs: number;
  /** the browser's part: from the response's end to the load event's end */
  browserMs: number;
  /** the renderer's main-thread work during the load (CDP metrics): all tasks, and of them script, layout, style */
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  /** paint on the renderers' main threads (the trace's Paint, PrePaint and Layerize events) */
  paintMs: number;
  /** long tasks (over 50 ms) seen by the page until it was measured, and their total */
  longTasks: number;
  longTaskMs: number;
}

const METRICS = {
  taskMs: "TaskDuration",
  scriptMs: "ScriptDuration",
  layoutMs: "LayoutDuration",
  styleMs: "RecalcStyleDuration",
};

/** The change of each metric the figures use, in ms (CDP reports cumulative seconds). */
export function metricDeltas(
  before: readonly CdpMetric[],
  after: readonly CdpMetric[],
): Pick<BrowserFigures, "taskMs" | "scriptMs" | "layoutMs" | "styleMs"> {
  const value = (metrics: readonly CdpMetric[], name: string) => {
    const found = metrics.find((m) => m.name === name);
    if (!found) throw new Error(`CDP Performance.getMetrics has no ${name} (was Performance.enable sent first?)`);
    return found.value;
  };
  const delta = (name: string) => Math.max(0, (value(after, name) - value(before, name)) * 1000);
  return {
    taskMs: delta(METRICS.taskMs),
    scriptMs: delta(METRICS.scriptMs),
    layoutMs: delta(METRICS.layoutMs),
    styleMs: delta(METRICS.styleMs),
  };
}

const PAINT_EVENTS = new Set(["Paint", "PrePaint", "Layerize"]);

/** The paint work on the renderers' main threads (CrRendererMain), in ms, from a trace's events. */
export function paintMs(events: readonly TraceEvent[]): number {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let total = 0;
  for (const e of events)
    if (e.ph === "X" && PAINT_EVENTS.has(e.name) && mainThreads.has(`${e.pid}:${e.tid}`)) total += (e.dur ?? 0) / 1000;
  return total;
}

/** A load's figures from its navigation timing, its metrics before and after, its trace and its long tasks. */
export function browserFigures(
  navigation: NavigationTimes,
  before: readonly CdpMetric[],
  after: readonly CdpMetric[],
  trace: readonly TraceEvent[],
  longTaskDurations: readonly number[],
): BrowserFigures {
  if (!(navigation.loadEventEnd > 0))
    throw new Error("the navigation's load event has not ended: measure after the page's load event");
  return {
    serverMs: navigation.responseEnd,
    browserMs: Math.max(0, navigation.loadEventEnd - navigation.responseEnd),
    ...metricDeltas(before, after),
    paintMs: paintMs(trace),
    longTasks: longTaskDurations.length,
    longTaskMs: longTaskDurations.reduce((sum, d) => sum + d, 0),
  };
}

const median = (values: readonly number[]) => {
  if (values.length === 0) throw new Error("no loads measured");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The median of each figure over several loads of one page. */
export function medianFigures(loads: readonly BrowserFigures[]): BrowserFigures {
  const keys = Object.keys(loads[0] ?? {}) as Array<keyof BrowserFigures>;
  if (keys.length === 0) throw new Error("no loads measured");
  return Object.fromEntries(keys.map((k) => [k, median(loads.map((l) => l[k]))])) as unknown as BrowserFigures;
}

/** One page's line: server and browser time side by side, then the browser's work by kind. */
export function figuresLine(page: string, f: BrowserFigures): string {
  const ms = (x: number) => `${Math.round(x)} ms`;
  const total = f.serverMs + f.browserMs;
  const share = total > 0 ? Math.round((f.browserMs / total) * 100) : 0;
  return (
    `${page.padEnd(10)} server ${ms(f.serverMs).padStart(8)} · browser ${ms(f.browserMs).padStart(8)} (${share}% of ${ms(total)}) · ` +
    `main thread ${ms(f.taskMs)}: scripting ${ms(f.scriptMs)}, layout ${ms(f.layoutMs)}, style ${ms(f.styleMs)}, paint ${ms(f.paintMs)} · ` +
    `long tasks ${f.longTasks} (${ms(f.longTaskMs)})`
  );
}
