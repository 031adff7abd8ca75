import path from "node:path";
import { expect, test } from "vitest";
import { readSettings } from "./settings";

test("defaults when nothing is set (or set empty)", () => {
  expect(readSettings({})).toEqual({
    maxUploadBytes: 2048 * 1024 * 1024,
    secureCookie: false,
    trustProxy: false,
    demoPassword: undefined,
    repositoryStore: null,
    serverWorksQueues: true,
    workerLeaseSeconds: 600,
  });
  expect(readSettings({ HINTSCOPE_SERVER_JOBS: "0", HINTSCOPE_WORKER_LEASE_S: "30" })).toMatchObject({
    serverWorksQueues: false,
    workerLeaseSeconds: 30,
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
  ["HINTSCOPE_DEMO_PASSWORD", "short", /at least 10 characters/],
  // 8 or 9 characters passed here and then failed at the seed that made the accounts.
  ["HINTSCOPE_DEMO_PASSWORD", "ninechars", /at least 10 characters/],
  ["DATABASE_URL", "mysql://x", /DATABASE_URL="mysql:\/\/x" must be a SQLite/],
  [
    "HINTSCOPE_GIT_REMOTE",
    "https://github.com/x.git",
    /HINTSCOPE_GIT_REMOTE="https:\/\/github.com\/x.git" must hold \{owner\} and \{name\}/,
  ],
  ["HINTSCOPE_SERVER_JOBS", "no", /HINTSCOPE_SERVER_JOBS="no" must be "1" \(on\) or "0" \(off\)/],
  ["HINTSCOPE_WORKER_LEASE_S", "2", /HINTSCOPE_WORKER_LEASE_S="2" must be from 4 to 86400/],
  ["HINTSCOPE_WORKER_LEASE_S", "1m", /must be a whole number of seconds/],
  ["HINTSCOPE_REPOS_MAX_GB", "-1", /HINTSCOPE_REPOS_MAX_GB="-1" must be a number of gigabytes/],
])("a bad %s (%j) is refused with its name, not replaced by a default", (name, value, message) => {
  expect(() => readSettings({ [name]: value })).toThrow(message);
});

test("the repository store: a folder, an optional remote with {owner} and {name}, an optional size limit", () => {
  expect(readSettings({ HINTSCOPE_REPOS: "var/repos" }).repositoryStore).toEqual({
    root: path.resolve("var/repos"),
    remote: null,
    maxBytes: null,
  });
  expect(
    readSettings({
      HINTSCOPE_REPOS: "/srv/repos",
      HINTSCOPE_GIT_REMOTE: "https://github.com/{owner}/{name}.git",
      HINTSCOPE_REPOS_MAX_GB: "1.5",
    }).repositoryStore,
  ).toEqual({ root: "/srv/repos", remote: "https://github.com/{owner}/{name}.git", maxBytes: 1.5 * 2 ** 30 });
  // A remote without a store to fetch into is a mistake, not a silent no-op.
  expect(() => readSettings({ HINTSCOPE_GIT_REMOTE: "file:///r/{owner}/{name}.git" })).toThrow(/need HINTSCOPE_REPOS/);
});
