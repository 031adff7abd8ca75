// The architecture's rules on errors (issue 45): one vocabulary of expected failures (AppError and its codes,
// lib/server/app-error.ts) and one failure shape for server actions, `{ ok: false, code, error }`. Each rule
// runs on the tree, and on a made violation to show it can fail (lib/build/error-vocabulary.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { AppErrorCode } from "../server/app-error";
import { makeTempDir } from "../testing/fixtures";
import {
  APP_ERROR_CODES,
  actionFiles,
  actionShapeFaults,
  otherFailureShapes,
  plainErrorThrows,
  readSources,
  serverFiles,
  strayErrorClasses,
} from "./error-vocabulary";

const ROOT = process.cwd();

/** Every code once (tsc fails here when AppErrorCode gains or loses one). */
const EVERY_CODE = {
  "not-found": true,
  forbidden: true,
  "invalid-input": true,
  conflict: true,
  limit: true,
  unavailable: true,
} satisfies Record<AppErrorCode, true>;

function madeTree(files: Record<string, string>) {
  const tmp = makeTempDir("hintscope-error-rules-");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tmp.dir, file)), { recursive: true });
    writeFileSync(path.join(tmp.dir, file), text);
  }
  return tmp;
}

describe("one error vocabulary", () => {
  test("the rule's codes are AppError's", () => {
    expect([...APP_ERROR_CODES].sort()).toEqual(Object.keys(EVERY_CODE).sort());
  });

  test("no Error subclass in the server's code outside AppError's vocabulary", () => {
    const files = serverFiles(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(strayErrorClasses(readSources(ROOT, files))).toEqual([]);
  });

  test("a made violation is caught: a new Error subclass in a server file", () => {
    const made = [{ file: "lib/server/list/made.ts", source: "export class QuotaError extends Error {}\n" }];
    expect(strayErrorClasses(made)).toEqual(["lib/server/list/made.ts:QuotaError"]);
    // A subclass of AppError is the vocabulary (as RoundError and UserError are).
    expect(strayErrorClasses([{ file: "x.ts", source: "class Quota extends AppError {}" }])).toEqual([]);
  });

  test("the judge throws no plain Error: what reaches an admin is an AppError with its code", () => {
    const files = serverFiles(ROOT).filter((f) => f.startsWith(path.join("lib", "server", "judge")));
    expect(files.length).toBeGreaterThan(5);
    expect(plainErrorThrows(readSources(ROOT, files))).toEqual([]);
  });

  test("a made violation is caught: a plain Error for a run that does not exist", () => {
    const made = [
      {
        file: "lib/server/judge/made.ts",
        source: 'if (!run) throw new AppError("not-found", "no run");\nif (!run) throw new Error("no run " + id);\n',
      },
    ];
    expect(plainErrorThrows(made)).toEqual(['lib/server/judge/made.ts:2: if (!run) throw new Error("no run " + id);']);
  });
});

describe("one failure shape for server actions", () => {
  test("no server action writes a failure of its own", () => {
    const files = actionFiles(ROOT);
    expect(files.length).toBeGreaterThan(5);
    expect(otherFailureShapes(readSources(ROOT, files))).toEqual([]);
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

  // The type checker reads the whole program an action imports (tens of seconds on a loaded machine): no limit.
  test("every action's answer, as the type checker reads it, is { ok: true, … } or { ok: false, code, error }", {
    timeout: 0,
  }, () => {
    expect(actionShapeFaults(ROOT)).toEqual([]);
  });

  test("made violations are caught: shapes made outside the action (a decision's, an undo's, a sign-in's), a message for an error, a code outside the vocabulary", {
    timeout: 0,
  }, () => {
    const tmp = madeTree({
      "lib/server/app-error.ts": `export type AppErrorCode = "not-found" | "conflict";
export type ActionFailure<D extends object = Record<never, never>> = { ok: false; code: AppErrorCode; error: string } & D;
export const refusal = (code: AppErrorCode, error: string): ActionFailure => ({ ok: false, code, error });
`,
      "lib/server/hints/decide.ts": `export type DecisionResult =
  | { ok: true; version: number }
  | { ok: false; conflict: { curator: string } }
  | { ok: false; errors: Record<string, string[]> };
export async function record(): Promise<DecisionResult> { return { ok: true, version: 1 }; }
export type UndoResult = { ok: true } | { ok: false; error: string };
export async function undo(): Promise<UndoResult> { return { ok: true }; }
`,
      "lib/server/actions/decide.ts": `import { record, undo } from "../hints/decide";
import { refusal } from "../app-error";
export const decide = async (input: unknown) => record();
export const undoIt = async () => undo();
export async function signIn(previous: unknown, form: FormData): Promise<{ error: string; name: string } | null> {
  return null;
}
export const told = async () => (Math.random() ? { ok: true as const, message: "done" } : refusal("conflict", "taken"));
export const said = async () => ({ ok: false as const, code: "conflict" as const, message: "taken" });
export const coded = async () => ({ ok: false as const, code: "gone" as const, error: "gone" });
`,
    });
    try {
      expect(actionShapeFaults(tmp.dir, ["lib/server/actions/decide.ts"]).sort()).toEqual(
        [
          "lib/server/actions/decide.ts:decide: fails with { ok: false; conflict: { curator: string; }; }: no `code`, no `error`",
          "lib/server/actions/decide.ts:decide: fails with { ok: false; errors: Record<string, string[]>; }: no `code`, no `error`",
          "lib/server/actions/decide.ts:undoIt: fails with { ok: false; error: string; }: no `code`",
          "lib/server/actions/decide.ts:signIn: answers { error: string; name: string; }: no `ok`",
          'lib/server/actions/decide.ts:said: fails with { ok: false; code: "conflict"; message: string; }: no `error`, a `message` (a failure\'s sentence is `error`)',
          'lib/server/actions/decide.ts:coded: fails with { ok: false; code: "gone"; error: string; }: a `code` outside the vocabulary ("gone")',
        ].sort(),
      );
    } finally {
      tmp.cleanup();
    }
  });
});

describe("infrastructure failures are translated at the edge of every action and route", () => {
  const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
  /** The body of a function in a source text, from its name to the next top-level `}`. */
  const body = (text: string, name: string) => {
    const start = text.indexOf(`export function ${name}`);
    return start < 0 ? "" : text.slice(start, text.indexOf("\n}\n", start));
  };

  test("guardedAction answers through actionResult, guardedRoute through routeResult, and the public sign-in through actionResult", () => {
    const guard = source("lib/server/auth/guard.tsx");
    expect(body(guard, "guardedAction")).toMatch(/return actionResult\(\(\) => run\(/);
    expect(body(guard, "guardedRoute")).toMatch(/return routeResult\(\(\) => handler\(/);
    // guard-coverage.test.ts holds that every other action and route is made by these two.
    expect(source("lib/server/actions/session.ts")).toMatch(/export async function signInAction[\s\S]*?actionResult\(/);
  });
});
