import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";
import { fillRunOutcomes } from "../runs/run-outcome-texts";
import { recountResolved } from "./runs";

/** The import history as the admin's page and `hints imports list` show it, newest first. */
export async function listImports(db: Database, limit = 200) {
  const logs = await db.importLog.findMany({ orderBy: { id: "desc" }, take: limit });
  return logs.map((log) => ({
    id: log.id,
    file: log.file,
    format: log.format,
    benchmark: log.benchmark,
    added: log.added,
    updated: log.updated,
    unchanged: log.unchanged,
    unmatched: log.unmatched,
    createdAt: log.createdAt,
    /** false for imports made before rows carried their import's key: those are taken back run by run */
    canTakeBack: log.key !== null && log.takenBackAt === null,
    takenBackAt: log.takenBackAt,
    takenBackBy: log.takenBackBy,
  }));
}

/** What taking an import back removed, and what it left (rows it only updated, containers others still fill). */
export type TakenBack = {
  file: string;
  removed: {
    instances: number;
    runs: number;
    results: number;
    patches: number;
    verdicts: number;
    judgeScores: number;
    curatorScores: number;
    labels: number;
    benchmarks: number;
    /** curators' work on the instances it added, deleted with them (only with force) */
    decisions: number;
    comments: number;
  };
  kept: {
    /** existing rows the import changed: they keep the values it gave them */
    updated: number;
    /** runs and benchmarks it created that other imports have since filled */
    runs: number;
    benchmarks: number;
  };
};

/** One sentence for what taking an import back did. */
export function takenBackSentence(done: TakenBack): string {
  const r = done.removed;
  const parts = [
    `${r.instances} instances`,
    `${r.runs} runs`,
    `${r.results} results`,
    `${r.patches} agent patches`,
    `${r.verdicts} verdicts`,
    `${r.judgeScores} judge scores`,
    `${r.curatorScores} curator scores`,
    `${r.labels} labels`,
    `${r.benchmarks} benchmarks`,
  ];
  if (r.decisions + r.comments > 0) parts.push(`and curators' ${r.decisions} decisions and ${r.comments} comments`);
  const kept = [
    done.kept.updated > 0 ? `${done.kept.updated} rows it updated keep its values` : "",
    done.kept.runs > 0 ? `${done.kept.runs} runs it created hold other imports' rows` : "",
    done.kept.benchmarks > 0 ? `${done.kept.benchmarks} benchmarks it created hold other imports' rows` : "",
  ].filter(Boolean);
  return `Took back ${done.file}: deleted ${parts.join(", ")}.${kept.length ? ` Kept: ${kept.join("; ")}.` : ""}`;
}

const labelOf = (log: { id: number; file: string }) => `import ${log.id} (${log.file})`;

/**
 * Takes an import back, audited: every row the file added (instances with everything analysed from them,
 * results, agent patches, verdicts, judge and curator scores, labels) is deleted in one transaction, then the
 * runs and benchmarks it created that nothing else fills. Rows that existed before and that it updated are
 * kept (their earlier values are not stored) and counted. Curators' work on instances it added (decisions,
 * round decisions, comments, scores) is refused unless `force`: a mistaken import is cheap to take back,
 * a week of review is not.
 */
