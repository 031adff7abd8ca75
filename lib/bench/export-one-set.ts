/** Exports one benchmark's hints from DATABASE_URL and prints `{ms, maxRssMb, lines}`: the probe of the export benchmark. */
import { openDatabase } from "../server/db/client";
import { currentHintLines } from "../server/hints/hint-export";
import { writeHintExport } from "../server/hints/version-export";

const [benchmark, out] = process.argv.slice(2);
if (!benchmark || !out) throw new Error("usage: export-one-set BENCHMARK DIR");
const db = await openDatabase();
const started = performance.now();
const manifest = await writeHintExport(currentHintLines(db, benchmark, "defuse", "declaration"), {
  dir: out,
  baseName: "bench",
  header: {
    name: "bench",
    version: null,
    benchmark,
    selection: "defuse",
    projection: "declaration",
    include_flagged: true,
  },
  keep: () => true,
});
const ms = performance.now() - started;
await db.$disconnect();
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, lines: manifest.counts.instances }));
