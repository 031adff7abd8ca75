import { z } from "zod";
import { ID_MAX_LENGTH } from "./list-state";

/** The most ids one pick keeps (rows ticked by hand, or the disagreements of one benchmark, are far fewer). */
export const PICK_MAX = 20_000;

/**
 * A pick's ids as the server action carries them: one JSON text, not an array. React's reply decoder counts
 * every element of an array argument and every character of its strings against a limit of 1,000,000 and
 * refuses past it ("Maximum array nesting exceeded", an HTTP 500): 20,000 ids of 50 characters pass it, where
 * 15,000 did not. A string property of an object is not counted; the server action's body limit (8 MB,
 * next.config.ts) bounds it.
 */
export const pickIdsArgument = (ids: readonly string[]): { idsJson: string } => ({ idsJson: JSON.stringify(ids) });

/** The largest `idsJson` read: every id at its longest, each character escaped at worst as \uXXXX. */
export const PICK_IDS_JSON_MAX = PICK_MAX * (ID_MAX_LENGTH * 6 + 3) + 2;

/** The server action's input: `pickIdsArgument`'s text, read back into at most PICK_MAX ids. */
export const pickIdsInput = z.object({ idsJson: z.string().max(PICK_IDS_JSON_MAX) }).transform((input, context) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.idsJson);
  } catch {
    context.addIssue({ code: "custom", message: "the ids are not a JSON list" });
    return z.NEVER;
  }
  const ids = z
    .array(z.string().max(ID_MAX_LENGTH))
    .max(PICK_MAX, `a pick holds at most ${PICK_MAX.toLocaleString("en")} instance ids`)
    .safeParse(parsed);
  if (!ids.success) {
    context.addIssue({ code: "custom", message: ids.error.issues[0]?.message ?? "the ids are not a list of ids" });
    return z.NEVER;
  }
  return { ids: ids.data };
});
