import { afterAll, beforeAll, expect, test } from "vitest";
import { acceptDecision, jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { recordDecision, undoDecision } from "./record-decision";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let instanceId = 0;
beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite-d.jsonl", jsonl([swebenchRecord(1)]))]);
  await analyzePendingInstances(env.db);
  instanceId = (await env.db.instance.findFirstOrThrow()).id;
});
afterAll(() => env.close());

const decision = (overrides: Record<string, unknown> = {}) => acceptDecision(instanceId, overrides);

test("a decision is saved with an audit row of who, before and after, and the text the server rendered", async () => {
  // Whatever text a client sends is not stored: the server renders the hint from the analysis.
  const result = await recordDecision(env.db, { ...decision(), renderedText: "forged" }, "ada");
  const text = "### `widget_1` (function) -- `widgets/core.py`\nSignature: `widget_1()`";
  expect(result).toEqual({ ok: true, version: 1, status: "accepted", text, decision: expect.any(Number) });
  const hint = await env.db.hint.findFirstOrThrow({ include: { decisions: true } });
  expect(hint).toMatchObject({ status: "accepted", version: 1, renderedText: text });
  expect(hint.decisions[0]).toMatchObject({ hintText: text, fingerprint: hint.fingerprint });
  expect(hint.decisions).toHaveLength(1);
  expect(hint.decisions[0]).toMatchObject({ curator: "ada", action: "accept" });
  expect(JSON.parse(hint.decisions[0]?.before ?? "")).toMatchObject({ status: "pending" });
  expect(JSON.parse(hint.decisions[0]?.after ?? "")).toMatchObject({ status: "accepted" });
});

test("a second curator deciding from the same version gets the first decision back as a conflict", async () => {
  const result = await recordDecision(env.db, decision({ action: "flag", reason: "spoiler" }), "grace");
  expect(result).toMatchObject({
    ok: false,
    conflict: { curator: "ada", action: "accept", status: "accepted", version: 1 },
  });
  const hint = await env.db.hint.findFirstOrThrow({ include: { decisions: true } });
  expect(hint.status).toBe("accepted");
  expect(hint.decisions).toHaveLength(1);
});

test("a trim that removes an attribute makes the hint trimmed; a flag needs a reason", async () => {
  const trimmed = { identifiers: [], attributes: { widget_1: ["signature"] } };
  expect(await recordDecision(env.db, decision({ action: "trim", expectedVersion: 1, trimmed }), "ada")).toEqual({
    ok: true,
    version: 2,
    status: "trimmed",
    text: "### `widget_1` (function) -- `widgets/core.py`",
    decision: expect.any(Number),
  });
  const refused = await recordDecision(env.db, decision({ action: "flag", expectedVersion: 2, reason: null }), "ada");
  expect(refused).toMatchObject({ ok: false, errors: { reason: ["a flag needs a reason"] } });
  expect(
    await recordDecision(
      env.db,
      decision({ action: "flag", expectedVersion: 2, reason: "guesswork", note: "test uses widget_2" }),
      "ada",
    ),
  ).toMatchObject({ ok: true, status: "flagged" });
  const audit = await env.db.decision.findMany({ orderBy: { id: "asc" } });
  expect(audit.map((d) => d.action)).toEqual(["accept", "trim", "flag"]);
  expect(JSON.parse(audit[2]?.after ?? "")).toMatchObject({
    status: "flagged",
    flagReason: "guesswork",
    note: "test uses widget_2",
  });
});

test("a decision on an instance that does not exist is refused with a sentence", async () => {
  expect(await recordDecision(env.db, decision({ instanceId: 999_999 }), "ada")).toEqual({
    ok: false,
    errors: { instanceId: ["no instance with id 999999"] },
  });
  expect(await recordDecision(env.db, { instanceId: "x" }, "ada")).toMatchObject({ ok: false });
});

test("a curator-written description is decided, exported as the curator's, and refused past 20 words", async () => {
  const hint = await env.db.hint.findFirstOrThrow();
  const long = Array.from({ length: 25 }, () => "word").join(" ");
  const refused = await recordDecision(
    env.db,
    decision({
      action: "trim",
      projection: "declaration_doc",
      expectedVersion: 0,
      trimmed: { identifiers: [], attributes: {}, descriptions: { widget_1: long } },
    }),
    "ada",
  );
  expect(refused).toMatchObject({ ok: false });
  const saved = await recordDecision(
    env.db,
    decision({
      action: "trim",
      projection: "declaration_doc",
      expectedVersion: 0,
      trimmed: { identifiers: [], attributes: {}, descriptions: { widget_1: "Returns the first widget." } },
    }),
    "ada",
  );
  expect(saved).toMatchObject({ ok: true, status: "trimmed" });
  expect((saved as { text: string }).text).toContain("Description: Returns the first widget.");
  // The hint the decision was about holds the description, as decided.
  const stored = await env.db.hint.findUniqueOrThrow({
    where: {
      instanceId_selection_projection: {
        instanceId: hint.instanceId,
        selection: "defuse",
        projection: "declaration_doc",
      },
    },
  });
  expect(stored.renderedText).toContain("Description: Returns the first widget.");
});

