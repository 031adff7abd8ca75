import type { Projection } from "../../domain/hint-vocabulary";
import { composeHint, NO_TRIM } from "../../hint/compose-hint";
import { itemOutcome, type RoundDecision, roundAgreement } from "../../review/review-round";
import type { Database } from "../db/client";
import { identifiersWithSelections, readByKeys } from "../db/rows-of-instances";
import { MODEL_WRITTEN_SELECT } from "../hint-source-select";
import { readCuratorList, readTrim, withPolicies } from "../stored-json";

/*
 * What review rounds look like: a round's page (progress, agreement, outcomes), a curator's queue and the
 * hint they are on, the list of rounds. The writes (start, decide, adjudicate, publish) are in review-rounds.ts.
 */

export type AssignmentRow = Awaited<ReturnType<Database["roundAssignment"]["findMany"]>>[number];
export const asDecision = (a: AssignmentRow): RoundDecision | null =>
  a.action
    ? { curator: a.curator, action: a.action as RoundDecision["action"], flagReason: a.flagReason, trimmed: a.trimmed }
    : null;

/** Everything a round's page shows: progress per curator, agreement, outcomes, the adjudication queue. */
export async function roundState(db: Database, roundId: number) {
  const round = await db.reviewRound.findUnique({
    where: { id: roundId },
    include: { hintSet: true, adjudications: true },
  });
  if (!round) return null;
  const curators = readCuratorList(round.curators);
  const assignments = await db.roundAssignment.findMany({
    where: { roundId },
    orderBy: [{ instanceId: "asc" }, { id: "asc" }],
    include: { instance: { select: { externalId: true } } },
  });
  const byInstance = new Map<number, AssignmentRow[]>();
  for (const a of assignments) {
    const rows = byInstance.get(a.instanceId) ?? [];
    rows.push(a);
    byInstance.set(a.instanceId, rows);
  }
  const adjudicated = new Map(round.adjudications.map((a) => [a.instanceId, a]));
  const items = [...byInstance.entries()].map(([instanceId, rows]) => ({
    instanceId,
    externalId: (rows[0] as (typeof assignments)[number]).instance.externalId,
    decisions: rows.map(
      (
        r,
      ): {
        curator: string;
        decided: boolean;
        note: string | null;
        action?: string;
        flagReason?: string | null;
        trimmed?: string | null;
        text?: string | null;
      } => ({ ...asDecision(r), curator: r.curator, decided: r.action !== null, note: r.note }),
    ),
    outcome: itemOutcome(rows.map(asDecision)),
    adjudication: adjudicated.get(instanceId) ?? null,
  }));
  // What each curator's decision makes the hint say, for the disagreements an admin adjudicates: the texts
  // side by side (a trim's text with its trim, an accept's or a flag's as the hint stands).
  const disagreed = items.filter((i) => i.outcome.state === "disagreed").map((i) => i.instanceId);
  // Their identifiers apart (identifiersWithSelections), so no statement binds a value per identifier.
  const [disagreedInstances, disagreedIdentifiers] = await Promise.all([
    readByKeys(disagreed, (chunk) =>
      db.instance.findMany({
        where: { id: { in: chunk } },
        select: { id: true, interfaceText: true, requirements: true, modelWritten: { select: MODEL_WRITTEN_SELECT } },
      }),
    ),
    identifiersWithSelections(db, disagreed),
  ]);
  const identifiersOf = new Map<
    number,
    Array<ReturnType<typeof withPolicies<(typeof disagreedIdentifiers)[number]>>>
  >();
  for (const identifier of disagreedIdentifiers) {
    const list = identifiersOf.get(identifier.instanceId) ?? [];
    list.push(withPolicies(identifier));
    identifiersOf.set(identifier.instanceId, list);
  }
  const sources = new Map(disagreedInstances.map((i) => [i.id, { ...i, identifiers: identifiersOf.get(i.id) ?? [] }]));
  const textOf = (instanceId: number, trimmed: string | null) => {
    const source = sources.get(instanceId);
    return source
      ? composeHint(
          source,
          round.hintSet.selection,
          round.hintSet.projection as Projection,
          trimmed ? readTrim(trimmed) : NO_TRIM,
        ).text
      : null;
  };
  for (const item of items)
    if (sources.has(item.instanceId))
      item.decisions = item.decisions.map((d) => ({
        ...d,
        text: d.decided ? textOf(item.instanceId, d.trimmed ?? null) : null,
      }));
  const complete = [...byInstance.values()]
    .filter((rows) => rows.every((r) => r.action !== null))
    .map((rows) => rows.map(asDecision) as RoundDecision[]);
  return {
    round: {
      id: round.id,
      name: round.name,
      hintSet: round.hintSet.name,
      benchmark: round.hintSet.benchmark,
      selection: round.hintSet.selection,
      projection: round.hintSet.projection,
      curatorsPerHint: round.curatorsPerHint,
      blind: round.blind,
      status: round.status,
      publishedVersion: round.publishedVersion,
      createdBy: round.createdBy,
      curators,
    },
    progress: curators.map((curator) => {
      const mine = assignments.filter((a) => a.curator === curator);
      return { curator, assigned: mine.length, done: mine.filter((a) => a.action !== null).length };
    }),
    agreement: roundAgreement(complete, curators),
    items,
    counts: {
      instances: items.length,
      pending: items.filter((i) => i.outcome.state === "pending").length,
      agreed: items.filter((i) => i.outcome.state === "agreed").length,
      disagreed: items.filter((i) => i.outcome.state === "disagreed").length,
      adjudicated: items.filter((i) => i.outcome.state === "disagreed" && i.adjudication).length,
    },
  };
}
export type RoundState = NonNullable<Awaited<ReturnType<typeof roundState>>>;

