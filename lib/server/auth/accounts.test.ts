import { afterAll, beforeAll, expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import { endSession, startSession, userOfSession } from "./sessions";
import { addUser, checkPassword, listUsers, setDisabled, setPassword, setRole } from "./users";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

test("a user is stored with an argon2id hash, never the password, and signs in with it only", async () => {
  const ada = await addUser(env.db, { name: "ada", role: "admin", password: "correct horse battery" });
  expect(ada).toMatchObject({ name: "ada", role: "admin", disabled: false });
  expect(ada).not.toHaveProperty("passwordHash");
  const stored = await env.db.user.findUniqueOrThrow({ where: { name: "ada" } });
  expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  expect(stored.passwordHash).not.toContain("correct horse");
  expect(await checkPassword(env.db, "ada", "correct horse battery")).toMatchObject({ name: "ada" });
  expect(await checkPassword(env.db, "ada", "wrong horse battery")).toBeNull();
  expect(await checkPassword(env.db, "nobody", "correct horse battery")).toBeNull();
});

test("names are unique, roles known, passwords long enough: each refusal says which rule", async () => {
  await expect(addUser(env.db, { name: "ada", role: "viewer", password: "0123456789" })).rejects.toThrow(/exists/);
  await expect(addUser(env.db, { name: "bo", role: "root", password: "0123456789" })).rejects.toThrow(/viewer/);
  await expect(addUser(env.db, { name: "bo", role: "viewer", password: "short" })).rejects.toThrow(/at least 10/);
  expect((await listUsers(env.db)).map((u) => u.name)).toEqual(["ada"]);
});

test("the last enabled admin cannot be demoted or disabled", async () => {
  await expect(setRole(env.db, "ada", "curator")).rejects.toThrow(/last enabled admin/);
  await expect(setDisabled(env.db, "ada", true)).rejects.toThrow(/last enabled admin/);
  await addUser(env.db, { name: "grace", role: "admin", password: "0123456789ab" });
  expect(await setRole(env.db, "grace", "curator")).toMatchObject({ role: "curator" });
});

test("a session stands for its user until it expires, the user signs out, is disabled or gets a new password", async () => {
  const grace = await env.db.user.findUniqueOrThrow({ where: { name: "grace" } });
  const now = new Date("2026-11-30T12:00:00Z");
  const session = await startSession(env.db, grace.id, now);
  expect(session.token.length).toBeGreaterThan(40);
  // Only the token's hash is stored.
  expect(await env.db.session.findFirst({ where: { id: session.token } })).toBeNull();
  expect(await userOfSession(env.db, session.token, now)).toMatchObject({ name: "grace", role: "curator" });
  expect(await userOfSession(env.db, session.token, session.expiresAt)).toBeNull();
  expect(await userOfSession(env.db, "forged", now)).toBeNull();

  await setDisabled(env.db, "grace", true);
  expect(await userOfSession(env.db, session.token, now)).toBeNull();
  expect(await checkPassword(env.db, "grace", "0123456789ab")).toBeNull();
  await setDisabled(env.db, "grace", false);

  const second = await startSession(env.db, grace.id, now);
  await setPassword(env.db, "grace", "a new password here");
  expect(await userOfSession(env.db, second.token, now)).toBeNull();

  const third = await startSession(env.db, grace.id, now);
  await endSession(env.db, third.token, now);
  expect(await userOfSession(env.db, third.token, now)).toBeNull();
});
