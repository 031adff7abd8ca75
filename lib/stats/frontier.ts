import { PROJECTIONS, type Projection, SELECTIONS } from "../domain/hint-vocabulary";

/** A share per projection (0–1): how much of the gold patch's added code each rendered hint transcribes. */
export type ProjectionShares = Readonly<Record<Projection, number>>;

const NO_DISCLOSURE: ProjectionShares = Object.fromEntries(PROJECTIONS.map((p) => [p, 0])) as Record<
  Projection,
  number
>;

/** One instance's identifiers (their selections) and evidence, as the frontier reads them. */
export interface FrontierInstance {
  identifiers: ReadonlyArray<{ name: string; policies: readonly string[] }>;
  /** transcription share of each identifier's Pro hint (from the stored evidence) */
  transcription: ReadonlyMap<string, number>;
  /** test-facing messages the issue does not state (strings the tests check that the gold patch writes) */
  messages?: readonly string[];
  /**
   * by selection, the share of the gold patch's added code the hint rendered under each projection transcribes
   * (lib/evidence/solution-disclosure.ts); absent: none measured (0)
   */
  disclosure?: ReadonlyMap<string, ProjectionShares>;
}

export interface FrontierPoint {
  benchmark: string;
  selection: string;
  projection: string;
  /** instances with a test-facing (DefUse) identifier or an unstated test-facing message: where guesswork can be left */
  instances: number;
  /** mean over those instances of the share of test-facing names and messages the hint does not state */
  guesswork_left: number;
  /** mean identifiers per instance the hint discloses beyond DefUse */
  disclosed_beyond_defuse: number;
  /** mean transcription share of the disclosed identifiers' hints (projections with prose only) */
  transcription: number;
  /**
   * the spoiler axis: mean over those instances of the share of the gold patch's added code (its word tokens)
   * the hint rendered under this selection × projection transcribes in runs of five or more tokens
   * (lib/evidence/solution-disclosure.ts); null where it was not measured (a hint set's curated lines)
   */
  solution_disclosed: number | null;
}

/** Projections that state prose about an identifier, where a hint can copy the gold patch. */
const PROSE = new Set(["declaration_doc", "pro"]);

/**
 * One instance's part of the frontier under one selection: what the frontier sums over a benchmark's
 * instances. Kept with the analysis (one row per instance and selection), so a benchmark's frontier is a sum
 * the database makes, whatever the corpus's size.
 */
export interface SelectionFacts {
  selection: string;
  /** the share of the instance's test-facing names and messages the selection does not name */
  guessworkLeft: number;
  /** identifiers the selection names beyond DefUse */
  beyondDefuse: number;
  /** the transcription shares of the identifiers it names, summed, and how many they are */
  transcriptionSum: number;
  transcriptionCount: number;
  /** per projection, the share of the gold patch's added code the selection's hint transcribes */
  solutionDisclosed: ProjectionShares;
}

/** An instance's part of the frontier under each selection; none where nothing faces the tests (no guesswork to leave). */
export function selectionFacts(instance: FrontierInstance): SelectionFacts[] {
  const test = instance.identifiers.filter((x) => x.policies.includes("defuse"));
  // No selection states a message: each one the tests check is guesswork a policy leaves.
  const messages = instance.messages?.length ?? 0;
  if (test.length + messages === 0) return [];
  return SELECTIONS.map((selection) => {
    const named = instance.identifiers.filter((x) => x.policies.includes(selection));
    return {
      selection,
      guessworkLeft: (test.filter((x) => !x.policies.includes(selection)).length + messages) / (test.length + messages),
      beyondDefuse: named.filter((x) => !x.policies.includes("defuse")).length,
      transcriptionSum: named.reduce((sum, x) => sum + (instance.transcription.get(x.name) ?? 0), 0),
      transcriptionCount: named.length,
      solutionDisclosed: { ...(instance.disclosure?.get(selection) ?? NO_DISCLOSURE) },
    };
  });
}

/** A benchmark's selection facts summed per selection, with the instances they come from. */
export interface FrontierTotals {
  /** instances with anything test-facing (each has facts under every selection) */
  instances: number;
  bySelection: ReadonlyMap<string, Omit<SelectionFacts, "selection">>;
}

/** Sums instances' selection facts. */
export function frontierTotals(facts: ReadonlyArray<readonly SelectionFacts[]>): FrontierTotals {
  const bySelection = new Map<string, Omit<SelectionFacts, "selection">>();
  let instances = 0;
  for (const instance of facts) {
    if (instance.length === 0) continue;
    instances++;
    for (const { selection, ...values } of instance) {
      const total = bySelection.get(selection);
      if (!total) bySelection.set(selection, { ...values, solutionDisclosed: { ...values.solutionDisclosed } });
      else {
        total.guessworkLeft += values.guessworkLeft;
        total.beyondDefuse += values.beyondDefuse;
        total.transcriptionSum += values.transcriptionSum;
        total.transcriptionCount += values.transcriptionCount;
        const sums = total.solutionDisclosed as Record<Projection, number>;
        for (const projection of PROJECTIONS) sums[projection] += values.solutionDisclosed[projection];
      }
    }
  }
  return { instances, bySelection };
}

