import {
  type DisclosureGuidanceAnswer,
  type JudgeCallKind,
  type NecessityAnswer,
  parseAnswer,
  quotesVerbatim,
} from "../../judge/answers";
import type { ValueToRate } from "./judge-runs";

/** The answer of one sample, parsed, with what checking it found. */
export type Outcome =
  | { ok: true; answer: NecessityAnswer | DisclosureGuidanceAnswer; raw: string; verbatim: boolean }
  | { ok: false; error: string; raw: string };

/** The raw text of a failed sample kept on its row, at most this long (an endpoint's answer can be any size). */
const RAW_KEPT = 20_000;

/** A sample's answer parsed, and whether its evidence quotes the text it rates verbatim. */
export function check(group: { kind: JudgeCallKind; value: ValueToRate }, content: string): Outcome {
  const parsed = parseAnswer(group.kind, content);
  if (!parsed.ok) return { ok: false, error: parsed.error, raw: content.slice(0, RAW_KEPT) };
  const quoted =
    group.kind === "N" ? group.value.target.issue : (group.value.target.values[group.value.attribute] ?? "");
  return { ok: true, answer: parsed.answer, raw: content, verbatim: quotesVerbatim(parsed.answer.evidence, quoted) };
}
