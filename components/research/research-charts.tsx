/*
 * The research page's figures, made on the server: the caption, the space the chart will take (fixed), and for a
 * scatter the key naming each point; the chart itself is drawn in the browser when it comes near the screen
 * (lazy-chart.tsx, research-charts-drawn.tsx), so the page's HTML and hydration do not wait on the chart library.
 */
import { attributeText, keyedPoints, niceMax } from "@/lib/stats/chart-labels";
import { CHART_WIDTH, type JudgeBar, type PolicyBarRow, type ScatterPoint } from "./chart-spec";
import { LazyChart } from "./lazy-chart";

export type { JudgeBar, PolicyBarRow } from "./chart-spec";

/** Height of a bar chart with `rows` categories of `series` bars each (room for a name of three lines), with its legend. */
const barChartHeight = (rows: number, series: number, legendLines: number) =>
  Math.max(160, rows * Math.max(44, series * 7 + 14) + 40 + legendLines * 20);

/** Lines a legend of these names takes at the chart's width (about 7.5 px a character, 36 px for the swatch and gap; over rather than under). */
const legendLines = (names: readonly string[]) => {
  let lines = 1;
  let used = 0;
  for (const name of names) {
    const w = name.length * 7.5 + 36;
    if (used > 0 && used + w > CHART_WIDTH - 20) {
      lines++;
      used = 0;
    }
    used += w;
  }
  return lines;
};

/** The list naming a scatter's keys, beside the chart. */
function PointKeys({ label, keys }: { label: string; keys: Array<[key: string, name: string]> }) {
  return (
    <ol className="chart-keys" aria-label={label}>
      {keys.map(([key, name]) => (
        <li key={key}>
          <span className="chart-key">{key}</span> {name}
        </li>
      ))}
    </ol>
  );
}

/** The scatter's plot area inside its CHART_WIDTH × SCATTER_HEIGHT box (research-charts-drawn.tsx), a little under. */
const SCATTER_HEIGHT = 320;
const SCATTER_PLOT = { widthPx: CHART_WIDTH - 100, heightPx: SCATTER_HEIGHT - 100, charPx: 6.5, linePx: 13 };

/** Each point's label (the first point of each label's group carries it) and the side it is written on. */
function keyed<T>(items: readonly T[], at: (item: T) => { x: number; y: number }, xSpan: number, ySpan: number) {
  const groups = keyedPoints(items.map(at), { ...SCATTER_PLOT, xSpan, ySpan });
  const byFirst = new Map(groups.map((g) => [g.members[0] as number, g]));
  return (index: number) => {
    const g = byFirst.get(index);
    return { key: g?.key ?? "", side: g?.side ?? ("right" as const) };
  };
}

export interface DisclosurePoint {
  label: string;
  /** mean identifiers the configuration's selection discloses per instance */
  disclosed: number;
  rate: number;
  /** distances below and above the rate: the 95% interval */
  error: [number, number];
}

/** Resolve rate against identifiers disclosed per instance: one numbered point per configuration, with interval bars. */
export function DisclosureChart({ points }: { points: DisclosurePoint[] }) {
  const xMax = niceMax(Math.max(0, ...points.map((p) => p.disclosed)));
  const keyOf = keyed(points, (p) => ({ x: p.disclosed, y: p.rate }), xMax, 1);
  return (
    <figure aria-label="Resolve rate against identifiers disclosed" className="chart">
      <figcaption>Resolve rate against identifiers disclosed per instance (95% intervals)</figcaption>
      <LazyChart
        spec={{
          kind: "scatter",
          width: CHART_WIDTH,
          height: SCATTER_HEIGHT,
          x: { label: "identifiers disclosed per instance", domain: [0, xMax], percent: false },
          y: { label: "resolve rate", domain: [0, 1], percent: true },
          errorBars: true,
          series: [
            {
              name: "configuration",
              points: points.map(
                (p, i): ScatterPoint => ({ x: p.disclosed, y: p.rate, size: 1, ...keyOf(i), error: p.error }),
              ),
            },
          ],
        }}
      />
      <p className="muted chart-note">Each point&apos;s number is its row in the table beside.</p>
    </figure>
  );
}

/** Mean necessity, disclosure, guidance and HVM per attribute, one chart per judge (and selection, benchmark). */
export function JudgeChart({ groups }: { groups: Array<{ title: string | null; bars: JudgeBar[] }> }) {
  return (
    <figure aria-label="Judge scores per attribute" className="chart">
      <figcaption>
        Judge scores per attribute: mean necessity, disclosure, guidance and HVM with 95% intervals (N, D and G 0–3; HVM
        −3 to 3)
      </figcaption>
      {groups.map((group) => (
        <div key={group.title ?? ""} className="chart-part">
          {group.title !== null && <p className="chart-part-title">{group.title}</p>}
          <LazyChart
            spec={{
              kind: "judge",
              width: CHART_WIDTH,
              height: barChartHeight(group.bars.length, 4, 2),
              bars: group.bars.map((b) => ({ ...b, attribute: attributeText(b.attribute) })),
              nameWidth: 96,
            }}
          />
        </div>
      ))}
    </figure>
  );
}

/** Resolve rate per policy (selection × projection), one bar per model, with 95% intervals. */
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
      <LazyChart
        spec={{
          kind: "policy",
          width: CHART_WIDTH,
          height: barChartHeight(rows.length, models.length, legendLines(models)),
          rows,
          models,
          nameWidth: 110,
        }}
      />
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
 * identifiers it discloses beyond DefUse (y); the point's size is the instances measured. Points are numbered
 * (coincident points share a label) and the key beside the chart names them.
 */
export function FrontierChart({ benchmark, dots }: { benchmark: string; dots: FrontierDot[] }) {
  const yMax = niceMax(Math.max(0, ...dots.map((d) => d.disclosed)));
  const keyOf = keyed(dots, (d) => ({ x: d.guesswork, y: d.disclosed }), 1, yMax);
  const point = (d: FrontierDot, i: number): ScatterPoint => ({
    x: d.guesswork,
    y: d.disclosed,
    size: d.instances,
    ...keyOf(i),
  });
  const indexed = dots.map((d, i) => [d, i] as const);
  return (
    <figure aria-label={`Spoiler–guesswork frontier, ${benchmark}`} className="chart chart-with-keys">
      <figcaption>Spoiler–guesswork frontier, {benchmark}: down and left is better</figcaption>
      <LazyChart
        spec={{
          kind: "scatter",
          width: CHART_WIDTH,
          height: SCATTER_HEIGHT,
          x: { label: "guesswork left (test-facing names not named)", domain: [0, 1], percent: true },
          y: { label: "disclosed beyond DefUse", domain: [0, yMax], percent: false },
          errorBars: false,
          series: [
            {
              name: "selection × projection",
              points: indexed.filter(([d]) => !d.hintSet).map(([d, i]) => point(d, i)),
            },
            { name: "published hint set", points: indexed.filter(([d]) => d.hintSet).map(([d, i]) => point(d, i)) },
          ].filter((s) => s.points.length > 0),
        }}
      />
      <PointKeys label={`Points of the frontier, ${benchmark}`} keys={dots.map((d, i) => [String(i + 1), d.label])} />
    </figure>
  );
}
