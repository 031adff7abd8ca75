import type { ChatMessage } from "./prompts";

/**
 * A client of any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, llama.cpp's server, Ollama, a
 * gateway), on plain `fetch`: it sends only the parameters asked for (servers reject unexpected ones),
 * retries 429 and 5xx with backoff honouring Retry-After, and stops at once, with the reason, on what
 * retrying cannot mend (a bad key, no credit, no such model).
 */
export interface ChatEndpoint {
  /** the API's base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1 */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /**
   * Further body fields sent with every request, as the endpoint takes them (`reasoning_effort`, `top_p`,
   * a gateway's own): data, not code. They cannot replace what the client sets (model, messages, n, …).
   */
  parameters?: Record<string, unknown>;
}

/** Body fields the client sets itself: an endpoint's parameters may not name them. */
export const CLIENT_FIELDS = ["model", "messages", "n", "temperature", "seed", "response_format", "stream"];

/**
 * An endpoint's parameters from their JSON text (an object of body fields), or an error saying what is wrong
 * with it. Null or empty text: none.
 */
export function readParameters(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`the endpoint's parameters are not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(
      'the endpoint\'s parameters must be a JSON object of body fields, e.g. {"reasoning_effort": "medium"}',
    );
  const clash = Object.keys(value).filter((k) => CLIENT_FIELDS.includes(k));
  if (clash.length > 0)
    throw new Error(
      `the endpoint's parameters may not set ${clash.join(", ")}: the runner sets them (--n, --samples, …)`,
    );
  return value as Record<string, unknown>;
}

