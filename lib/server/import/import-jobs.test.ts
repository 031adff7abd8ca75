import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ImportError } from "../../ingest/import-error";
import { jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { openDatabase } from "../db/client";
import {
  describeImportFailure,
  getImportJob,
  SILENT_MS,
  settleAbandonedJobs,
  startImportJob,
  uploadFolder,
} from "./import-jobs";

test("an upload's problems never show the server's temporary path, however many there are", async () => {
  const file = "/tmp/hintscope-upload-abc123/results.jsonl";
  const error = ImportError.many([1, 2, 3].map((line) => new ImportError(file, line, `problem ${line}`)));
  const described = describeImportFailure(error, "results.jsonl", file);
  expect(described.errors.join("\n")).not.toContain("/tmp/");
  // Each problem once, in order (the page lists them: the first used to carry the whole list again).
  expect(described.errors).toEqual([
    "results.jsonl:1: problem 1",
    "results.jsonl:2: problem 2",
    "results.jsonl:3: problem 3",
  ]);
});

// Jobs as rows: a second client (another server) reads them; a job whose process stopped is failed, with why.
describe("import jobs in the database", () => {
  const tmp = makeTempDir("hintscope-jobs-");
  afterAll(tmp.cleanup);

  test("a finished job is read, whole, by another server's client", async () => {
    const { db, url, close } = await openTempDatabase();
    const other = await openDatabase(url);
    try {
      const dir = await uploadFolder();
      const file = path.join(dir, "swebench-lite-jobs.jsonl");
      writeFileSync(file, jsonl([swebenchRecord(1), swebenchRecord(2)]));
      const job = startImportJob(db, file, "swebench-lite-jobs.jsonl", {});
      for (let i = 0; i < 200 && (await getImportJob(other, job.id))?.state !== "done"; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const seen = await getImportJob(other, job.id);
      expect(seen).toMatchObject({
        state: "done",
        name: "swebench-lite-jobs.jsonl",
        summary: { added: 2, file: "swebench-lite-jobs.jsonl" },
        analysis: { analysed: 2 },
      });
      // The upload's folder is gone with the job.
      expect(existsSync(dir)).toBe(false);
    } finally {
      await other.$disconnect();
      await close();
    }
  });

  test("a job whose server was killed mid-import is shown failed, with why; an analysis whose process stopped is queued again", async () => {
    const { db, url, close } = await openTempDatabase();
    try {
      // A real server process, killed while it imports a large file.
      const file = tmp.write(
        "swebench-lite-big.jsonl",
        jsonl(Array.from({ length: 20_000 }, (_, n) => swebenchRecord(n + 1))),
      );
      const script = tmp.write(
        "run-job.mts",
        `import { openDatabase } from ${JSON.stringify(path.resolve("lib/server/db/client.ts"))};
import { startImportJob } from ${JSON.stringify(path.resolve("lib/server/import/import-jobs.ts"))};
const db = await openDatabase(process.argv[2]);
const job = startImportJob(db, process.argv[3], "big.jsonl", {});
for (;;) {
  const row = await db.importJob.findUnique({ where: { id: job.id } });
  if (row) { process.stdout.write(job.id + "\\n"); break; }
  await new Promise((r) => setTimeout(r, 20));
}
setInterval(() => {}, 1000);
`,
      );
      const dir = path.join(tmp.dir, "upload-1");
      mkdirSync(dir);
      const upload = path.join(dir, "big.jsonl");
      copyFileSync(file, upload);
      const child = spawn(process.execPath, ["--import", "tsx", script, url, upload], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const id = await new Promise<string>((resolve) =>
        child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
      );
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      const seen = await getImportJob(db, id);
      expect(seen?.state).toBe("failed");
      expect(seen?.errors?.[0]).toMatch(
        /^big\.jsonl: the server importing it stopped \(last heard from at .* UTC\); an import is all or nothing, so nothing of this file was written/,
      );
      expect(await db.instance.count()).toBe(0);
      // The row says so for every reader from now on.
      expect((await db.importJob.findUnique({ where: { id } }))?.state).toBe("failed");

      // An analysis of another machine, heard from just now, is running; silent for over a minute, its
      // process is taken for stopped and the job waits in the queue again for the next one to take it up.
      const base = { name: "x.jsonl", state: "analysing", runner: "elsewhere:1:abc" };
      await db.importJob.create({ data: { ...base, id: "alive", heartbeatAt: new Date() } });
      await db.importJob.create({
        data: { ...base, id: "silent", heartbeatAt: new Date(Date.now() - SILENT_MS - 1000) },
      });
      expect(await getImportJob(db, "alive")).toMatchObject({ state: "analysing" });
      expect((await getImportJob(db, "alive"))?.waiting).toBeUndefined();
      expect(await settleAbandonedJobs(db)).toEqual({ failed: [], requeued: ["silent"] });
      expect(await getImportJob(db, "silent")).toMatchObject({ state: "analysing", waiting: true });
      // Settled once: a second look changes nothing.
      expect(await settleAbandonedJobs(db)).toEqual({ failed: [], requeued: [] });
    } finally {
      await close();
    }
  });
});

test("an upload's run options (the upload page's model, selection and projection) name the run of a file that does not say it", async () => {
  const { db, close } = await openTempDatabase();
  try {
    const dir = await uploadFolder();
    const file = path.join(dir, "results.json");
    // A real harness report (lib/testing/real-data/README.md), uploaded under its generic name.
    copyFileSync(
      path.join(
        REAL_DATA,
        "multi-swe-bench-experiments/evaluation/java/verified/20240825_SWE-agent_gpt-4o-mini-2024-07-18/results/results.json",
      ),
      file,
    );
    const job = startImportJob(db, file, "results.json", {
      benchmark: "SWE-bench-java Verified",
      run: { model: "gpt-4o-mini", selection: "defuse", projection: "declaration" },
    });
    // Until the job has ended (not only its import): its later steps must not outlive the database.
    const ended = (state: string | undefined) => state === "done" || state === "failed";
    for (let i = 0; i < 600 && !ended((await getImportJob(db, job.id))?.state); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await getImportJob(db, job.id))?.state).toBe("done");
    expect((await getImportJob(db, job.id))?.summary).toMatchObject({ added: 9 });
    expect(await db.run.findMany({ select: { model: true, selection: true, projection: true } })).toEqual([
      { model: "gpt-4o-mini", selection: "defuse", projection: "declaration" },
    ]);
  } finally {
    await close();
  }
});
