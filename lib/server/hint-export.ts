import type { Projection } from "../analysis/render-hint";
import { composeHintLine } from "../export/compose-line";
import type { HintLine } from "../export/hint-lines";
import type { Database } from "./db";

const PAGE = 500;

/**
 * The hint lines of a benchmark under a selection × projection, straight from the analysis and the
 * current decisions, page by page in instance-id order (the benchmark's own ids) so memory stays flat however many instances.
 */
export async function* currentHintLines(
  db: Database,
  benchmark: string,
  selection: string,
  projection: Projection,
): AsyncGenerator<HintLine> {
  const found = await db.benchmark.findUnique({ where: { name: benchmark }, select: { id: true } });
  if (!found) throw new Error(`no benchmark named "${benchmark}"`);
  let after = "";
  for (;;) {
    const page = await db.instance.findMany({
      where: { benchmarkId: found.id, externalId: { gt: after } },
      orderBy: { externalId: "asc" },
      take: PAGE,
      select: { id: true, externalId: true, interfaceText: true, requirements: true },
    });
    if (page.length === 0) return;
    after = (page.at(-1) as { externalId: string }).externalId;
    const ids = page.map((i) => i.id);
    const [identifiers, hints] = await Promise.all([
      db.identifier.findMany({
        where: { instanceId: { in: ids } },
        orderBy: [{ instanceId: "asc" }, { position: "asc" }],
      }),
      db.hint.findMany({ where: { instanceId: { in: ids }, selection, projection } }),
    ]);
    for (const instance of page) {
      yield composeHintLine(
        {
          externalId: instance.externalId,
          benchmark,
          interfaceText: instance.interfaceText,
          requirements: instance.requirements,
          identifiers: identifiers
            .filter((i) => i.instanceId === instance.id)
            .map((i) => ({ ...i, policies: JSON.parse(i.policies) as string[] })),
        },
        selection,
        projection,
        hints.find((h) => h.instanceId === instance.id) ?? null,
      );
    }
  }
}
