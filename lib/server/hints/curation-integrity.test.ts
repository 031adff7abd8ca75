/**
 * Issue 23's curation defects on a real SQLite file: names that are Object.prototype members, descriptions
 * in review rounds, atomic round publishes, concurrent publishes of one set (the export's: curation-export.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROJECTIONS, SELECTIONS } from "../../domain/hint-vocabulary";
import { composeHint } from "../../hint/compose-hint";
import { type CurationDatabase, decideAsAda, openCurationDatabase } from "../../testing/curation-database";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { makeDiff } from "../../testing/make-diff";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { readTrim, WITH_SELECTIONS, withPolicies } from "../stored-json";
import { createHintSet, publishHintSet } from "./hint-sets";
import { recordDecision } from "./record-decision";
import { decideInRound, publishRound, startRound } from "./review-rounds";
import { assembleVersionExport } from "./version-export";

/** Every name Object.prototype has: each a valid Python identifier, and each a trap for a plain-object map. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

const protoRecord = () => {
  const module = PROTOTYPE_NAMES.map((name, i) => `def ${name}(value=${i}):\n    return value\n`).join("\n");
  const tests = [
    `from pkg.protos import ${PROTOTYPE_NAMES.join(", ")}`,
    "",
    "",
    "def test_every_name():",
    ...PROTOTYPE_NAMES.map((name, i) => `    assert ${name}() == ${i}`),
    "",
  ].join("\n");
  return swebenchRecord(900, {
    instance_id: "acme__protos-900",
    patch: makeDiff([{ path: "pkg/protos.py", before: null, after: module }]),
    test_patch: makeDiff([{ path: "tests/test_protos.py", before: null, after: tests }]),
    problem_statement: "Provide the helpers the tests call.",
  });
};

let env: CurationDatabase;
let protoId: number;
const instanceIds: number[] = [];
const BENCH = "SWE-bench Lite";

beforeAll(async () => {
  env = await openCurationDatabase([...[1, 2, 3, 4, 5, 6].map((n) => swebenchRecord(n)), protoRecord()]);
  const rows = await env.db.instance.findMany({ orderBy: { externalId: "asc" } });
  protoId = rows.find((r) => r.externalId === "acme__protos-900")?.id as number;
  instanceIds.push(...rows.filter((r) => r.id !== protoId).map((r) => r.id));
});
afterAll(() => env.close());

const decide = (instanceId: number, action: string, extra: Record<string, unknown> = {}, projection = "declaration") =>
  decideAsAda(env, instanceId, { selection: "pro", projection, action }, extra);

describe("identifiers named after Object.prototype members", () => {
  test("the analysis finds them, and every selection × projection composes, trimmed or not", async () => {
    const identifiers = (
      await env.db.identifier.findMany({ where: { instanceId: protoId }, include: WITH_SELECTIONS })
    ).map(withPolicies);
    const names = new Set(identifiers.map((i) => i.name));
    for (const name of PROTOTYPE_NAMES) expect(names.has(name), name).toBe(true);
    const source = { interfaceText: null, requirements: null, identifiers };
    for (const selection of SELECTIONS) {
      for (const projection of PROJECTIONS) {
        const plain = composeHint(source, selection, projection);
        // A trim that names only some identifiers: the others must not read an inherited member.
        const trimmed = composeHint(source, selection, projection, {
          identifiers: ["valueOf"],
          // JSON.parse makes `__proto__` an own key (an object literal would set the prototype instead).
          attributes: JSON.parse('{"constructor": ["signature"], "__proto__": ["path"]}'),
          descriptions: { toString: "Turns the value into text for the tests." },
        });
        // Every identifier the selection keeps is stated (the bug threw "function is not iterable" here).
        for (const kept of plain.kept) expect(plain.text).toContain(kept.member);
        expect(trimmed.kept.some((k) => k.name === "valueOf")).toBe(false);
      }
    }
    const pro = composeHint(source, "pro", "declaration", {
      identifiers: [],
      attributes: JSON.parse('{"constructor": ["signature"], "__proto__": ["signature"]}'),
    });
    const kept = new Map(pro.kept.map((k) => [k.name, k.attributes]));
    expect(kept.get("constructor")).not.toContain("signature");
    expect(kept.get("__proto__")).not.toContain("signature");
    expect(kept.get("toString")).toContain("signature");
    expect(pro.text).toContain("`hasOwnProperty(value=");
  });

  test("a trim keyed by those names is decided, stored, published and exported as it was made", async () => {
    const trimmed = JSON.parse(
      '{"identifiers": ["valueOf"], "attributes": {"constructor": ["signature"], "__proto__": ["path"]}, "descriptions": {"toString": "Turns the value into text."}}',
    );
    const result = await decide(protoId, "trim", { trimmed }, "declaration_doc");
    expect(result).toMatchObject({ ok: true, status: "trimmed" });
    const hint = await env.db.hint.findFirstOrThrow({ where: { instanceId: protoId, projection: "declaration_doc" } });
    const stored = readTrim(hint.trimmed);
    // `__proto__` survives validation and storage as an own key (zod's record dropped it silently).
    expect(Object.keys(stored.attributes).sort()).toEqual(["__proto__", "constructor"]);
    expect(Object.hasOwn(stored.attributes, "__proto__")).toBe(true);
    expect(hint.renderedText).toContain("Turns the value into text.");
    for (const projection of PROJECTIONS) {
      await createHintSet(env.db, { name: `protos-${projection}`, benchmark: BENCH, selection: "pro", projection });
      await publishHintSet(env.db, `protos-${projection}`, "ada");
      const exporting = assembleVersionExport(env.db, `protos-${projection}`, undefined, {
        includeFlagged: true,
        native: true,
      });
      // Only Declaration + Doc was decided: an empty version is refused, never written as an empty file.
      if (projection !== "declaration_doc") {
        await expect(exporting).rejects.toThrow(/version 1 of "protos-\w+" has no line to export/);
        continue;
      }
      expect((await exporting).manifest.name).toBe(`protos-${projection}`);
    }
    const doc = await assembleVersionExport(env.db, "protos-declaration_doc", undefined, {
      includeFlagged: false,
      native: true,
    });
    const line = JSON.parse(doc.jsonl.split("\n")[0] as string);
    expect(line.instance_id).toBe("acme__protos-900");
    const exportedNames = line.identifiers.map((i: { name: string }) => i.name);
    expect(exportedNames).toContain("constructor");
    expect(exportedNames).not.toContain("valueOf");
  });
});

describe("review rounds keep a curator's description", () => {
  test("a trim that only writes a description is kept in the round and published as trimmed", async () => {
    await createHintSet(env.db, {
      name: "round-doc",
      benchmark: BENCH,
      selection: "defuse",
      projection: "declaration_doc",
    });
    const round = await startRound(
      env.db,
      { name: "doc-round", hintSet: "round-doc", curators: ["bo", "cy"], curatorsPerHint: 2 },
      "ada",
    );
    const trimmed = { identifiers: [], attributes: {}, descriptions: { widget_1: "Returns the first widget." } };
    const roundItems = await env.db.roundAssignment.findMany({
      where: { roundId: round.id },
      orderBy: { instanceId: "asc" },
    });
    const instances = [...new Set(roundItems.map((r) => r.instanceId))];
    for (const instanceId of instances) {
      const own = instanceId === instanceIds[0];
      for (const curator of ["bo", "cy"])
        expect(
          await decideInRound(
            env.db,
            { roundId: round.id, instanceId, action: own ? "trim" : "accept", trimmed: own ? trimmed : undefined },
            curator,
          ),
        ).toMatchObject({ ok: true });
    }
    const stored = await env.db.roundAssignment.findFirstOrThrow({
      where: { roundId: round.id, instanceId: instanceIds[0], curator: "bo" },
    });
    expect(readTrim(stored.trimmed).descriptions).toEqual({ widget_1: "Returns the first widget." });
    await publishRound(env.db, round.id, "ada");
    const hint = await env.db.hint.findFirstOrThrow({
      where: { instanceId: instanceIds[0], selection: "defuse", projection: "declaration_doc" },
    });
    expect(hint.status).toBe("trimmed");
    expect(hint.renderedText).toContain("Returns the first widget.");
  });

  test("a bad description is refused, not dropped", async () => {
    const round = await env.db.reviewRound.findFirstOrThrow({ where: { name: "doc-round" } });
    const result = await decideInRound(
      env.db,
      {
        roundId: round.id,
        instanceId: instanceIds[0],
        action: "trim",
        trimmed: { identifiers: [], attributes: {}, descriptions: { widget_1: "One. Two sentences." } },
      },
      "bo",
    );
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("one sentence") });
  });
});

describe("publishing", () => {
  test("a round whose publish meets a conflict leaves nothing behind: no decision, no version, the round open", async () => {
    await createHintSet(env.db, { name: "atomic", benchmark: BENCH, selection: "doc2feat", projection: "name" });
    const round = await startRound(
      env.db,
      { name: "atomic-round", hintSet: "atomic", curators: ["bo", "cy"], curatorsPerHint: 2 },
      "ada",
    );
    const items = await env.db.roundAssignment.findMany({
      where: { roundId: round.id },
      orderBy: { instanceId: "asc" },
    });
    const instances = [...new Set(items.map((r) => r.instanceId))];
    for (const instanceId of instances)
      for (const curator of ["bo", "cy"])
        await decideInRound(env.db, { roundId: round.id, instanceId, action: "accept" }, curator);
    // The last instance changes after the curators decided it: its publish conflicts there, after the others.
    const last = instanceIds.at(-1) as number;
    const lastRow = await env.db.instance.findUniqueOrThrow({ where: { id: last } });
    const n = Number(lastRow.externalId.split("-").at(-1));
    const changed = swebenchRecord(n, {
      problem_statement: "Widget changed",
      patch: swebenchRecord(n).patch.replace(`return ${n}`, `return ${n * 10}`),
    });
    await importFiles(env.db, [env.tmp.write("swebench-lite-atomic.jsonl", jsonl([changed]))]);
    await analyzePendingInstances(env.db);
    const decisionsBefore = await env.db.decision.count();
    await expect(publishRound(env.db, round.id, "ada")).rejects.toThrow(/changed since the round decided it/);
    expect(await env.db.decision.count()).toBe(decisionsBefore);
    expect(await env.db.hintSetVersion.count({ where: { hintSet: { name: "atomic" } } })).toBe(0);
    expect((await env.db.reviewRound.findUniqueOrThrow({ where: { id: round.id } })).status).toBe("open");
    const firstHint = await env.db.hint.findFirst({
      where: { instanceId: instances[0], selection: "doc2feat", projection: "name" },
    });
    expect(firstHint).toBeNull();
  });

  test("two publishes of one set at once get versions 1 and 2", async () => {
    await createHintSet(env.db, { name: "race", benchmark: BENCH, selection: "fea", projection: "name" });
    const versions = await Promise.all([1, 2, 3].map(() => publishHintSet(env.db, "race", "ada")));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
  });
});

test("an instance whose analysis has not run cannot be decided, alone or in a round", async () => {
  await importFiles(env.db, [env.tmp.write("swebench-lite-unanalysed.jsonl", jsonl([swebenchRecord(77)]))]);
  const row = await env.db.instance.findFirstOrThrow({ where: { externalId: "acme__widgets-77" } });
  expect(row.analysisStatus).toBe("pending");
  const result = await recordDecision(
    env.db,
    { instanceId: row.id, selection: "defuse", projection: "name", action: "accept", expectedVersion: 0 },
    "ada",
  );
  expect(result).toEqual({ ok: false, errors: { instanceId: [expect.stringContaining("not been analysed yet")] } });
  expect(await env.db.hint.count({ where: { instanceId: row.id } })).toBe(0);
  await analyzePendingInstances(env.db);
  expect(
    await recordDecision(
      env.db,
      { instanceId: row.id, selection: "defuse", projection: "name", action: "accept", expectedVersion: 0 },
      "ada",
    ),
  ).toMatchObject({ ok: true });
});
