import { openDatabase } from "../server/db/client";
import { composeResearchData, loadResearchBase, loadResearchJudge, loadResearchRuns } from "../server/queries/research";
import { loadResearchFrontier } from "../server/queries/research-frontier";
import {
  designRows,
  disclosureRows,
  frontierRows,
  leakRows,
  policyRows,
  resolveRateRows,
} from "../server/queries/research-report";

const db = await openDatabase(`file:${process.argv[2]}`);
const time = async <T>(label: string, f: () => Promise<T> | T): Promise<T> => {
  const t = performance.now();
  const r = await f();
  process.stdout.write(`${label} ${(performance.now() - t).toFixed(0)}  `);
  return r;
};
for (let k = 0; k < 3; k++) {
  const base = await time("base", () => loadResearchBase(db));
  const runs = await time("runs", () => loadResearchRuns(db, base));
  const judge = await time("judge", () => loadResearchJudge(db, base));
  const frontier = await time("frontier", () => loadResearchFrontier(db, base));
  const data = composeResearchData(base, { runs, judge, frontier });
  await time("rates", () => resolveRateRows(data));
  await time("policy", () => policyRows(data));
  await time("design", () => designRows(data));
  await time("disclosure", () => disclosureRows(data));
  await time("frontierRows", () => frontierRows(data));
  await time("leaks", () => leakRows(data));
  console.log();
}
await db.$disconnect();
