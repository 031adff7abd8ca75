import type { FlagReason } from "../../domain/hint-vocabulary";
import { NO_TRIM } from "../../hint/compose-hint";
import type { ListState } from "../../review/list-state";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { listIds } from "../list/review-list";
import { recordDecision } from "./record-decision";

export interface BulkOutcome {
  /** hints decided */
  decided: number;
  /** instances in the view whose hint was already decided (and unchanged since): left as they were */
  alreadyDecided: number;
  /** decisions refused: someone decided first, the instance changed, or it is not analysed yet */
  refused: Array<{ instance: string; why: string }>;
}

/**
 * Decides the hint (under the view's selection × projection) of every instance of a list view still open
 * (pending, or changed since decided), one audited decision each with the same conflict rules as one by one:
 * a hint someone decided meanwhile is refused, never overwritten. `expected` is the number of open hints the
 * curator was shown and confirmed: when the view holds another number now, nothing is decided.
 */
export async function decideView(
  db: Database,
  state: ListState,
  decision: { action: "accept" } | { action: "flag"; reason: FlagReason; note?: string },
  curator: string,
  expected: number,
): Promise<BulkOutcome> {
  const rows = await listIds(db, state);
  const open = rows.filter((r) => r.open);
  if (open.length !== expected)
    throw new AppError(
      "conflict",
      `the view now holds ${open.length} open hint(s), not the ${expected} confirmed: nothing was decided; look again`,
    );
  const outcome: BulkOutcome = { decided: 0, alreadyDecided: rows.length - open.length, refused: [] };
  for (const row of open) {
    const hint = await db.hint.findUnique({
      where: {
        instanceId_selection_projection: {
          instanceId: row.id,
          selection: state.selection,
          projection: state.projection,
        },
      },
      select: {
        version: true,
        status: true,
        sourceHash: true,
        instance: { select: { hintSource: true } },
        decisions: { orderBy: { id: "desc" }, take: 1, select: { curator: true, action: true } },
      },
    });
    // Decided since the view was read (and not changed under since): someone else's, left alone.
    if (hint && hint.status !== "pending" && hint.sourceHash === hint.instance.hintSource) {
      const last = hint.decisions[0];
      outcome.refused.push({
        instance: row.externalId,
        why: `${last?.curator ?? "someone"} decided it meanwhile (${last?.action ?? hint.status})`,
      });
      continue;
    }
    const result = await recordDecision(
      db,
      {
        instanceId: row.id,
        selection: state.selection,
        projection: state.projection,
        action: decision.action,
        expectedVersion: hint?.version ?? 0,
        trimmed: NO_TRIM,
        reason: decision.action === "flag" ? decision.reason : null,
        note: decision.action === "flag" ? (decision.note ?? "") : "",
      },
      curator,
    );
    if (result.ok) outcome.decided++;
    else
      outcome.refused.push({
        instance: row.externalId,
        why:
          "conflict" in result
            ? `${result.conflict.curator} decided it first (${result.conflict.action})`
            : Object.values(result.errors).flat().join("; "),
      });
  }
  return outcome;
}
