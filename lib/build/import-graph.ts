import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
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

/** The file a relative or `@/` import names, as the bundler resolves it (extension or index added), if any. */
function resolveSource(target: string, exists: Set<string>): string | null {
  for (const candidate of [target, ...[".ts", ".tsx", ".mjs"].map((x) => target + x), path.join(target, "index.ts")])
    if (exists.has(candidate)) return candidate;
  return null;
}

/**
 * The import graph between files (tests and generated code left out; type-only imports count: a circle of
 * types is a circle a reader walks too), in the shape of the folder graph: what `fileLoops` is run on.
 */
export function readFileGraph(root: string): FolderGraph {
  const files = ["lib", "app", "components"].flatMap((dir) => sourceFiles(root, dir));
  const exists = new Set(files);
  const arrows = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2]) as string;
      if (!spec.startsWith(".") && !spec.startsWith("@/")) continue;
      const target = spec.startsWith("@/")
        ? path.normalize(spec.slice(2))
        : path.normalize(path.join(path.dirname(file), spec));
      const to = resolveSource(target, exists);
      if (!to || to === file) continue;
      const out = arrows.get(file) ?? new Map<string, string[]>();
      out.set(to, [...(out.get(to) ?? []), `${file} -> ${spec}`]);
      arrows.set(file, out);
    }
  }
  return { arrows, drivers: new Map() };
}

/** Every source file of the project at `root` (lib, app, components), tests included, as relative paths. */
function allSourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "generated" || entry.name === "node_modules" ? [] : allSourceFiles(root, relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/** The files resolved from a file's relative and `@/` imports, each with the names it imports by name. */
function importsOf(file: string, text: string): Array<{ target: string; names: string[] }> {
  const out: Array<{ target: string; names: string[] }> = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s([^;]*?)from\s+"([^"]+)"/g)) {
    const spec = match[2] as string;
    if (!spec.startsWith(".") && !spec.startsWith("@/")) continue;
    const target = spec.startsWith("@/")
      ? path.normalize(spec.slice(2))
      : path.normalize(path.join(path.dirname(file), spec));
    const names = [...((match[1] as string).match(/\{([^}]*)\}/)?.[1] ?? "").split(",")]
      .map(
        (n) =>
          n
            .replace(/^\s*type\s+/, "")
            .trim()
            .split(/\s+as\s+/)[0] as string,
      )
      .filter(Boolean);
    out.push({ target, names });
  }
  return out;
}

/** The private modules of lib/server/db: only files in that folder may import them. */
export const DB_PRIVATE = ["lib/server/db/write-lock"];

/** Files outside lib/server/db (tests included) that import one of its private modules, as `file -> module`. */
export function privateDbImports(root: string): string[] {
  return ["lib", "app", "components"]
    .flatMap((dir) => allSourceFiles(root, dir))
    .filter((file) => !file.startsWith(`lib${path.sep}server${path.sep}db${path.sep}`))
    .flatMap((file) =>
      importsOf(file, readFileSync(path.join(root, file), "utf8"))
        .filter(({ target }) => DB_PRIVATE.includes(target.split(path.sep).join("/")))
        .map(({ target }) => `${file} -> ${target}`),
    );
}

/**
 * What writes: a Prisma write call, a transaction, raw SQL run for its effect, the bulk path's writers, a write
 * turn or its batches. A read module's text (and the body of each function it imports) holds none.
 */
const WRITE_MARKERS =
  /\b(?:db|tx|own)\.\w+\.(?:create|createMany|update|updateMany|upsert|delete|deleteMany)\(|\.\$transaction\(|\.\$executeRaw(?:Unsafe)?\(|\b(?:insertRows|updateRowsById|deleteWhereIn|writeTurn|writeInBatches|writeTransaction|serialisedWrite|claimRows)\(/;

/** The text of the function (or const) `name` exported by `text`, to its closing brace at the line's start. */
function exportedBody(text: string, name: string): string | null {
  const start = text.search(new RegExp(`\\nexport (?:async )?(?:function\\*? |const )${name}\\b`));
  if (start < 0) return null;
  const end = text.indexOf("\n}", start + 1);
  const endOfConst = text.indexOf(";\n\n", start + 1);
  const stop = [end, endOfConst].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? text.length;
  return text.slice(start, stop);
}

const readSource = (root: string, target: string): string | null => {
  for (const ext of [".ts", ".tsx", "/index.ts"]) {
    try {
      return readFileSync(path.join(root, `${target}${ext}`), "utf8");
    } catch {}
  }
  return null;
};

/**
 * Where the reads live: a folder (ending in `/`) whose every file is a read unless WRITERS_AMONG_READS names it,
 * or one read file of a feature that also writes. A folder that is not made yet is passed over, so the rule holds
 * for it from the day it is; a file named here that is gone is a finding (a rename must not drop it unseen).
 */
export const READ_PLACES: readonly string[] = [
  "lib/server/queries/",
  "lib/server/research/",
  // the list's SQL, search, windows, navigation and a curator's queue, beside the list's own writes
  "lib/server/list/",
  // the hint sets page's, the review page's and rounds' reads, beside the hints' writes
  "lib/server/hints/hint-set-list.ts",
  "lib/server/hints/review-instance.ts",
  "lib/server/hints/round-state.ts",
];

/** The files of a read folder that write, each with what it writes: the rule passes them over, and them alone. */
export const WRITERS_AMONG_READS: Readonly<Record<string, string>> = {
  "lib/server/list/picks.ts": "keeps a pick of ids too many for a link",
  "lib/server/list/saved-views.ts": "saves and deletes a user's named views",
};

/**
 * The read modules of the project at `root`: the files of each place in `places` (tests left out), but the
 * writers named; a listed file that is missing comes back as `missing`.
 */
export function readModules(
  root: string,
  places: readonly string[] = READ_PLACES,
  writers: Readonly<Record<string, string>> = WRITERS_AMONG_READS,
): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  for (const place of places) {
    const relative = path.normalize(place);
    const full = path.join(root, relative);
    if (place.endsWith("/")) {
      if (existsSync(full) && statSync(full).isDirectory()) files.push(...sourceFiles(root, relative));
    } else if (existsSync(full)) files.push(relative);
    else missing.push(relative);
  }
  const named = new Set(Object.keys(writers).map((file) => path.normalize(file)));
  return { files: [...new Set(files)].filter((file) => !named.has(file)), missing };
}

/**
 * The writes of the read modules (`readModules`): each file's own write calls, and each imported function whose
 * body writes, as `file: what`; a read file listed but missing, as `file: missing`. Reads never write (issue 45: a
 * research page render wrote).
 */
export function writesOfReadModules(
  root: string,
  places: readonly string[] = READ_PLACES,
  writers: Readonly<Record<string, string>> = WRITERS_AMONG_READS,
): string[] {
  const { files, missing } = readModules(root, places, writers);
  const found = missing.map((file) => `${file}: missing (listed as a read in READ_PLACES)`);
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    const own = text.match(WRITE_MARKERS);
    if (own) found.push(`${file}: ${own[0]}`);
    for (const { target, names } of importsOf(file, text)) {
      const source = readSource(root, target);
      if (source === null) continue;
      for (const name of names) {
        const body = exportedBody(source, name);
        const write = body?.match(WRITE_MARKERS);
        if (write) found.push(`${file}: ${name} (${target}) ${write[0]}`);
      }
    }
  }
  return found;
}
