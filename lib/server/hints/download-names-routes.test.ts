// Two downloads that differ (another version, with flagged, the native manifest, a research table narrowed
// otherwise) never arrive under one file name: the routes' own answers, on a real SQLite file with a set
// published twice.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import type { Database } from "../db/client";
import { importFiles } from "../import/import-files";
import { createHintSet, publishHintSet } from "./hint-sets";
import { recordDecision } from "./record-decision";

let current: Database | undefined;
vi.mock("@/lib/server/auth/guard", () => ({
  guardedRoute:
    (_role: string, handler: (request: Request, context: unknown, user: unknown) => Promise<Response>) =>
    (request: Request, context: unknown) =>
      handler(request, context, { id: 1, name: "ada", role: "admin" }),
}));
vi.mock("../db/client", async (original) => {
  const real = await original<typeof import("../db/client")>();
  return { ...real, getDb: async () => current ?? real.getDb() };
});

const hintSetRoute = await import("../../../app/api/hint-sets/[name]/[version]/[file]/route");
const researchRoute = await import("../../../app/api/research/csv/[table]/route");

let env: Awaited<ReturnType<typeof openTempDatabase>>;
const BENCH = "SWE-bench Lite";
const SET = "Lite doc";
const policy = { selection: "defuse", projection: "declaration_doc" } as const;

async function decide(externalId: string, action: "accept" | "flag", extra: Record<string, unknown> = {}) {
  const instance = await env.db.instance.findFirstOrThrow({ where: { externalId } });
  const hint = await env.db.hint.findFirst({ where: { instanceId: instance.id, ...policy } });
  const result = await recordDecision(
    env.db,
    {
      instanceId: instance.id,
      ...policy,
      action,
      expectedVersion: hint?.version ?? 0,
      sourceHash: instance.hintSource,
      ...extra,
    },
    "ada",
  );
  expect(result).toMatchObject({ ok: true });
}

beforeAll(async () => {
  env = await openTempDatabase();
  current = env.db;
  await importFiles(env.db, [env.tmp.write("swebench-lite.jsonl", jsonl([1, 2, 3].map((n) => swebenchRecord(n))))]);
  await analyzePendingInstances(env.db);
  await createHintSet(env.db, { name: SET, benchmark: BENCH, ...policy });
  for (const n of [1, 2]) await decide(`acme__widgets-${n}`, "accept");
  await publishHintSet(env.db, SET, "ada");
  await decide("acme__widgets-3", "flag", { reason: "spoiler", note: "gives the return value away" });
  await publishHintSet(env.db, SET, "ada");
});
afterAll(() => env.close());

/** The file name a download arrives under (the header's ASCII name), and the answer's status. */
async function downloaded(answer: Response) {
  const header = answer.headers.get("content-disposition") ?? "";
  expect(answer.status, `${header} ${answer.status === 200 ? "" : await answer.text()}`).toBe(200);
  return /filename="([^"]+)"/.exec(header)?.[1] ?? `(no file name in "${header}")`;
}

test("every download of both versions of a set, in every variant, arrives under a name of its own", async () => {
  const names: string[] = [];
  for (const version of ["1", "2"])
    for (const [file, query] of [
      ["jsonl", ""],
      ["jsonl", "?flagged=1"],
      ["csv", ""],
      ["parquet", ""],
      ["native", ""],
      ["manifest", ""],
      ["manifest", "?native=1"],
    ] as const) {
      const url = `http://127.0.0.1/api/hint-sets/${encodeURIComponent(SET)}/${version}/${file}${query}`;
      names.push(
        await downloaded(
          await hintSetRoute.GET(new Request(url), { params: Promise.resolve({ name: SET, version, file }) }),
        ),
      );
    }
  expect(names).toEqual([
    "lite-doc-v1.jsonl",
    "lite-doc-v1.with-flagged.jsonl",
    "lite-doc-v1.csv",
    "lite-doc-v1.parquet",
    "lite-doc-v1.native.jsonl",
    "lite-doc-v1.manifest.json",
    "lite-doc-v1.native.manifest.json",
    "lite-doc-v2.jsonl",
    "lite-doc-v2.with-flagged.jsonl",
    "lite-doc-v2.csv",
    "lite-doc-v2.parquet",
    "lite-doc-v2.native.jsonl",
    "lite-doc-v2.manifest.json",
    "lite-doc-v2.native.manifest.json",
  ]);
  expect(new Set(names).size).toBe(names.length);
});

test("a research table narrowed to another benchmark or model downloads under another name", async () => {
  const table = "resolve-rates";
  const names = [];
  for (const query of ["", "?benchmark=SWE-bench%20Lite", "?benchmark=SWE-bench%20Lite&model=gpt-4o"])
    names.push(
      await downloaded(
        await researchRoute.GET(new Request(`http://127.0.0.1/api/research/csv/${table}${query}`), {
          params: Promise.resolve({ table }),
        }),
      ),
    );
  expect(names).toEqual([
    "research-resolve-rates.csv",
    "research-resolve-rates.swe-bench-lite.csv",
    "research-resolve-rates.swe-bench-lite.gpt-4o.csv",
  ]);
});
