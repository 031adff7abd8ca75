"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  LabelList,
  Legend,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from "recharts";

export interface DisclosurePoint {
  label: string;
  /** mean identifiers the configuration's selection discloses per instance */
  disclosed: number;
  rate: number;
  /** distances below and above the rate: the 95% interval */
  error: [number, number];
}

/** Resolve rate against identifiers disclosed per instance: one point per configuration, with interval bars. */
export function DisclosureChart({ points }: { points: DisclosurePoint[] }) {
  return (
    <figure aria-label="Resolve rate against identifiers disclosed" className="chart">
      <figcaption>Resolve rate against identifiers disclosed per instance (95% intervals)</figcaption>
      <ResponsiveContainer width="100%" height={320}>
        <ScatterChart margin={{ top: 10, right: 20, bottom: 30, left: 10 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="disclosed"
            name="identifiers disclosed per instance"
            label={{ value: "identifiers disclosed per instance", position: "bottom" }}
          />
          <YAxis
            type="number"
            dataKey="rate"
            name="resolve rate"
            domain={[0, 1]}
            tickFormatter={(v: number) => `${Math.round(v * 100)}%`}
          />
          <Tooltip
            formatter={(value: unknown) => (typeof value === "number" ? value.toFixed(3) : String(value))}
            labelFormatter={() => ""}
          />
          <Scatter data={points} fill="#2f5fd0" name="configuration">
            <ErrorBar dataKey="error" direction="y" width={4} stroke="#2f5fd0" />
          </Scatter>
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}

export interface JudgeBar {
  attribute: string;
  N: number;
  D: number;
  G: number;
  HVM: number;
  errN: [number, number];
  errD: [number, number];
  errG: [number, number];
  errHVM: [number, number];
}

/** Mean N, D, G and HVM per attribute with their bootstrap intervals. */
export function JudgeChart({ bars }: { bars: JudgeBar[] }) {
  return (
    <figure aria-label="Judge scores per attribute" className="chart">
      <figcaption>Judge scores per attribute: mean N, D, G and HVM with bootstrap intervals</figcaption>
      <ResponsiveContainer width="100%" height={360}>
        <BarChart data={bars} margin={{ top: 10, right: 20, bottom: 70, left: 20 }}>
          <CartesianGrid strokeDasharray="3 3" />
          {/* Slanted names: attribute names side by side overlapped at every width below 1,600 px. */}
          <XAxis
            dataKey="attribute"
            interval={0}
            angle={-30}
            textAnchor="end"
            height={60}
            label={{ value: "attribute of the identifier", position: "bottom", offset: 50 }}
          />
          <YAxis
            domain={[-3, 3]}
            label={{ value: "mean score (N, D, G 0–3; HVM −3–3)", angle: -90, position: "insideLeft", dy: 90 }}
          />
          <Tooltip />
          <Legend />
          {(
            [
              ["N", "#2f5fd0"],
              ["D", "#c0392b"],
              ["G", "#d68910"],
              ["HVM", "#1e8449"],
            ] as const
          ).map(([key, color]) => (
            <Bar key={key} dataKey={key} fill={color}>
              <ErrorBar dataKey={`err${key}`} width={3} stroke="#333" />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export interface PolicyBarRow {
  /** selection × projection */
  policy: string;
  [model: string]: string | number | [number, number];
}

const SERIES_COLOURS = ["#2f5fd0", "#c0392b", "#d68910", "#1e8449", "#7d3c98", "#117a65", "#b03a2e", "#5d6d7e"];

/** Resolve rate per policy (selection × projection), one series per model, with 95% intervals. */
export function PolicyChart({
  benchmark,
  rows,
  models,
}: {
  benchmark: string;
  rows: PolicyBarRow[];
  models: string[];
}) {
  return (
    <figure aria-label={`Resolve rate per policy, ${benchmark}`} className="chart">
      <figcaption>Resolve rate per policy, {benchmark} (95% Wilson intervals)</figcaption>
      <ResponsiveContainer width="100%" height={360}>
        <BarChart data={rows} margin={{ top: 10, right: 20, bottom: 70, left: 20 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="policy"
            interval={0}
            angle={-30}
            textAnchor="end"
            height={60}
            label={{ value: "selection × projection", position: "bottom", offset: 50 }}
          />
          <YAxis
            domain={[0, 1]}
            tickFormatter={(v: number) => `${Math.round(v * 100)}%`}
            label={{ value: "resolve rate (95% interval)", angle: -90, position: "insideLeft", dy: 80 }}
          />
          <Tooltip formatter={(value: unknown) => (typeof value === "number" ? `${(value * 100).toFixed(1)}%` : "")} />
          <Legend verticalAlign="top" />
          {models.map((model, i) => (
            <Bar key={model} dataKey={model} fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}>
              <ErrorBar dataKey={`err:${model}`} width={3} stroke="#333" />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export interface FrontierDot {
  label: string;
  /** a published hint set (what curators kept), else a policy straight from the analysis */
  hintSet: boolean;
  guesswork: number;
  disclosed: number;
  instances: number;
}

/**
 * The spoiler–guesswork frontier: each selection × projection by the guesswork it leaves (x) and the
 * identifiers it discloses beyond DefUse (y); the point's size is the instances measured.
 */
export function FrontierChart({ benchmark, dots }: { benchmark: string; dots: FrontierDot[] }) {
  return (
    <figure aria-label={`Spoiler–guesswork frontier, ${benchmark}`} className="chart">
      <figcaption>Spoiler–guesswork frontier, {benchmark}: down and left is better</figcaption>
      <ResponsiveContainer width="100%" height={320}>
        <ScatterChart margin={{ top: 10, right: 20, bottom: 40, left: 20 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="guesswork"
            domain={[0, 1]}
            tickFormatter={(v: number) => `${Math.round(v * 100)}%`}
            label={{ value: "guesswork left (test-facing names not named)", position: "bottom", offset: 20 }}
          />
          <YAxis
            type="number"
            dataKey="disclosed"
            label={{ value: "identifiers disclosed beyond DefUse", angle: -90, position: "insideLeft", dy: 90 }}
          />
          <ZAxis type="number" dataKey="instances" range={[40, 200]} name="instances" />
          <Tooltip
            formatter={(value: unknown) => (typeof value === "number" ? value.toFixed(2) : String(value))}
            labelFormatter={() => ""}
          />
          {/* Each point names its policy (or hint set), so the chart reads without the table. */}
          <Scatter data={dots.filter((d) => !d.hintSet)} fill="#2f5fd0" name="selection × projection">
            <LabelList dataKey="label" position="right" fontSize={10} />
          </Scatter>
          <Scatter data={dots.filter((d) => d.hintSet)} fill="#d67800" shape="diamond" name="published hint set">
            <LabelList dataKey="label" position="right" fontSize={10} />
          </Scatter>
          <Legend verticalAlign="top" height={24} />
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}
