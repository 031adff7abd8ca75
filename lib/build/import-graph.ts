import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The project's import graph between folders, read from the source (tests, generated code and the benches'
 * and tests' helpers left out): what the house rules are checked against (import-graph.test.ts).
 */
export interface FolderGraph {
  /** folder -> the folders it imports, each with the import lines that make the arrow */
  arrows: Map<string, Map<string, string[]>>;
  /** folder -> the database drivers its files import */
  drivers: Map<string, Set<string>>;
}

/** The packages that talk to a database engine: only lib/server/db may import them. */
export const DRIVER_PACKAGES = /^(pg|better-sqlite3|@prisma\/adapter-[\w-]+|@prisma\/client|pg-boss)$/;

const SOURCE = /\.(ts|tsx|mjs)$/;
const LEFT_OUT = /\.test\.tsx?$|\.extended\.test\.ts$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(root, relative);
    return SOURCE.test(entry.name) && !LEFT_OUT.test(entry.name) ? [relative] : [];
  });
}

/**
 * The folder a file counts in: `lib/X`, and inside lib/server its feature folder (`lib/server/db`, …; its
 * top-level files count as `lib/server`); `app` and `components` as themselves.
 */
export function folderOf(file: string): string {
  const parts = file.split(path.sep);
  if (parts[0] !== "lib") return parts[0] as string;
  if (parts[1] === "server" && parts.length > 3) return parts.slice(0, 3).join("/");
  return parts.slice(0, Math.min(2, parts.length - 1)).join("/");
}

/** Reads the folder graph of the project at `root` (lib, app, components). */
export function readFolderGraph(root: string): FolderGraph {
  const arrows = new Map<string, Map<string, string[]>>();
  const drivers = new Map<string, Set<string>>();
  const files = ["lib", "app", "components"].flatMap((dir) => sourceFiles(root, dir));
  for (const file of files) {
    const from = folderOf(file);
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2]) as string;
      let target: string;
      if (spec.startsWith("@/")) target = path.normalize(spec.slice(2));
      else if (spec.startsWith(".")) target = path.normalize(path.join(path.dirname(file), spec));
      else {
        if (DRIVER_PACKAGES.test(spec)) drivers.set(from, (drivers.get(from) ?? new Set()).add(spec));
        continue;
      }
      const to = folderOf(target);
      if (to === from || !/^(lib|app|components)/.test(to)) continue;
      const out = arrows.get(from) ?? new Map<string, string[]>();
      out.set(to, [...(out.get(to) ?? []), `${file} -> ${spec}`]);
      arrows.set(from, out);
    }
  }
  return { arrows, drivers };
}

/** The loops of the graph: each strongly connected set of two or more folders (Tarjan's algorithm). */
export function folderLoops(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.arrows.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const loop: string[] = [];
      for (;;) {
        const member = stack.pop() as string;
        onStack.delete(member);
        loop.push(member);
        if (member === node) break;
      }
      if (loop.length > 1) loops.push(loop.sort());
    }
  };
  for (const node of graph.arrows.keys()) if (!index.has(node)) visit(node);
  return loops;
}
