import type { ModelWritten } from "../../analysis/render-hint";
import type { Projection } from "../../domain/hint-vocabulary";
import { composeHintLine } from "../../export/compose-line";
import type { HintLine } from "../../export/hint-lines";
import type { Database, Tx } from "../db/client";
import type { SqlPieces } from "../db/engine";
import { identifiersWithSelections, readByKeys } from "../db/rows-of-instances";
import { MODEL_WRITTEN_SELECT } from "../hint-source-select";
import { listIds } from "../list/review-list";
import { viewState } from "../list/view-state";
import { readTrim, withPolicies } from "../stored-json";

const PAGE = 500;

/**
 * The instances of a benchmark that a saved list view shows (its text search and facets; sorting does not
 * matter here), asked of the same SQL as the list, so a set holds what the view showed. Review status is
 * the view's own selection × projection, as the list shows it.
 */
async function instancesInView(
  db: Database | Tx,
  benchmarkId: number,
  filter: string,
  sql?: SqlPieces,
): Promise<Set<string>> {
  const ids = await listIds(db, viewState(filter), { benchmarkId }, sql);
  return new Set(ids.map((i) => i.externalId));
}

/**
 * The hint lines of a benchmark under a selection × projection, straight from the analysis and the
 * current decisions, page by page in instance-id order (the benchmark's own ids) so memory stays flat however many instances.
 */
export async function* currentHintLines(
  db: Database | Tx,
  benchmark: string,
  selection: string,
  projection: Projection,
  filter: string | null = null,
  /** the engine's SQL, where `db` is a transaction (which does not say its engine) */
  sql?: SqlPieces,
): AsyncGenerator<HintLine> {
  const found = await db.benchmark.findUnique({ where: { name: benchmark }, select: { id: true } });
  if (!found) throw new Error(`no benchmark named "${benchmark}"`);
  const allowed = filter ? await instancesInView(db, found.id, filter, sql) : null;
  let after = "";
  for (;;) {
    const page = await db.instance.findMany({
      where: { benchmarkId: found.id, externalId: { gt: after } },
      orderBy: { externalId: "asc" },
      take: PAGE,
      select: { id: true, externalId: true, interfaceText: true, requirements: true, hintSource: true },
    });
    if (page.length === 0) return;
    after = (page.at(-1) as { externalId: string }).externalId;
    const ids = page.map((i) => i.id);
    // Each read binds the page's keys alone (readByKeys), however many rows an instance has: the identifiers'
    // selections are read apart from them, not by an include that binds every identifier's key.
    const externalIds = page.map((i) => i.externalId);
    const [identifiers, hints, labels, written] = await Promise.all([
      identifiersWithSelections(db, ids),
      readByKeys(ids, (chunk) => db.hint.findMany({ where: { instanceId: { in: chunk }, selection, projection } })),
      readByKeys(externalIds, (chunk) =>
        db.instanceLabel.findMany({
          where: { benchmarkId: found.id, instanceExternalId: { in: chunk } },
          select: { instanceExternalId: true, source: true, name: true, value: true },
          orderBy: [{ source: "asc" }, { name: "asc" }],
        }),
      ),
      readByKeys(ids, (chunk) =>
        db.modelDescription.findMany({
          where: { instanceId: { in: chunk } },
          select: { instanceId: true, ...MODEL_WRITTEN_SELECT },
        }),
      ),
    ]);
    const writtenOf = new Map<number, ModelWritten[]>();
    for (const { instanceId, ...w } of written) writtenOf.set(instanceId, [...(writtenOf.get(instanceId) ?? []), w]);
    const labelsOf = new Map<string, Array<{ source: string; name: string; value: string }>>();
    for (const { instanceExternalId, ...label } of labels)
      labelsOf.set(instanceExternalId, [...(labelsOf.get(instanceExternalId) ?? []), label]);
    const identifiersOf = new Map<number, Array<ReturnType<typeof withPolicies<(typeof identifiers)[number]>>>>();
    for (const i of identifiers) {
      const list = identifiersOf.get(i.instanceId) ?? [];
      list.push(withPolicies(i));
      identifiersOf.set(i.instanceId, list);
    }
    const hintOf = new Map(hints.map((h) => [h.instanceId, h]));
    for (const instance of page) {
      if (allowed && !allowed.has(instance.externalId)) continue;
      const hint = hintOf.get(instance.id);
      const line = composeHintLine(
        {
          externalId: instance.externalId,
          benchmark,
          interfaceText: instance.interfaceText,
          requirements: instance.requirements,
          hintSource: instance.hintSource,
          identifiers: identifiersOf.get(instance.id) ?? [],
          modelWritten: writtenOf.get(instance.id) ?? [],
        },
        selection,
        projection,
        hint ? { ...hint, trim: hint.trimmed ? readTrim(hint.trimmed) : null } : null,
      );
      const published = labelsOf.get(instance.externalId);
      yield published ? { ...line, labels: published } : line;
    }
  }
}

/** The instances a hint set covers (its benchmark, narrowed by its saved view), in instance-id order. */
export async function instancesOfSet(
  db: Database,
  benchmark: string,
  filter: string | null,
): Promise<Array<{ id: number; externalId: string }>> {
  const found = await db.benchmark.findUnique({ where: { name: benchmark }, select: { id: true } });
  if (!found) throw new Error(`no benchmark named "${benchmark}"`);
  const allowed = filter ? await instancesInView(db, found.id, filter) : null;
  const all = await db.instance.findMany({
    where: { benchmarkId: found.id },
    select: { id: true, externalId: true },
    orderBy: { externalId: "asc" },
  });
  return all.filter((i) => !allowed || allowed.has(i.externalId));
}