/** The curator's next undecided hint in the round ("next for me"), or null when their queue is done. */
export async function nextForCurator(db: Database, roundId: number, curator: string, after = 0) {
  const next =
    (await db.roundAssignment.findFirst({
      where: { roundId, curator, action: null, instanceId: { gt: after } },
      orderBy: { instanceId: "asc" },
      select: { instanceId: true },
    })) ??
    (await db.roundAssignment.findFirst({
      where: { roundId, curator, action: null },
      orderBy: { instanceId: "asc" },
      select: { instanceId: true },
    }));
  return next?.instanceId ?? null;
}

/** The rounds, newest first, with their progress in one line each. */
export async function listRounds(db: Database) {
  const rounds = await db.reviewRound.findMany({ orderBy: { id: "desc" }, include: { hintSet: true } });
  const counts = await db.roundAssignment.groupBy({ by: ["roundId"], _count: { _all: true, action: true } });
  const countOf = new Map(counts.map((c) => [c.roundId, c._count]));
  return rounds.map((r) => ({
    id: r.id,
    name: r.name,
    hintSet: r.hintSet.name,
    curators: readCuratorList(r.curators),
    curatorsPerHint: r.curatorsPerHint,
    blind: r.blind,
    status: r.status,
    publishedVersion: r.publishedVersion,
    assigned: countOf.get(r.id)?._all ?? 0,
    done: countOf.get(r.id)?.action ?? 0,
  }));
}

/**
 * One hint of a round as its curator sees it: their own decision, the others' (hidden in a blind round until
 * they have decided themselves), and what comes next in their queue. Null when it is not theirs to decide.
 */
export async function roundItemFor(db: Database, roundId: number, instanceId: number, curator: string) {
  const round = await db.reviewRound.findUnique({ where: { id: roundId }, include: { hintSet: true } });
  if (!round) return null;
  const rows = await db.roundAssignment.findMany({ where: { roundId, instanceId }, orderBy: { id: "asc" } });
  const mine = rows.find((r) => r.curator === curator);
  if (!mine) return null;
  const decided = mine.action !== null;
  const others = rows
    .filter((r) => r.curator !== curator)
    .map((r) => ({
      curator: r.curator,
      action: !round.blind || decided || round.status !== "open" ? r.action : r.action ? "hidden" : null,
      flagReason: !round.blind || decided ? r.flagReason : null,
    }));
  // Where this hint stands in the curator's own queue of the round (its instances in order): "2 of 5".
  const queue = await db.roundAssignment.findMany({
    where: { roundId, curator },
    orderBy: { instanceId: "asc" },
    select: { instanceId: true, action: true },
  });
  return {
    id: round.id,
    name: round.name,
    blind: round.blind,
    open: round.status === "open",
    position: queue.findIndex((q) => q.instanceId === instanceId) + 1,
    total: queue.length,
    decidedCount: queue.filter((q) => q.action !== null).length,
    selection: round.hintSet.selection,
    projection: round.hintSet.projection,
    mine: { action: mine.action, flagReason: mine.flagReason, trim: mine.trimmed ? readTrim(mine.trimmed) : null },
    others,
    next: await nextForCurator(db, roundId, curator, instanceId).then((next) => (next === instanceId ? null : next)),
  };
}
export type RoundItem = NonNullable<Awaited<ReturnType<typeof roundItemFor>>>;
