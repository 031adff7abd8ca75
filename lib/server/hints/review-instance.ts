import "server-only";
import { pathsInDiff } from "../../analysis/languages/infer-language";
import { observeGuesswork } from "../../analysis/observed-guesswork";
import { hintStatus } from "../../hint/status";
import { placeLocations } from "../../review/patch-marks";
import { ratedValues, sampleOfScore } from "../../stats/judge-summary";
import { getDb } from "../db/client";
import { MODEL_WRITTEN_SELECT } from "../hint-source-select";
import {
  policiesOf,
  readEvidence,
  readHintState,
  readLocations,
  readStringList,
  readTrim,
  WITH_SELECTIONS,
} from "../stored-json";

/** One judge's rated value of one attribute of one identifier, under one selection (lib/stats/judge-summary). */
export interface JudgeSummary {
  identifier: string;
  selection: string;
  judge: string;
  attribute: string;
  necessity: number;
  disclosure: number;
  guidance: number;
  hvm: number;
  samples: Array<{ sample: number; necessity: number; disclosure: number; guidance: number }>;
}

/** Everything the review workspace shows for one instance. */
export async function getReviewData(id: number) {
  const db = await getDb();
  const instance = await db.instance.findUnique({
    where: { id },
    include: { benchmark: { select: { id: true, name: true } }, modelWritten: { select: MODEL_WRITTEN_SELECT } },
  });
  if (!instance) return null;
  const [identifiers, hints, scores, results, agentPatches, labels] = await Promise.all([
    db.identifier.findMany({ where: { instanceId: id }, orderBy: { position: "asc" }, include: WITH_SELECTIONS }),
    db.hint.findMany({ where: { instanceId: id }, include: { decisions: { orderBy: { id: "desc" } } } }),
    db.judgeScore.findMany({
      where: { instanceId: id },
      orderBy: [{ identifier: "asc" }, { attribute: "asc" }, { sample: "asc" }],
    }),
    db.runResult.findMany({
      where: { instanceExternalId: instance.externalId, run: { benchmarkId: instance.benchmarkId } },
      select: { resolved: true, status: true, run: { select: { model: true, selection: true, projection: true } } },
    }),
    db.agentPatch.findMany({
      where: { instanceExternalId: instance.externalId, run: { benchmarkId: instance.benchmarkId } },
      select: { patch: true, run: { select: { model: true, selection: true, projection: true } } },
      orderBy: { id: "asc" },
    }),
    db.instanceLabel.findMany({
      where: { benchmarkId: instance.benchmarkId, instanceExternalId: instance.externalId },
      select: { source: true, name: true, value: true, notes: true },
      orderBy: [{ source: "asc" }, { name: "asc" }],
    }),
  ]);
  // Each judge's median of its samples per selection, identifier and attribute, HVM per rated value (SPEC §6):
  // the same rated values as the research page's (never pooled across judges or selections).
  const judge: JudgeSummary[] = ratedValues(scores.map((s) => sampleOfScore(s, instance.externalId))).map((v) => ({
    identifier: v.identifier,
    selection: v.selection,
    judge: v.judge,
    attribute: v.attribute,
    necessity: v.necessity,
    disclosure: v.disclosure,
    guidance: v.guidance,
    hvm: v.hvm,
    samples: v.samples.map((s) => ({
      sample: s.sample ?? 1,
      necessity: s.necessity,
      disclosure: s.disclosure,
      guidance: s.guidance,
    })),
  }));
  // Analyses before locations said which patch they are in: placed here, so the browser parses no diff.
  const goldPaths = new Set(pathsInDiff(instance.goldPatch));
  return {
    instance: {
      id: instance.id,
      externalId: instance.externalId,
      benchmark: instance.benchmark,
      repo: instance.repo,
      baseCommit: instance.baseCommit,
      language: instance.language,
      isDemo: instance.isDemo,
      problemStatement: instance.problemStatement,
      goldPatch: instance.goldPatch,
      testPatch: instance.testPatch,
      requirements: instance.requirements,
      interfaceText: instance.interfaceText,
      modelWritten: instance.modelWritten,
      analysisStatus: instance.analysisStatus,
      analysisError: instance.analysisError,
      approximate: instance.approximate,
      approximateReason: instance.approximateReason,
      unsupportedFiles: readStringList(instance.unsupportedFiles),
      hintSource: instance.hintSource,
      evidence: readEvidence(instance.evidence),
    },
    identifiers: identifiers.map((i) => ({
      name: i.name,
      member: i.member,
      owner: i.owner,
      kind: i.kind,
      path: i.path,
      newFile: i.newFile,
      signature: i.signature,
      side: i.side as "code" | "test",
      status: i.status,
      policies: policiesOf(i.selections),
      locations: placeLocations(
        readLocations(i.locations),
        { kind: i.kind, side: i.side as "code" | "test" },
        goldPaths,
      ),
    })),
    hints: hints.map((h) => ({
      selection: h.selection,
      projection: h.projection,
      /** the status now: `stale` where the instance changed since the decision */
      status: hintStatus(h, instance.hintSource),
      version: h.version,
      trim: readTrim(h.trimmed),
      flagReason: h.flagReason,
      note: h.note,
      /** the text the decision was made on */
      decidedText: h.renderedText,
      decisions: h.decisions.map((d) => ({
        id: d.id,
        curator: d.curator,
        action: d.action,
        before: readHintState(d.before),
        after: readHintState(d.after),
        hintText: d.hintText,
        at: d.createdAt.toISOString(),
      })),
    })),
    judge,
    /** labels people in the field published about this instance (annotations, classifications) */
    labels,
    outcomes: results.map((r) => ({ ...r.run, resolved: r.resolved, status: r.status })),
    /** the patches runs' agents wrote for this instance (predictions files) */
    agentPatches: await Promise.all(
      agentPatches.map(async (p) => ({
        ...p.run,
        patch: p.patch,
        // For each name the tests demand (DefUse, defined by the gold patch): did the agent define it, or a
        // new name of the same kind in the same place instead (lib/analysis/observed-guesswork.ts)?
        observed: await observeGuesswork(
          identifiers
            .filter((i) => i.side === "code" && i.selections.some((s) => s.selection === "defuse"))
            .map((i) => ({ name: i.name, member: i.member, owner: i.owner, kind: i.kind, path: i.path })),
          p.patch,
          instance.testPatch,
        ),
      })),
    ),
  };
}

export type ReviewData = NonNullable<Awaited<ReturnType<typeof getReviewData>>>;
