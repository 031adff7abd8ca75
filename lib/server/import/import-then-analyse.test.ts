// The upload route, `hints import` and an upload's job all reach the one import-then-analyse path
// (import-then-analyse.ts): each, on a real database, leaves the same stored analysis for the same real file.
import { copyFileSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import type { Database } from "../db/client";

// The route's own body runs; only who is asking (an admin), the page cache and which database are given.
let current: Database | undefined;
vi.mock("@/lib/server/auth/guard", () => ({
  guardedRoute:
    (_role: string, handler: (request: Request, context: unknown, user: unknown) => Promise<Response>) =>
    (request: Request, context: unknown) =>
      handler(request, context, { id: 1, name: "admin", role: "admin" }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("../db/client", async (original) => {
  const real = await original<typeof import("../db/client")>();
  return { ...real, getDb: async () => current ?? real.getDb() };
});

const { POST } = await import("../../../app/api/import/route");
const { runImportCommand } = await import("../../cli/import-command");
const { getImportJob, startImportJob, uploadFolder } = await import("./import-jobs");
const { importThenAnalyse } = await import("./import-then-analyse");

const NAME = "swebench-lite.jsonl";
const FILE = path.join(REAL_DATA, NAME);

/** What the analysis stored: each instance's status and every identifier it found, in order. */
async function storedAnalysis(db: Database) {
  const instances = await db.instance.findMany({
    orderBy: { externalId: "asc" },
    select: {
      externalId: true,
      analysisStatus: true,
      analysisError: true,
      hintSource: true,
      identifiers: {
        orderBy: { position: "asc" },
        select: { name: true, kind: true, path: true, side: true, status: true, locations: true, position: true },
      },
    },
  });
  return instances;
}

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  current = undefined;
  for (const close of opened.splice(0)) await close();
});

async function freshDatabase() {
  const env = await openTempDatabase();
  opened.push(env.close);
  current = env.db;
  return env.db;
}

const silently = async <T>(run: () => Promise<T>): Promise<T> => {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    return await run();
  } finally {
    write.mockRestore();
  }
};

describe("one import-then-analyse path", () => {
  test("the route, the CLI and the job each leave the same stored analysis of the same real file", async () => {
    // The CLI.
    const cliDb = await freshDatabase();
    const dir = await uploadFolder();
    const cliFile = path.join(dir, NAME);
    copyFileSync(FILE, cliFile);
    expect(await silently(() => runImportCommand(cliDb, [cliFile], { json: true }))).toBe(0);
    const byCli = await storedAnalysis(cliDb);
    rmSync(dir, { recursive: true, force: true });

    // The route, answered at once.
    const routeDb = await freshDatabase();
    const answer = await POST(
      new Request(`http://127.0.0.1/api/import?name=${NAME}`, {
        method: "POST",
        headers: { "x-hintscope-upload": "1", origin: "http://127.0.0.1" },
        body: readFileSync(FILE),
        duplex: "half",
      } as RequestInit),
      {},
    );
    const body = await answer.json();
    expect(answer.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ ok: true, files: [{ file: NAME, added: 4 }], analysis: { analysed: 4 } });
    const byRoute = await storedAnalysis(routeDb);

    // The job, its analysis taken up by the queue.
    const jobDb = await freshDatabase();
    const jobDir = await uploadFolder();
    const jobFile = path.join(jobDir, NAME);
    copyFileSync(FILE, jobFile);
    const job = startImportJob(jobDb, jobFile, NAME, {});
    let seen = await getImportJob(jobDb, job.id);
    for (let i = 0; i < 600 && seen?.state !== "done" && seen?.state !== "failed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await getImportJob(jobDb, job.id);
    }
    expect(seen).toMatchObject({ state: "done", summary: { added: 4 }, analysis: { analysed: 4 } });
    const byJob = await storedAnalysis(jobDb);

    expect(byCli.map((i) => i.analysisStatus)).toEqual(["done", "done", "done", "done"]);
    expect(byCli.reduce((n, i) => n + i.identifiers.length, 0)).toBeGreaterThan(0);
    expect(byRoute).toEqual(byCli);
    expect(byJob).toEqual(byCli);
  });

  test("the analysis reports N of M: M the instances pending when it began, N reaching it", async () => {
    const db = await freshDatabase();
    const seen: Array<[number, number]> = [];
    let importedFirst = false;
    const { summary, analysis } = await importThenAnalyse(db, [FILE], {
      onImported: () => {
        importedFirst = seen.length === 0;
      },
      analysis: { mode: "now", workers: 1, onProgress: (done, of) => seen.push([done, of]) },
    });
    expect(importedFirst).toBe(true);
    expect(summary.files[0]).toMatchObject({ added: 4 });
    expect(analysis.analysed).toBe(4);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(([, of]) => of === 4)).toBe(true);
    expect(seen.at(-1)?.[0]).toBe(4);
  });

  test("no caller writes the path again: the route, the CLI and the job import and analyse only through it", () => {
    for (const file of ["app/api/import/route.ts", "lib/cli/import-command.ts", "lib/server/import/import-jobs.ts"]) {
      const source = readFileSync(path.join(process.cwd(), file), "utf8");
      expect(source, file).toMatch(/\bimportThenAnalyse\(/);
      expect(source, file).not.toMatch(/\bimportFiles\(|\banalyzePendingInstances\(|\brequestAnalysis\(/);
    }
  });
});
