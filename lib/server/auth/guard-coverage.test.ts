import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/** Every file under a folder, recursively, relative to the project. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

const ROOT = process.cwd();
const app = filesUnder(path.join(ROOT, "app")).map((f) => path.relative(ROOT, f));

// The public exceptions: the sign-in page, and signing in and out.
const PUBLIC_PAGES = new Set(["app/sign-in/page.tsx"]);
const PUBLIC_ACTIONS = new Set(["lib/server/actions/session.ts"]);

test("every page checks the session and role through guardedPage", () => {
  const pages = app.filter((f) => f.endsWith("page.tsx") && !PUBLIC_PAGES.has(f));
  expect(pages.length).toBeGreaterThan(5);
  const unguarded = pages.filter((f) => !/^export default guardedPage\(\s*"/m.test(readFileSync(f, "utf8")));
  expect(unguarded).toEqual([]);
});

test("every API route handler is a guardedRoute", () => {
  const routes = app.filter((f) => f.endsWith("route.ts"));
  expect(routes.length).toBeGreaterThan(0);
  const unguarded = routes.flatMap((f) =>
    [...readFileSync(f, "utf8").matchAll(/^export (?:async function|const) (GET|POST|PUT|PATCH|DELETE)\b(.*)$/gm)]
      .filter((m) => !(m[2] ?? "").includes("= guardedRoute("))
      .map((m) => `${f}: ${m[1]}`),
  );
  expect(unguarded).toEqual([]);
});

test("every server action is a guardedAction or guardedFormAction", () => {
  const actions = filesUnder(path.join(ROOT, "lib", "server", "actions"))
    .map((f) => path.relative(ROOT, f))
    .filter((f) => !PUBLIC_ACTIONS.has(f) && readFileSync(f, "utf8").startsWith('"use server"'));
  expect(actions.length).toBeGreaterThan(1);
  const unguarded = actions.flatMap((f) =>
    [...readFileSync(f, "utf8").matchAll(/^export (?!type )(.*)$/gm)]
      .filter((m) => !/^const \w+ = guarded(Form)?Action\(/.test(m[1] ?? ""))
      .map((m) => `${f}: ${m[1]}`),
  );
  expect(unguarded).toEqual([]);
});
