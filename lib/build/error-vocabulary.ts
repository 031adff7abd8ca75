import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * The architecture's rules on errors (issue 45), as functions over a tree so the test can run each on the
 * repository and on a made tree: one vocabulary of expected failures (AppError and its codes,
 * lib/server/app-error.ts) and one failure shape for server actions, `{ ok: false, code, error }` (the
 * sentence is `error`; a success's sentence is `message`).
 */

/** The codes of AppError's vocabulary (kept equal to `AppErrorCode` by the test). */
export const APP_ERROR_CODES = ["not-found", "forbidden", "invalid-input", "conflict", "limit", "unavailable"];

function sourceFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  let names: string[];
  try {
    names = readdirSync(full);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    const rel = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".") || rel === path.join("lib", "server", "generated")) continue;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sourceFiles(root, rel));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** The server's code: where an expected failure is an AppError. */
export const serverFiles = (root: string) => [...sourceFiles(root, "lib/server"), ...sourceFiles(root, "app")];

/** Server actions: lib/server/actions/* and any app/**\/actions.ts. */
export const actionFiles = (root: string) => [
  ...sourceFiles(root, "lib/server/actions"),
  ...sourceFiles(root, "app").filter((f) => path.basename(f) === "actions.ts"),
];

export const readSources = (root: string, files: string[]) =>
  files.map((file) => ({ file, source: readFileSync(path.join(root, file), "utf8") }));

/**
 * Error subclasses the vocabulary leaves where they are, each with why. Everything else in the server's code
 * that extends Error directly is a violation: an expected failure is an AppError (or a subclass of it).
 */
export const OUTSIDE_VOCABULARY: Record<string, string> = {
  "lib/server/app-error.ts:AppError": "the vocabulary itself",
  "lib/server/hints/record-decision.ts:LostRace":
    "an internal retry signal between two statements of one decision's write, caught inside it: never leaves",
};

/** Classes that extend Error itself, outside the vocabulary: `file:Class`. */
export function strayErrorClasses(files: Array<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files)
    for (const match of source.matchAll(/\bclass\s+(\w+)\s+extends\s+Error\b/g)) {
      const key = `${file}:${match[1]}`;
      if (!(key in OUTSIDE_VOCABULARY)) found.push(key);
    }
  return found;
}

/**
 * Plain `Error`s thrown in the named folders (the judge's: they reach an admin through its actions): an
 * expected failure there is an AppError with its code. `file:line: text`.
 */
export function plainErrorThrows(files: Array<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files)
    source.split("\n").forEach((line, index) => {
      if (/\bthrow\s+new\s+Error\s*\(/.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  return found;
}

/**
 * Failures a server action writes in another shape: any `ok: false` written in an action file (a literal or
 * a type), where the one shape comes from app-error.ts (`refusal`, `failureOf`, `actionResult`).
 */
export function otherFailureShapes(files: Array<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files)
    source.split("\n").forEach((line, index) => {
      if (/\bok\s*:\s*false\b/.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  return found;
}

function compilerOptions(root: string): ts.CompilerOptions {
  const configFile = path.join(root, "tsconfig.json");
  const base: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022 };
  if (!ts.sys.fileExists(configFile)) return { ...base, moduleResolution: ts.ModuleResolutionKind.Bundler };
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root);
  return { ...parsed.options, noEmit: true, incremental: false };
}

const isFalse = (type: ts.Type) =>
  (type.flags & ts.TypeFlags.BooleanLiteral) !== 0 && (type as { intrinsicName?: string }).intrinsicName === "false";

/** What is wrong with one object an action may answer, or null when it is the one shape (or a success). */
function shapeFault(checker: ts.TypeChecker, member: ts.Type): string | null {
  const ok = member.getProperty("ok");
  const shown = checker.typeToString(member, undefined, ts.TypeFormatFlags.NoTruncation);
  if (!ok) return `answers ${shown}: no \`ok\``;
  const declaration = ok.valueDeclaration ?? ok.declarations?.[0];
  const okType = declaration ? checker.getTypeOfSymbolAtLocation(ok, declaration) : checker.getTypeOfSymbol(ok);
  if (!isFalse(okType)) return null;
  const code = member.getProperty("code");
  const error = member.getProperty("error");
  const faults: string[] = [];
  if (!code) faults.push("no `code`");
  else {
    const codeType = checker.getTypeOfSymbol(code);
    const codes = codeType.isUnion() ? codeType.types : [codeType];
    const outside = codes.filter((t) => !(t.isStringLiteral() && APP_ERROR_CODES.includes(t.value)));
    if (outside.length > 0) faults.push(`a \`code\` outside the vocabulary (${checker.typeToString(codeType)})`);
  }
  if (!error) faults.push("no `error`");
  else if ((checker.getTypeOfSymbol(error).flags & ts.TypeFlags.StringLike) === 0) faults.push("an `error` not text");
  if (member.getProperty("message")) faults.push("a `message` (a failure's sentence is `error`)");
  return faults.length ? `fails with ${shown}: ${faults.join(", ")}` : null;
}

/**
 * What each exported server action answers, read by the type checker (so a shape made elsewhere, as a
 * decision's or a sign-in's, is seen): every object it may answer has `ok`, and every failure is
 * `{ ok: false, code, error }` with a code of the vocabulary (further fields, as a conflict's details, may
 * follow). `file:export: fault`.
 */
export function actionShapeFaults(root: string, files = actionFiles(root)): string[] {
  const program = ts.createProgram(
    files.map((f) => path.join(root, f)),
    compilerOptions(root),
  );
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(path.join(root, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) {
      found.push(`${file}: not read`);
      continue;
    }
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const declaration = symbol.valueDeclaration;
      if (!declaration) continue;
      const signatures = checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures();
      const faults = new Set<string>();
      for (const signature of signatures) {
        const returned = signature.getReturnType();
        const answer = checker.getAwaitedType(returned) ?? returned;
        for (const member of answer.isUnion() ? answer.types : [answer]) {
          if (member.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Never))
            continue;
          const fault = shapeFault(checker, member);
          if (fault) faults.add(fault);
        }
      }
      for (const fault of faults) found.push(`${file}:${symbol.getName()}: ${fault}`);
    }
  }
  return found;
}
