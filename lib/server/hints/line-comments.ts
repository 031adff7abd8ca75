import { commentBodyProblem } from "../../review/comment-body";
import {
  type CommentPane,
  type CommentThread,
  isCommentPane,
  PANE_LABEL,
  quoteLines,
  threadsOf,
} from "../../review/line-comments";
import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";

/*
 * Comments on lines of an instance's texts: threads, replies, resolve. They live beside the hints, never in
 * them: no hint text, hint set or export of hints reads them; they are exported on their own
 * (commentsForExport). A comment written in an open blind round is seen by its author only (and by whoever
 * adjudicates the round) until the round is published, as the round's decisions are.
 */

const TEXT_COLUMN: Record<CommentPane, "problemStatement" | "goldPatch" | "testPatch"> = {
  issue: "problemStatement",
  gold: "goldPatch",
  test: "testPatch",
};

function checkBody(body: string): string {
  const problem = commentBodyProblem(body);
  if (problem) throw new AppError("bad_request", problem);
  return body.trim();
}

/** A round a comment is written in: it must exist, be open, and hold the instance for this curator. */
async function checkRound(db: Database, roundId: number, instanceId: number, author: string) {
  const round = await db.reviewRound.findUnique({ where: { id: roundId }, select: { status: true, name: true } });
  if (!round) throw new AppError("not_found", `no review round ${roundId}`);
  if (round.status !== "open") throw new AppError("conflict", `round ${round.name} is published: it takes no comments`);
  const dealt = await db.roundAssignment.count({ where: { roundId, instanceId, curator: author } });
  if (dealt === 0) throw new AppError("forbidden", `this hint is not dealt to ${author} in round ${round.name}`);
}

/** Starts a thread on lines `startLine`–`endLine` of one of the instance's texts, quoting them. */
export async function commentOnLines(
  db: Database,
  input: {
    instanceId: number;
    pane: string;
    startLine: number;
    endLine: number;
    body: string;
    roundId?: number | null;
  },
  author: string,
) {
  if (!isCommentPane(input.pane)) throw new AppError("bad_request", `not a pane: ${input.pane} (issue, gold or test)`);
  const pane = input.pane;
  const body = checkBody(input.body);
  const instance = await db.instance.findUnique({
    where: { id: input.instanceId },
    select: { id: true, [TEXT_COLUMN[pane]]: true },
  });
  if (!instance) throw new AppError("not_found", `no instance ${input.instanceId}`);
  const quoted = quoteLines(String(instance[TEXT_COLUMN[pane]] ?? ""), input.startLine, input.endLine);
  if ("error" in quoted) throw new AppError("bad_request", `${PANE_LABEL[pane]}: ${quoted.error}`);
  if (input.roundId != null) await checkRound(db, input.roundId, input.instanceId, author);
  return writeTurn(db)(() =>
    db.lineComment.create({
      data: {
        instanceId: input.instanceId,
        pane,
        startLine: input.startLine,
        endLine: input.endLine,
        quote: quoted.quote,
        body,
        author,
        roundId: input.roundId ?? null,
      },
    }),
  );
}

async function threadStart(db: Database, threadId: number) {
  const first = await db.lineComment.findUnique({ where: { id: threadId } });
  if (!first || first.threadId !== null) throw new AppError("not_found", `no comment thread ${threadId}`);
  return first;
}

/** Replies to a thread (on the thread's lines). */
export async function replyToThread(
  db: Database,
  input: { threadId: number; body: string; roundId?: number | null },
  author: string,
) {
  const body = checkBody(input.body);
  const first = await threadStart(db, input.threadId);
  if (input.roundId != null) await checkRound(db, input.roundId, first.instanceId, author);
  return writeTurn(db)(() =>
    db.lineComment.create({
      data: {
        instanceId: first.instanceId,
        pane: first.pane,
        startLine: first.startLine,
        endLine: first.endLine,
        quote: first.quote,
        body,
        author,
        threadId: first.id,
        roundId: input.roundId ?? null,
      },
    }),
  );
}

