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
  /** one per choice, in order */
  contents: string[];
  usage: ChatUsage;
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

/** The endpoint kept failing (429, 5xx, timeouts, a dropped connection) after every retry. */
export class EndpointUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EndpointUnavailable";
  }
}

export interface ChatOptions {
  /** attempts after the first, for 429, 5xx, timeouts and dropped connections */
  retries?: number;
  /** one request's time limit */
  timeoutMs?: number;
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

function errorText(body: string): { message: string; code: string | null } {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string; code?: string; type?: string } | string };
    const error = parsed.error;
    if (typeof error === "string") return { message: error, code: null };
    if (error) return { message: error.message ?? body, code: error.code ?? error.type ?? null };
  } catch {
    // not JSON: the text as it came
  }
  return { message: body.slice(0, 300), code: null };
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

/** One chat completion, retried where retrying can help. Throws EndpointRefusal or EndpointUnavailable. */
export async function chatCompletion(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  options: ChatOptions = {},
): Promise<ChatResult> {
  const retries = options.retries ?? 5;
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const body: Record<string, unknown> = { model: endpoint.model, messages: request.messages };
  if (request.n !== undefined && request.n !== 1) body.n = request.n;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.seed !== undefined) body.seed = request.seed;
  if (request.responseFormat !== undefined) body.response_format = request.responseFormat;
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let lastReason = "";
  for (let attempt = 0; ; attempt++) {
    let wait: number | null = null;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
      });
      const text = await response.text();
      if (response.ok) {
        const parsed = JSON.parse(text) as {
          choices?: Array<{ message?: { content?: string | null } }>;
          usage?: Record<string, unknown>;
        };
        if (!Array.isArray(parsed.choices) || parsed.choices.length === 0)
          throw new EndpointUnavailable(`${url} answered without choices`);
        return {
          contents: parsed.choices.map((c) => c.message?.content ?? ""),
          usage: readUsage(parsed.usage),
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
      // A timeout, a dropped connection, a body that is not JSON: worth another try.
      lastReason = (error as Error).name === "TimeoutError" ? "timed out" : (error as Error).message;
    }
    if (attempt >= retries) throw new EndpointUnavailable(`${url}: ${lastReason} (after ${retries + 1} attempts)`);
    const backoff = Math.min(30_000, (options.backoffMs ?? 1000) * 2 ** attempt);
    const delay = wait ?? backoff;
    options.onRetry?.(lastReason, delay);
    await sleep(delay);
  }
}
