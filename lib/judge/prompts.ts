/**
 * The paper's hint-leakage judge (Appendix C), verbatim: the system prompt, the NECESSITY call (the issue, no
 * patch) and the combined DISCLOSURE + GUIDANCE call (also the gold and test patches). The paper's text lost
 * its spaces in extraction; they are restored here word for word. A change to any text below is a new
 * JUDGE_TEMPLATE_VERSION, recorded with every score it gives.
 */
import type { HintAttribute } from "../domain/judge-scales";

export const JUDGE_TEMPLATE_VERSION = "appendix-c.1";

export const SYSTEM_PROMPT = `You are an exacting research assistant evaluating hint quality for a software
engineering benchmark. You apply a rubric literally and consistently. You do not
reward values for being detailed or useful; you classify them by the stated
criteria only. You always answer with a single JSON object and nothing else.`;

const NECESSITY_RUBRIC = `Rate NECESSITY: could a competent engineer obtain this attribute’s value WITHOUT
seeing the reference solution?

0 REDUNDANT - the value is stated in the problem statement itself.
1 SEARCH-SAVING - not stated, but an engineer with the repository at its current
  commit would reach it through normal investigation (the entity
  already exists; grep/reading finds it). The hint saves effort,
  not information.
2 DISAMBIGUATING - not stated and not already present, but strongly constrained by
  repository convention (e.g. a new test file’s location follows
  an obvious existing layout). An engineer would likely guess it.
3 LOAD-BEARING - encodes a free choice the solution’s author made that is not
  recoverable from the problem statement or the existing codebase
  (e.g. the name of a function that does not yet exist). Without
  the hint an engineer would pick something else.

Judge ONLY the target attribute’s value. Ignore whether the value seems important;
necessity is about RECOVERABILITY, not importance.`;

const DISCLOSURE_RUBRIC = `Rate DISCLOSURE: how much of the reference solution’s CONTENT does this value carry?

0 INTERFACE - identity and addressing only: what it is called, where it lives,
  how it is invoked. This is the line the benchmark itself
  publishes to agents, so it is not leakage.
1 CONTRACT - observable behaviour: what it does, what its inputs and outputs
  mean. A specification someone could implement many ways.
2 MECHANISM - how it does it: control flow, algorithm, ordering of operations,
  or the names of specific helpers/APIs it calls internally.
3 TRANSCRIPTION - restates the solution closely enough that the code could be
  transliterated from the text with little independent thought.

Example of 2: "overrides add_job to check the hostname against allowed hosts using
fnmatch patterns" - names the method and the matching library.
Example of 1: "A set of exact key names that should not be sanitized even if they
contain sensitive substrings" - states the contract without the mechanism.`;

const GUIDANCE_RUBRIC = `Rate BEHAVIOURAL GUIDANCE: how much does this value DIRECT the agent’s actions, as
opposed to merely stating a fact it must act upon?

0 DECLARATIVE - states that something exists or what it is called. No action
  is implied.
1 ORIENTING - narrows where to look or what to touch, without saying what to do.
2 PROCEDURAL - implies a sequence of steps or a specific approach to take.
3 PRESCRIPTIVE - reads as an instruction the agent can follow directly; the text
  could substitute for a plan.

This is INDEPENDENT of disclosure. A line range discloses a lot (exactly where the
change goes) but guides nothing (it does not say what to do). An algorithm
description does both. Score them separately.`;

/** The attributes of an identifier as the judge is shown them, in the paper's order and spelling. */
const SHOWN_AS: Record<HintAttribute, string> = {
  name: "name",
  kind: "entity_type",
  path: "path",
  new_file: "is_new_file",
  signature: "signature",
  weak_semantics: "weak_semantics",
  strong_semantics: "strong_semantics",
};
const ORDER = Object.keys(SHOWN_AS) as HintAttribute[];

/** One identifier's attribute values (an attribute without a value is left out). */
export type AttributeValues = Partial<Record<HintAttribute, string>>;

