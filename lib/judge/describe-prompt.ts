import { z } from "zod";
import { descriptionProblem } from "../hint/compose-hint";
import { jsonObjectIn } from "./answers";
import type { ChatMessage } from "./prompts";

/**
 * Descriptions written by a model where the benchmark has none, as the paper had them written (its §A.2: a
 * model given the reference patch writes the weak semantics, one sentence of at most 20 words on what the
 * entity is and does, and the strong semantics, two to four sentences on behaviour, edge cases and
 * test-implied constraints). The paper does not print its prompt: this one is the project's own, versioned
 * like the judge's (a change is a new version, recorded with every description).
 */
export const DESCRIBE_TEMPLATE_VERSION = "describe.1";

export const DESCRIBE_SYSTEM_PROMPT = `You document code for engineers. Given a code change and the tests that check it, you describe one
entity the change defines, the way an interface specification would: what it is and does, and how it behaves.
You describe; you do not quote the implementation.`;

/** The identifier to describe, with what the analysis knows of it, and the patches it comes from. */
export interface DescribeTarget {
  repo: string;
  name: string;
  kind: string;
  path: string;
  signature: string | null;
  goldPatch: string;
  testPatch: string;
}

const fence = (text: string) => `\`\`\`diff\n${text}\n\`\`\``;

/** The call's messages: the gold patch (first 14,000 characters) and the test patch (first 6,000). */
export function describeMessages(t: DescribeTarget): ChatMessage[] {
  const user = `## Repository
${t.repo}

## The change (reference patch)
${fence(t.goldPatch.slice(0, 14000))}

## The tests that check it
${fence(t.testPatch.slice(0, 6000))}

## The entity to describe
name: ${t.name}
kind: ${t.kind}
file: ${t.path}${t.signature ? `\nsignature: ${t.signature}` : ""}

## Your task
Describe the entity above.
- "description": ONE sentence of at most 20 words: what the entity is and what it does.
- "behaviour": a paragraph of two to four sentences: its behaviour, its edge cases, and the constraints the
  tests imply.
Do not copy code. Respond with exactly this JSON object:
{"description": "<one sentence, at most 20 words>",
"behaviour": "<two to four sentences>"}`;
  return [
    { role: "system", content: DESCRIBE_SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

/** Sentences in a paragraph: ends of sentences followed by more text, plus the last. */
export const sentenceCount = (text: string) =>
  text
    .trim()
    .split(/(?<=[.!?])\s+(?=\S)/)
    .filter(Boolean).length;

/** Why a behaviour paragraph does not fit (two to four sentences), or null when it does. */
export function behaviourProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "empty";
  const n = sentenceCount(trimmed);
  return n < 2 || n > 4 ? `${n} sentence${n === 1 ? "" : "s"}: two to four` : null;
}

export const DescriptionAnswer = z.object({ description: z.string(), behaviour: z.string() });
export type DescriptionAnswer = z.infer<typeof DescriptionAnswer>;

/** The strict JSON schema asked for where the endpoint supports `response_format: json_schema`. */
export const DESCRIBE_RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "identifier_description",
    strict: true,
    schema: {
      type: "object",
      properties: { description: { type: "string" }, behaviour: { type: "string" } },
      required: ["description", "behaviour"],
      additionalProperties: false,
    },
  },
};

/** An answer as a description and a behaviour paragraph within their limits, or why it is not. */
export function parseDescription(text: string): { ok: true; answer: DescriptionAnswer } | { ok: false; error: string } {
  const object = jsonObjectIn(text);
  if (!object.ok) return object;
  const parsed = DescriptionAnswer.safeParse(object.value);
  if (!parsed.success)
    return {
      ok: false,
      error: `the answer is not the description asked for: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(object)"} ${i.message}`).join("; ")}`,
    };
  const answer = { description: parsed.data.description.trim(), behaviour: parsed.data.behaviour.trim() };
  const weak = descriptionProblem(answer.description);
  if (weak) return { ok: false, error: `the description does not fit: ${weak}` };
  const strong = behaviourProblem(answer.behaviour);
  if (strong) return { ok: false, error: `the behaviour does not fit: ${strong}` };
  return { ok: true, answer };
}
