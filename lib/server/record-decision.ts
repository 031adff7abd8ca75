import { z } from "zod";
import { PROJECTIONS } from "../analysis/render-hint";
import { SELECTIONS } from "../analysis/select-identifiers";
import { HINT_ATTRIBUTES } from "../domain/judge-scales";
import { FLAG_REASONS, statusAfter } from "../review/decisions";
import type { Database } from "./db";

/** A curator's decision as the page sends it; `expectedVersion` is the hint version the curator saw. */
export const DecisionInput = z
  .object({
    instanceId: z.number().int().positive(),
    selection: z.enum(SELECTIONS),
    projection: z.enum(PROJECTIONS),
    action: z.enum(["accept", "trim", "flag"]),
    expectedVersion: z.number().int().min(0),
    curator: z.string().trim().min(1, "say who you are").max(100),
    trimmed: z.object({
      identifiers: z.array(z.string().max(500)).max(1000),
      attributes: z.record(z.string().max(500), z.array(z.enum(HINT_ATTRIBUTES))),
    }),
    renderedText: z.string().max(1_000_000),
    reason: z
      .enum(Object.keys(FLAG_REASONS) as [keyof typeof FLAG_REASONS, ...Array<keyof typeof FLAG_REASONS>])
      .nullable(),
    note: z.string().max(5000).default(""),
  })
  .refine((d) => d.action !== "flag" || d.reason !== null, { message: "a flag needs a reason", path: ["reason"] });

export type DecisionInput = z.infer<typeof DecisionInput>;

/** The state of a hint as the audit trail records it, before and after a decision. */
interface HintState {
  status: string;
  trimmed: unknown;
  flagReason: string | null;
  note: string | null;
  curator?: string;
  at?: string;
}

export type DecisionResult =
  | { ok: true; version: number; status: string }
  | { ok: false; conflict: { curator: string; action: string; at: string; status: string; version: number } }
  | { ok: false; errors: Record<string, string[]> };

/**
 * Records a decision in one transaction: checks that nobody decided the hint since the curator loaded it
 * (else returns the other decision as a conflict, never overwriting it), then writes the hint and its
 * audit row (who, when, before → after).
 */
export async function recordDecision(db: Database, raw: unknown): Promise<DecisionResult> {
  const parsed = DecisionInput.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.flatten().fieldErrors as Record<string, string[]> };
  const input = parsed.data;
  return db.$transaction(async (tx) => {
    const key = {
      instanceId_selection_projection: {
        instanceId: input.instanceId,
        selection: input.selection,
        projection: input.projection,
      },
    };
    const current = await tx.hint.findUnique({
      where: key,
      include: { decisions: { orderBy: { id: "desc" }, take: 1 } },
    });
    if ((current?.version ?? 0) !== input.expectedVersion) {
      const last = current?.decisions[0];
      return {
        ok: false as const,
        conflict: {
          curator: last?.curator ?? "someone",
          action: last?.action ?? "unknown",
          at: last?.createdAt.toISOString() ?? "",
          status: current?.status ?? "pending",
          version: current?.version ?? 0,
        },
      };
    }
    const status = statusAfter(input.action, input.trimmed);
    const before: HintState = {
      status: current?.status ?? "pending",
      trimmed: current?.trimmed ? JSON.parse(current.trimmed) : null,
      flagReason: current?.flagReason ?? null,
      note: current?.note ?? null,
    };
    const after: HintState = {
      status,
      trimmed: input.trimmed,
      flagReason: input.action === "flag" ? input.reason : null,
      note: input.note || null,
    };
    const data = {
      status,
      trimmed: JSON.stringify(input.trimmed),
      flagReason: after.flagReason,
      note: after.note,
      renderedText: input.renderedText,
      version: input.expectedVersion + 1,
    };
    const hint = current
      ? await tx.hint.update({ where: { id: current.id }, data })
      : await tx.hint.create({
          data: { instanceId: input.instanceId, selection: input.selection, projection: input.projection, ...data },
        });
    await tx.decision.create({
      data: {
        hintId: hint.id,
        curator: input.curator,
        action: input.action,
        before: JSON.stringify(before),
        after: JSON.stringify(after),
      },
    });
    return { ok: true as const, version: hint.version, status };
  });
}
