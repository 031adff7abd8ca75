import { expect, test } from "vitest";
import { readSettings } from "./settings";

test("defaults when nothing is set (or set empty)", () => {
  expect(readSettings({})).toEqual({
    maxUploadBytes: 2048 * 1024 * 1024,
    secureCookie: false,
    trustProxy: false,
    demoPassword: undefined,
  });
  expect(readSettings({ HINTSCOPE_MAX_UPLOAD_MB: "" }).maxUploadBytes).toBe(2048 * 1024 * 1024);
  expect(readSettings({ HINTSCOPE_MAX_UPLOAD_MB: "10", HINTSCOPE_TRUST_PROXY: "1" })).toMatchObject({
    maxUploadBytes: 10 * 1024 * 1024,
    trustProxy: true,
  });
});

test.each([
  ["HINTSCOPE_MAX_UPLOAD_MB", "0", /HINTSCOPE_MAX_UPLOAD_MB="0" must be from 1/],
  ["HINTSCOPE_MAX_UPLOAD_MB", "abc", /HINTSCOPE_MAX_UPLOAD_MB="abc" must be a whole number of megabytes/],
  ["HINTSCOPE_MAX_UPLOAD_MB", "1.5", /must be a whole number/],
  ["HINTSCOPE_TRUST_PROXY", "yes", /HINTSCOPE_TRUST_PROXY="yes" must be "1" \(on\) or "0" \(off\)/],
  ["HINTSCOPE_SECURE_COOKIE", "true", /HINTSCOPE_SECURE_COOKIE="true"/],
  ["HINTSCOPE_DEMO_PASSWORD", "short", /at least 8 characters/],
  ["DATABASE_URL", "mysql://x", /DATABASE_URL="mysql:\/\/x" must be a SQLite/],
])("a bad %s (%j) is refused with its name, not replaced by a default", (name, value, message) => {
  expect(() => readSettings({ [name]: value })).toThrow(message);
});
