import { openDatabase } from "../server/db/client";
import { loadResearchBase } from "../server/queries/research";

const db = await openDatabase(`file:${process.argv[2]}`);
for (let k = 0; k < 6; k++) {
  const t = performance.now();
  await loadResearchBase(db);
  console.log((performance.now() - t).toFixed(0));
}
await db.$disconnect();
