"use server";

import { z } from "zod";
import type { CommentThread } from "../../review/line-comments";
import { type ActionResult, actionResult } from "../app-error";
import { guardedAction } from "../auth/guard";
import { getDb } from "../db/client";
import { commentOnLines, replyToThread, resolveThread, threadsForInstance } from "../hints/line-comments";

type CommentResult = ActionResult<{ threads: CommentThread[] }>;

const id = z.number().int().positive();

/** Runs a comment write as the signed-in curator, answering with the instance's threads as they now stand. */
async function answer(
  write: () => Promise<{ instanceId: number }>,
  viewer: string,
  everything: boolean,
): Promise<CommentResult> {
  return actionResult(async () => {
    const { instanceId } = await write();
    return { ok: true as const, threads: await threadsForInstance(await getDb(), instanceId, viewer, { everything }) };
  });
}

/** Starts a thread on lines of an instance's issue, gold patch or test patch. */
export const commentOnLinesAction = guardedAction(
  {
    role: "curator",
    input: z.object({
      instanceId: id,
      pane: z.string(),
      startLine: z.number().int(),
      endLine: z.number().int(),
      body: z.string(),
      roundId: id.nullable().optional(),
    }),
  },
  async (input, user) =>
    answer(async () => commentOnLines(await getDb(), input, user.name), user.name, user.role === "admin"),
);

/** Replies to a thread. */
export const replyToThreadAction = guardedAction(
  { role: "curator", input: z.object({ threadId: id, body: z.string(), roundId: id.nullable().optional() }) },
  async (input, user) =>
    answer(async () => replyToThread(await getDb(), input, user.name), user.name, user.role === "admin"),
);

/** Resolves a thread, or opens it again. */
export const resolveThreadAction = guardedAction(
  { role: "curator", input: z.object({ threadId: id, resolved: z.boolean() }) },
  async (input, user) =>
    answer(async () => resolveThread(await getDb(), input, user.name), user.name, user.role === "admin"),
);