export async function takeBackImport(
  db: Database,
  logId: number,
  actor: string,
  { force = false }: { force?: boolean } = {},
): Promise<TakenBack> {
  const taken = await writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        const log = await tx.importLog.findUnique({ where: { id: logId } });
        if (!log) throw new AppError("not_found", `no import with id ${logId}`);
        if (log.takenBackAt)
          throw new AppError(
            "conflict",
            `${labelOf(log)} was taken back on ${log.takenBackAt.toISOString()} by ${log.takenBackBy}`,
          );
        const key = log.key;
        if (!key)
          throw new AppError(
            "invalid-input",
            `${labelOf(log)} was made before imports marked the rows they add, so what it added is not known: delete its runs one by one (hints runs delete)`,
          );
        const onAdded = { instance: { importKey: key } };
        const work = {
          decisions: await tx.decision.count({ where: { hint: onAdded } }),
          roundDecisions: await tx.roundAssignment.count({ where: { ...onAdded, decidedAt: { not: null } } }),
          comments: await tx.lineComment.count({ where: onAdded }),
          curatorScores: await tx.curatorScore.count({ where: { ...onAdded, importKey: { not: key } } }),
        };
        const curated = work.decisions + work.roundDecisions + work.comments + work.curatorScores;
        if (curated > 0 && !force)
          throw new AppError(
            "conflict",
            `${labelOf(log)} added instances that curators have worked on (${work.decisions} decisions, ${work.roundDecisions} round decisions, ${work.comments} comments, ${work.curatorScores} scores): taking it back deletes that work too; confirm with force`,
          );
        const mine = { importKey: key };
        // The benchmarks whose results it added: their stored Resolved counts are recounted at the end.
        const resultBenchmarks = (
          await tx.run.findMany({ where: { results: { some: mine } }, select: { benchmarkId: true } })
        ).map((r) => r.benchmarkId);
        // The runs whose results go: their stored outcomes are made again when next read.
        await tx.run.updateMany({ where: { results: { some: mine } }, data: { outcomes: null } });
        const removed = {
          results: (await tx.runResult.deleteMany({ where: mine })).count,
          patches: (await tx.agentPatch.deleteMany({ where: mine })).count,
          verdicts: (await tx.designVerdict.deleteMany({ where: mine })).count,
          judgeScores: (await tx.judgeScore.deleteMany({ where: mine })).count,
          curatorScores: (await tx.curatorScore.deleteMany({ where: mine })).count,
          labels: (await tx.instanceLabel.deleteMany({ where: mine })).count,
          instances: (await tx.instance.deleteMany({ where: mine })).count,
          decisions: work.decisions,
          comments: work.comments,
          runs: 0,
          benchmarks: 0,
        };
        // Runs and benchmarks this import created, or an import taken back before it (whose runs were kept
        // then because this one's rows filled them), go once nothing fills them.
        const gone = await tx.importLog.findMany({ where: { takenBackAt: { not: null } }, select: { key: true } });
        const created = { importKey: { in: [key, ...gone.flatMap((g) => (g.key ? [g.key] : []))] } };
        const empty = { results: { none: {} }, patches: { none: {} }, verdicts: { none: {} } };
        removed.runs = (await tx.run.deleteMany({ where: { ...created, ...empty } })).count;
        const runsKept = await tx.run.count({ where: mine });
        const benchmarks = await tx.benchmark.findMany({
          where: { ...created, instances: { none: {} }, runs: { none: {} } },
          select: { id: true, name: true },
        });
        for (const benchmark of benchmarks) {
          const byId = { benchmarkId: benchmark.id };
          const others =
            (await tx.judgeScore.count({ where: byId })) +
            (await tx.instanceLabel.count({ where: byId })) +
            (await tx.hintSet.count({ where: { benchmark: benchmark.name } }));
          if (others > 0) continue;
          await tx.benchmark.delete({ where: { id: benchmark.id } });
          removed.benchmarks += 1;
        }
        const benchmarksKept = await tx.benchmark.count({ where: mine });
        const left = await tx.benchmark.findMany({ where: { id: { in: resultBenchmarks } }, select: { id: true } });
        await recountResolved(
          db,
          tx,
          left.map((b) => b.id),
        );
        const result: TakenBack = {
          file: log.file,
          removed,
          kept: { updated: log.updated, runs: runsKept, benchmarks: benchmarksKept },
        };
        const takenBackAt = new Date();
        await tx.importLog.update({ where: { id: log.id }, data: { takenBackAt, takenBackBy: actor } });
        await tx.adminEvent.create({
          data: {
            actor,
            action: "import.take-back",
            subject: `${log.file} (${log.format}${log.benchmark ? `, ${log.benchmark}` : ""})`,
            detail: JSON.stringify({ importId: log.id, force, ...result }),
          },
        });
        return result;
      },
      { timeout: 600_000, maxWait: 60_000 },
    ),
  );
  // The outcome texts of the runs whose results went, made again now it has committed (reads never write).
  await fillRunOutcomes(db);
  return taken;
}
