"use client";

/*
 * The research charts as Recharts draws them: loaded only when a chart comes near the screen (lazy-chart.tsx),
 * each at the fixed size its figure reserved, so nothing moves when it is drawn. Bars run across with their
 * names on the left (one name a row: names never run into each other, however many there are); a scatter's
 * points carry short keys that the figure names beside the chart.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  LabelList,
  type LabelProps,
  Legend,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from "recharts";
import { JUDGE_SERIES, wrapLabel } from "@/lib/stats/chart-labels";
import type { ChartSpec } from "./chart-spec";

const FONT = 12;
const LINE = 14;
/** Average width of a character at FONT px (the labels' wrap width in characters). */
const CHAR = 6.6;
const percent = (v: number) => `${Math.round(v * 100)}%`;

/** A category name on the left of a bar chart, broken into lines that fit the axis's width. */
function NameTick({ x, y, payload, width }: { x?: number; y?: number; payload?: { value: string }; width: number }) {
  const lines = wrapLabel(String(payload?.value ?? ""), Math.max(4, Math.floor((width - 8) / CHAR)));
  const top = (y ?? 0) - ((lines.length - 1) * LINE) / 2;
  return (
    <text
      x={x}
      y={top}
      textAnchor="end"
      fontSize={FONT}
      fill="currentColor"
      dominantBaseline="central"
      className="name-tick"
    >
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a label's lines, fixed for the label
        <tspan key={i} x={x} y={top + i * LINE}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

const nameAxis = (dataKey: string, width: number) => (
  <YAxis
    type="category"
    dataKey={dataKey}
    width={width}
    interval={0}
    tickLine={false}
    tick={(props: object) => <NameTick {...props} width={width} />}
  />
);

const legend = <Legend verticalAlign="top" align="left" itemSorter={null} wrapperStyle={{ fontSize: FONT }} />;

export default function DrawnChart({ spec }: { spec: ChartSpec }) {
  const { width, height } = spec;
  switch (spec.kind) {
    case "judge":
      return (
        <BarChart
          width={width}
          height={height}
          data={spec.bars}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 24, left: 4 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[-3, 3]}
            ticks={[-3, -2, -1, 0, 1, 2, 3]}
            fontSize={FONT}
            label={{ value: "mean score", position: "insideBottom", offset: -16, fontSize: FONT }}
          />
          {nameAxis("attribute", spec.nameWidth)}
          <Tooltip formatter={(value: unknown) => (typeof value === "number" ? value.toFixed(2) : String(value))} />
          {legend}
          {JUDGE_SERIES.map((series, i) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.name}
              fill={SERIES_COLOURS[i]}
              isAnimationActive={false}
            >
              <ErrorBar dataKey={`err${series.key}`} direction="x" width={3} stroke="currentColor" />
            </Bar>
          ))}
        </BarChart>
      );
    case "policy":
      return (
        <BarChart
          width={width}
          height={height}
          data={spec.rows}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 24, left: 4 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={percent}
            fontSize={FONT}
            label={{ value: "resolve rate (95% interval)", position: "insideBottom", offset: -16, fontSize: FONT }}
          />
          {nameAxis("policy", spec.nameWidth)}
          <Tooltip formatter={(value: unknown) => (typeof value === "number" ? `${(value * 100).toFixed(1)}%` : "")} />
          {legend}
          {spec.models.map((model, i) => (
            <Bar
              key={model}
              dataKey={model}
              name={model}
              fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}
              isAnimationActive={false}
            >
              <ErrorBar dataKey={`err:${model}`} direction="x" width={3} stroke="currentColor" />
            </Bar>
          ))}
        </BarChart>
      );
    case "scatter":
      return (
        <ScatterChart width={width} height={height} margin={{ top: 12, right: 24, bottom: 32, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="x"
            name={spec.x.label}
            // The x axis's first tick clear of the y axis's: "0%" and "0" met at the corner.
            padding={{ left: 14, right: 4 }}
            domain={spec.x.domain}
            tickFormatter={spec.x.percent ? percent : undefined}
            fontSize={FONT}
            label={{ value: spec.x.label, position: "insideBottom", offset: -20, fontSize: FONT }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name={spec.y.label}
            domain={spec.y.domain}
            tickFormatter={spec.y.percent ? percent : undefined}
            fontSize={FONT}
            width={56}
            label={{
              value: spec.y.label,
              angle: -90,
              position: "insideLeft",
              offset: 4,
              fontSize: FONT,
              style: { textAnchor: "middle" },
            }}
          />
          <ZAxis type="number" dataKey="size" range={[40, 160]} />
          <Tooltip
            formatter={(value: unknown) => (typeof value === "number" ? value.toFixed(3) : String(value))}
            labelFormatter={() => ""}
          />
          {spec.series.length > 1 && legend}
          {spec.series.map((series, i) => (
            <Scatter
              key={series.name}
              data={series.points}
              name={series.name}
              fill={SERIES_COLOURS[(i * 2) % SERIES_COLOURS.length]}
              shape={i === 0 ? "circle" : "diamond"}
              isAnimationActive={false}
            >
              {spec.errorBars && <ErrorBar dataKey="error" direction="y" width={4} stroke="currentColor" />}
              <LabelList
                dataKey="key"
                content={(props: LabelProps) => {
                  const point = series.points[(props as { index?: number }).index ?? -1];
                  const box = (props.viewBox ?? {}) as { x?: number; y?: number; width?: number; height?: number };
                  // The point's centre and its radius: the key is written just past the symbol.
                  const r = (box.width ?? 0) / 2;
                  const [cx, y] = [(box.x ?? 0) + r, (box.y ?? 0) + (box.height ?? 0) / 2];
                  const x = point?.side === "left" ? cx - r - 3 : cx + r + 3;
                  if (!point?.key) return <g />;
                  return (
                    <text
                      x={x}
                      y={y}
                      textAnchor={point.side === "right" ? "start" : "end"}
                      dominantBaseline="central"
                      fontSize={FONT - 1}
                      fill="currentColor"
                      className="point-key"
                    >
                      {point.key}
                    </text>
                  );
                }}
              />
            </Scatter>
          ))}
        </ScatterChart>
      );
  }
}

const SERIES_COLOURS = ["#2f5fd0", "#c0392b", "#b9770e", "#1e8449", "#7d3c98", "#117a65", "#b03a2e", "#5d6d7e"];
