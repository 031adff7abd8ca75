/** Imports one file into DATABASE_URL and prints `{ms, maxRssMb, added}`: the memory probe of `npm run bench`. */
import { openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";

const file = process.argv[2];
if (!file) throw new Error("usage: import-one-file FILE");
const db = await openDatabase();
const started = performance.now();
const summary = await importFiles(db, [file]);
const ms = performance.now() - started;
await db.$disconnect();
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, added: summary.files[0]?.added }));
