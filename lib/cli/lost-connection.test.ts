/**
 * PostgreSQL stopping in the middle of an import (measured: the command exited 0 with nothing said, and
 * left a stage file behind). A real throwaway cluster is stopped while the command imports into it.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { STAGING_ROOT } from "../server/import/import-staging";
import { jsonl, makeTempDir, swebenchRecord } from "../testing/fixtures";
import { hintsCommand } from "../testing/hints-command";
import { POSTGRES_AVAILABLE, startPostgresCluster } from "../testing/postgres-cluster";
import { TEST_ENGINE } from "../testing/temp-database";
import { HUNG_MS } from "../testing/test-time";

const tmp = makeTempDir("hintscope-lost-");
afterAll(tmp.cleanup);

// Once is enough: the PostgreSQL run of the suite would only repeat it.
test.skipIf(!POSTGRES_AVAILABLE || TEST_ENGINE !== "sqlite")(
  "the database stopping mid-import: the command exits 1 with a message, and leaves no stage behind",
  async () => {
    const cluster = await startPostgresCluster();
    let stopped = false;
    try {
      const url = cluster.createDatabase("lost");
      // Large enough to still be importing when the cluster stops (staged: over the read-ahead size).
      const records = Array.from({ length: 40_000 }, (_, i) => swebenchRecord(i + 1));
      const file = tmp.write("swebench-lite-lost.jsonl", jsonl(records));
      const startedAt = Date.now();
      const child = spawn(...hintsCommand(["import", file]), {
        env: { ...process.env, DATABASE_URL: url },
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += String(chunk);
      });
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      // Stop the cluster once the command has connected and is busy (its schema applied, the file read).
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const finishedEarly = child.exitCode !== null;
      cluster.stop();
      stopped = true;
      // It ends, however busy the machine: "hung" only past a time no load reaches.
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise<"hung">((resolve) => {
          timer = setTimeout(() => resolve("hung"), HUNG_MS / 2);
        }),
      ]);
      clearTimeout(timer);
      if (code === "hung") child.kill("SIGKILL");
      expect(finishedEarly).toBe(false);
      expect(code).toBe(1);
      expect(stderr.trim()).not.toBe("");
      const left = existsSync(STAGING_ROOT)
        ? readdirSync(STAGING_ROOT).filter(
            (f) => f.endsWith(".db") && statSync(path.join(STAGING_ROOT, f)).mtimeMs >= startedAt,
          )
        : [];
      expect(left).toEqual([]);
    } finally {
      if (!stopped) cluster.stop();
    }
  },
);
