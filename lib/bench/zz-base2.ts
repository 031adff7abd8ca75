import { readJsonRows, selectRows } from "../server/db/bulk-sql";
import { bulkTarget, engineOf, openDatabase } from "../server/db/client";

const db = await openDatabase(`file:${process.argv[2]}`);
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  const [row] = await selectRows(
    bulkTarget(db, db),
    `SELECT ${engineOf(db).sql.jsonRows(['"id"', '"externalId"', '"benchmarkId"', '"countDefuse"', '"countDoc2feat"', '"countFea"', '"countPro"'])} AS "rows" FROM "Instance"`,
    [],
  );
  const a = performance.now() - t;
  t = performance.now();
  const rows = readJsonRows(row?.rows);
  const b = performance.now() - t;
  console.log(`sql ${a.toFixed(0)} parse ${b.toFixed(0)} ${rows.length} ${String(row?.rows).length}`);
}
await db.$disconnect();
