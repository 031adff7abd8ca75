import { expect, test } from "vitest";
import { safeNextPath } from "./next-path";
import { hasRole, PasswordSchema, UserNameSchema } from "./roles";
import { appOriginOf, crossOriginRefusal } from "./same-origin";
import { ADDRESS_LIMIT, clientAddress, NAME_LIMIT, retryAfter } from "./sign-in-limiter";

test("each role has the rights of the ones before it, and an unknown role has none", () => {
  expect(hasRole("admin", "curator")).toBe(true);
  expect(hasRole("curator", "curator")).toBe(true);
  expect(hasRole("viewer", "curator")).toBe(false);
  expect(hasRole("curator", "admin")).toBe(false);
  expect(hasRole("root", "viewer")).toBe(false);
});

test("names and passwords: what is refused says why", () => {
  expect(UserNameSchema.safeParse("ana.k").success).toBe(true);
  expect(UserNameSchema.safeParse("ana k").error?.issues[0]?.message).toMatch(/letters, digits/);
  expect(PasswordSchema.safeParse("short").error?.issues[0]?.message).toMatch(/at least 10/);
});

test("five failures in fifteen minutes lock a key until the first of them is fifteen minutes old", () => {
  const t0 = 1_000_000;
  const failures: number[] = [];
  for (let i = 0; i < 5; i++) {
    expect(retryAfter(failures, NAME_LIMIT, t0 + i * 1000)).toBe(0);
    failures.push(t0 + i * 1000);
  }
  expect(retryAfter(failures, NAME_LIMIT, t0 + 5000)).toBe(15 * 60_000 - 5000);
  expect(retryAfter([], NAME_LIMIT, t0 + 5000)).toBe(0);
  expect(retryAfter(failures, NAME_LIMIT, t0 + 15 * 60_000)).toBe(0);
  failures.push(t0 + 15 * 60_000);
  expect(retryAfter(failures, NAME_LIMIT, t0 + 15 * 60_000)).toBe(1000);
  // In any order the database hands them over.
  expect(retryAfter([...failures].reverse(), NAME_LIMIT, t0 + 15 * 60_000)).toBe(1000);
  expect(retryAfter(failures.slice(0, 29), ADDRESS_LIMIT, t0 + 5000)).toBe(0);
});

test.each([
  ["/instances/3", "/instances/3"],
  ["/instances?q=a#x", "/instances?q=a#x"],
  ["/\\/other-host/path", "/"],
  ["/\\other-host", "/"],
  ["//other-host/x", "/"],
  ["https://other-host/x", "/"],
  ["/\t/other-host", "/"],
  ["/\n/other-host", "/"],
  ["javascript:alert(1)", "/"],
  ["", "/"],
  [undefined, "/"],
  ["/sign-in?next=/x", "/"],
  ["/a/../../b", "/b"],
])("after signing in, %j leads to %j: paths on this site only", (next, expected) => {
  expect(safeNextPath(next)).toBe(expected);
});

test("behind a trusted proxy the client is the last X-Forwarded-For entry (the one the proxy appended)", () => {
  expect(clientAddress("203.0.113.9")).toBe("203.0.113.9");
  expect(clientAddress("1.2.3.4, 203.0.113.9")).toBe("203.0.113.9");
  expect(clientAddress("spoofed-by-client, 10.0.0.1 , 203.0.113.9 ")).toBe("203.0.113.9");
  expect(clientAddress("")).toBeNull();
  expect(clientAddress(null)).toBeNull();
});

test.each([
  ["GET from anywhere", "GET", { origin: "http://evil.example", "sec-fetch-site": "cross-site" }, null],
  ["a same-origin POST", "POST", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }, null],
  ["a POST a script sends with its own cookie (no Origin)", "POST", {}, null],
  ["another port of the host", "POST", { origin: "http://localhost:4000", "sec-fetch-site": "same-site" }, /same-site/],
  ["a sibling subdomain", "POST", { origin: "http://a.localhost:3000" }, /from http:\/\/a\.localhost:3000/],
  ["a cross-site form", "POST", { "sec-fetch-site": "cross-site" }, /cross-site/],
  ["a sandboxed frame (Origin: null)", "POST", { origin: "null" }, /from null/],
  ["a typed address", "POST", { "sec-fetch-site": "none" }, null],
] as const)("cross-origin check: %s", (_what, method, headers, refused) => {
  const result = crossOriginRefusal(method, new Headers(headers), "http://localhost:3000");
  if (refused === null) expect(result).toBeNull();
  else expect(result).toMatch(refused);
});

test("the app's origin behind a trusted proxy is the one the proxy was asked for", () => {
  const headers = new Headers({ "x-forwarded-proto": "https", "x-forwarded-host": "hints.example.org" });
  expect(appOriginOf("http://127.0.0.1:3000/x", headers, true)).toBe("https://hints.example.org");
  expect(appOriginOf("http://127.0.0.1:3000/x", headers, false)).toBe("http://127.0.0.1:3000");
  // The Host the browser sent, not the address the server names in the URL it hands over.
  expect(appOriginOf("http://localhost:3000/x", new Headers({ host: "127.0.0.1:3000" }), false)).toBe(
    "http://127.0.0.1:3000",
  );
});
