import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { makeTempDir } from "../testing/fixtures";
import {
  folderLoops,
  privateDbImports,
  READ_PLACES,
  readFolderGraph,
  readModules,
  writesOfReadModules,
} from "./import-graph";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

const describeLoop = (graph: ReturnType<typeof readFolderGraph>, loop: string[]) =>
  loop.flatMap((from) => loop.flatMap((to) => (graph.arrows.get(from)?.get(to) ?? []).slice(0, 2))).join("\n  ");

test("no folder imports a folder that imports it back, however long the way round", () => {
  const graph = readFolderGraph(ROOT);
  expect(graph.arrows.size).toBeGreaterThan(15);
  const loops = folderLoops(graph);
  expect(loops.map((loop) => `${loop.join(" ⇄ ")}:\n  ${describeLoop(graph, loop)}`)).toEqual([]);
});

test("lib/server/db is the only folder that imports a database driver", () => {
  const { drivers } = readFolderGraph(ROOT);
  expect([...drivers.keys()]).toEqual(["lib/server/db"]);
  expect([...(drivers.get("lib/server/db") ?? [])].sort()).toEqual([
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "better-sqlite3",
    "pg",
    "pg-boss",
  ]);
});

test("the check finds a loop of three folders and a driver imported elsewhere (a made tree)", () => {
  const tmp = makeTempDir("hintscope-import-graph-");
  try {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp.dir, file)), { recursive: true });
      writeFileSync(path.join(tmp.dir, file), text);
    };
    write("lib/a/one.ts", 'import { two } from "../b/two";\nexport const one = two;\n');
    write("lib/b/two.ts", 'import { three } from "@/lib/c/three";\nexport const two = three;\n');
    write("lib/c/three.ts", 'export const three = async () => (await import("../a/one")).one;\n');
    write("lib/c/three.test.ts", 'import { two } from "../b/two";\n');
    write("lib/server/import/x.ts", 'import pg from "pg";\nimport { y } from "../db/y";\nexport const x = [pg, y];\n');
    write("lib/server/db/y.ts", 'import { one } from "../../a/one";\nexport const y = one;\n');
    mkdirSync(path.join(tmp.dir, "app"));
    mkdirSync(path.join(tmp.dir, "components"));
    const graph = readFolderGraph(tmp.dir);
    expect(folderLoops(graph)).toEqual([["lib/a", "lib/b", "lib/c"]]);
    expect([...graph.drivers.keys()]).toEqual(["lib/server/import"]);
    expect(graph.arrows.get("lib/server/import")?.has("lib/server/db")).toBe(true);
  } finally {
    tmp.cleanup();
  }
});

test("write-lock is lib/server/db's own: no file outside it imports it (every feature write is writeTurn(db))", () => {
  expect(privateDbImports(ROOT)).toEqual([]);
});

test("a read module writes nothing: no write call of its own, no imported function that writes (queries, research, the list's and the hints' reads)", () => {
  const { files, missing } = readModules(ROOT);
  expect(missing).toEqual([]);
  // every read place holds files the rule reads, and a writer the list names is passed over
  for (const place of READ_PLACES)
    expect(files.some((file) => (place.endsWith("/") ? file.startsWith(place) : file === place))).toBe(true);
  expect(files).toContain("lib/server/list/review-list.ts");
  expect(files).not.toContain("lib/server/list/picks.ts");
  expect(writesOfReadModules(ROOT)).toEqual([]);
});

