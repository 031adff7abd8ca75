// The judge endpoint tests' harness: a local chat-completions server (lib/testing/fake-chat-server.ts) and a
// real database with two analysed instances, each with one DefUse identifier; the server's script reset before
// each test. Used by lib/server/judge/judge-endpoints*.test.ts.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import type { Database } from "../server/db/client";
import { importFiles } from "../server/import/import-files";
import { createRun, saveEndpoint } from "../server/judge/judge-runs";
import { type FakeChatServer, startFakeChatServer } from "./fake-chat-server";
import { jsonl, makeTempDir, swebenchRecord } from "./fixtures";
import { openTempDatabase } from "./temp-database";

/** Two instances, each with one DefUse identifier: five values each (name, kind, path, new_file, signature). */
export const VALUES = 2 * 5;

export interface JudgeHarness {
  server: FakeChatServer;
  db: Database;
  url: string;
  /** saves an endpoint on the local server (n and JSON schema taken, two workers, $1/$4 per million) */
  endpoint(name: string, extra?: Record<string, unknown>): ReturnType<typeof saveEndpoint>;
  /** creates a DefUse run over SWE-bench Lite with that endpoint */
  run(name: string, extra?: Record<string, unknown>): ReturnType<typeof createRun>;
}

/** Registers the harness's set-up with vitest; its fields are set once `beforeAll` has run. */
export function judgeHarness(prefix: string): JudgeHarness {
  const tmp = makeTempDir(prefix);
  let close: () => Promise<void> = async () => {};
  const harness = {
    endpoint: (name: string, extra: Record<string, unknown> = {}) =>
      saveEndpoint(harness.db, {
        name,
        baseUrl: harness.server.url,
        model: `${name}-model`,
        supportsN: true,
        supportsJsonSchema: true,
        concurrency: 2,
        inputPrice: 1,
        outputPrice: 4,
        ...extra,
      }),
    run: (name: string, extra: Record<string, unknown> = {}) =>
      createRun(harness.db, { benchmark: "SWE-bench Lite", selection: "defuse", endpoint: name, ...extra }),
  } as JudgeHarness;
  beforeAll(async () => {
    harness.server = await startFakeChatServer();
    const opened = await openTempDatabase();
    [harness.db, harness.url, close] = [opened.db, opened.url, opened.close];
    await importFiles(harness.db, [
      tmp.write("swebench-lite-endpoints.jsonl", jsonl([swebenchRecord(1), swebenchRecord(2)])),
    ]);
    await analyzePendingInstances(harness.db, undefined, { store: null });
  });
  afterAll(async () => {
    await close();
    await harness.server.close();
    tmp.cleanup();
  });
  beforeEach(() => {
    const { server } = harness;
    server.requests.length = 0;
    server.script = [];
    server.always = null;
    server.mode = {};
    server.billed = { prompt: 0, completion: 0, requests: 0 };
  });
  return harness;
}
