// The thirty-third session's classes from round 71, each on a real commit cut into real-data/hunks (provenance in
// real-data/README.md), with made hunks for the guards.
import { expect, test } from "vitest";
import { addedFile, changedHunk, madeHunks, statedKinds } from "../testing/analysis-helpers";

test("node-http-proxy 66afb2a: the methods of an object set as an exported class's prototype (`exports.HttpProxy.prototype = { createServer: function () {…}, proxyRequest: function (…) {…} }`) are that class's", async () => {
  expect(await statedKinds("node-http-proxy-commit-66afb2a")).toEqual(
    expect.arrayContaining(["HttpProxy.createServer method", "HttpProxy.proxyRequest method"]),
  );
});

test("node-http-proxy 66afb2a (guard): a lower-case export's prototype, or another object's, names no class", async () => {
  const code = addedFile("lib/proxy.js", [
    "exports.httpProxy = function () {};",
    "exports.httpProxy.prototype = { start: function () {} };",
    "config.Server.prototype = { stop: function () {} };",
  ]);
  const { names } = await madeHunks(code, addedFile("test/proxy.js", ["p.start(); s.stop();"]));
  expect(names.filter((n) => /\.(start|stop) method$/.test(n))).toEqual([]);
});

test("prompts 771ff1d: `this.cursorOffset = 0;` in a constructor whose line is above the hunk, under git's `class TextPrompt extends Prompt {` header, is TextPrompt's field, which the tests read on a `new TextPrompt()`", async () => {
  expect(await statedKinds("prompts-commit-771ff1d")).toEqual(["TextPrompt.cursorOffset field"]);
});

test("prompts 771ff1d (guard): such a field is reached through an instance made of its class, not through any object", async () => {
  const code = changedHunk("lib/text.js", "class TextPrompt extends Prompt {", [
    "     this.value = ``;",
    "+    this.cursorOffset = 0;",
    "   }",
  ]);
  const loose = addedFile("test/text.js", ["const p = makePrompt();", "t.same(p.cursorOffset, 0);"]);
  expect((await madeHunks(code, loose)).defuse.filter((n) => !n.includes("/"))).toEqual([]);
});
