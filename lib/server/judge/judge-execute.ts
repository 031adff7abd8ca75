import type { JudgeCallKind } from "../../judge/answers";
import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";
import { judgeName, type RunStatus, runStatus, valuesToRate } from "./judge-runs";
import { writeScores } from "./judge-scores";
import { type Group, type Halt, JudgeRunService, loadRun, type RunOptions } from "./judge-service";

/*
 * A judge run's job (lib/server/judge/judge-runs.ts makes and follows runs; judge-queue.ts queues them): it
 * takes the run's pending calls, groups them by value, and has the service (judge-service.ts) rate the groups
 * with as many workers as the endpoint's concurrency; then it says how the run ended and writes its scores
 * (judge-scores.ts).
 */

export type { RunOptions };

/**
 * Runs a run's pending calls until none is left, the budget is reached, the run is stopped, or the endpoint
 * refuses or keeps timing out (the run is then paused with the reason). A run that ends with failed calls is
 * stopped, not done: `resumeRun` asks them again. Returns the run's status.
 */
export async function executeRun(db: Database, runId: number, options: RunOptions = {}): Promise<RunStatus> {
  const run = await loadRun(db, runId);
  if (!run) throw new AppError("not-found", `no judge run ${runId}`);
  if (run.state !== "running") return runStatus(db, runId);
  // The scores carry the judge's name as the run began: an endpoint since given another model or other
  // parameters would answer as another judge under that name.
  const now = judgeName(run.endpoint, run.templateVersion, run.repositoryFact);
  if (now !== run.judge) {
    await haltRun(db, runId, {
      state: "paused",
      reason: `the endpoint changed since the run began: its judge was ${run.judge}, it is now ${now}; start a new run (or set the endpoint back)`,
    });
    return runStatus(db, runId);
  }
  const { groups, pending } = await pendingGroups(db, run.id, run.benchmarkId, run.selection, run.repositoryFact);
  const service = new JudgeRunService(db, run, pending, options);
  const queue = [...groups];
  const deadline = options.stopAfterMs === undefined ? undefined : performance.now() + options.stopAfterMs;
  const worker = async () => {
    for (;;) {
      if (service.halted) return;
      if (deadline !== undefined && performance.now() > deadline) return;
      const current = await db.judgeRun.findUnique({ where: { id: runId }, select: { state: true } });
      if (current?.state !== "running") return;
      const group = queue.shift();
      if (!group) return;
      if ((await service.rateOrHalt(group)) === "halt") return;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, run.endpoint.concurrency) }, worker));
  await endRun(db, runId, service.halted);
  await writeScores(db, runId);
  return runStatus(db, runId);
}

/**
 * The run's pending calls, grouped by value and kind; a call whose value is no longer selected (its instance
 * analysed again) is failed, saying so.
 */
async function pendingGroups(
  db: Database,
  runId: number,
  benchmarkId: number,
  selection: string,
  repositoryFact: boolean,
): Promise<{ groups: Group[]; pending: number }> {
  const values = new Map(
    (await valuesToRate(db, benchmarkId, selection, repositoryFact)).map((v) => [
      `${v.instanceId}\u0000${v.identifier}\u0000${v.attribute}`,
      v,
    ]),
  );
  const pending = await db.judgeCall.findMany({ where: { runId, state: "pending" }, orderBy: { id: "asc" } });
  const groups = new Map<string, Group>();
  for (const call of pending) {
    const key = `${call.instanceId}\u0000${call.identifier}\u0000${call.attribute}`;
    const value = values.get(key);
    if (!value) {
      await writeTurn(db)(() =>
        db.judgeCall.update({
          where: { id: call.id },
          data: { state: "failed", error: "the value is no longer selected (the instance was analysed again)" },
        }),
      );
      continue;
    }
    const groupKey = `${key}\u0000${call.kind}`;
    const group = groups.get(groupKey) ?? { kind: call.kind as JudgeCallKind, value, calls: [] };
    group.calls.push(call);
    groups.set(groupKey, group);
  }
  return { groups: [...groups.values()], pending: pending.length };
}

/** Sets a running run's state and reason (a run stopped or paused meanwhile keeps its own). */
const haltRun = (db: Database, runId: number, halt: Halt) =>
  writeTurn(db)(() =>
    db.judgeRun.updateMany({
      where: { id: runId, state: "running" },
      data: { state: halt.state, reason: halt.reason },
    }),
  );

/**
 * How the run ended: halted (paused, stopped) with its reason; with no call pending, done, or stopped when
 * calls failed (saying how to ask them again); with calls pending (a slice's time came), still running.
 */
async function endRun(db: Database, runId: number, halted: Halt | null): Promise<void> {
  if (halted) return void (await haltRun(db, runId, halted));
  if ((await db.judgeCall.count({ where: { runId, state: "pending" } })) > 0) return;
  const failedCalls = await db.judgeCall.count({ where: { runId, state: "failed" } });
  if (failedCalls > 0) {
    const lastError = (await db.judgeCall.findFirst({ where: { runId, state: "failed" }, orderBy: { id: "desc" } }))
      ?.error;
    return void (await haltRun(db, runId, {
      state: "stopped",
      reason: `${failedCalls} call${failedCalls === 1 ? "" : "s"} failed (last: ${(lastError ?? "").slice(0, 200)}); resuming asks them again`,
    }));
  }
  await writeTurn(db)(() =>
    db.judgeRun.updateMany({
      where: { id: runId, state: "running" },
      data: { state: "done", finishedAt: new Date() },
    }),
  );
}
