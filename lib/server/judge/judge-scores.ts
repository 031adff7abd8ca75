import { scaleLevel } from "../../domain/judge-scales";
import type { DisclosureGuidanceAnswer, NecessityAnswer } from "../../judge/answers";
import { type Database, writeTurn } from "../db/client";
import { readByKeys } from "../db/rows-of-instances";
import { transactionTimeouts } from "../db/transactions";
import { readEvidence } from "../stored-json";

/**
 * The run's scores into the judge-score store: one row per value and sample whose N and D/G calls both
 * answered, with the labels, evidence, rationales, the verbatim checks and whether the repository fact was
 * measured.
 */
export async function writeScores(db: Database, runId: number): Promise<void> {
  const run = await db.judgeRun.findUnique({ where: { id: runId } });
  if (!run) return;
  const calls = await db.judgeCall.findMany({ where: { runId, state: "done" } });
  const instances = new Map(
    (
      await readByKeys([...new Set(calls.map((c) => c.instanceId))], (chunk) =>
        db.instance.findMany({ where: { id: { in: chunk } }, select: { id: true, evidence: true } }),
      )
    ).map((i) => [i.id, readEvidence(i.evidence)]),
  );
  const pairs = new Map<string, { n?: (typeof calls)[number]; dg?: (typeof calls)[number] }>();
  for (const call of calls) {
    const key = JSON.stringify([call.instanceId, call.identifier, call.attribute, call.sample]);
    const pair = pairs.get(key) ?? {};
    if (call.kind === "N") pair.n = call;
    else pair.dg = call;
    pairs.set(key, pair);
  }
  const rows = [...pairs.values()].flatMap(({ n, dg }) => {
    if (!n || !dg || !n.answer || !dg.answer) return [];
    const nAnswer = JSON.parse(n.answer) as NecessityAnswer;
    const dgAnswer = JSON.parse(dg.answer) as DisclosureGuidanceAnswer;
    const necessity = scaleLevel("necessity", nAnswer.label);
    const disclosure = scaleLevel("disclosure", dgAnswer.disclosure_label);
    const guidance = scaleLevel("guidance", dgAnswer.guidance_label);
    if (necessity === null || disclosure === null || guidance === null) return [];
    const filesAtBase =
      instances.get(n.instanceId)?.identifiers.find((i) => i.name === n.identifier)?.repo_files ?? null;
    return [
      {
        benchmarkId: run.benchmarkId,
        instanceExternalId: n.instanceExternalId,
        instanceId: n.instanceId,
        selection: run.selection,
        identifier: n.identifier,
        attribute: n.attribute,
        judge: run.judge,
        sample: n.sample,
        necessity,
        disclosure,
        guidance,
        detail: JSON.stringify({
          necessity: { ...nAnswer, verbatim: n.verbatim },
          disclosure_guidance: { ...dgAnswer, verbatim: dg.verbatim },
          template: run.templateVersion,
          repository_fact:
            n.attribute !== "name"
              ? null
              : !run.repositoryFact
                ? "left out"
                : filesAtBase === null
                  ? "not measured"
                  : filesAtBase,
        }),
      },
    ];
  });
  await writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        for (const row of rows)
          await tx.judgeScore.upsert({
            where: {
              benchmarkId_instanceExternalId_selection_identifier_attribute_judge_sample: {
                benchmarkId: row.benchmarkId,
                instanceExternalId: row.instanceExternalId,
                selection: row.selection,
                identifier: row.identifier,
                attribute: row.attribute,
                judge: row.judge,
                sample: row.sample,
              },
            },
            create: row,
            update: row,
          });
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
}
