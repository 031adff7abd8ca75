import { createHash } from "node:crypto";
import type { HintItem } from "../analysis/render-hint";
import type { HintAttribute } from "../domain/judge-scales";
import type { JudgeCallKind } from "./answers";
import {
  type AttributeValues,
  type ChatMessage,
  disclosureGuidanceMessages,
  type JudgeTarget,
  necessityMessages,
} from "./prompts";

/**
 * An identifier's attribute values as the judge rates them: the structural ones always, the descriptions
 * where the benchmark (or a curator) gives them.
 */
export function attributeValues(item: HintItem): AttributeValues {
  const { identifier } = item;
  return {
    name: identifier.name,
    kind: identifier.kind,
    path: identifier.path,
    new_file: identifier.newFile ? "true" : "false",
    ...(identifier.signature ? { signature: identifier.signature } : {}),
    ...(item.description ? { weak_semantics: item.description } : {}),
    ...(item.behaviour ? { strong_semantics: item.behaviour } : {}),
  };
}

/** The attributes of a value list that have a value, in the rubric's order. */
export const ratedAttributes = (values: AttributeValues) =>
  (Object.keys(values) as HintAttribute[]).filter((a) => values[a] !== undefined);

/** The messages of one call. */
export const callMessages = (kind: JudgeCallKind, target: JudgeTarget): ChatMessage[] =>
  kind === "N" ? necessityMessages(target) : disclosureGuidanceMessages(target);

/**
 * The cache key of one sample: the judge's name, endpoint URL, model, template version, the messages, the
 * parameters and the sample's index (three samples are three answers, even with a fixed seed).
 */
export function cacheKey(parts: {
  /** the judge's name (endpoint name, model, parameters, template): two names never share answers */
  judge?: string;
  baseUrl: string;
  model: string;
  templateVersion: string;
  messages: ChatMessage[];
  parameters: Record<string, unknown>;
  sample: number;
}): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/** Tokens a text costs, estimated (about four characters a token for English and code). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** Tokens an answer is expected to cost: the JSON object with a one-sentence rationale. */
export const ANSWER_TOKENS = 120;

/** US dollars for a usage at per-million-token prices (null prices: not priced, 0). */
export function costOf(
  usage: { prompt: number; completion: number },
  prices: { inputPrice: number | null; outputPrice: number | null },
): number {
  return ((prices.inputPrice ?? 0) * usage.prompt + (prices.outputPrice ?? 0) * usage.completion) / 1_000_000;
}
