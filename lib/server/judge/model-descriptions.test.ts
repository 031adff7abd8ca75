// Descriptions a model writes where the benchmark has none, against a local OpenAI-compatible HTTP server
// (lib/testing/fake-chat-server.ts): the real client over real HTTP, a real database; no LLM runs here.
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { composeHint } from "../../hint/compose-hint";
import { DESCRIBE_TEMPLATE_VERSION, parseDescription } from "../../judge/describe-prompt";
import { type FakeChatServer, startFakeChatServer } from "../../testing/fake-chat-server";
import { acceptDecision, jsonl, makeTempDir, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import type { Database } from "../db/client";
import { currentHintLines } from "../hints/hint-export";
import { recordDecision } from "../hints/record-decision";
import { importFiles } from "../import/import-files";
import { WITH_SELECTIONS, withPolicies } from "../stored-json";
import { saveEndpoint, valuesToRate } from "./judge-runs";
import { listModelDescriptions, planDescriptions, writeDescriptions } from "./model-descriptions";

const tmp = makeTempDir("hintscope-describe-");
let server: FakeChatServer;
let db: Database;
let close: () => Promise<void>;
const LITE = "SWE-bench Lite";
const target = { benchmark: LITE, selection: "defuse", endpoint: "writer" };
const WRITER = `writer/describer@${DESCRIBE_TEMPLATE_VERSION}`;

const lines = async (projection: "declaration_doc" | "pro") => {
  const out = [];
  for await (const line of currentHintLines(db, LITE, "defuse", projection)) out.push(line);
  return out;
};
const instanceNamed = (externalId: string) => db.instance.findFirstOrThrow({ where: { externalId } });

beforeAll(async () => {
  server = await startFakeChatServer({ requireKey: "sk-test" });
  ({ db, close } = await openTempDatabase());
  // SWE-bench Lite records carry no interface or requirements: nothing describes `widget_N`.
  await importFiles(db, [tmp.write("swebench-lite-describe.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)]))]);
  await analyzePendingInstances(db, undefined, { store: null });
  await saveEndpoint(db, {
    name: "writer",
    baseUrl: server.url,
    apiKey: "sk-test",
    model: "describer",
    supportsJsonSchema: true,
    concurrency: 2,
    inputPrice: 1,
    outputPrice: 4,
  });
});
afterAll(async () => {
  await close();
  await server.close();
  tmp.cleanup();
});
beforeEach(() => {
  server.requests.length = 0;
  server.script.length = 0;
  server.always = null;
});

test("the answer's limits: one sentence of at most 20 words, and two to four sentences of behaviour", () => {
  const ok = { description: "Parses a duration string.", behaviour: "Accepts hours. Rejects negatives." };
  expect(parseDescription(`Here: ${JSON.stringify(ok)}`)).toEqual({ ok: true, answer: ok });
  const long = { ...ok, description: Array(21).fill("word").join(" ") };
  expect(parseDescription(JSON.stringify(long))).toMatchObject({ ok: false, error: /21 words: at most 20/ });
  const two = { ...ok, description: "Parses it. Then returns it." };
  expect(parseDescription(JSON.stringify(two))).toMatchObject({ ok: false, error: /one sentence only/ });
  const short = { ...ok, behaviour: "Accepts hours." };
  expect(parseDescription(JSON.stringify(short))).toMatchObject({ ok: false, error: /1 sentence: two to four/ });
  const many = { ...ok, behaviour: "One. Two. Three. Four. Five." };
  expect(parseDescription(JSON.stringify(many))).toMatchObject({ ok: false, error: /5 sentences: two to four/ });
  expect(parseDescription('{"description": 3}')).toMatchObject({ ok: false, error: /not the description asked for/ });
  expect(parseDescription("no json")).toMatchObject({ ok: false, error: /no JSON object/ });
});

test("descriptions are planned, written once, cached, shown as the model's, and make earlier decisions stale", async () => {
  const plan = await planDescriptions(db, target);
  expect(plan).toMatchObject({ identifiers: 2, instances: 2, calls: 2 });
  expect(plan.cost).toBeGreaterThan(0);
  expect(server.requests).toHaveLength(0);

  // A curator decided instance 1's Declaration + Doc hint while it said no description was available.
  const one = await instanceNamed("acme__widgets-1");
  const decided = await recordDecision(db, acceptDecision(one.id, { projection: "declaration_doc" }), "grace");
  expect(decided.ok && decided.text).toContain("Description: none available");

  const summary = await writeDescriptions(db, target);
  expect(summary).toMatchObject({ model: WRITER, written: 2, cached: 0, failed: [], stopped: null });
  expect(summary.usage.prompt).toBeGreaterThan(0);
  expect(server.requests).toHaveLength(2);
  // The strict schema is asked for where the endpoint takes it; nothing else is sent that was not set.
  expect(server.requests[0]?.response_format).toMatchObject({ type: "json_schema" });
  expect(Object.keys(server.requests[0] ?? {}).sort()).toEqual(["messages", "model", "response_format"]);
  expect(await listModelDescriptions(db, LITE)).toEqual([
    {
      instance_id: "acme__widgets-1",
      identifier: "widget_1",
      path: "widgets/core.py",
      description: "The function widget_1 does what the change needs.",
      behaviour: "It behaves as the tests of widget_1 expect. Edge cases are handled as the change shows.",
      model: WRITER,
      template: DESCRIBE_TEMPLATE_VERSION,
    },
    expect.objectContaining({ instance_id: "acme__widgets-2", identifier: "widget_2" }),
  ]);

  // Every hint that states descriptions reads them, says who wrote them, and the earlier decision is stale.
  const doc = await lines("declaration_doc");
  expect(doc[0]?.hint).toContain("Description: The function widget_1 does what the change needs.");
  expect(doc[0]?.identifiers[0]).toMatchObject({ described_by: "model", written_by: WRITER });
  expect(doc[0]?.status).toBe("stale");
  expect(doc[1]?.status).toBe("pending");
  const pro = await lines("pro");
  expect(pro[1]?.hint).toContain("Behaviour: It behaves as the tests of widget_2 expect.");

  // Nothing is left to describe: a second run sends nothing.
  expect(await planDescriptions(db, target)).toMatchObject({ identifiers: 0, calls: 0 });
  expect(await writeDescriptions(db, target)).toMatchObject({ written: 0, failed: [] });
  expect(server.requests).toHaveLength(2);
  // Written again (the rows gone), the answers come from the cache: nothing is sent, nothing is paid.
  await db.modelDescription.deleteMany({ where: { identifier: "widget_2" } });
  expect(await writeDescriptions(db, target)).toMatchObject({ written: 1, cached: 1, cost: 0 });
  expect(server.requests).toHaveLength(2);
});

test("the judge rates a model's descriptions like the benchmark's; a curator's own description replaces it", async () => {
  const values = await valuesToRate(db, (await db.benchmark.findFirstOrThrow()).id, "defuse");
  const rated = values.filter((v) => v.identifier === "widget_1").map((v) => v.attribute);
  expect(rated).toEqual(expect.arrayContaining(["weak_semantics", "strong_semantics"]));
  const one = await db.instance.findFirstOrThrow({
    where: { externalId: "acme__widgets-1" },
    include: { identifiers: { include: WITH_SELECTIONS }, modelWritten: true },
  });
  const source = {
    ...one,
    identifiers: one.identifiers.map(withPolicies),
  };
  const byModel = composeHint(source, "defuse", "declaration_doc");
  expect(byModel.kept[0]).toMatchObject({ describedBy: "model", modelWrittenBy: WRITER });
  const trim = { identifiers: [], attributes: {}, descriptions: { widget_1: "Makes widget one." } };
  const byCurator = composeHint(source, "defuse", "declaration_doc", trim);
  expect(byCurator.kept[0]).toMatchObject({ describedBy: "curator" });
  expect(byCurator.text).toContain("Description: Makes widget one.");
  // Trimmed away like any attribute.
  const without = composeHint(source, "defuse", "declaration_doc", {
    identifiers: [],
    attributes: { widget_1: ["weak_semantics"] },
  });
  expect(without.text).not.toContain("Description:");
});

test("the analysis run again keeps the hint source the descriptions gave, so decisions made since stay current", async () => {
  const before = await instanceNamed("acme__widgets-2");
  await db.instance.updateMany({ data: { analysisStatus: "pending" } });
  await analyzePendingInstances(db, undefined, { store: null });
  const after = await instanceNamed("acme__widgets-2");
  expect(after.hintSource).toBe(before.hintSource);
});

test("an answer that does not fit is asked again once, then reported; a refusing endpoint stops the run", async () => {
  await importFiles(db, [tmp.write("swebench-lite-more.jsonl", jsonl([swebenchRecord(3), swebenchRecord(4)]))]);
  await analyzePendingInstances(db, undefined, { store: null });
  const misfit = JSON.stringify({ description: Array(30).fill("long").join(" "), behaviour: "One. Two." });
  // widget_3: a misfit, then a good answer; widget_4: two misfits. One worker, so the order is known.
  await saveEndpoint(db, {
    name: "writer",
    baseUrl: server.url,
    apiKey: "sk-test",
    model: "describer",
    concurrency: 1,
  });
  server.script.push({ kind: "content", content: misfit }, { kind: "answer" }, { kind: "content", content: misfit });
  server.script.push({ kind: "content", content: misfit });
  const summary = await writeDescriptions(db, target);
  expect(summary.written).toBe(1);
  expect(summary.failed).toEqual([
    {
      instance_id: "acme__widgets-4",
      identifier: "widget_4",
      path: "widgets/core.py",
      error: "the description does not fit: 30 words: at most 20 (asked twice)",
    },
  ]);
  expect(server.requests).toHaveLength(4);
  // What failed is still to describe; a refusing endpoint stops with why, and writes nothing.
  expect(await planDescriptions(db, target)).toMatchObject({ identifiers: 1 });
  server.always = { kind: "status", status: 401, body: { error: { message: "Incorrect API key provided" } } };
  const refused = await writeDescriptions(db, target, { backoffMs: 1 });
  expect(refused).toMatchObject({ written: 0, stopped: "the endpoint refused: 401 Incorrect API key provided" });
  expect(await db.modelDescription.count()).toBe(3);
});
