import { PROJECTIONS, type Projection } from "../../domain/hint-vocabulary";
import type { HintSourceIdentifier } from "../../hint/compose-hint";
import { RESEARCH_FACTS_VERSION, type ResearchFacts, researchFacts } from "../../instance-analysis/research-facts";
import { type BulkWrite, writeTogether } from "../db/bulk-write-together";
import { bulkTarget, type Database, writeTurn } from "../db/client";
import { identifiersWithSelections } from "../db/rows-of-instances";
import { writeInBatches } from "../db/transactions";
import { policiesOf, readEvidence } from "../stored-json";
import { claimAndClear } from "./claim-and-clear";

/*
 * The research facts of instances as rows (lib/instance-analysis/research-facts.ts): written in the analysis's
 * own transaction, and made for instances analysed before they existed (or under another version of them)
 * from the identifiers and evidence those have stored.
 */

/** The SelectionFact column that keeps a projection's share of the gold patch (`declaration_doc` → `disclosedDeclarationDoc`). */
export const disclosureColumn = (projection: Projection) =>
  `disclosed${projection
    .split("_")
    .map((part) => `${part.charAt(0).toUpperCase()}${part.slice(1)}`)
    .join("")}`;

const SELECTION_FACT_COLUMNS = [
  "instanceId",
  "benchmarkId",
  "selection",
  "guessworkLeft",
  "beyondDefuse",
  "transcriptionSum",
  "transcriptionCount",
  ...PROJECTIONS.map(disclosureColumn),
];

/** The tables of research-fact rows, each keyed by "instanceId": cleared before an instance's facts are written. */
export const RESEARCH_FACT_TABLES = ["SelectionFact", "LeakFact", "FrontierBasis"] as const;

/**
 * The selection, leak and frontier-basis fact rows of these instances, to write (writeTogether) once their
 * old ones are cleared (claimAndClear with RESEARCH_FACT_TABLES).
 */
export function researchFactWrites(
  instances: ReadonlyArray<{ id: number; benchmarkId: number; externalId: string; facts: ResearchFacts | null }>,
): BulkWrite[] {
  return [
    {
      insert: "FrontierBasis",
      columns: ["instanceId", "benchmarkId", "externalId", "basis"],
      rows: instances.flatMap(({ id, benchmarkId, externalId, facts }) =>
        facts?.basis ? [[id, benchmarkId, externalId, facts.basis]] : [],
      ),
    },
    {
      insert: "SelectionFact",
      columns: SELECTION_FACT_COLUMNS,
      rows: instances.flatMap(({ id, benchmarkId, facts }) =>
        (facts?.selections ?? []).map((f) => [
          id,
          benchmarkId,
          f.selection,
          f.guessworkLeft,
          f.beyondDefuse,
          f.transcriptionSum,
          f.transcriptionCount,
          ...PROJECTIONS.map((projection) => f.solutionDisclosed[projection]),
        ]),
      ),
    },
    {
      insert: "LeakFact",
      columns: ["instanceId", "benchmarkId", "channel"],
      rows: instances.flatMap(({ id, benchmarkId, facts }) =>
        (facts?.leakChannels ?? []).map((c) => [id, benchmarkId, c]),
      ),
    },
  ];
}

const PAGE = 500;

/**
 * Makes the research facts of instances whose facts are of no or another version, from their stored
 * identifiers and evidence, a page at a time (instances without evidence have none: marked at once). Runs
 * where the research figures are read and at a server's start; with nothing to do it costs one indexed query.
 * Returns how many instances it filled; tells `onProgress` after each page how many of how many it has.
 */
export async function backfillResearchFacts(
  db: Database,
  onProgress?: (filled: number, total: number) => void,
): Promise<number> {
  const behind = { researchFacts: { lt: RESEARCH_FACTS_VERSION } };
  if (!(await db.instance.findFirst({ where: behind, select: { id: true } }))) return 0;
  // Not analysed yet (or failed): no evidence, no facts (an analysis that fails deletes them).
  await writeTurn(db)(() =>
    db.instance.updateMany({ where: { ...behind, evidence: null }, data: { researchFacts: RESEARCH_FACTS_VERSION } }),
  );
  const total = await db.instance.count({ where: behind });
  let filled = 0;
  let afterId = 0;
  for (;;) {
    const page = await db.instance.findMany({
      where: { ...behind, id: { gt: afterId } },
      orderBy: { id: "asc" },
      take: PAGE,
      // With what its hints are rendered from and measured against (research-facts.ts).
      select: {
        id: true,
        benchmarkId: true,
        externalId: true,
        evidence: true,
        goldPatch: true,
        interfaceText: true,
        requirements: true,
      },
    });
    if (page.length === 0) return filled;
    afterId = (page.at(-1) as { id: number }).id;
    const identifiers = await identifiersWithSelections(
      db,
      page.map((i) => i.id),
    );
    const byInstance = new Map<number, HintSourceIdentifier[]>();
    for (const x of identifiers) {
      const list = byInstance.get(x.instanceId) ?? [];
      list.push({
        name: x.name,
        member: x.member,
        owner: x.owner,
        kind: x.kind,
        path: x.path,
        newFile: x.newFile,
        signature: x.signature,
        policies: policiesOf(x.selections),
      });
      byInstance.set(x.instanceId, list);
    }
    const made = page.map((i) => {
      const evidence = readEvidence(i.evidence);
      return {
        id: i.id,
        benchmarkId: i.benchmarkId,
        externalId: i.externalId,
        facts: evidence ? researchFacts(byInstance.get(i.id) ?? [], evidence, i) : null,
        leaks: evidence ? evidence.leaks.length : null,
      };
    });
    // In transactions whose time is stated from the instances they fill, written again in halves where one
    // runs out of time (transactions.ts).
    await writeTurn(db)(() =>
      writeInBatches(
        db,
        made,
        async (tx, slice) => {
          // Only instances still without these facts, held until this transaction ends (another process
          // filling, or an analysis writing, the same ones at once writes each once), their old facts cleared.
          const mine = await claimAndClear(
            db,
            tx,
            `"researchFacts" < ${RESEARCH_FACTS_VERSION}`,
            slice.map((m) => m.id),
            RESEARCH_FACT_TABLES,
          );
          const claimed = slice.filter((m) => mine.has(m.id));
          // With the leak count the analysis stores beside its evidence (instances analysed before it was
          // stored have none); in one statement on PostgreSQL (writeTogether).
          await writeTogether(bulkTarget(db, tx), [
            ...researchFactWrites(claimed),
            {
              update: "Instance",
              columns: ["researchFacts", "leakCount"],
              rows: claimed.map((m) => ({ id: m.id, values: [RESEARCH_FACTS_VERSION, m.leaks] })),
            },
          ]);
        },
        { msPerItem: 100 },
      ),
    );
    filled += page.length;
    onProgress?.(filled, total);
  }
}
