import { expect, test } from "vitest";
import { AppError, actionResult, httpStatus, refusal, refusalWith, routeResult } from "./app-error";
import { UserError } from "./auth/users";
import { openDatabase } from "./db/client";

test("an AppError's code is one of the vocabulary; the first spellings are read as the codes they mean", () => {
  expect(new AppError("not_found", "x").code).toBe("not-found");
  expect(new AppError("bad_request", "x").code).toBe("invalid-input");
  expect(new AppError("limit", "x").code).toBe("limit");
  expect(httpStatus(new AppError("not_found", "x"))).toBe(404);
  expect(httpStatus(new AppError("unavailable", "x"))).toBe(503);
  // UserError is an AppError: a taken name is a conflict, a bad password invalid input.
  const taken = new UserError('a user named "ada" exists', "conflict");
  expect(taken).toBeInstanceOf(AppError);
  expect(taken.code).toBe("conflict");
  expect(new UserError("too short").code).toBe("invalid-input");
});

test("an action's expected failure, translated failure, infrastructure failure and fault", async () => {
  expect(await actionResult(async () => ({ ok: true as const, message: "done" }))).toEqual({
    ok: true,
    message: "done",
  });
  expect(
    await actionResult(async () => {
      throw new AppError("conflict", 'a hint set named "x" exists');
    }),
  ).toEqual({ ok: false, code: "conflict", error: 'a hint set named "x" exists' });
  expect(refusal("not-found", "no saved view")).toEqual({ ok: false, code: "not-found", error: "no saved view" });
  // A caller's own expected error, named by its translation.
  class Refused extends Error {}
  expect(
    await actionResult(
      async () => {
        throw new Refused("the endpoint said no");
      },
      (error) => (error instanceof Refused ? new AppError("unavailable", error.message) : null),
    ),
  ).toEqual({ ok: false, code: "unavailable", error: "the endpoint said no" });
  // A fault is thrown on (logged, answered 500), never turned into a message.
  await expect(
    actionResult(async () => {
      throw new TypeError("x is undefined");
    }),
  ).rejects.toThrow("x is undefined");
});

test("a database that does not answer: the action says so in words, not the driver's message", async () => {
  // A real client of a PostgreSQL server that is not there (nothing listens on port 1).
  const db = await openDatabase("postgresql://hintscope@127.0.0.1:1/none?connect_timeout=5").catch((error) => error);
  const answer = await actionResult(async () => {
    if (db instanceof Error) throw db;
    await db.user.count();
    return { ok: true as const };
  });
  expect(answer).toMatchObject({ ok: false, code: "unavailable" });
  expect((answer as { error: string }).error).toMatch(/^the database stopped answering/);
  expect((answer as { error: string }).error).not.toMatch(/prisma|invocation/i);
  if (!(db instanceof Error)) await db.$disconnect();
});

test("a failure's own fields sit beside the one shape, which they cannot overwrite", () => {
  expect(refusalWith("conflict", "ada decided it", { conflict: { curator: "ada" } })).toEqual({
    ok: false,
    code: "conflict",
    error: "ada decided it",
    conflict: { curator: "ada" },
  });
  expect(refusalWith("limit", "too many", { error: "other", ok: true } as object)).toEqual({
    ok: false,
    code: "limit",
    error: "too many",
  });
});

test("an API route's expected failure and a database that does not answer, as JSON in the one shape; a fault thrown on", async () => {
  const missing = await routeResult(async () => {
    throw new AppError("not-found", "no judge run 7");
  });
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ ok: false, code: "not-found", error: "no judge run 7" });
  // A real client of a PostgreSQL server that is not there (nothing listens on port 1).
  const db = await openDatabase("postgresql://hintscope@127.0.0.1:1/none?connect_timeout=5").catch((error) => error);
  const gone = await routeResult(async () => {
    if (db instanceof Error) throw db;
    return Response.json({ ok: true, users: await db.user.count() });
  });
  expect(gone.status).toBe(503);
  const body = (await gone.json()) as { ok: boolean; code: string; error: string };
  expect(body).toMatchObject({ ok: false, code: "unavailable" });
  expect(body.error).toMatch(/^the database stopped answering/);
  expect(body.error).not.toMatch(/prisma|invocation/i);
  if (!(db instanceof Error)) await db.$disconnect();
  await expect(
    routeResult(async () => {
      throw new TypeError("x is undefined");
    }),
  ).rejects.toThrow("x is undefined");
});