/**
 * The spoiler–guesswork frontier of a benchmark from its summed facts: each selection × projection placed by
 * how much guesswork it leaves (test-facing names it does not name) against how much it discloses (names
 * beyond DefUse, how much of its prose copies the gold patch, and how much of the gold patch its rendered
 * text transcribes: the spoiler axis, which tells the projections apart).
 */
export function frontierOfTotals(benchmark: string, totals: FrontierTotals): FrontierPoint[] {
  const n = totals.instances;
  return SELECTIONS.flatMap((selection) => {
    const total = totals.bySelection.get(selection);
    return PROJECTIONS.map((projection) => {
      const prose = PROSE.has(projection) && total !== undefined;
      return {
        benchmark,
        selection,
        projection,
        instances: n,
        guesswork_left: n === 0 || !total ? 0 : total.guessworkLeft / n,
        disclosed_beyond_defuse: n === 0 || !total ? 0 : total.beyondDefuse / n,
        transcription: !prose || total.transcriptionCount === 0 ? 0 : total.transcriptionSum / total.transcriptionCount,
        solution_disclosed: n === 0 || !total ? 0 : total.solutionDisclosed[projection] / n,
      };
    });
  });
}

/**
 * The spoiler–guesswork frontier of a benchmark from its instances: measured from the instances alone, no
 * agent run.
 */
export function frontier(benchmark: string, instances: readonly FrontierInstance[]): FrontierPoint[] {
  return frontierOfTotals(benchmark, frontierTotals(instances.map(selectionFacts)));
}

/** What a hint set's line is measured against on one instance: its test-facing names and messages, and the copying of each name's hint. */
export interface FrontierBasis {
  /** the DefUse identifiers' names */
  test: readonly string[];
  /** test-facing messages the issue does not state */
  messages: readonly string[];
  /** transcription share of an identifier's hint, by name (absent: none) */
  transcription: ReadonlyMap<string, number>;
}

export function frontierBasis(instance: FrontierInstance): FrontierBasis {
  return {
    test: instance.identifiers.filter((x) => x.policies.includes("defuse")).map((x) => x.name),
    messages: instance.messages ?? [],
    transcription: instance.transcription,
  };
}

/** A published hint set's lines as the frontier reads them: per instance, the names its hint discloses. */
export interface HintSetLines {
  name: string;
  version: number;
  benchmark: string;
  projection: string;
  /** instance id → the identifiers the line names (after trims); flagged lines are left out by the caller */
  lines: ReadonlyMap<string, readonly string[]>;
  /** instance id → the line's hint text, where the messages its curators disclosed are stated */
  texts?: ReadonlyMap<string, string>;
}

/**
 * A published hint set on the frontier, measured like a policy but on what the curators kept: of each
 * instance's test-facing (DefUse) names, the share its line does not name; the names it discloses beyond
 * DefUse; the transcription of their prose (projections with descriptions). `instances` gives each
 * instance's frontier basis (from its analysis and evidence) by instance id.
 */
export function hintSetPoint(
  set: HintSetLines,
  instances: ReadonlyMap<string, FrontierBasis>,
): FrontierPoint & { hint_set: string } {
  let n = 0;
  let guesswork = 0;
  let beyond = 0;
  let copied = 0;
  let copiedCount = 0;
  for (const [id, named] of set.lines) {
    const instance = instances.get(id);
    if (!instance) continue;
    const { test, messages } = instance;
    if (test.length + messages.length === 0) continue;
    n++;
    const disclosed = new Set(named);
    const text = set.texts?.get(id) ?? "";
    const messagesLeft = messages.filter((m) => !text.includes(`Expected message: ${JSON.stringify(m)}`)).length;
    guesswork += (test.filter((name) => !disclosed.has(name)).length + messagesLeft) / (test.length + messages.length);
    beyond += [...disclosed].filter((name) => !test.includes(name)).length;
    if (PROSE.has(set.projection)) {
      for (const name of disclosed) {
        copied += instance.transcription.get(name) ?? 0;
        copiedCount++;
      }
    }
  }
  return {
    benchmark: set.benchmark,
    selection: `hint set ${set.name} v${set.version}`,
    projection: set.projection,
    hint_set: `${set.name} v${set.version}`,
    instances: n,
    guesswork_left: n === 0 ? 0 : guesswork / n,
    disclosed_beyond_defuse: n === 0 ? 0 : beyond / n,
    transcription: copiedCount === 0 ? 0 : copied / copiedCount,
    // The curated lines' share of the gold patch is not measured here (the basis keeps no patch): not a zero.
    solution_disclosed: null,
  };
}
