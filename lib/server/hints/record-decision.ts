import { z } from "zod";
import {
  DECISION_ACTIONS,
  FlagReasonSchema,
  type Projection,
  ProjectionSchema,
  SelectionSchema,
} from "../../domain/hint-vocabulary";
import { composeHint, NO_TRIM, type Trim } from "../../hint/compose-hint";
import { hintFingerprint } from "../../hint/fingerprint";
import { EMPTY_TRIM, TrimSchema } from "../../hint/trim-schema";
import { statusAfter } from "../../review/decisions";
import { type ActionFailure, refusal } from "../app-error";
import { type Database, type Tx, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";
import { MODEL_WRITTEN_SELECT } from "../hint-source-select";
import { type HintState, readHintState, readTrim, WITH_SELECTIONS, withPolicies } from "../stored-json";

/**
 * A curator's decision as the page sends it: what the curator decided, never the hint text (the server
 * renders that) nor who decided (the signed-in user, which the action passes to recordDecision).
 * `expectedVersion` is the hint version the curator saw; `sourceHash` the content it was made from, so a
 * decision is never recorded against a hint that changed under the curator's eyes.
 */
export const DecisionInput = z
  .object({
    instanceId: z.number().int().positive(),
    selection: SelectionSchema,
    projection: ProjectionSchema,
    action: z.enum(DECISION_ACTIONS),
    expectedVersion: z.number().int().min(0),
    sourceHash: z.string().max(64).optional(),
    trimmed: TrimSchema.default(EMPTY_TRIM),
    reason: FlagReasonSchema.nullable().default(null),
    note: z.string().max(5000).default(""),
  })
  .refine((d) => d.action !== "flag" || d.reason !== null, { message: "a flag needs a reason", path: ["reason"] });

export type DecisionInput = z.input<typeof DecisionInput>;

export type DecisionResult =
  | { ok: true; version: number; status: string; text: string; decision: number }
  | {
      ok: false;
      conflict: { curator: string; action: string; at: string; status: string; version: number; changed?: boolean };
    }
  | { ok: false; errors: Record<string, string[]> };

/**
 * Records a decision in one transaction: checks that nobody decided the hint since the curator loaded it
 * and that its content did not change (else returns a conflict, overwriting nothing), renders the hint
 * from the stored analysis with the curator's trim, and writes the hint (text, fingerprint) and its audit
 * row (who, when, before → after, the text decided on). `reconfirm` re-applies a stale decision as it was
 * to the changed hint.
 */
export async function recordDecision(db: Database, raw: unknown, curator: string): Promise<DecisionResult> {
  const parsed = DecisionInput.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.flatten().fieldErrors as Record<string, string[]> };
  const input = parsed.data;
  try {
    return await writeTurn(db)(() =>
      db.$transaction((tx) => decideWithin(tx, input, curator), transactionTimeouts({ rows: 1, msPerRow: 0 })),
    );
  } catch (error) {
    // Another decision on this hint committed first (its version moved on, or it created the hint): a
    // conflict, reported with what that decision was, and nothing of this one written.
    if (!(error instanceof LostRace) && (error as { code?: string }).code !== "P2002") throw error;
    return conflictWith(await currentHint(db, input), false);
  }
}

type Reader = Pick<Database, "hint">;

/** The hint a decision is about, with its last decision (who, what, when). */
const currentHint = (db: Reader, input: { instanceId: number; selection: string; projection: string }) =>
  db.hint.findUnique({
    where: {
      instanceId_selection_projection: {
        instanceId: input.instanceId,
        selection: input.selection,
        projection: input.projection,
      },
    },
    include: { decisions: { orderBy: { id: "desc" }, take: 1 } },
  });

