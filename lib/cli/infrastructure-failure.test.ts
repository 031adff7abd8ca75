// Failures of what Hintscope stands on are said in the user's words, with what was kept: a real SQLite file on a
// real filesystem that fills up mid-import (where the machine lets the test mount one).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "../server/db/client";
import { infrastructureFailure } from "../server/infrastructure-failure";
import { jsonl, makeTempDir, swebenchRecord } from "../testing/fixtures";
import { TEST_ENGINE } from "../testing/temp-database";
import { runImportCommand } from "./import-command";

const tmp = makeTempDir("hintscope-full-input-");
afterAll(tmp.cleanup);

/** A real small filesystem (tmpfs of 3 MB) where the machine lets this process mount one; null elsewhere. */
function smallDisk(): { dir: string; release: () => void } | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hintscope-full-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", dir], { stdio: "ignore" });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    release: () => {
      spawnSync("umount", [dir], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const disk = TEST_ENGINE === "sqlite" ? smallDisk() : null;
afterAll(() => disk?.release());

test.skipIf(!disk)(
  "a full disk mid-import (a real 3 MB filesystem): the command says the disk is full and that nothing was written, and nothing was",
  async () => {
    const dir = (disk as { dir: string }).dir;
    const db = await openDatabase(`file:${path.join(dir, "full.db")}`);
    try {
      const records = Array.from({ length: 3_000 }, (_, i) =>
        swebenchRecord(i + 1, { problem_statement: "x".repeat(2_000) }),
      );
      const file = tmp.write("swebench-lite-full.jsonl", jsonl(records));
      let stderr = "";
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((chunk: string | Uint8Array) => {
        stderr += String(chunk);
        return true;
      }) as typeof process.stderr.write;
      let code: number;
      try {
        code = await runImportCommand(db, [file], { json: false });
      } finally {
        process.stderr.write = write;
      }
      expect(code).toBe(1);
      expect(stderr).toMatch(/import failed: the disk is full \(free some space and try again\); nothing was written/);
      expect(stderr).toMatch(/database or disk is full/);
      expect(await db.instance.count()).toBe(0);
    } finally {
      await db.$disconnect();
    }
  },
);

test("what is not the database's, the disk's or a time limit's is no infrastructure failure", () => {
  expect(infrastructureFailure(new Error("no hint set named x"))).toBeNull();
  const wrapped = new Error("Invalid `prisma.$executeRawUnsafe()` invocation:", {
    cause: Object.assign(new Error("Can't reach database server at `127.0.0.1:5432`"), { code: "P1001" }),
  });
  expect(infrastructureFailure(wrapped)).toEqual({
    what: "the database stopped answering (is the server running, and reachable?)",
    detail: "Can't reach database server at `127.0.0.1:5432`",
  });
  expect(infrastructureFailure(new Error("Transaction API error: Transaction already closed: P2028"))?.what).toMatch(
    /time limit/,
  );
});
