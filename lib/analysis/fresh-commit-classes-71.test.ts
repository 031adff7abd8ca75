// The thirty-third session's classes from round 71, each on a real commit cut into real-data/hunks (provenance in
// real-data/README.md), with made hunks for the guards.
import { expect, test } from "vitest";
import { addedFile, madeHunks, statedKinds } from "../testing/analysis-helpers";

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
