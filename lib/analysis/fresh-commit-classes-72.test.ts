// The thirty-fourth session's classes from round 72, each on a real commit cut into real-data/hunks (provenance in
// real-data/README.md), with made hunks for the guards.
import { expect, test } from "vitest";
import { addedFile, changedHunk, madeHunks, statedKinds } from "../testing/analysis-helpers";

test("changelogen 46cd50c: under git's `export interface ChangelogConfig {` header, a hunk that closes a member's object type from above (`    tagBody?: string;` then `  };`) goes on with the interface's fields (`noAuthors: boolean;`)", async () => {
  expect(await statedKinds("changelogen-commit-46cd50c")).toEqual(["ChangelogConfig.noAuthors field"]);
});

test("changelogen 46cd50c (guard): a member added inside that nested object type is no field of the interface's own (whose it is, no line shows)", async () => {
  const code = changedHunk("src/config.ts", "export interface ChangelogConfig {", [
    "     tagMessage?: string;",
    "+    tagSigned?: boolean;",
    "   };",
    "   excludeAuthors: string[];",
    " }",
  ]);
  const test = addedFile("test/config.test.ts", ["loadConfig({ tagSigned: true, excludeAuthors: [] });"]);
  const { names, defuse } = await madeHunks(code, test);
  expect(defuse).toEqual([]);
  expect(names.filter((n) => /^ChangelogConfig\.|hintscope/i.test(n))).toEqual([]);
});

test("sanitize-html 58a1017: a key added to a module's defaults object under git's `sanitizeHtml.defaults = {` header is an option the tests pass (`sanitizeHtml(html, { parseStyleAttributes: false })`)", async () => {
  expect(await statedKinds("sanitize-html-commit-58a1017")).toEqual([
    "sanitizeHtml.defaults.parseStyleAttributes field",
  ]);
});

test("sanitize-html 58a1017 (guard): an object assigned to another property (`routes.table = {`) or set inside a function defines no option", async () => {
  const code = [
    changedHunk("lib/routes.js", "routes.table = {", ["   home: '/',", "+  about: '/about',", " };"]),
    changedHunk("lib/setup.js", "function setup(options) {", [
      "   options.defaults = {",
      "+    strictMode: true,",
      "   };",
      " }",
    ]),
  ].join("");
  const test = addedFile("test/routes.js", ["go({ about: 1 });", "setup({ strictMode: false });"]);
  expect((await madeHunks(code, test)).defuse).toEqual([]);
});

test("parse f16edec: an embedded field of the package's own type (`Scope` in `ClassDecl struct {`) is the struct's field `Scope`, which the tests read (`expr.Scope` in `case *ClassDecl:`)", async () => {
  expect(await statedKinds("parse-commit-f16edec")).toEqual(["ClassDecl.Scope field"]);
});

test("parse f16edec (guard): another package's embedded type (`sync.Mutex`) names no field a qualified type reaches", async () => {
  const code = changedHunk("cache/cache.go", "type Cache struct {", [
    "+\tsync.Mutex",
    "+\t*Store",
    " \titems map[string]int",
    " }",
  ]);
  const test = addedFile("cache/cache_test.go", [
    "package cache",
    "func TestCache(t *testing.T) {",
    "\tvar m sync.Mutex",
    "\tc := New()",
    "\t_ = c.Store",
    "}",
  ]);
  const { defuse } = await madeHunks(code, test);
  expect(defuse).toEqual(["Cache.Store"]);
});