/** Resolves a thread (or opens it again): who and when, on the thread's first comment. */
export async function resolveThread(db: Database, input: { threadId: number; resolved: boolean }, by: string) {
  await threadStart(db, input.threadId);
  return writeTurn(db)(() =>
    db.lineComment.update({
      where: { id: input.threadId },
      data: input.resolved ? { resolvedBy: by, resolvedAt: new Date() } : { resolvedBy: null, resolvedAt: null },
    }),
  );
}

/** Rounds whose comments only their authors see: open and blind. */
async function hiddenRounds(db: Database): Promise<Set<number>> {
  const rounds = await db.reviewRound.findMany({ where: { status: "open", blind: true }, select: { id: true } });
  return new Set(rounds.map((r) => r.id));
}

/**
 * An instance's comment threads as `viewer` may see them: everything, except what others wrote in an open
 * blind round (`everything: true` for the round's adjudicator, who sees all of it).
 */
export async function threadsForInstance(
  db: Database,
  instanceId: number,
  viewer: string,
  options: { everything?: boolean } = {},
): Promise<CommentThread[]> {
  const instance = await db.instance.findUnique({
    where: { id: instanceId },
    select: { problemStatement: true, goldPatch: true, testPatch: true },
  });
  if (!instance) return [];
  const hidden = options.everything ? new Set<number>() : await hiddenRounds(db);
  const comments = (await db.lineComment.findMany({ where: { instanceId }, orderBy: { id: "asc" } })).filter(
    (c) => c.roundId === null || !hidden.has(c.roundId) || c.author === viewer,
  );
  return threadsOf(comments, {
    issue: instance.problemStatement,
    gold: instance.goldPatch,
    test: instance.testPatch,
  });
}

/** The threads of a round's instances written in that round, by instance, for its adjudication. */
export async function roundThreads(db: Database, roundId: number): Promise<Map<number, CommentThread[]>> {
  const ids = [
    ...new Set(
      (await db.lineComment.findMany({ where: { roundId }, select: { instanceId: true } })).map((c) => c.instanceId),
    ),
  ];
  const byInstance = new Map<number, CommentThread[]>();
  for (const id of ids) {
    const threads = (await threadsForInstance(db, id, "", { everything: true })).filter((t) =>
      t.comments.some((c) => c.roundId === roundId),
    );
    if (threads.length > 0) byInstance.set(id, threads);
  }
  return byInstance;
}

/**
 * Every thread of a benchmark's instances (or of all), for `hints comments export`: one record per thread,
 * apart from any hint. Open blind rounds' comments are left out (they are not yet anybody's to read).
 */
export async function commentsForExport(db: Database, benchmark?: string) {
  const instances = await db.instance.findMany({
    where: { lineComments: { some: {} }, ...(benchmark ? { benchmark: { name: benchmark } } : {}) },
    select: { id: true, externalId: true, benchmark: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
  const hidden = await hiddenRounds(db);
  const records: Array<Record<string, unknown>> = [];
  for (const instance of instances) {
    const threads = await threadsForInstance(db, instance.id, "", { everything: true });
    for (const thread of threads) {
      const comments = thread.comments.filter((c) => c.roundId === null || !hidden.has(c.roundId));
      if (comments.length === 0) continue;
      records.push({
        benchmark: instance.benchmark.name,
        instance_id: instance.externalId,
        pane: thread.pane,
        start_line: thread.startLine,
        end_line: thread.endLine,
        quote: thread.quote,
        outdated: thread.outdated,
        resolved_by: thread.resolvedBy,
        resolved_at: thread.resolvedAt,
        comments: comments.map((c) => ({ author: c.author, body: c.body, at: c.at, round: c.roundId })),
      });
    }
  }
  return records;
}
