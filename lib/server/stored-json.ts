import { z } from "zod";
import { SELECTIONS } from "../domain/hint-vocabulary";
import { LEAK_SOURCES, storedLeakSource } from "../evidence/evidence";
import type { Trim } from "../hint/compose-hint";
import { TrimSchema } from "../hint/trim-schema";

/**
 * The JSON the database keeps in text columns, parsed once at the boundary and checked with zod: a row that
 * does not hold what the code expects fails loudly here instead of surfacing as a wrong value on a page.
 */

const parsed =
  <T>(schema: z.ZodType<T>, column: string) =>
  (text: string | null | undefined): T => {
    const result = schema.safeParse(text == null ? null : JSON.parse(text));
    if (!result.success) throw new Error(`stored ${column} is malformed: ${result.error.message}`);
    return result.data;
  };

const LocationSchema = z.object({
  path: z.string(),
  diffLine: z.number(),
  fileLine: z.number().nullable().optional(),
  /** where the name starts on the diff line (1-based, the +/- prefix counted); absent in analyses before it was kept */
  column: z.number().optional(),
  /** the patch the diff line is in; absent in analyses before it was kept */
  patch: z.enum(["gold", "test"]).optional(),
  /** a use matched by its member name alone: the object it is reached through has a class the hunks do not show */
  uncertain: z.literal(true).optional(),
});

/** A decided hint's trim (null: nothing trimmed). */
export const readTrim = (text: string | null): Trim =>
  parsed(TrimSchema.nullable(), "Hint.trimmed")(text) ?? { identifiers: [], attributes: {} };

/**
 * What a read of identifiers asks for beside their columns: the selections that pick each (IdentifierSelection
 * rows), turned into the analysis's `policies` by `withPolicies`.
 */
export const WITH_SELECTIONS = { selections: { select: { selection: true } } } as const;

/** An identifier's selection rows as the analysis's `policies`: in SELECTIONS order (others after, by name). */
export function policiesOf(selections: ReadonlyArray<{ selection: string }>): string[] {
  const place = (selection: string) => {
    const n = (SELECTIONS as readonly string[]).indexOf(selection);
    return n === -1 ? SELECTIONS.length : n;
  };
  return selections.map((s) => s.selection).sort((a, b) => place(a) - place(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** An identifier read with its selection rows, as the analysis gives one: with `policies` (policiesOf). */
export function withPolicies<T extends { selections: ReadonlyArray<{ selection: string }> }>({
  selections,
  ...identifier
}: T): Omit<T, "selections"> & { policies: string[] } {
  return { ...identifier, policies: policiesOf(selections) };
}

/** Where an identifier is defined and used (diff lines of the patches). */
export const readLocations = parsed(
  z.object({ definedAt: LocationSchema.nullable(), usedAt: z.array(LocationSchema) }),
  "Identifier.locations",
);

/** Files in languages the analysis does not parse. */
export const readStringList = parsed(z.array(z.string()), "a list of strings");

/** A hint's state as the audit trail records it, before and after a decision. */
export const HintStateSchema = z.object({
  status: z.string(),
  trimmed: TrimSchema.nullable().optional(),
  flagReason: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
});
export type HintState = z.infer<typeof HintStateSchema>;
export const readHintState = parsed(HintStateSchema, "Decision.before/after");

/** A run's stated summary (rate, counts) as its file gave it. */
export const readSummary = parsed(z.record(z.string(), z.unknown()).nullable(), "Run.summary");

/** An instance's original record, as it arrived. */
export const readRecord = parsed(z.record(z.string(), z.unknown()), "Instance.original");

/** The evidence stored with an instance's analysis (null before it is analysed again). */
export const readEvidence = parsed(
  z
    .object({
      // A leak stored before leaks said their source has it from its channel and detail.
      leaks: z.array(
        z
          .object({
            channel: z.string(),
            source: z.enum(LEAK_SOURCES).optional(),
            detail: z.string(),
            share: z.number().nullable(),
          })
          .transform((l) => ({ ...l, source: l.source ?? storedLeakSource(l) })),
      ),
      identifiers: z.array(
        z.object({
          name: z.string(),
          stated_in_issue: z.boolean(),
          stated_in_benchmark_hint: z.boolean(),
          test_facing: z.boolean(),
          repo_occurrences: z.number().nullable(),
          // Evidence stored before the repository store has neither.
          repo_files: z.number().nullable().default(null),
          repo_defined: z.boolean().nullable().default(null),
          transcription_share: z.number(),
          longest_copied_run: z.string(),
        }),
      ),
      // Evidence stored before test-facing literals were found has none.
      literals: z
        .array(
          z.object({
            text: z.string(),
            test_path: z.string(),
            test_line: z.number().nullable(),
            test_diff_line: z.number(),
            gold_path: z.string(),
            gold_line: z.number().nullable(),
            gold_diff_line: z.number(),
            introduced_by_gold: z.boolean(),
            stated_in_issue: z.boolean(),
            stated_in_benchmark_hint: z.boolean(),
          }),
        )
        .default([]),
    })
    .nullable(),
  "Instance.evidence",
);

const AgreementCategorySchema = z.object({ category: z.string(), share: z.number(), kappa: z.number().nullable() });

/** The review round a published version came from (null: published straight from the current decisions). */
export const readReviewSummary = parsed(
  z
    .object({
      round: z.string(),
      curators: z.array(z.string()),
      curators_per_hint: z.number(),
      blind: z.boolean(),
      instances: z.number(),
      agreed: z.number(),
      adjudicated: z.number(),
      adjudicators: z.array(z.string()),
      agreement: z.object({
        method: z.enum(["cohen", "fleiss"]).nullable(),
        percent_agreement: z.number().nullable(),
        kappa: z.number().nullable(),
        kappa_by_reason: z.number().nullable(),
        categories: z.array(AgreementCategorySchema),
      }),
    })
    .nullable(),
  "HintSetVersion.review",
);

/** A review round's curators, in the order they were dealt hints. */
export const readCuratorList = parsed(z.array(z.string()), "ReviewRound.curators");

/** An instance's identifiers per selection, as the analysis stored them for the list. */
export const readSelectionCounts = parsed(z.record(z.string(), z.number()), "Instance.selectionCounts");

/** A result's per-test outcome counts (null: the results file gave none). */
export const readTestCounts = parsed(
  z.record(z.string(), z.object({ passed: z.number().int(), failed: z.number().int() })).nullable(),
  "RunResult.testCounts",
);
