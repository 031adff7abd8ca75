import { expect, test } from "vitest";
import { safeNextPath } from "./next-path";

/** The app as a browser sees it: where a Location header or a link's href leads. */
const APP = "http://app.example/";
const APP_ORIGIN = new URL(APP).origin;

/** Every valid %XX decoded, once; a lone % is kept as a browser keeps it. */
const decodeOnce = (value: string) =>
  value.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Where `value` leads from a page of the app; null where no browser would go (an address it cannot parse). */
function originOf(value: string): string | null {
  try {
    return new URL(value, APP).origin;
  } catch {
    return null;
  }
}

/** The origins `path` leads to as written and after each further decoding a server or router might apply. */
function originsOf(path: string): string[] {
  const origins: string[] = [];
  for (let layer = path, previous = ""; layer !== previous; previous = layer, layer = decodeOnce(layer)) {
    const origin = originOf(layer);
    if (origin !== null) origins.push(origin);
  }
  return origins;
}

test.each([
  // As reported: a dot segment before a double slash leaves `//host/x` after resolution.
  "/.//127.0.0.1:3299/x",
  "/..//127.0.0.1:3299/x",
  "/./..//127.0.0.1:3299/phish",
  "/a/..//127.0.0.1:3299/x",
  // The URL parser reads %2e as a dot in a segment of its own.
  "/%2e//evil.example/x",
  "/%2E%2E//evil.example/x",
  "/.%2e//evil.example/x",
  // Encoded once more: harmless as written, a redirect to another host after one decoding.
  "/%252e//evil.example/x",
  "/%252e%252e//evil.example/x",
  "/%2f/evil.example/x",
  "/%2F%2Fevil.example/x",
  "/%252f%252fevil.example/x",
  "/%5c/evil.example/x",
  "/%5C%5Cevil.example",
  "/%255c%255cevil.example",
])("after signing in, %j leads home: a dot segment or an encoding that leaves the site", (next) => {
  expect(safeNextPath(next)).toBe("/");
});

test.each([
  ["/instances/3", "/instances/3"],
  ["/./instances/3", "/instances/3"],
  ["/a/./b/../c", "/a/c"],
  ["/%2e/instances", "/instances"],
  ["/instances?q=a%2Fb#h", "/instances?q=a%2Fb#h"],
  ["/instances?q=//evil.example", "/instances?q=//evil.example"],
  ["/research?view=%252F", "/research?view=%252F"],
])("a path on this site, %j, is kept normalised as %j", (next, expected) => {
  expect(safeNextPath(next)).toBe(expected);
});

// The class, generated: every sequence of up to three of these between the first slash and a host, checked
// against the URL parser itself (the one browsers use) rather than against a list of expected strings.
const PIECES = [
  "/",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E%2e",
  "%252e",
  "%2f",
  "%2F",
  "%252f",
  "%25252f",
  "%5c",
  "%255C",
  "\t",
  "\n",
  "\r",
  "%09",
  "%0a",
  " ",
];
function* hostile(): Generator<string> {
  const sequences: string[][] = [[]];
  for (let length = 1; length <= 3; length++) {
    for (const sequence of sequences.filter((s) => s.length === length - 1)) {
      for (const piece of PIECES) sequences.push([...sequence, piece]);
    }
  }
  for (const sequence of sequences) {
    for (const tail of ["evil.example/x", "127.0.0.1:3299/phish", "/evil.example"]) {
      yield `/${sequence.join("")}${tail}`;
      yield `/${sequence.join("/")}/${tail}`;
    }
  }
}

test("no dot segment, encoding (once or twice), backslash or control character leads to another host", () => {
  let tried = 0;
  const leaks: string[] = [];
  for (const next of hostile()) {
    tried++;
    const path = safeNextPath(next);
    if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) leaks.push(`${next} → ${path}`);
    else if (originsOf(path).some((origin) => origin !== APP_ORIGIN)) leaks.push(`${next} → ${path}`);
  }
  expect(tried).toBeGreaterThan(40_000);
  expect(leaks).toEqual([]);
});

test("the generator reaches the hole it guards: the URL parser itself leaves the site on many of these", () => {
  let leave = 0;
  for (const next of hostile()) if (originsOf(next).some((origin) => origin !== APP_ORIGIN)) leave++;
  expect(leave).toBeGreaterThan(10_000);
});