test("the rule finds a feature importing write-lock (a made tree)", () => {
  const tmp = makeTempDir("hintscope-write-rules-");
  try {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp.dir, file)), { recursive: true });
      writeFileSync(path.join(tmp.dir, file), text);
    };
    for (const dir of ["app", "components"]) mkdirSync(path.join(tmp.dir, dir));
    write("lib/server/db/write-lock.ts", "export const serialisedWrite = (w: () => unknown) => w();\n");
    write(
      "lib/server/db/client.ts",
      'import { serialisedWrite } from "./write-lock";\nexport const x = serialisedWrite;\n',
    );
    write("lib/server/auth/sessions.ts", 'import { serialisedWrite } from "../db/write-lock";\nexport const s = 1;\n');
    write("lib/server/auth/users.test.ts", 'import { serialisedWrite } from "@/lib/server/db/write-lock";\n');
    expect(privateDbImports(tmp.dir).sort()).toEqual([
      "lib/server/auth/sessions.ts -> lib/server/db/write-lock",
      "lib/server/auth/users.test.ts -> lib/server/db/write-lock",
    ]);
  } finally {
    tmp.cleanup();
  }
});

test("the rule finds a read that writes in each read place, from the day a place is made (a made tree)", () => {
  const tmp = makeTempDir("hintscope-read-rules-");
  try {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp.dir, file)), { recursive: true });
      writeFileSync(path.join(tmp.dir, file), text);
    };
    write(
      "lib/server/facts/backfill.ts",
      "export const readFacts = () => 1;\n\nexport async function backfill(db: any) {\n  await db.instance.updateMany({});\n}\n",
    );
    const readsFacts = 'import { readFacts } from "../facts/backfill";\nexport const h = readFacts;\n';
    // queries: a backfill called from a read, a transaction of its own; a read that reads passes
    write(
      "lib/server/queries/frontier.ts",
      'import { backfill, readFacts } from "../facts/backfill";\nexport async function f(db: any) {\n  await backfill(db);\n  return readFacts();\n}\n',
    );
    write("lib/server/queries/outcomes.ts", "export const g = (db: any) => db.$transaction(async () => 1);\n");
    write("lib/server/queries/fine.ts", readsFacts);
    write("lib/server/queries/fine.test.ts", "export const t = (db: any) => db.run.update({});\n");
    // the list: a read through the backfill, and a new file that writes; the writers the rule names pass
    write(
      "lib/server/list/review-list.ts",
      'import { backfill } from "@/lib/server/facts/backfill";\nexport const l = backfill;\n',
    );
    write("lib/server/list/new-read.ts", "export const n = (db: any) => writeTurn(db, async () => 1);\n");
    write("lib/server/list/picks.ts", "export const p = (db: any) => writeTurn(db, async () => 1);\n");
    write("lib/server/list/saved-views.ts", "export const v = (db: any) => db.savedView.upsert({});\n");
    // hints: a read file that writes; the hints' own writers are no read; review-instance.ts is listed but gone
    write("lib/server/hints/round-state.ts", "export const r = (tx: any) => tx.roundAssignment.update({});\n");
    write("lib/server/hints/hint-set-list.ts", readsFacts);
    write("lib/server/hints/record-decision.ts", "export const d = (tx: any) => tx.hint.upsert({});\n");
    const before = [
      "lib/server/hints/review-instance.ts: missing (listed as a read in READ_PLACES)",
      "lib/server/hints/round-state.ts: tx.roundAssignment.update(",
      "lib/server/list/new-read.ts: writeTurn(",
      "lib/server/list/review-list.ts: backfill (lib/server/facts/backfill) db.instance.updateMany(",
      "lib/server/queries/frontier.ts: backfill (lib/server/facts/backfill) db.instance.updateMany(",
      "lib/server/queries/outcomes.ts: .$transaction(",
    ];
    // lib/server/research is not made yet: passed over, not a failure
    expect(writesOfReadModules(tmp.dir).sort()).toEqual(before);
    write("lib/server/research/fine.ts", readsFacts);
    write("lib/server/research/tallies.ts", "export const t = (db: any) => db.$executeRawUnsafe('UPDATE x');\n");
    expect(writesOfReadModules(tmp.dir).sort()).toEqual(
      [...before, "lib/server/research/tallies.ts: .$executeRawUnsafe("].sort(),
    );
  } finally {
    tmp.cleanup();
  }
});
