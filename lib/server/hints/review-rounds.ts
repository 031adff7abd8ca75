import { z } from "zod";
import { hasRole } from "../../auth/roles";
import { FlagReasonSchema } from "../../domain/hint-vocabulary";
import type { ReviewSummary } from "../../export/hint-lines";
import { EMPTY_TRIM, TrimSchema } from "../../hint/trim-schema";
import {
  assignCurators,
  itemOutcome,
  MAX_CURATORS_PER_HINT,
  ROUND_ACTIONS,
  type RoundDecision,
} from "../../review/review-round";
import { type ActionFailure, AppError, type AppErrorCode, refusal } from "../app-error";
import { claimRows, type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";
import { readTrim } from "../stored-json";
import { instancesOfSet } from "./hint-export";
import { publishWithin } from "./hint-sets";
import { NOT_ANALYSED, recordDecisionWithin } from "./record-decision";
import { asDecision, roundState } from "./round-state";

/** A round request the rules refuse, as the vocabulary's code (a bad request unless said); the message says which rule. */
export class RoundError extends AppError {
  constructor(message: string, code: AppErrorCode = "invalid-input") {
    super(code, message);
    this.name = "RoundError";
  }
}

export const StartRoundInput = z.object({
  name: z.string().trim().min(1, "name the round").max(100),
  hintSet: z.string().min(1, "choose a hint set"),
  curators: z.array(z.string().min(1)).min(1, "choose the curators").max(50),
  curatorsPerHint: z.coerce.number().int().min(1).max(MAX_CURATORS_PER_HINT),
  blind: z.boolean().default(true),
});

/** Starts a round over a hint set's instances: k of the named curators per hint, dealt evenly. */
export async function startRound(db: Database, raw: z.input<typeof StartRoundInput>, createdBy: string) {
  const input = StartRoundInput.parse(raw);
  const set = await db.hintSet.findUnique({ where: { name: input.hintSet } });
  if (!set) throw new RoundError(`no hint set named "${input.hintSet}"`, "not-found");
  if (await db.reviewRound.findUnique({ where: { name: input.name } }))
    throw new RoundError(`a round named "${input.name}" exists`, "conflict");
  const curators = [...new Set(input.curators)];
  const users = await db.user.findMany({ where: { name: { in: curators } } });
  for (const name of curators) {
    const user = users.find((u) => u.name === name);
    if (!user || user.disabled || !hasRole(user.role, "curator"))
      throw new RoundError(`${name} is not an enabled curator or admin`);
  }
  if (input.curatorsPerHint > curators.length)
    throw new RoundError(`${input.curatorsPerHint} curators per hint needs at least as many curators`);
  const instances = await instancesOfSet(db, set.benchmark, set.filter);
  if (instances.length === 0) throw new RoundError(`hint set "${set.name}" covers no instances`);
  let plan: ReturnType<typeof assignCurators>;
  try {
    plan = assignCurators(
      instances.map((i) => i.id),
      curators,
      input.curatorsPerHint,
    );
  } catch (error) {
    throw new RoundError((error as Error).message);
  }
  return writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        const round = await tx.reviewRound.create({
          data: {
            name: input.name,
            hintSetId: set.id,
            curatorsPerHint: input.curatorsPerHint,
            curators: JSON.stringify(curators),
            blind: input.blind,
            createdBy,
          },
        });
        await tx.roundAssignment.createMany({ data: plan.map((p) => ({ ...p, roundId: round.id })) });
        return round;
      },
      transactionTimeouts({ rows: plan.length, msPerRow: 2 }),
    ),
  );
}

/** What a round decision and an adjudication both say: where, and accept, trim or flag (with its reason). */
const RoundVerdict = z.object({
  roundId: z.number().int().positive(),
  instanceId: z.number().int().positive(),
  action: z.enum(ROUND_ACTIONS),
  reason: FlagReasonSchema.nullable().default(null),
  note: z.string().max(5000).default(""),
});
const flagHasReason = (d: { action: string; reason: string | null }) => d.action !== "flag" || d.reason !== null;
const NEEDS_REASON = { message: "a flag needs a reason", path: ["reason"] };

export const RoundDecisionInput = RoundVerdict.extend({
  trimmed: TrimSchema.default(EMPTY_TRIM),
  sourceHash: z.string().max(64).optional(),
}).refine(flagHasReason, NEEDS_REASON);

