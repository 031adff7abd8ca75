import { z } from "zod";
import { HINT_ATTRIBUTES } from "../domain/judge-scales";
import { setOwn } from "../domain/own-keys";
import { DESCRIPTION_MAX_WORDS, descriptionProblem, type Trim } from "./compose-hint";

/**
 * An object keyed by identifier names, each value checked by `value`. Not `z.record`: it drops a key named
 * `__proto__` without a word, and an identifier may be named so. Keys are kept as own properties.
 */
function byIdentifierName<T>(value: z.ZodType<T>) {
  return z
    .custom<Record<string, unknown>>(
      (v) => typeof v === "object" && v !== null && !Array.isArray(v),
      "expected an object keyed by identifier name",
    )
    .transform((object, ctx) => {
      const out: Record<string, T> = {};
      for (const [key, item] of Object.entries(object)) {
        if (key.length > 500) {
          ctx.addIssue({ code: "custom", message: "an identifier name is at most 500 characters", path: [key] });
          return z.NEVER;
        }
        const checked = value.safeParse(item);
        if (!checked.success) {
          for (const issue of checked.error.issues)
            ctx.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
          return z.NEVER;
        }
        setOwn(out, key, checked.data);
      }
      return out;
    });
}

/** A curator-written description: one sentence of at most 20 words (blank: the benchmark's own). */
const Description = z
  .string()
  .max(400)
  .refine((text) => text.trim() === "" || descriptionProblem(text) === null, {
    message: `a description is one sentence of at most ${DESCRIPTION_MAX_WORDS} words`,
  });

/**
 * The one trim schema, for every path a trim takes: a decision, a review round's decision and adjudication,
 * and the trims the database keeps. Identifiers or attributes removed, and curator-written descriptions.
 */
export const TrimSchema: z.ZodType<Trim, unknown> = z.object({
  identifiers: z.array(z.string().max(500)).max(1000),
  attributes: byIdentifierName(z.array(z.enum(HINT_ATTRIBUTES))),
  descriptions: byIdentifierName(Description).optional(),
  messages: z.array(z.string().min(1).max(2000)).max(100).optional(),
});

export const EMPTY_TRIM: Trim = { identifiers: [], attributes: {} };
