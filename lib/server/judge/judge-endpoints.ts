import { checkBaseUrl, readParameters } from "../../judge/chat-client";
import { type EndpointMeasure, probeEndpoint, readMeasure } from "../../judge/probe";
import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";
import { endpointNamed } from "./named-rows";

/*
 * Judge endpoints: saved (an http(s) URL, a key kept server-side, a model, prices, parameters as data, a
 * timeout), listed without their keys, tested (what the endpoint really does, measured), and the judge's name
 * a run's scores carry. Runs are in judge-runs.ts.
 */

/**
 * A check of what an admin typed, from the pure judge client (an endpoint's URL, its parameters): its plain
 * Error said as the vocabulary's invalid input.
 */
function asked<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof Error && error.constructor === Error) throw new AppError("invalid-input", error.message);
    throw error;
  }
}

export interface EndpointInput {
  name: string;
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  supportsN?: boolean;
  supportsJsonSchema?: boolean;
  supportsSeed?: boolean;
  concurrency?: number;
  inputPrice?: number | null;
  outputPrice?: number | null;
  /** further body fields sent with every request (`reasoning_effort`, …): an object, or its JSON text */
  parameters?: Record<string, unknown> | string | null;
  /** one request's deadline, the whole answer read (120 s unless set) */
  timeoutMs?: number;
}

/**
 * Adds or replaces an endpoint (by name); parameters and timeout left out keep what the endpoint had. A new
 * URL, model or parameters forget what its test measured.
 */
export async function saveEndpoint(db: Database, input: EndpointInput) {
  asked(() => checkBaseUrl(input.baseUrl));
  const parameters =
    input.parameters === undefined
      ? undefined
      : asked(() =>
          readParameters(
            typeof input.parameters === "string" ? input.parameters : JSON.stringify(input.parameters ?? {}),
          ),
        );
  if (input.timeoutMs !== undefined && !(Number.isInteger(input.timeoutMs) && input.timeoutMs >= 1))
    throw new AppError(
      "invalid-input",
      `an endpoint's timeout must be a whole number of milliseconds, not ${input.timeoutMs}`,
    );
  return writeTurn(db)(async () => {
    const before = await db.judgeEndpoint.findUnique({ where: { name: input.name } });
    const data = {
      baseUrl: input.baseUrl,
      apiKey: input.apiKey ?? null,
      model: input.model,
      supportsN: input.supportsN ?? false,
      supportsJsonSchema: input.supportsJsonSchema ?? false,
      supportsSeed: input.supportsSeed ?? false,
      concurrency: input.concurrency ?? 4,
      inputPrice: input.inputPrice ?? null,
      outputPrice: input.outputPrice ?? null,
      parameters:
        parameters === undefined
          ? (before?.parameters ?? null)
          : Object.keys(parameters).length > 0
            ? JSON.stringify(parameters)
            : null,
      timeoutMs: input.timeoutMs ?? before?.timeoutMs ?? 120_000,
    };
    const same =
      before !== null &&
      before.baseUrl === data.baseUrl &&
      before.model === data.model &&
      (before.parameters ?? null) === data.parameters;
    return db.judgeEndpoint.upsert({
      where: { name: input.name },
      create: { name: input.name, ...data },
      update: { ...data, ...(same ? {} : { measured: null }) },
    });
  });
}

/**
 * Sets an endpoint's body parameters and timeout from `key=value` words (`reasoning_effort=medium`,
 * `timeout_ms=300000`; a value is read as JSON where it is, else as text; `key=` removes the key).
 * Returns the parameters and timeout as saved.
 */
export async function setEndpointOptions(db: Database, name: string, pairs: string[]) {
  const endpoint = await endpointNamed(db, name);
  const parameters = asked(() => readParameters(endpoint.parameters));
  let timeoutMs: number | undefined;
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at < 1)
      throw new AppError(
        "invalid-input",
        `"${pair}" is not key=value (e.g. reasoning_effort=medium, timeout_ms=300000)`,
      );
    const key = pair.slice(0, at);
    const text = pair.slice(at + 1);
    if (key === "timeout_ms") {
      timeoutMs = Number(text);
      continue;
    }
    if (text === "") {
      delete parameters[key];
      continue;
    }
    try {
      parameters[key] = JSON.parse(text);
    } catch {
      parameters[key] = text;
    }
  }
  const saved = await saveEndpoint(db, { ...endpoint, parameters, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  return { parameters: readParameters(saved.parameters), timeoutMs: saved.timeoutMs };
}

/** Endpoints as a page or a terminal may show them: never the key, only whether one is set. */
export async function listEndpoints(db: Database) {
  const rows = await db.judgeEndpoint.findMany({ orderBy: { name: "asc" } });
  return rows.map(({ apiKey, measured, parameters, ...rest }) => ({
    ...rest,
    hasKey: apiKey !== null && apiKey !== "",
    parameters: readParameters(parameters),
    measured: readMeasure(measured),
  }));
}

type EndpointRow = Awaited<ReturnType<typeof endpointNamed>>;

/**
 * How the runner asks an endpoint: several samples through `n`, a JSON schema, as its test measured them
 * (or as set by hand where it was never tested); `source` says which.
 */
export function endpointAbilities(endpoint: Pick<EndpointRow, "supportsN" | "supportsJsonSchema" | "measured">) {
  const measure = readMeasure(endpoint.measured);
  return measure
    ? { takesN: measure.takesN, jsonSchema: measure.jsonSchema, source: "measured" as const }
    : { takesN: endpoint.supportsN, jsonSchema: endpoint.supportsJsonSchema, source: "as set" as const };
}

/**
 * The judge's name on its scores: the endpoint's name, its model, the parameters it is asked with and the
 * template version. The cache is keyed by the same identity (and the URL), so two names are two judges that
 * each asked for their own answers, never one judge's answers shown twice.
 */
export function judgeName(
  endpoint: Pick<EndpointRow, "name" | "model" | "parameters">,
  templateVersion: string,
  repositoryFact = true,
) {
  const parameters = readParameters(endpoint.parameters);
  const said = Object.keys(parameters)
    .sort()
    .map((k) => `${k}=${typeof parameters[k] === "string" ? parameters[k] : JSON.stringify(parameters[k])}`);
  // A run without the measured repository fact is another judge (the paper's comparison: two runs, one paired table).
  return `${endpoint.name}/${endpoint.model}${said.length > 0 ? `[${said.join(",")}]` : ""}@${templateVersion}${repositoryFact ? "" : "-no-repository-fact"}`;
}

/**
 * Asks the endpoint one tiny question and records what it does (choices for `n`, a JSON schema honoured,
 * usage reported, prices known); the runner follows it from then on.
 */
export async function testEndpoint(db: Database, name: string, options: { timeoutMs?: number } = {}) {
  const endpoint = await endpointNamed(db, name);
  const measure: EndpointMeasure = await probeEndpoint(
    {
      baseUrl: endpoint.baseUrl,
      apiKey: endpoint.apiKey,
      model: endpoint.model,
      parameters: readParameters(endpoint.parameters),
    },
    endpoint,
    { timeoutMs: options.timeoutMs ?? endpoint.timeoutMs, backoffMs: 200 },
  );
  await writeTurn(db)(() =>
    db.judgeEndpoint.update({ where: { id: endpoint.id }, data: { measured: JSON.stringify(measure) } }),
  );
  return measure;
}