/** What a judge call is about: one attribute of one identifier of one instance. */
export interface JudgeTarget {
  repo: string;
  issue: string;
  goldPatch: string;
  testPatch: string;
  values: AttributeValues;
  target: HintAttribute;
  /** files naming the identifier at the base commit (`git grep -w`); null where no repository was available */
  filesAtBase: number | null;
  /** the fact is left out of the N call altogether (a run without it, for the paper's comparison) */
  factLeftOut?: boolean;
}

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

function identifierBlock(values: AttributeValues, target: HintAttribute): string {
  return ORDER.filter((a) => values[a] !== undefined)
    .map((a) => `${SHOWN_AS[a]}: ${values[a]}${a === target ? " <<< TARGET" : ""}`)
    .join("\n");
}

function valueBlock(values: AttributeValues, target: HintAttribute): string {
  return `## The value you are rating
attribute: \`${SHOWN_AS[target]}\`
value: \`\`\`
${values[target] ?? ""}
\`\`\`
You are rating THE TEXT ABOVE - not the entity it refers to, and not the other
attributes listed for context. Ask what this text, by itself, tells a reader.`;
}

/** The measured repository fact, for a `name` target: how many files name it where the agent starts. */
function repositoryFact(t: JudgeTarget): string {
  if (t.target !== "name" || t.factLeftOut) return "";
  const name = t.values.name ?? "";
  if (t.filesAtBase === null)
    return `## Measured repository fact
Not measured: no copy of this repository was available, so whether \`${name}\` already appears in it at the
commit the agent starts from is unknown.

`;
  const meaning =
    t.filesAtBase > 0
      ? "An engineer could therefore find it by searching the existing code."
      : "It does not exist anywhere in the tree yet, so it cannot be found by\nsearching; any engineer would have to choose a name.";
  return `## Measured repository fact
The identifier \`${name}\` appears in ${t.filesAtBase} file(s) in this repository at the commit
the agent starts from.
${meaning}

`;
}

const fence = (text: string) => `\`\`\`diff\n${text}\n\`\`\``;

/** The NECESSITY call: the issue (first 6,000 characters), no patch. */
export function necessityMessages(t: JudgeTarget): ChatMessage[] {
  const user = `${NECESSITY_RUBRIC}

${repositoryFact(t)}## Repository
${t.repo}

## Problem statement (this is ALL the agent is told)
${t.issue.slice(0, 6000)}

## The identifier, for context
${identifierBlock(t.values, t.target)}

${valueBlock(t.values, t.target)}

## Your task
Rate NECESSITY.
Respond with exactly this JSON object:
{"label": "<REDUNDANT|SEARCH-SAVING|DISAMBIGUATING|LOAD-BEARING>",
"evidence": "<a short verbatim quote from the problem statement that justifies
your rating, or the empty string if the statement says nothing relevant>",
"rationale": "<one sentence>",
"confidence": <0.0-1.0>}`;
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

/** The DISCLOSURE + GUIDANCE call: the issue (4,000), the gold patch (14,000) and the test patch (6,000). */
export function disclosureGuidanceMessages(t: JudgeTarget): ChatMessage[] {
  const user = `${DISCLOSURE_RUBRIC}

${GUIDANCE_RUBRIC}

## Problem statement
${t.issue.slice(0, 4000)}

## Reference solution (gold patch)
${fence(t.goldPatch.slice(0, 14000))}

## Test patch (defines what must pass)
${fence(t.testPatch.slice(0, 6000))}

## The identifier, for context
${identifierBlock(t.values, t.target)}

${valueBlock(t.values, t.target)}

## Your task
Rate DISCLOSURE and BEHAVIOURAL GUIDANCE for the value above, by comparing it
against the reference solution.
Respond with exactly this JSON object:
{"disclosure_label": "<INTERFACE|CONTRACT|MECHANISM|TRANSCRIPTION>",
"guidance_label": "<DECLARATIVE|ORIENTING|PROCEDURAL|PRESCRIPTIVE>",
"evidence": "<the span of the target value that carries the most solution content,
verbatim>",
"rationale": "<one sentence>",
"confidence": <0.0-1.0>}`;
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}
