/** What a research chart draws, made on the server and passed to the browser as plain data. */

export interface JudgeBar {
  /** the attribute as read ("weak semantics") */
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

export interface PolicyBarRow {
  /** selection × projection */
  policy: string;
  [model: string]: string | number | [number, number];
}

export interface ScatterPoint {
  x: number;
  y: number;
  size: number;
  /** the key written beside the point ("" where another point at the same place carries it) */
  key: string;
  /** the side of the point its key is written on */
  side: "left" | "right";
  /** distances below and above y: its 95% interval, where the chart has them */
  error?: [number, number];
}

export interface ScatterAxis {
  label: string;
  domain: [number, number];
  percent: boolean;
}

interface Sized {
  width: number;
  height: number;
}

export type ChartSpec = Sized &
  (
    | { kind: "judge"; bars: JudgeBar[]; nameWidth: number }
    | { kind: "policy"; rows: PolicyBarRow[]; models: string[]; nameWidth: number }
    | {
        kind: "scatter";
        x: ScatterAxis;
        y: ScatterAxis;
        series: Array<{ name: string; points: ScatterPoint[] }>;
        errorBars: boolean;
      }
  );

/** Every chart's width: fixed, so its space is kept before it is drawn and the table beside it gets the rest. */
export const CHART_WIDTH = 500;
