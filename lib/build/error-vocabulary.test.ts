// The architecture's rule on errors (issue 45): one vocabulary of expected failures (AppError and its codes,
// lib/server/app-error.ts) and one failure shape for server actions (`ActionFailure`, made by `refusal`,
// `failureOf` or `actionResult`). Each rule runs on the tree, and on a made violation to show it can fail.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** The server's code: where an expected failure is an AppError. */
const serverFiles = () => [...sourceFiles("lib/server"), ...sourceFiles("app")];
/** Server actions: lib/server/actions/* and any app/**\/actions.ts. */
const actionFiles = () => [
  ...sourceFiles("lib/server/actions"),
  ...sourceFiles("app").filter((f) => path.basename(f) === "actions.ts"),
];

/**
 * Error subclasses the vocabulary leaves where they are, each with why. Everything else in the server's code
 * that extends Error directly is a violation: an expected failure is an AppError (or a subclass of it).
 */
const OUTSIDE_VOCABULARY: Record<string, string> = {
  "lib/server/app-error.ts:AppError": "the vocabulary itself",
  "lib/server/hints/record-decision.ts:LostRace":
    "an internal retry signal between two statements of one decision's write, caught inside it: never leaves",
  "lib/server/hints/review-rounds.ts:RoundError":
    "to become `extends AppError` (its file was held by another change); its action translates it meanwhile (roundRefusal)",
};

/** Classes that extend Error itself, outside the vocabulary: `file:Class`. */
function strayErrorClasses(files: Array<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files)
    for (const match of source.matchAll(/\bclass\s+(\w+)\s+extends\s+Error\b/g)) {
      const key = `${file}:${match[1]}`;
      if (!(key in OUTSIDE_VOCABULARY)) found.push(key);
    }
  return found;
}

/**
 * Failures a server action makes in another shape: any `ok: false` written in an action file (a literal or a
 * type), where the one shape comes from app-error.ts (`refusal`, `failureOf`, `actionResult`, `ActionResult`).
 */
function otherFailureShapes(files: Array<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files)
    source.split("\n").forEach((line, index) => {
      if (/\bok\s*:\s*false\b/.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  return found;
}

const read = (files: string[]) => files.map((file) => ({ file, source: readFileSync(path.join(ROOT, file), "utf8") }));

describe("one error vocabulary", () => {
  test("no Error subclass in the server's code outside AppError's vocabulary", () => {
    const files = serverFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(strayErrorClasses(read(files))).toEqual([]);
  });

  test("a made violation is caught: a new Error subclass in a server file", () => {
    const made = [{ file: "lib/server/list/made.ts", source: "export class QuotaError extends Error {}\n" }];
    expect(strayErrorClasses(made)).toEqual(["lib/server/list/made.ts:QuotaError"]);
    // A subclass of AppError is the vocabulary.
    expect(strayErrorClasses([{ file: "x.ts", source: "class Quota extends AppError {}" }])).toEqual([]);
  });
});

describe("one failure shape for server actions", () => {
  test("no server action answers a failure in another shape", () => {
    const files = actionFiles();
    expect(files.length).toBeGreaterThan(5);
    expect(otherFailureShapes(read(files))).toEqual([]);
  });

  test("a made violation is caught: an action that turns an error into its own { ok: false, error }", () => {
    const made = [
      {
        file: "lib/server/actions/made.ts",
        source: `export async function act() {\n  try {\n    return { ok: true };\n  } catch (error) {\n    return { ok: false, error: (error as Error).message };\n  }\n}\n`,
      },
    ];
    expect(otherFailureShapes(made)).toEqual([
      "lib/server/actions/made.ts:5: return { ok: false, error: (error as Error).message };",
    ]);
  });
});