test("ten curators deciding one hint at once from the same version: one is saved, nine get a conflict, none overwrites", async () => {
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      recordDecision(
        env.db,
        decision({ projection: "pro", action: i % 2 ? "accept" : "flag", reason: "other" }),
        `c${i}`,
      ),
    ),
  );
  const saved = results.filter((r) => r.ok);
  expect(saved).toHaveLength(1);
  expect(results.filter((r) => !r.ok && "conflict" in r)).toHaveLength(9);
  const hint = await env.db.hint.findFirstOrThrow({ where: { projection: "pro" }, include: { decisions: true } });
  expect(hint.version).toBe(1);
  expect(hint.decisions).toHaveLength(1);
  // Then the next version: again one of many wins.
  const next = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      recordDecision(env.db, decision({ projection: "pro", expectedVersion: 1 }), `d${i}`),
    ),
  );
  expect(next.filter((r) => r.ok)).toHaveLength(1);
  expect(await env.db.decision.count({ where: { hintId: hint.id } })).toBe(2);
});

test("undo takes back the curator's own last decision, audited as an undo; not another's, not once someone decided since", async () => {
  const { db, close } = await openTempDatabase();
  try {
    await importFiles(db, [
      makeTempDir("hintscope-undo-").write("swebench-lite-undo.jsonl", jsonl([swebenchRecord(61)])),
    ]);
    await analyzePendingInstances(db);
    const instance = await db.instance.findFirstOrThrow();
    const base = { instanceId: instance.id, selection: "defuse", projection: "declaration" };
    const first = await recordDecision(db, { ...base, action: "accept", expectedVersion: 0 }, "ada");
    expect(first.ok).toBe(true);
    const flagged = await recordDecision(
      db,
      { ...base, action: "flag", reason: "spoiler", note: "too much", expectedVersion: 1 },
      "ada",
    );
    if (!flagged.ok) throw new Error("not saved");
    // Another curator cannot undo ada's decision.
    expect(await undoDecision(db, flagged.decision, "grace")).toEqual({
      ok: false,
      code: "forbidden",
      error: "that decision is ada's, not yours",
    });
    // Ada's undo brings back the accepted hint, and both decisions stay in the audit trail.
    expect(await undoDecision(db, flagged.decision, "ada")).toMatchObject({ ok: true, status: "accepted" });
    const hint = await db.hint.findFirstOrThrow({ include: { decisions: { orderBy: { id: "asc" } } } });
    expect(hint).toMatchObject({ status: "accepted", flagReason: null, version: 3 });
    expect(hint.decisions.map((d) => d.action)).toEqual(["accept", "flag", "undo"]);
    // An undo is not undone; a decision someone made over is not either.
    const undoId = hint.decisions.at(-1)?.id as number;
    expect((await undoDecision(db, undoId, "ada")).ok).toBe(false);
    const again = await recordDecision(db, { ...base, action: "accept", expectedVersion: 3 }, "grace");
    expect(again.ok).toBe(true);
    expect(await undoDecision(db, first.ok ? first.decision : 0, "ada")).toMatchObject({
      ok: false,
      code: "conflict",
      error: expect.stringMatching(/^grace decided this hint since/),
    });
    // Grace's own undo brings back what was there before her decision.
    expect(await undoDecision(db, again.ok ? again.decision : 0, "grace")).toMatchObject({
      ok: true,
      status: "accepted",
    });
    // On a hint decided once, the undo brings it back to pending.
    const other = { ...base, projection: "name" };
    const once = await recordDecision(db, { ...other, action: "accept", expectedVersion: 0 }, "ada");
    expect(await undoDecision(db, once.ok ? once.decision : 0, "ada")).toMatchObject({ ok: true, status: "pending" });
    expect(await db.hint.findFirst({ where: { projection: "name" } })).toMatchObject({
      status: "pending",
      renderedText: null,
    });
  } finally {
    await close();
  }
});
