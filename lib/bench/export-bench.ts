/**
 * `npm run bench` (third part): exporting the hints of 10,000 instances, streamed, in a child process with
 * a 256 MB heap. Target (issue 6): under 3 s in constant memory.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { openDatabase } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { makeTempDir } from "../testing/fixtures";
import { writeSyntheticInstances } from "./synthetic-instances";

const COUNT = 10_000;

const tmp = makeTempDir("hintscope-export-bench-");
try {
  const url = `file:${path.join(tmp.dir, "export.db")}`;
  const file = path.join(tmp.dir, "synthetic.jsonl");
  await writeSyntheticInstances(file, COUNT, "Synthetic 10k");
  const db = await openDatabase(url);
  await importFiles(db, [file]);
  await analyzePendingInstances(db);
  await db.$disconnect();
  const child = spawnSync(
    process.execPath,
    [
      "--max-old-space-size=256",
      "--import",
      "tsx",
      path.join(import.meta.dirname, "export-one-set.ts"),
      "Synthetic 10k",
      path.join(tmp.dir, "out"),
    ],
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: url } },
  );
  if (child.status !== 0) throw new Error(`the export failed:\n${child.stderr}`);
  const { ms, maxRssMb, lines } = JSON.parse(child.stdout) as { ms: number; maxRssMb: number; lines: number };
  console.log(
    `export: ${lines} instances (DefUse × Declaration, JSONL + manifest) in ${ms.toFixed(0)} ms, peak resident memory ${maxRssMb.toFixed(0)} MB with a 256 MB heap   target < 3000 ms`,
  );
} finally {
  tmp.cleanup();
}
