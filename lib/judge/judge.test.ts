import { afterAll, beforeAll, expect, test } from "vitest";
import { type FakeChatServer, startFakeChatServer } from "../testing/fake-chat-server";
import { parseAnswer, quotesVerbatim, responseFormat } from "./answers";
import { chatCompletion, EndpointRefusal, EndpointUnavailable, retryAfterMs } from "./chat-client";
import { disclosureGuidanceMessages, type JudgeTarget, necessityMessages, SYSTEM_PROMPT } from "./prompts";

const target = (extra: Partial<JudgeTarget> = {}): JudgeTarget => ({
  repo: "acme/widgets",
  issue: `Widgets are missing. ${"x".repeat(7000)}`,
  goldPatch: `+def widget_1(): return 1\n${"g".repeat(20000)}`,
  testPatch: `+assert widget_1() == 1\n${"t".repeat(9000)}`,
  values: { name: "widget_1", kind: "function", path: "widgets/core.py", new_file: "false", signature: "widget_1()" },
  target: "name",
  filesAtBase: 0,
  ...extra,
});

test("the N call: the rubric, the measured fact by k, the issue's first 6,000 characters, the target marked", () => {
  const [system, user] = necessityMessages(target());
  expect(system).toEqual({ role: "system", content: SYSTEM_PROMPT });
  expect(SYSTEM_PROMPT).toContain("You always answer with a single JSON object and nothing else.");
  const text = user?.content ?? "";
  expect(text).toMatch(/^Rate NECESSITY: could a competent engineer obtain this attribute’s value WITHOUT\nseeing/);
  expect(text).toContain("3 LOAD-BEARING - encodes a free choice the solution’s author made that is not");
  expect(text).toContain(
    "The identifier `widget_1` appears in 0 file(s) in this repository at the commit\nthe agent starts from.\nIt does not exist anywhere in the tree yet",
  );
  expect(text).toContain("## Repository\nacme/widgets");
  expect(text).toContain(`Widgets are missing. ${"x".repeat(6000 - 21)}\n\n## The identifier`);
  expect(text).toContain("name: widget_1 <<< TARGET\nentity_type: function\npath: widgets/core.py\nis_new_file: false");
  expect(text).toContain("attribute: `name`\nvalue: ```\nwidget_1\n```");
  expect(text).not.toContain("+def widget_1");
  expect(necessityMessages(target({ filesAtBase: 3 }))[1]?.content).toContain(
    "appears in 3 file(s) in this repository at the commit\nthe agent starts from.\nAn engineer could therefore find it by searching the existing code.",
  );
  expect(necessityMessages(target({ filesAtBase: null }))[1]?.content).toContain(
    "Not measured: no copy of this repository",
  );
  // The fact is given for `name` only.
  expect(necessityMessages(target({ target: "path" }))[1]?.content).not.toContain("Measured repository fact");
});

test("the D/G call: both rubrics, the issue's first 4,000, gold 14,000 and test 6,000 characters", () => {
  const text = disclosureGuidanceMessages(target({ target: "signature" }))[1]?.content ?? "";
  expect(text).toMatch(/^Rate DISCLOSURE: how much of the reference solution’s CONTENT/);
  expect(text).toContain("Rate BEHAVIOURAL GUIDANCE: how much does this value DIRECT the agent’s actions, as");
  expect(text).toContain(`${"x".repeat(4000 - 21)}\n\n## Reference solution (gold patch)\n\`\`\`diff\n+def widget_1`);
  expect(text).toContain(`${"g".repeat(14000 - 26)}\n\`\`\`\n\n## Test patch (defines what must pass)`);
  expect(text).toContain(`${"t".repeat(6000 - 24)}\n\`\`\``);
  expect(text).toContain("signature: widget_1() <<< TARGET");
  expect(text).toContain('{"disclosure_label": "<INTERFACE|CONTRACT|MECHANISM|TRANSCRIPTION>",');
});

test("answers: the JSON object alone, fenced or after words; labels as the scale spells them; evidence checked", () => {
  const n = '{"label": "LOAD-BEARING", "evidence": "Widgets are", "rationale": "r", "confidence": 0.9}';
  expect(parseAnswer("N", n)).toMatchObject({ ok: true, answer: { label: "LOAD-BEARING" } });
  expect(parseAnswer("N", `Here it is:\n\`\`\`json\n${n}\n\`\`\``)).toMatchObject({ ok: true });
  expect(parseAnswer("N", n.replace("LOAD-BEARING", "LOADBEARING"))).toMatchObject({ ok: false });
  expect(parseAnswer("N", '{"label": ')).toMatchObject({
    ok: false,
    error: expect.stringMatching(/no JSON object|does not parse/),
  });
  expect(parseAnswer("DG", n)).toMatchObject({ ok: false, error: expect.stringMatching(/disclosure_label/) });
  expect(quotesVerbatim("“widgets  are”", "Widgets are missing.")).toBe(true);
  expect(quotesVerbatim("widgets were", "Widgets are missing.")).toBe(false);
  expect(quotesVerbatim("", "anything")).toBe(true);
  expect(responseFormat("DG")).toMatchObject({
    type: "json_schema",
    json_schema: {
      strict: true,
      schema: { required: ["disclosure_label", "guidance_label", "evidence", "rationale", "confidence"] },
    },
  });
});

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(() => server.close());
const endpoint = () => ({ baseUrl: server.url, apiKey: null, model: "m" });
const messages = necessityMessages(target());

test("the client: Retry-After as seconds or a date; no quota pauses; a slow answer times out and is retried", async () => {
  expect(retryAfterMs("2")).toBe(2000);
  expect(retryAfterMs("Wed, 21 Oct 2015 07:28:05 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(5000);
  expect(retryAfterMs("soon")).toBeNull();

  const waits: number[] = [];
  server.script = [{ kind: "status", status: 429, retryAfter: "0.01" }];
  const result = await chatCompletion(endpoint(), { messages }, { sleep: async (ms) => void waits.push(ms) });
  expect(waits).toEqual([10]);
  expect(result.contents).toHaveLength(1);
  expect(result.usage).toMatchObject({ completion: 40, reasoning: 10 });

  server.script = [
    {
      kind: "status",
      status: 429,
      body: { error: { message: "You exceeded your current quota", code: "insufficient_quota" } },
    },
  ];
  await expect(chatCompletion(endpoint(), { messages })).rejects.toBeInstanceOf(EndpointRefusal);

  server.script = [{ kind: "slow", ms: 500 }];
  const slow = await chatCompletion(endpoint(), { messages }, { timeoutMs: 100, backoffMs: 1 });
  expect(slow.contents).toHaveLength(1);

  server.always = { kind: "status", status: 500 };
  await expect(chatCompletion(endpoint(), { messages }, { retries: 2, backoffMs: 1 })).rejects.toThrow(
    EndpointUnavailable,
  );
  server.always = null;
});
