import "server-only";
import { hintValueMargin } from "../../domain/judge-scales";
import { hintStatus } from "../../hint/status";
import { pathsInDiff } from "../../ingest/infer-language";
import { placeLocations } from "../../review/patch-marks";
import { median } from "../../stats/median";
import { getDb } from "../db";
import { readEvidence, readHintState, readLocations, readPolicies, readStringList, readTrim } from "../stored-json";

export interface JudgeSummary {
  attribute: string;
  necessity: number;
  disclosure: number;
  guidance: number;
  hvm: number;
  samples: Array<{ judge: string; sample: number; necessity: number; disclosure: number; guidance: number }>;
}

/** Everything the review workspace shows for one instance. */
export async function getReviewData(id: number) {
  const db = await getDb();
  const instance = await db.instance.findUnique({
    where: { id },
    include: { benchmark: { select: { id: true, name: true } } },
  });
  if (!instance) return null;
  const [identifiers, hints, scores, results] = await Promise.all([
    db.identifier.findMany({ where: { instanceId: id }, orderBy: { position: "asc" } }),
    db.hint.findMany({ where: { instanceId: id }, include: { decisions: { orderBy: { id: "desc" } } } }),
    db.judgeScore.findMany({
      where: { instanceId: id },
      orderBy: [{ identifier: "asc" }, { attribute: "asc" }, { sample: "asc" }],
    }),
    db.runResult.findMany({
      where: { instanceExternalId: instance.externalId, run: { benchmarkId: instance.benchmarkId } },
      select: { resolved: true, status: true, run: { select: { model: true, selection: true, projection: true } } },
    }),
  ]);
  // The judge's median of its samples per identifier and attribute, HVM per rated value (SPEC §6).
  const judge = new Map<string, JudgeSummary[]>();
  const groups = new Map<string, typeof scores>();
  for (const score of scores) {
    const key = `${score.identifier}\u0000${score.attribute}`;
    const group = groups.get(key);
    if (group) group.push(score);
    else groups.set(key, [score]);
  }
  for (const [key, group] of groups) {
    const [identifier, attribute] = key.split("\u0000") as [string, string];
    const n = median(group.map((s) => s.necessity));
    const d = median(group.map((s) => s.disclosure));
    const g = median(group.map((s) => s.guidance));
    judge.set(identifier, [
      ...(judge.get(identifier) ?? []),
      {
        attribute,
        necessity: n,
        disclosure: d,
        guidance: g,
        hvm: hintValueMargin(n, d, g),
        samples: group.map((s) => ({
          judge: s.judge,
          sample: s.sample,
          necessity: s.necessity,
          disclosure: s.disclosure,
          guidance: s.guidance,
        })),
      },
    ]);
  }
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
      analysisStatus: instance.analysisStatus,
      analysisError: instance.analysisError,
      approximate: instance.approximate,
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
      policies: readPolicies(i.policies),
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
    judge: Object.fromEntries(judge),
    outcomes: results.map((r) => ({ ...r.run, resolved: r.resolved, status: r.status })),
  };
}

export type ReviewData = NonNullable<Awaited<ReturnType<typeof getReviewData>>>;