/** A decision's transaction: one row, but it may wait for a publish of its round (which is given minutes). */
const ROUND_DECISION = { maxWait: 60_000, timeout: 11 * 60 * 1000 };

export type RoundDecisionResult = { ok: true; action: string } | ActionFailure;

/** A curator's decision on one of their hints in an open round (they may change it until the round is published). */
export async function decideInRound(db: Database, raw: unknown, curator: string): Promise<RoundDecisionResult> {
  const parsed = RoundDecisionInput.safeParse(raw);
  if (!parsed.success) return refusal("invalid-input", parsed.error.issues.map((i) => i.message).join("; "));
  const input = parsed.data;
  return writeTurn(db)(() =>
    db.$transaction(async (tx): Promise<RoundDecisionResult> => {
      // The round's row held until this decision is written: a publish of the round waits for it (and one that
      // committed first is seen here as published).
      await claimRows(db, tx, "ReviewRound", "1 = 1", [input.roundId]);
      const round = await tx.reviewRound.findUnique({ where: { id: input.roundId } });
      if (!round) return refusal("not-found", `no round with id ${input.roundId}`);
      if (round.status !== "open")
        return refusal("conflict", `round "${round.name}" is published: its decisions are final`);
      const assignment = await tx.roundAssignment.findUnique({
        where: { roundId_instanceId_curator: { roundId: round.id, instanceId: input.instanceId, curator } },
        include: { instance: { select: { hintSource: true, analysisStatus: true } } },
      });
      if (!assignment) return refusal("forbidden", `this hint is not in your queue for round "${round.name}"`);
      if (assignment.instance.analysisStatus === "pending") return refusal("invalid-input", NOT_ANALYSED);
      if (input.sourceHash !== undefined && input.sourceHash !== assignment.instance.hintSource)
        return refusal("conflict", "this instance changed since you opened it: reload to see the hint as it is now");
      await tx.roundAssignment.update({
        where: { id: assignment.id },
        data: {
          action: input.action,
          flagReason: input.action === "flag" ? input.reason : null,
          note: input.note || null,
          trimmed: input.action === "trim" ? JSON.stringify(input.trimmed) : null,
          sourceHash: assignment.instance.hintSource,
          decidedAt: new Date(),
        },
      });
      return { ok: true, action: input.action };
    }, ROUND_DECISION),
  );
}

export const AdjudicationInput = RoundVerdict.extend({
  /** for a trim: the curator whose trim is adopted */
  trimFrom: z.string().optional(),
}).refine(flagHasReason, NEEDS_REASON);

/** An admin's final decision on a hint the round's curators disagreed on (recorded with who and when). */
export async function adjudicate(db: Database, raw: unknown, adjudicator: string): Promise<RoundDecisionResult> {
  const parsed = AdjudicationInput.safeParse(raw);
  if (!parsed.success) return refusal("invalid-input", parsed.error.issues.map((i) => i.message).join("; "));
  const input = parsed.data;
  return writeTurn(db)(() =>
    db.$transaction(async (tx): Promise<RoundDecisionResult> => {
      await claimRows(db, tx, "ReviewRound", "1 = 1", [input.roundId]);
      const round = await tx.reviewRound.findUnique({ where: { id: input.roundId } });
      if (round?.status !== "open") return refusal("not-found", "no open round with that id");
      const rows = await tx.roundAssignment.findMany({ where: { roundId: round.id, instanceId: input.instanceId } });
      if (itemOutcome(rows.map(asDecision)).state !== "disagreed")
        return refusal("invalid-input", "only a hint whose curators all decided, and disagreed, is adjudicated");
      let trimmed: string | null = null;
      if (input.action === "trim") {
        trimmed = rows.find((r) => r.curator === input.trimFrom && r.action === "trim")?.trimmed ?? null;
        if (!trimmed) return refusal("invalid-input", "a trim adopts one curator's trim: name a curator who trimmed");
      }
      const data = {
        adjudicator,
        action: input.action,
        flagReason: input.action === "flag" ? input.reason : null,
        note: input.note || null,
        trimmed,
      };
      await tx.roundAdjudication.upsert({
        where: { roundId_instanceId: { roundId: round.id, instanceId: input.instanceId } },
        create: { roundId: round.id, instanceId: input.instanceId, ...data },
        update: { ...data, createdAt: new Date() },
      });
      return { ok: true, action: input.action };
    }, ROUND_DECISION),
  );
}

