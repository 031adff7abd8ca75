// The house has no circle of files: no file imports a file that imports it back, however long the way round
// (farm-studio's "circle"; the folder rule is import-graph.test.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { makeTempDir } from "../testing/fixtures";
import { folderLoops, readFileGraph } from "./import-graph";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

const describeLoop = (graph: ReturnType<typeof readFileGraph>, loop: string[]) =>
  loop.flatMap((from) => loop.flatMap((to) => (graph.arrows.get(from)?.get(to) ?? []).slice(0, 2))).join("\n  ");

test("no file imports a file that imports it back (type-only imports too), however long the way round", () => {
  const graph = readFileGraph(ROOT);
  expect(graph.arrows.size).toBeGreaterThan(200);
  expect(folderLoops(graph).map((loop) => `${loop.join(" ⇄ ")}:\n  ${describeLoop(graph, loop)}`)).toEqual([]);
});

test("the file check finds a circle of two files through a type import and an index file (a made tree)", () => {
  const tmp = makeTempDir("hintscope-file-graph-");
  try {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp.dir, file)), { recursive: true });
      writeFileSync(path.join(tmp.dir, file), text);
    };
    write("lib/a/one.ts", 'import type { Two } from "./two";\nexport type One = Two;\n');
    write("lib/a/two.ts", 'import { three } from "../b";\nexport type Two = typeof three;\n');
    write("lib/b/index.ts", 'import type { One } from "@/lib/a/one";\nexport const three = 3 as unknown as One;\n');
    write("lib/b/apart.ts", 'import { three } from "./index";\nexport const four = three;\n');
    mkdirSync(path.join(tmp.dir, "app"));
    mkdirSync(path.join(tmp.dir, "components"));
    expect(folderLoops(readFileGraph(tmp.dir))).toEqual([["lib/a/one.ts", "lib/a/two.ts", "lib/b/index.ts"]]);
  } finally {
    tmp.cleanup();
  }
});
