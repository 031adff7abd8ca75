"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import type { ChartSpec } from "./chart-spec";

/** The chart library and the charts, fetched the first time a chart is drawn (never in the page's own scripts). */
const DrawnChart = dynamic(() => import("./research-charts-drawn"), { ssr: false });

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * A chart drawn only when it comes near the screen (or, failing that, once the browser is idle, or before
 * printing), in a box of its own fixed size kept from the start, so the page does not move when it is drawn.
 * The page's HTML and its hydration carry the chart's data, not the chart.
 */
export function LazyChart({ spec }: { spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn) return;
    const draw = () => setDrawn(true);
    const element = box.current;
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && draw(), {
            rootMargin: "300px 0px",
          });
    if (element) observer?.observe(element);
    // Off screen it is drawn once nothing else is waiting (a find in the page, a reader scrolling by keys).
    const idle = window as IdleWindow;
    const handle = idle.requestIdleCallback?.(draw, { timeout: 10_000 });
    window.addEventListener("beforeprint", draw);
    return () => {
      observer?.disconnect();
      if (handle !== undefined) idle.cancelIdleCallback?.(handle);
      window.removeEventListener("beforeprint", draw);
    };
  }, [drawn]);
  return (
    <div
      ref={box}
      className="chart-box"
      style={{ width: spec.width, height: spec.height }}
      data-drawn={drawn ? "true" : "false"}
    >
      {drawn && <DrawnChart spec={spec} />}
    </div>
  );
}