/**
 * Publishes a round whose every hint is final (agreed, or adjudicated), all in one transaction: each outcome
 * becomes the hint's decision (in the audit trail as the round's, or the adjudicator's), the hint set's next
 * version is frozen with the round's summary (curators, agreement) for its manifest, and the round is marked
 * published. A conflict on any hint rolls all of it back: no hint decided, no version, the round still open.
 */
export async function publishRound(db: Database, roundId: number, admin: string) {
  return writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        // The round's row held first (decisions and adjudications of it wait), then the round read: what it
        // publishes is what is committed, and a publish of it by another admin, committed meanwhile, stops
        // this one. (Read before the transaction, an adjudication changed in between was published as it was.)
        await claimRows(db, tx, "ReviewRound", "1 = 1", [roundId]);
        // roundState reads through the models alone, which the transaction has as the client does.
        const state = await roundState(tx as unknown as Database, roundId);
        if (!state) throw new RoundError(`no round with id ${roundId}`, "not-found");
        const { round } = state;
        if (round.status !== "open") throw new RoundError(`round "${round.name}" is already published`, "conflict");
        const open = state.items.filter(
          (i) => i.outcome.state === "pending" || (i.outcome.state === "disagreed" && !i.adjudication),
        );
        if (open.length > 0)
          throw new RoundError(
            `${open.length} hint(s) are not final yet (undecided, or disagreed and not adjudicated): ${open
              .slice(0, 5)
              .map((i) => i.externalId)
              .join(", ")}${open.length > 5 ? ", …" : ""}`,
          );
        const review = reviewSummary(state);
        for (const item of state.items) {
          const final =
            item.outcome.state === "agreed"
              ? {
                  ...item.outcome.decision,
                  by: `round ${round.name} (agreed: ${item.decisions.map((d) => d.curator).join(", ")})`,
                }
              : {
                  action: item.adjudication?.action as RoundDecision["action"],
                  flagReason: item.adjudication?.flagReason ?? null,
                  trimmed: item.adjudication?.trimmed ?? null,
                  by: `${item.adjudication?.adjudicator} (adjudicating round ${round.name})`,
                };
          const hint = await tx.hint.findUnique({
            where: {
              instanceId_selection_projection: {
                instanceId: item.instanceId,
                selection: round.selection,
                projection: round.projection,
              },
            },
            select: { version: true },
          });
          const sourceHash = (
            await tx.roundAssignment.findFirst({
              where: { roundId, instanceId: item.instanceId },
              select: { sourceHash: true },
            })
          )?.sourceHash;
          const result = await recordDecisionWithin(
            tx,
            {
              instanceId: item.instanceId,
              selection: round.selection,
              projection: round.projection,
              action: final.action,
              expectedVersion: hint?.version ?? 0,
              sourceHash: sourceHash ?? undefined,
              trimmed: final.action === "trim" ? readTrim(final.trimmed) : undefined,
              reason: final.action === "flag" ? final.flagReason : null,
              note: item.adjudication?.note ?? "",
            },
            final.by,
          );
          if (!result.ok)
            throw new RoundError(
              `${item.externalId}: ${"conflict" in result ? "the instance changed since the round decided it; decide it again in a new round" : "error" in result ? result.error : Object.values(result.errors).flat().join("; ")}`,
            );
        }
        const published = await publishWithin(db, tx, round.hintSet, admin, review);
        await tx.reviewRound.update({
          where: { id: round.id },
          data: { status: "published", publishedVersion: published.version },
        });
        return { version: published.version, review };
      },
      { timeout: 10 * 60 * 1000, maxWait: 60 * 1000 },
    ),
  );
}

/** The round's summary for the manifest of the version it publishes: curators, outcomes, agreement. */
function reviewSummary(state: NonNullable<Awaited<ReturnType<typeof roundState>>>): ReviewSummary {
  const { round } = state;
  const { actions, reasons } = state.agreement;
  return {
    round: round.name,
    curators: round.curators,
    curators_per_hint: round.curatorsPerHint,
    blind: round.blind,
    instances: state.counts.instances,
    agreed: state.counts.agreed,
    adjudicated: state.counts.adjudicated,
    adjudicators: [...new Set(state.items.flatMap((i) => (i.adjudication ? [i.adjudication.adjudicator] : [])))].sort(),
    agreement: {
      method: actions?.method ?? null,
      percent_agreement: actions?.percent_agreement ?? null,
      kappa: actions?.kappa ?? null,
      kappa_by_reason: reasons?.kappa ?? null,
      categories: reasons?.categories ?? [],
    },
  };
}