/** A conflict, as the curator is told it: the decision that got there first, or that the content changed. */
function conflictWith(current: Awaited<ReturnType<typeof currentHint>>, changed: boolean) {
  const last = current?.decisions[0];
  return {
    ok: false as const,
    conflict: {
      curator: last?.curator ?? "someone",
      action: last?.action ?? "unknown",
      at: last?.createdAt.toISOString() ?? "",
      status: current?.status ?? "pending",
      version: current?.version ?? 0,
      ...(changed ? { changed: true } : {}),
    },
  };
}

/** Why a hint cannot be decided yet. */
export const NOT_ANALYSED = "this instance has not been analysed yet: its hint is decided once the analysis has run";

/** Thrown inside the transaction when the hint's version moved on under it: rolls the transaction back. */
export class LostRace extends Error {}

/**
 * Records a decision inside the caller's transaction (a review round's publish decides all its hints in
 * one): a conflict is returned, and a race lost to a concurrent writer throws LostRace, which rolls the
 * caller's transaction back.
 */
export async function recordDecisionWithin(tx: Tx, raw: unknown, curator: string): Promise<DecisionResult> {
  const parsed = DecisionInput.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.flatten().fieldErrors as Record<string, string[]> };
  return decideWithin(tx, parsed.data, curator);
}

async function decideWithin(tx: Tx, input: z.output<typeof DecisionInput>, curator: string): Promise<DecisionResult> {
  const current = await currentHint(tx, input);
  const conflict = (changed: boolean) => conflictWith(current, changed);
  // A decision made on a version that moved on is a conflict before anything else is read.
  if ((current?.version ?? 0) !== input.expectedVersion) return conflict(false);
  const instance = await tx.instance.findUnique({
    where: { id: input.instanceId },
    select: {
      hintSource: true,
      analysisStatus: true,
      interfaceText: true,
      requirements: true,
      identifiers: { orderBy: { position: "asc" }, include: WITH_SELECTIONS },
      modelWritten: { select: MODEL_WRITTEN_SELECT },
    },
  });
  if (!instance) return { ok: false, errors: { instanceId: [`no instance with id ${input.instanceId}`] } };
  // A hint is made from the analysis: before it has run there is no hint to decide (an upload cut short by
  // a restart leaves instances so, until the analysis resumes).
  if (instance.analysisStatus === "pending") return { ok: false, errors: { instanceId: [NOT_ANALYSED] } };
  if (input.sourceHash !== undefined && input.sourceHash !== instance.hintSource) return conflict(true);

  const before: HintState = {
    status: current?.status ?? "pending",
    trimmed: current?.trimmed ? readTrim(current.trimmed) : null,
    flagReason: current?.flagReason ?? null,
    note: current?.note ?? null,
  };
  let after: HintState & { status: string };
  let trim: Trim;
  if (input.action === "reconfirm") {
    if (!current || current.status === "pending") {
      return { ok: false, errors: { action: ["there is no decision to re-confirm: accept, trim or flag it"] } };
    }
    trim = current.trimmed ? readTrim(current.trimmed) : NO_TRIM;
    after = { ...before, status: current.status };
  } else {
    trim = input.action === "accept" ? NO_TRIM : input.trimmed;
    after = {
      status: statusAfter(input.action, trim),
      trimmed: trim,
      flagReason: input.action === "flag" ? input.reason : null,
      note: input.note || null,
    };
  }
  const identifiers = instance.identifiers.map(withPolicies);
  const text = composeHint({ ...instance, identifiers }, input.selection, input.projection, trim).text;
  const fingerprint = hintFingerprint(instance.hintSource, input.selection, input.projection, trim);
  const data = {
    status: after.status,
    trimmed: JSON.stringify(trim),
    flagReason: after.flagReason ?? null,
    note: after.note ?? null,
    renderedText: text,
    sourceHash: instance.hintSource,
    fingerprint,
    version: input.expectedVersion + 1,
  };
  // The version guard makes the check above and this write one step, whatever else writes at once
  // (another server process, or PostgreSQL's concurrent transactions): a decision made on a version
  // that moved on updates nothing and is reported as a conflict.
  let hint: { id: number; version: number };
  if (current) {
    const updated = await tx.hint.updateMany({ where: { id: current.id, version: input.expectedVersion }, data });
    if (updated.count !== 1) throw new LostRace();
    hint = { id: current.id, version: data.version };
  } else {
    hint = await tx.hint.create({
      data: { instanceId: input.instanceId, selection: input.selection, projection: input.projection, ...data },
      select: { id: true, version: true },
    });
  }
  const decision = await tx.decision.create({
    data: {
      hintId: hint.id,
      curator,
      action: input.action,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
      fingerprint,
      hintText: text,
    },
    select: { id: true },
  });
  return { ok: true, version: hint.version, status: after.status, text, decision: decision.id };
}

