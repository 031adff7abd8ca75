import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server that speaks the OpenAI chat-completions protocol, for the judge's tests (no LLM endpoint
 * can run here): it answers the paper's two calls with valid JSON ratings (or what a test asks for instead:
 * a 429 with Retry-After, a 401, a quota error, malformed JSON, a slow answer, a body too large or trickling,
 * a body that is not JSON), reports usage, and records every request it was sent. Each choice it writes is
 * its own (a serial in the rationale), as a sampling model's are.
 *
 * Its `mode` makes it behave as servers that are not OpenAI do: `ignoreN` answers one choice whatever `n`
 * asks (Ollama's OpenAI-compatible API lists no `n`), `refuseSchema` answers 400 to a
 * `response_format: json_schema` (servers without structured output), `noUsage` leaves usage out.
 */
export type Behaviour =
  | { kind: "answer" }
  | { kind: "status"; status: number; body?: unknown; retryAfter?: string }
  | { kind: "malformed" }
  /** a 200 answer with this content, whatever was asked */
  | { kind: "content"; content: string }
  | { kind: "slow"; ms: number }
  /** a 200 whose body is `bytes` long, one JSON string growing in chunks (a hostile or broken endpoint) */
  | { kind: "huge"; bytes: number }
  /** a 200 whose body comes one byte every `everyMs` and never ends (until the client gives up) */
  | { kind: "trickle"; everyMs: number }
  /** a 200 whose body is this text, not JSON (a proxy's error page) */
  | { kind: "text"; body: string };

/** How the server departs from OpenAI's own API, as other servers do. */
export interface ServerMode {
  /** one choice whatever `n` asks */
  ignoreN?: boolean;
  /** 400 to a `response_format` of type json_schema */
  refuseSchema?: boolean;
  /** no `usage` in answers */
  noUsage?: boolean;
}

export interface FakeChatServer {
  url: string;
  /** every request body, in order */
  requests: Array<Record<string, unknown>>;
  /** behaviours for the next requests, one each, in order; then answers */
  script: Behaviour[];
  /** when set, every request gets this (until cleared) */
  always: Behaviour | null;
  /** how it departs from OpenAI's API (changeable between requests) */
  mode: ServerMode;
  /** prompt and completion tokens of every answer it sent (what a provider bills) */
  billed: { prompt: number; completion: number; requests: number };
  /** requests received and not yet answered (a slow answer waiting) */
  readonly inFlight: number;
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
function rating(messages: Array<{ content: string }>, serial: number): string {
  const user = messages.at(-1)?.content ?? "";
  // The endpoint test's tiny question (lib/judge/probe.ts).
  if (user.startsWith("What is 2 + 3?")) return JSON.stringify({ answer: 5 });
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
      rationale: `One sentence (answer ${serial}).`,
      confidence: 0.8,
    });
  }
  return JSON.stringify({
    disclosure_label: value.includes("(") ? "CONTRACT" : "INTERFACE",
    guidance_label: "DECLARATIVE",
    evidence: value.slice(0, 20),
    rationale: `One sentence (answer ${serial}).`,
    confidence: 0.7,
  });
}

export async function startFakeChatServer(
  options: { requireKey?: string; mode?: ServerMode } = {},
): Promise<FakeChatServer> {
  const state = {
    requests: [] as Array<Record<string, unknown>>,
    script: [] as Behaviour[],
    always: null as Behaviour | null,
    mode: options.mode ?? {},
    billed: { prompt: 0, completion: 0, requests: 0 },
    serial: 0,
    inFlight: 0,
  };
  const timers = new Set<NodeJS.Timeout>();
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
    const format = body.response_format as { type?: string } | undefined;
    if (state.mode.refuseSchema && format?.type === "json_schema")
      return send(400, {
        error: { message: "response_format type json_schema is not supported", type: "invalid_request_error" },
      });
    if (behaviour.kind === "text") {
      response.writeHead(200, { "content-type": "text/html" });
      return response.end(behaviour.body);
    }
    if (behaviour.kind === "huge" || behaviour.kind === "trickle") {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"choices": [{"message": {"content": "');
      let sent = 0;
      const chunk = "x".repeat(64 * 1024);
      const step = () => {
        if (response.destroyed || response.writableEnded) return;
        if (behaviour.kind === "trickle") {
          response.write("x");
          const timer = setTimeout(step, behaviour.everyMs);
          timers.add(timer);
          return;
        }
        if (sent >= behaviour.bytes) return void response.end('"}}]}');
        sent += chunk.length;
        // Written as fast as the client reads (backpressure), as a server streaming a large body does.
        if (response.write(chunk)) setImmediate(step);
        else response.once("drain", step);
      };
      response.on("close", () => {
        for (const t of timers) clearTimeout(t);
      });
      return step();
    }
    if (behaviour.kind === "slow") {
      state.inFlight++;
      await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
      state.inFlight--;
    }
    const n = state.mode.ignoreN ? 1 : typeof body.n === "number" ? body.n : 1;
    const content = () =>
      behaviour.kind === "malformed"
        ? '{"label": "LOAD-BEARING", "evidence": '
        : behaviour.kind === "content"
          ? behaviour.content
          : rating(body.messages as Array<{ content: string }>, ++state.serial);
    // The prompt is billed once per request, whatever `n`; each choice's completion on its own.
    const prompt = Math.ceil(JSON.stringify(body.messages).length / 4);
    state.billed.prompt += prompt;
    state.billed.completion += 40 * n;
    state.billed.requests++;
    send(200, {
      id: "chatcmpl-test",
      object: "chat.completion",
      model: body.model,
      choices: Array.from({ length: n }, (_, index) => ({
        index,
        message: { role: "assistant", content: content() },
        finish_reason: "stop",
      })),
      ...(state.mode.noUsage
        ? {}
        : {
            usage: {
              prompt_tokens: prompt,
              completion_tokens: 40 * n,
              total_tokens: prompt + 40 * n,
              prompt_tokens_details: { cached_tokens: 0 },
              completion_tokens_details: { reasoning_tokens: 10 * n },
            },
          }),
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
    get mode() {
      return state.mode;
    },
    set mode(value: ServerMode) {
      state.mode = value;
    },
    get inFlight() {
      return state.inFlight;
    },
    get billed() {
      return state.billed;
    },
    set billed(value: { prompt: number; completion: number; requests: number }) {
      state.billed = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
