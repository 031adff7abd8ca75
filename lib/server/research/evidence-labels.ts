import { type EvidenceLabelRow, evidenceAgainstLabels, type LabelledInstance } from "../../evidence/evidence-labels";
import type { EvidenceCell } from "../../review/list-state";
import type { Database, Tx } from "../db/client";
import { readByKeys } from "../db/rows-of-instances";
import { readEvidence } from "../stored-json";

/**
 * The evidence of every labelled instance against its published labels (all benchmarks, or one): its own
 * reads, the labels and the labelled instances' evidence only, never the whole corpus.
 */
export async function evidenceLabelRows(db: Database | Tx, benchmark?: string): Promise<EvidenceLabelRow[]> {
  const labels = await db.instanceLabel.findMany({
    where: benchmark ? { benchmarkId: (await db.benchmark.findUnique({ where: { name: benchmark } }))?.id ?? -1 } : {},
    select: { benchmarkId: true, instanceExternalId: true, source: true, name: true, value: true },
  });
  const byInstance = new Map<string, Map<string, string>>();
  for (const l of labels) {
    const key = `${l.benchmarkId}\u0000${l.instanceExternalId}`;
    const map = byInstance.get(key) ?? new Map<string, string>();
    map.set(`${l.source}/${l.name}`, l.value);
    byInstance.set(key, map);
  }
  const benchmarkIds = [...new Set(labels.map((l) => l.benchmarkId))];
  const instances: LabelledInstance[] = [];
  for (const benchmarkId of benchmarkIds) {
    const ids = [...new Set(labels.filter((l) => l.benchmarkId === benchmarkId).map((l) => l.instanceExternalId))];
    const rows = await readByKeys(ids, (chunk) =>
      db.instance.findMany({
        where: { benchmarkId, externalId: { in: chunk } },
        select: { externalId: true, evidence: true, benchmark: { select: { name: true } } },
      }),
    );
    for (const row of rows)
      instances.push({
        benchmark: row.benchmark.name,
        externalId: row.externalId,
        evidence: readEvidence(row.evidence),
        labels: byInstance.get(`${benchmarkId}\u0000${row.externalId}`) ?? new Map(),
      });
  }
  return evidenceAgainstLabels(instances);
}

/**
 * The instances of one cell of an evidence check against a label test, in every benchmark, as
 * [benchmark id, external id]: what a list view of that cell holds (none for a check or test that is not one).
 */
export async function evidenceCellMembers(db: Database | Tx, cell: EvidenceCell): Promise<Array<[number, string]>> {
  const [rows, benchmarks] = await Promise.all([
    evidenceLabelRows(db),
    db.benchmark.findMany({ select: { id: true, name: true } }),
  ]);
  const idOf = new Map(benchmarks.map((b) => [b.name, b.id]));
  return rows
    .filter((row) => row.check === cell.check && row.label === cell.test)
    .flatMap((row) =>
      row.ids[cell.cell].map((externalId): [number, string] => [idOf.get(row.benchmark) ?? -1, externalId]),
    );
}
