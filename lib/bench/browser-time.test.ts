import { describe, expect, it } from "vitest";
import { browserFigures, type CdpMetric, figuresLine, medianFigures, metricDeltas, paintMs } from "./browser-time";

const metrics = (task: number, script: number, layout: number, style: number): CdpMetric[] => [
  { name: "Timestamp", value: 100 },
  { name: "TaskDuration", value: task },
  { name: "ScriptDuration", value: script },
  { name: "LayoutDuration", value: layout },
  { name: "RecalcStyleDuration", value: style },
];

describe("browser figures", () => {
  it("takes the metrics' changes in ms, not their cumulative seconds", () => {
    const d = metricDeltas(metrics(0.5, 0.2, 0.1, 0.05), metrics(2.5, 1.2, 0.4, 0.15));
    expect(d.taskMs).toBeCloseTo(2000);
    expect(d.scriptMs).toBeCloseTo(1000);
    expect(d.layoutMs).toBeCloseTo(300);
    expect(d.styleMs).toBeCloseTo(100);
  });

  it("names the metric that is missing", () => {
    expect(() => metricDeltas([], metrics(1, 1, 1, 1))).toThrow(/no TaskDuration.*Performance\.enable/);
  });

  it("counts paint on renderer main threads only", () => {
    const events = [
      { name: "thread_name", ph: "M", pid: 7, tid: 1, args: { name: "CrRendererMain" } },
      { name: "thread_name", ph: "M", pid: 7, tid: 2, args: { name: "Compositor" } },
      { name: "Paint", ph: "X", pid: 7, tid: 1, dur: 4000 },
      { name: "PrePaint", ph: "X", pid: 7, tid: 1, dur: 1500 },
      { name: "Paint", ph: "X", pid: 7, tid: 2, dur: 9000 },
      { name: "Layout", ph: "X", pid: 7, tid: 1, dur: 9000 },
    ];
    expect(paintMs(events)).toBeCloseTo(5.5);
  });

  it("splits a load at the response's end, and refuses one whose load event has not ended", () => {
    const f = browserFigures(
      { responseEnd: 300, loadEventEnd: 1200 },
      metrics(0, 0, 0, 0),
      metrics(0.8, 0.5, 0.1, 0.05),
      [],
      [120, 80],
    );
    expect(f.serverMs).toBe(300);
    expect(f.browserMs).toBe(900);
    expect(f.longTasks).toBe(2);
    expect(f.longTaskMs).toBe(200);
    expect(figuresLine("research", f)).toMatch(
      /^research +server +300 ms · browser +900 ms \(75% of 1200 ms\) · main thread 800 ms: scripting 500 ms/,
    );
    expect(() =>
      browserFigures({ responseEnd: 300, loadEventEnd: 0 }, metrics(0, 0, 0, 0), metrics(0, 0, 0, 0), [], []),
    ).toThrow(/load event has not ended/);
  });

  it("takes each figure's median over loads", () => {
    const load = (serverMs: number, browserMs: number) =>
      browserFigures(
        { responseEnd: serverMs, loadEventEnd: serverMs + browserMs },
        metrics(0, 0, 0, 0),
        metrics(0, 0, 0, 0),
        [],
        [],
      );
    const m = medianFigures([load(100, 900), load(300, 100), load(200, 500)]);
    expect(m.serverMs).toBe(200);
    expect(m.browserMs).toBe(500);
  });
});
