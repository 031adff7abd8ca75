import { afterAll, beforeAll, expect, test } from "vitest";
import { acceptDecision, jsonl, swebenchRecord } from "../testing/fixtures";
import { openTempDatabase } from "../testing/temp-database";
import { analyzePendingInstances } from "./analyze-stored-instances";
import { importFiles } from "./import-files";
import { recordDecision } from "./record-decision";

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
  expect(result).toEqual({ ok: true, version: 1, status: "accepted", text });
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