export type UndoResult = { ok: true; status: string; instanceId: number; decision: number } | ActionFailure;

/**
 * Takes back a curator's own last decision on a hint: the hint goes back to the state before it (pending,
 * or the decision before), written as a decision of its own ("undo", before → after), so the audit trail
 * keeps both. Refused when someone decided the hint since, or the decision is another curator's.
 */
export async function undoDecision(db: Database, decisionId: number, curator: string): Promise<UndoResult> {
  try {
    return await writeTurn(db)(() =>
      db.$transaction(
        async (tx): Promise<UndoResult> => {
          const decision = await tx.decision.findUnique({ where: { id: decisionId }, include: { hint: true } });
          if (!decision) return refusal("not-found", `no decision ${decisionId}`);
          if (decision.curator !== curator)
            return refusal("forbidden", `that decision is ${decision.curator}'s, not yours`);
          if (decision.action === "undo")
            return refusal("invalid-input", "that was an undo: decide the hint again instead");
          const last = await tx.decision.findFirst({ where: { hintId: decision.hintId }, orderBy: { id: "desc" } });
          if (last?.id !== decision.id)
            return refusal(
              "conflict",
              `${last?.curator ?? "someone"} decided this hint since (${last?.action}): nothing undone`,
            );
          const hint = decision.hint;
          const restored = readHintState(decision.before);
          const instance = await tx.instance.findUnique({
            where: { id: hint.instanceId },
            select: {
              hintSource: true,
              interfaceText: true,
              requirements: true,
              identifiers: { orderBy: { position: "asc" }, include: WITH_SELECTIONS },
              modelWritten: { select: MODEL_WRITTEN_SELECT },
            },
          });
          if (!instance) return refusal("not-found", "the instance is gone");
          const trim = restored.trimmed ?? NO_TRIM;
          const identifiers = instance.identifiers.map(withPolicies);
          const text = composeHint(
            { ...instance, identifiers },
            hint.selection,
            hint.projection as Projection,
            trim,
          ).text;
          const pending = restored.status === "pending";
          const fingerprint = pending
            ? null
            : hintFingerprint(instance.hintSource, hint.selection, hint.projection, trim);
          const updated = await tx.hint.updateMany({
            where: { id: hint.id, version: hint.version },
            data: {
              status: restored.status,
              trimmed: restored.trimmed ? JSON.stringify(restored.trimmed) : null,
              flagReason: restored.flagReason ?? null,
              note: restored.note ?? null,
              renderedText: pending ? null : text,
              fingerprint,
              version: hint.version + 1,
            },
          });
          if (updated.count !== 1) throw new LostRace();
          const undo = await tx.decision.create({
            data: {
              hintId: hint.id,
              curator,
              action: "undo",
              before: decision.after,
              after: decision.before,
              fingerprint,
              hintText: pending ? null : text,
            },
            select: { id: true },
          });
          return { ok: true, status: restored.status, instanceId: hint.instanceId, decision: undo.id };
        },
        transactionTimeouts({ rows: 1, msPerRow: 0 }),
      ),
    );
  } catch (error) {
    if (!(error instanceof LostRace)) throw error;
    return refusal("conflict", "the hint changed while it was being undone: nothing undone");
  }
}