/** An endpoint's base URL, checked: http or https only (not file:, javascript:, …), or an error naming it. */
export function checkBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not a URL (an endpoint's base URL, e.g. https://api.openai.com/v1)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`an endpoint's URL must be http or https, not ${url.protocol} ("${text}")`);
  if (url.username || url.password) throw new Error("an endpoint's URL may not carry a user or password: use a key");
  return text;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** several samples in one request (where the endpoint supports `n`) */
  n?: number;
  temperature?: number;
  seed?: number;
  /** `response_format`, where the endpoint supports JSON-schema answers */
  responseFormat?: object;
}

export interface ChatUsage {
  prompt: number;
  completion: number;
  cached: number;
  reasoning: number;
}

export interface ChatResult {
  /** one per choice, in order (fewer than `n` asked where the endpoint ignores `n`) */
  contents: string[];
  usage: ChatUsage;
  /** whether the answer reported usage at all (some servers leave it out) */
  usageReported: boolean;
}

/** The endpoint refuses in a way retries cannot mend (401, 402, 403, 404, no quota): the run pauses. */
export class EndpointRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "EndpointRefusal";
  }
}

/**
 * The endpoint kept failing (429, 5xx, timeouts, a dropped connection) after every retry, or answered what
 * is not the protocol (a body too large, not JSON, no choices). `timedOut`: the last attempts ran out of time.
 */
export class EndpointUnavailable extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = "EndpointUnavailable";
  }
}

/** An answer that is not the protocol: not retried (the same server answers the same way). */
class NotTheProtocol extends Error {}

export interface ChatOptions {
  /** attempts after the first, for 429, 5xx, timeouts and dropped connections */
  retries?: number;
  /** one request's time limit, the whole answer read (a body trickling in counts) */
  timeoutMs?: number;
  /** attempts after the first for a request that timed out (each costs a whole `timeoutMs`); 1 unless set */
  timeoutRetries?: number;
  /** the largest answer read, in bytes; a larger one fails the call at once (4 MiB unless set) */
  maxAnswerBytes?: number;
  /** the first backoff; doubled each time, up to 30 s (Retry-After, when sent, wins) */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (reason: string, waitMs: number) => void;
}

const RETRIED = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Retry-After as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(header)) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A short, printable text from an endpoint's error (its own words are cut, control characters dropped). */
const printable = (text: string) =>
  [...text.slice(0, 600)]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? " " : c))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, 300);

/** An error answer's message and code, as the protocol puts them; a body that is not the protocol is named, never echoed. */
function errorText(body: string): { message: string; code: string | null } {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string; code?: string; type?: string } | string };
    const error = parsed.error;
    if (typeof error === "string") return { message: printable(error), code: null };
    if (error && typeof error === "object")
      return {
        message: printable(String(error.message ?? "(no message)")),
        code: typeof (error.code ?? error.type) === "string" ? String(error.code ?? error.type) : null,
      };
  } catch {
    // not JSON: said so below
  }
  return { message: `(an answer that is not the protocol's error object: ${body.length} bytes)`, code: null };
}

/**
 * The body of an answer as text, at most `limit` bytes: a larger one is cancelled as soon as it passes the
 * limit (memory stays bounded whatever the endpoint sends).
 */
async function boundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new NotTheProtocol(`an answer of ${declared} bytes, over the ${limit}-byte limit`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new NotTheProtocol(`an answer over the ${limit}-byte limit (cut at ${size} bytes)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const readUsage = (usage: Record<string, unknown> | undefined): ChatUsage => {
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const details = (key: string) => (usage?.[key] ?? {}) as Record<string, unknown>;
  return {
    prompt: n(usage?.prompt_tokens),
    completion: n(usage?.completion_tokens),
    cached: n(details("prompt_tokens_details").cached_tokens),
    reasoning: n(details("completion_tokens_details").reasoning_tokens),
  };
};

/** The request's body as sent: the endpoint's parameters, then what the client sets (only what was asked). */
export function requestBody(endpoint: ChatEndpoint, request: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(endpoint.parameters ?? {}),
    model: endpoint.model,
    messages: request.messages,
  };
  if (request.n !== undefined && request.n !== 1) body.n = request.n;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.seed !== undefined) body.seed = request.seed;
  if (request.responseFormat !== undefined) body.response_format = request.responseFormat;
  return body;
}

/** One chat completion, retried where retrying can help. Throws EndpointRefusal or EndpointUnavailable. */
export async function chatCompletion(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  options: ChatOptions = {},
): Promise<ChatResult> {
  const retries = options.retries ?? 5;
  const timeoutRetries = Math.min(retries, options.timeoutRetries ?? 1);
  const limit = options.maxAnswerBytes ?? 4 * 1024 * 1024;
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const body = requestBody(endpoint, request);
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let lastReason = "";
  let timeouts = 0;
  for (let attempt = 0; ; attempt++) {
    let wait: number | null = null;
    let timedOut = false;
    try {
      // One deadline for the request and its whole body: an answer trickling in byte by byte ends with it.
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        redirect: "error",
        signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
      });
      const text = await boundedText(response, limit);
      if (response.ok) {
        let parsed: { choices?: Array<{ message?: { content?: unknown } }>; usage?: Record<string, unknown> };
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new NotTheProtocol(`an answer that is not JSON (${text.length} bytes)`);
        }
        if (
          typeof parsed !== "object" ||
          parsed === null ||
          !Array.isArray(parsed.choices) ||
          parsed.choices.length === 0
        )
          throw new NotTheProtocol("an answer without choices");
        const usage = parsed.usage;
        return {
          contents: parsed.choices.map((c) => (typeof c?.message?.content === "string" ? c.message.content : "")),
          usage: readUsage(usage),
          usageReported: typeof usage === "object" && usage !== null && typeof usage.prompt_tokens === "number",
        };
      }
      const { message, code } = errorText(text);
      // No credit is a 429 at OpenAI, and no retry mends it.
      if (code === "insufficient_quota" || [401, 402, 403, 404].includes(response.status))
        throw new EndpointRefusal(`${response.status} ${message}`, response.status);
      if (!RETRIED.has(response.status)) throw new EndpointRefusal(`${response.status} ${message}`, response.status);
      lastReason = `${response.status} ${message}`;
      wait = retryAfterMs(response.headers.get("retry-after"));
    } catch (error) {
      if (error instanceof EndpointRefusal || error instanceof EndpointUnavailable) throw error;
      if (error instanceof NotTheProtocol) throw new EndpointUnavailable(`${url} answered ${error.message}`);
      // A timeout, a dropped connection: worth another try (timeouts a budget of their own).
      timedOut = (error as Error).name === "TimeoutError";
      lastReason = timedOut
        ? `timed out after ${options.timeoutMs ?? 120_000} ms`
        : printable((error as Error).message);
    }
    if (timedOut) timeouts++;
    if (attempt >= retries || (timedOut && timeouts > timeoutRetries))
      throw new EndpointUnavailable(`${url}: ${lastReason} (after ${attempt + 1} attempts)`, timedOut);
    const backoff = Math.min(30_000, (options.backoffMs ?? 1000) * 2 ** attempt);
    const delay = wait ?? backoff;
    options.onRetry?.(lastReason, delay);
    await sleep(delay);
  }
}
