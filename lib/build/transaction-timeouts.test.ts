// Every interactive transaction states how long it may take (Prisma's default 5 s expired under load and
// failed saves and the analysis): a `$transaction(callback)` with no options is refused here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/** The `$transaction(fn)` calls of a source text that pass no options (array batches aside): their lines. */
function untimedTransactions(source: string): number[] {
  const lines: number[] = [];
  for (const match of source.matchAll(/\$transaction\(/g)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    if (/^\s*\[/.test(source.slice(open + 1))) continue;
    let depth = 0;
    let comma = false;
    for (let i = open; i < source.length; i++) {
      const c = source[i] as string;
      if (c === '"' || c === "'" || c === "`") {
        for (i++; i < source.length && source[i] !== c; i++) if (source[i] === "\\") i++;
      } else if (c === "/" && source[i + 1] === "/") {
        i = source.indexOf("\n", i);
      } else if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) {
        depth--;
        if (depth === 0) break;
      } else if (c === "," && depth === 1) {
        // a trailing comma before the call's ")" is no options argument
        const rest = source.slice(i + 1).trimStart();
        if (!rest.startsWith(")")) comma = true;
      }
    }
    if (!comma) lines.push(source.slice(0, open).split("\n").length);
  }
  return lines;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

test("no server transaction takes Prisma's default time limit", () => {
  const found = sources(path.join(process.cwd(), "lib", "server")).flatMap((file) =>
    untimedTransactions(readFileSync(file, "utf8")).map((line) => `${path.relative(process.cwd(), file)}:${line}`),
  );
  expect(found).toEqual([]);
});

test("the rule finds a made violation and passes stated ones", () => {
  expect(untimedTransactions("await db.$transaction(async (tx) => {\n  await tx.x();\n});\n")).toEqual([1]);
  expect(untimedTransactions("db.$transaction((tx) =>\n  run(tx, 'a,b'),\n);")).toEqual([1]);
  expect(untimedTransactions("db.$transaction((tx) => run(tx), { timeout: 30_000 });")).toEqual([]);
  expect(untimedTransactions("db.$transaction([a, b]);")).toEqual([]);
});
