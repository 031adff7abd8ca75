import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server that speaks the OpenAI chat-completions protocol, for the judge's tests (no LLM endpoint
 * can run here): it answers the paper's two calls with valid JSON ratings (or what a test asks for instead:
 * a 429 with Retry-After, a 401, a quota error, malformed JSON, a slow answer), honours `n`, reports usage,
 * and records every request it was sent.
 */
export type Behaviour =
  | { kind: "answer" }
  | { kind: "status"; status: number; body?: unknown; retryAfter?: string }
  | { kind: "malformed" }
  /** a 200 answer with this content, whatever was asked */
  | { kind: "content"; content: string }
  | { kind: "slow"; ms: number };

export interface FakeChatServer {
  url: string;
  /** every request body, in order */
  requests: Array<Record<string, unknown>>;
  /** behaviours for the next requests, one each, in order; then answers */
  script: Behaviour[];
  /** when set, every request gets this (until cleared) */
  always: Behaviour | null;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });

/** A rating for the call the messages make: N or D/G, quoting the or the value's own text. */
function rating(messages: Array<{ content: string }>): string {
  const user = messages.at(-1)?.content ?? "";
  // A description call (lib/judge/describe-prompt.ts): a sentence and a paragraph naming the entity.
  if (user.includes("Describe the entity above.")) {
    const name = /^name: (.*)$/m.exec(user)?.[1] ?? "it";
    const kind = /^kind: (.*)$/m.exec(user)?.[1] ?? "entity";
    return JSON.stringify({
      description: `The ${kind} ${name} does what the change needs.`,
      behaviour: `It behaves as the tests of ${name} expect. Edge cases are handled as the change shows.`,
    });
  }
  const value = /value: ```\n([\s\S]*?)\n```/.exec(user)?.[1] ?? "";
  if (user.includes("Rate NECESSITY.")) {
    const statement =
      /## Problem statement \(this is ALL the agent is told\)\n([\s\S]*?)\n\n## The identifier/.exec(user)?.[1] ?? "";
    const loadBearing = user.includes("does not exist anywhere in the tree yet");
    return JSON.stringify({
      label: loadBearing ? "LOAD-BEARING" : "SEARCH-SAVING",
      evidence: statement.split(/\s+/).slice(0, 3).join(" "),
      rationale: "One sentence.",
      confidence: 0.8,
    });
  }
  return JSON.stringify({
    disclosure_label: value.includes("(") ? "CONTRACT" : "INTERFACE",
    guidance_label: "DECLARATIVE",
    evidence: value.slice(0, 20),
    rationale: "One sentence.",
    confidence: 0.7,
  });
}

export async function startFakeChatServer(options: { requireKey?: string } = {}): Promise<FakeChatServer> {
  const state = {
    requests: [] as Array<Record<string, unknown>>,
    script: [] as Behaviour[],
    always: null as Behaviour | null,
  };
  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions"))
      return send(404, { error: { message: "not found" } });
    if (options.requireKey && request.headers.authorization !== `Bearer ${options.requireKey}`)
      return send(401, { error: { message: "Incorrect API key provided", code: "invalid_api_key" } });
    const body = JSON.parse(text) as Record<string, unknown>;
    state.requests.push(body);
    const behaviour = state.always ?? state.script.shift() ?? { kind: "answer" };
    if (behaviour.kind === "status")
      return send(
        behaviour.status,
        behaviour.body ?? { error: { message: `status ${behaviour.status}` } },
        behaviour.retryAfter !== undefined ? { "retry-after": behaviour.retryAfter } : {},
      );
    if (behaviour.kind === "slow") await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
    const n = typeof body.n === "number" ? body.n : 1;
    const content =
      behaviour.kind === "malformed"
        ? '{"label": "LOAD-BEARING", "evidence": '
        : behaviour.kind === "content"
          ? behaviour.content
          : rating(body.messages as Array<{ content: string }>);
    const prompt = Math.ceil(JSON.stringify(body.messages).length / 4);
    send(200, {
      id: "chatcmpl-test",
      object: "chat.completion",
      model: body.model,
      choices: Array.from({ length: n }, (_, index) => ({
        index,
        message: { role: "assistant", content },
        finish_reason: "stop",
      })),
      usage: {
        prompt_tokens: prompt,
        completion_tokens: 40 * n,
        total_tokens: prompt + 40 * n,
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 10 * n },
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get script() {
      return state.script;
    },
    set script(value: Behaviour[]) {
      state.script = value;
    },
    get always() {
      return state.always;
    },
    set always(value: Behaviour | null) {
      state.always = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
