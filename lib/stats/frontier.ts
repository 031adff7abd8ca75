import { PROJECTIONS, SELECTIONS } from "../domain/hint-vocabulary";

/** One instance's identifiers (their selections) and evidence, as the frontier reads them. */
export interface FrontierInstance {
  identifiers: ReadonlyArray<{ name: string; policies: readonly string[] }>;
  /** transcription share of each identifier's Pro hint (from the stored evidence) */
  transcription: ReadonlyMap<string, number>;
  /** test-facing messages the issue does not state (strings the tests check that the gold patch writes) */
  messages?: readonly string[];
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
}

/** Projections that state prose about an identifier, where a hint can copy the gold patch. */
const PROSE = new Set(["declaration_doc", "pro"]);

/**
 * The spoiler–guesswork frontier of a benchmark: each selection × projection placed by how much guesswork it
 * leaves (test-facing names it does not name) against how much it discloses (names beyond DefUse, and how
 * much of its prose copies the gold patch). Measured from the instances alone, no agent run.
 */
export function frontier(benchmark: string, instances: readonly FrontierInstance[]): FrontierPoint[] {
  const points: FrontierPoint[] = [];
  const facing = instances.filter(
    (i) => i.identifiers.some((x) => x.policies.includes("defuse")) || (i.messages?.length ?? 0) > 0,
  );
  for (const selection of SELECTIONS) {
    for (const projection of PROJECTIONS) {
      let guesswork = 0;
      let beyond = 0;
      let copied = 0;
      let copiedCount = 0;
      for (const instance of facing) {
        const test = instance.identifiers.filter((x) => x.policies.includes("defuse"));
        const named = instance.identifiers.filter((x) => x.policies.includes(selection));
        // No selection states a message: each one the tests check is guesswork a policy leaves.
        const messages = instance.messages?.length ?? 0;
        guesswork += (test.filter((x) => !x.policies.includes(selection)).length + messages) / (test.length + messages);
        beyond += named.filter((x) => !x.policies.includes("defuse")).length;
        if (PROSE.has(projection)) {
          for (const x of named) {
            copied += instance.transcription.get(x.name) ?? 0;
            copiedCount++;
          }
        }
      }
      const n = facing.length;
      points.push({
        benchmark,
        selection,
        projection,
        instances: n,
        guesswork_left: n === 0 ? 0 : guesswork / n,
        disclosed_beyond_defuse: n === 0 ? 0 : beyond / n,
        transcription: copiedCount === 0 ? 0 : copied / copiedCount,
      });
    }
  }
  return points;
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
 * DefUse; the transcription of their prose (projections with descriptions). `instances` gives the analysis
 * (identifiers, evidence) by instance id.
 */
export function hintSetPoint(
  set: HintSetLines,
  instances: ReadonlyMap<string, FrontierInstance>,
): FrontierPoint & { hint_set: string } {
  let n = 0;
  let guesswork = 0;
  let beyond = 0;
  let copied = 0;
  let copiedCount = 0;
  for (const [id, named] of set.lines) {
    const instance = instances.get(id);
    if (!instance) continue;
    const test = instance.identifiers.filter((x) => x.policies.includes("defuse")).map((x) => x.name);
    const messages = instance.messages ?? [];
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
  };
}
