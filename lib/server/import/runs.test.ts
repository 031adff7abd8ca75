import { afterAll, beforeAll, expect, test } from "vitest";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { loadResearchData } from "../research/research";
import { resolveRateRows } from "../research/research-report";
import { importFiles } from "./import-files";
import { deleteRun, listRuns, moveRun } from "./runs";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite-runs.jsonl", jsonl([1, 2].map((n) => swebenchRecord(n))))]);
  await importFiles(env.db, [env.tmp.write("swebench-verified-runs.jsonl", jsonl([3].map((n) => swebenchRecord(n))))]);
  const rows = (model: string) =>
    [1, 2].map((n) => ({
      instance_id: `acme__widgets-${n}`,
      model,
      selection: "official",
      projection: "official",
      resolved: n === 1,
    }));
  await importFiles(env.db, [env.tmp.write("runs.jsonl", jsonl([...rows("keep"), ...rows("mistake")]))], {
    benchmark: "SWE-bench Lite",
  });
  const preds = [1, 2].map((n) => ({
    instance_id: `acme__widgets-${n}`,
    model_name_or_path: "mistake",
    model_patch: "",
  }));
  await importFiles(env.db, [env.tmp.write("mistake-preds.jsonl", jsonl(preds))], { benchmark: "SWE-bench Lite" });
});
afterAll(() => env.close());

/** The list's stored Resolved count of each instance, by external id. */
const resolvedCounts = async () =>
  Object.fromEntries(
    (await env.db.instance.findMany({ select: { externalId: true, resolvedCount: true }, orderBy: { id: "asc" } })).map(
      (i) => [i.externalId, i.resolvedCount],
    ),
  );

test("a run imported by mistake is deleted with everything imported as it, and the deletion is recorded", async () => {
  // Both runs resolved widget 1: the list's stored count says 2 until one goes.
  expect(await resolvedCounts()).toEqual({ "acme__widgets-1": 2, "acme__widgets-2": 0, "acme__widgets-3": 0 });
  const runs = await listRuns(env.db);
  const mistake = runs.find((r) => r.model === "mistake");
  expect(mistake).toMatchObject({ results: 2, patches: 2, verdicts: 0 });
  const done = await deleteRun(env.db, mistake?.id as number, "ada");
  expect(done).toMatchObject({ results: 2, patches: 2 });
  expect(await env.db.runResult.count({ where: { runId: mistake?.id } })).toBe(0);
  expect(await env.db.agentPatch.count({ where: { runId: mistake?.id } })).toBe(0);
  const rates = resolveRateRows(await loadResearchData(env.db));
  expect(rates.map((r) => r.model)).toEqual(["keep"]);
  expect(await resolvedCounts()).toEqual({ "acme__widgets-1": 1, "acme__widgets-2": 0, "acme__widgets-3": 0 });
  expect(await env.db.adminEvent.findMany({ select: { actor: true, action: true, subject: true } })).toEqual([
    { actor: "ada", action: "run.delete", subject: "SWE-bench Lite · mistake · official × official" },
  ]);
  await expect(deleteRun(env.db, mistake?.id as number, "ada")).rejects.toThrow(/no run with id/);
});

test("a run under the wrong benchmark moves to the right one; a clash with a run there is refused", async () => {
  const keep = (await listRuns(env.db)).find((r) => r.model === "keep");
  const moved = await moveRun(env.db, keep?.id as number, "SWE-bench Verified", "ada");
  expect(moved).toEqual({
    run: "SWE-bench Lite · keep · official × official",
    from: "SWE-bench Lite",
    to: "SWE-bench Verified",
  });
  expect((await listRuns(env.db, "SWE-bench Verified")).map((r) => r.model)).toEqual(["keep"]);
  // Its results now belong to Verified, which has no widget 1: Lite's count falls to 0.
  expect(await resolvedCounts()).toEqual({ "acme__widgets-1": 0, "acme__widgets-2": 0, "acme__widgets-3": 0 });
  await expect(moveRun(env.db, keep?.id as number, "No Such Benchmark", "ada")).rejects.toThrow(/no benchmark named/);
  // A second "keep" run under Lite cannot move onto the first.
  await importFiles(
    env.db,
    [
      env.tmp.write(
        "keep-again.jsonl",
        jsonl([
          {
            instance_id: "acme__widgets-1",
            model: "keep",
            selection: "official",
            projection: "official",
            resolved: true,
          },
        ]),
      ),
    ],
    { benchmark: "SWE-bench Lite" },
  );
  const again = (await listRuns(env.db, "SWE-bench Lite")).find((r) => r.model === "keep");
  await expect(moveRun(env.db, again?.id as number, "SWE-bench Verified", "ada")).rejects.toThrow(/already has a run/);
  expect((await env.db.adminEvent.findMany()).map((e) => e.action)).toEqual(["run.delete", "run.move"]);
});
