import { type ChatEndpoint, type ChatOptions, chatCompletion, EndpointRefusal } from "./chat-client";

/**
 * What an endpoint really does, measured with one tiny question (`hints judge endpoint test NAME`): how many
 * choices it returns when asked for several through `n`, whether it takes a `response_format` with a strict
 * JSON schema and answers within it, whether it reports usage. The runner follows what was measured over
 * the flags set by hand.
 */
export interface EndpointMeasure {
  /** when it was measured (ISO 8601) */
  at: string;
  /** choices asked through `n`, and returned */
  nAsked: number;
  nReturned: number;
  /** the endpoint returns as many choices as `n` asks */
  takesN: boolean;
  /** a `response_format: json_schema` was accepted and the answer kept to the schema */
  jsonSchema: boolean;
  /** usage (prompt and completion tokens) came with the answer */
  usageReported: boolean;
  /** prices are set on the endpoint (the cost of a run can be known) */
  priced: boolean;
  /** what was seen, in words: one line per finding */
  notes: string[];
}

/** How many choices the probe asks for. */
export const PROBE_N = 2;

const PROBE_SCHEMA = {
  type: "json_schema",
  json_schema: {
    name: "probe",
    strict: true,
    schema: {
      type: "object",
      properties: { answer: { type: "integer" } },
      required: ["answer"],
      additionalProperties: false,
    },
  },
};

const PROBE_MESSAGES = [
  { role: "system" as const, content: "You answer with a single JSON object and nothing else." },
  { role: "user" as const, content: 'What is 2 + 3? Answer as {"answer": <integer>}.' },
];

/** The answer keeps to the probe's schema: one object with an integer `answer`, nothing else. */
function keepsToSchema(content: string): boolean {
  try {
    const value = JSON.parse(content) as Record<string, unknown>;
    return (
      typeof value === "object" && value !== null && Object.keys(value).length === 1 && Number.isInteger(value.answer)
    );
  } catch {
    return false;
  }
}

/**
 * Measures an endpoint with one tiny question (two when the schema is refused: asked again without it).
 * A refusal that is not about the request (a bad key, no credit, no such model) is thrown as it came.
 */
export async function probeEndpoint(
  endpoint: ChatEndpoint,
  prices: { inputPrice: number | null; outputPrice: number | null },
  options: ChatOptions = {},
): Promise<EndpointMeasure> {
  const notes: string[] = [];
  const ask = (withSchema: boolean) =>
    chatCompletion(
      endpoint,
      { messages: PROBE_MESSAGES, n: PROBE_N, temperature: 1, ...(withSchema ? { responseFormat: PROBE_SCHEMA } : {}) },
      { retries: 2, ...options },
    );
  let jsonSchema = true;
  let result: Awaited<ReturnType<typeof ask>>;
  try {
    result = await ask(true);
  } catch (error) {
    // 400 or 422: the request's form was refused; a schema is the likely cause: asked again without it.
    if (!(error instanceof EndpointRefusal) || (error.status !== 400 && error.status !== 422)) throw error;
    jsonSchema = false;
    notes.push(`a response_format with a JSON schema was refused (${error.message}): answers are parsed from text`);
    result = await ask(false);
  }
  if (jsonSchema && !result.contents.every(keepsToSchema)) {
    jsonSchema = false;
    notes.push("a response_format with a JSON schema was accepted but an answer did not keep to it");
  }
  const takesN = result.contents.length >= PROBE_N;
  notes.push(
    takesN
      ? `n = ${PROBE_N} returned ${result.contents.length} choices: samples are asked in one request`
      : `n = ${PROBE_N} returned ${result.contents.length} choice${result.contents.length === 1 ? "" : "s"}: the endpoint ignores n, so each sample is its own request`,
  );
  if (!result.usageReported)
    notes.push("no usage reported: tokens and cost cannot be counted, and a budget cannot stop a run");
  const priced = prices.inputPrice !== null || prices.outputPrice !== null;
  if (!priced) notes.push("no prices set: costs are not known");
  return {
    at: new Date().toISOString(),
    nAsked: PROBE_N,
    nReturned: result.contents.length,
    takesN,
    jsonSchema,
    usageReported: result.usageReported,
    priced,
    notes,
  };
}

/** A stored measure, read back (null when none, or not one). */
export function readMeasure(text: string | null | undefined): EndpointMeasure | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as EndpointMeasure;
    return typeof value.takesN === "boolean" && typeof value.jsonSchema === "boolean" ? value : null;
  } catch {
    return null;
  }
}
