import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runExport } from "../../cli/hint-set-commands";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { addUser } from "../auth/users";
import { importFiles } from "../import/import-files";
import { createHintSet } from "./hint-sets";
import { adjudicate, decideInRound, publishRound, startRound } from "./review-rounds";
import { nextForCurator, roundState } from "./round-state";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let ids: number[];
beforeAll(async () => {
  env = await openTempDatabase();
  await importFiles(env.db, [
    env.tmp.write("swebench-lite-round.jsonl", jsonl([1, 2, 3, 4].map((n) => swebenchRecord(n)))),
  ]);
  await analyzePendingInstances(env.db);
  ids = (await env.db.instance.findMany({ orderBy: { externalId: "asc" } })).map((i) => i.id);
  for (const [name, role] of [
    ["ada", "admin"],
    ["bo", "curator"],
    ["cy", "curator"],
    ["di", "curator"],
    ["vi", "viewer"],
  ] as const)
    await addUser(env.db, { name, role, password: "a long password" });
  await createHintSet(env.db, {
    name: "lite",
    benchmark: "SWE-bench Lite",
    selection: "defuse",
    projection: "declaration",
  });
});
afterAll(() => env.close());

test("a round needs curators who can review, as many as it deals per hint", async () => {
  await expect(
    startRound(env.db, { name: "x", hintSet: "lite", curators: ["bo", "vi"], curatorsPerHint: 2 }, "ada"),
  ).rejects.toThrow(/vi is not an enabled curator/);
  await expect(
    startRound(env.db, { name: "x", hintSet: "lite", curators: ["bo", "cy"], curatorsPerHint: 3 }, "ada"),
  ).rejects.toThrow(/at least as many curators/);
  // A round's refusals are the vocabulary's: a set that is not there is not-found, a taken name a conflict.
  await expect(
    startRound(env.db, { name: "x", hintSet: "nothing", curators: ["bo"], curatorsPerHint: 1 }, "ada"),
  ).rejects.toMatchObject({ name: "RoundError", code: "not-found", message: 'no hint set named "nothing"' });
});

test("three curators, a disagreement adjudicated, published and exported: the manifest's κ is the worked example's", async () => {
  const round = await startRound(
    env.db,
    { name: "r1", hintSet: "lite", curators: ["bo", "cy", "di"], curatorsPerHint: 3 },
    "ada",
  );
  const [h1, h2, h3, h4] = ids as [number, number, number, number];
  const trim = { identifiers: [], attributes: { widget_4: ["path"] } };
  const decide = (curator: string, instanceId: number, action: string, extra: Record<string, unknown> = {}) =>
    decideInRound(env.db, { roundId: round.id, instanceId, action, ...extra }, curator);
  // Hint 1: accept ×3. Hint 2: accept, accept, flag (spoiler). Hint 3: flag spoiler ×2, flag guesswork.
  // Hint 4: the same trim ×3.
  for (const c of ["bo", "cy", "di"]) expect(await decide(c, h1, "accept")).toEqual({ ok: true, action: "accept" });
  await decide("bo", h2, "accept");
  await decide("cy", h2, "accept");
  expect(await nextForCurator(env.db, round.id, "di")).toBe(h2);
  await decide("di", h2, "flag", { reason: "spoiler" });
  await decide("bo", h3, "flag", { reason: "spoiler" });
  await decide("cy", h3, "flag", { reason: "spoiler" });
  expect(await decide("di", h3, "flag")).toMatchObject({
    ok: false,
    code: "invalid-input",
    error: "a flag needs a reason",
  });
  await decide("di", h3, "flag", { reason: "guesswork" });
  for (const c of ["bo", "cy", "di"]) await decide(c, h4, "trim", { trimmed: trim });
  expect(await decide("vi", h1, "accept")).toMatchObject({ ok: false, code: "forbidden", error: /not in your queue/ });

  const state = await roundState(env.db, round.id);
  expect(state?.progress).toEqual([
    { curator: "bo", assigned: 4, done: 4 },
    { curator: "cy", assigned: 4, done: 4 },
    { curator: "di", assigned: 4, done: 4 },
  ]);
  expect(state?.counts).toMatchObject({ instances: 4, agreed: 2, disagreed: 2, adjudicated: 0 });
  // A disagreement shows what each curator's decision makes the hint say, side by side.
  const second = state?.items.find((i) => i.instanceId === h2);
  expect(second?.decisions.map((d) => [d.curator, d.action, typeof d.text])).toEqual([
    ["bo", "accept", "string"],
    ["cy", "accept", "string"],
    ["di", "flag", "string"],
  ]);
  expect(second?.decisions[0]?.text).toContain("widget_2");
  await expect(publishRound(env.db, round.id, "ada")).rejects.toThrow(/2 hint\(s\) are not final/);

  // Only a disagreement is adjudicated; the admin's decision is final.
  expect(
    await adjudicate(env.db, { roundId: round.id, instanceId: h1, action: "flag", reason: "other" }, "ada"),
  ).toMatchObject({ ok: false });
  await adjudicate(env.db, { roundId: round.id, instanceId: h2, action: "accept" }, "ada");
  await adjudicate(
    env.db,
    { roundId: round.id, instanceId: h3, action: "flag", reason: "spoiler", note: "two of three" },
    "ada",
  );

  const published = await publishRound(env.db, round.id, "ada");
  expect(published.version).toBe(1);
  // Worked by hand in lib/review/review-round.test.ts: κ on actions = 70/94, on flag reasons = 52/100.
  expect(published.review.agreement.method).toBe("fleiss");
  expect(published.review.agreement.kappa).toBeCloseTo(70 / 94, 12);
  expect(published.review.agreement.kappa_by_reason).toBeCloseTo(0.52, 12);
  expect(await decide("bo", h1, "flag", { reason: "spoiler" })).toMatchObject({
    ok: false,
    code: "conflict",
    error: /published/,
  });

  // The outcomes are the hints' decisions now, each in the audit trail under the round or the adjudicator.
  const audit = await env.db.decision.findMany({ orderBy: { id: "asc" } });
  expect(audit.map((d) => [d.curator, d.action])).toEqual([
    ["round r1 (agreed: bo, cy, di)", "accept"],
    ["ada (adjudicating round r1)", "accept"],
    ["ada (adjudicating round r1)", "flag"],
    ["round r1 (agreed: bo, cy, di)", "trim"],
  ]);

  const out = path.join(env.tmp.dir, "export");
  const stdout = process.stdout.write;
  process.stdout.write = () => true;
  try {
    expect(await runExport(env.db, { set: "lite", out, includeFlagged: true, csv: false, json: false })).toBe(0);
  } finally {
    process.stdout.write = stdout;
  }
  const manifest = JSON.parse(readFileSync(path.join(out, "lite-v1.manifest.json"), "utf8"));
  expect(manifest.counts).toMatchObject({ instances: 4, accepted: 2, trimmed: 1, flagged: 1 });
  expect(manifest.review).toMatchObject({
    round: "r1",
    curators: ["bo", "cy", "di"],
    curators_per_hint: 3,
    blind: true,
    instances: 4,
    agreed: 2,
    adjudicated: 2,
    adjudicators: ["ada"],
    // On the action all three agree on hints 1, 3 and 4 (hint 3: three flags, with different reasons).
    agreement: { method: "fleiss", percent_agreement: 0.75 },
  });
  expect(manifest.review.agreement.kappa).toBeCloseTo(0.7447, 4);
});

/** A round of `name` over the four instances, two curators a hint, each deciding as `decisions` says (else accept). */
async function decidedRound(name: string, decisions: (instanceId: number, curator: string) => Record<string, unknown>) {
  await createHintSet(env.db, { name, benchmark: "SWE-bench Lite", selection: "defuse", projection: "declaration" });
  const round = await startRound(env.db, { name, hintSet: name, curators: ["bo", "cy"], curatorsPerHint: 2 }, "ada");
  for (const instanceId of ids)
    for (const curator of ["bo", "cy"])
      expect(
        await decideInRound(
          env.db,
          { roundId: round.id, instanceId, action: "accept", ...decisions(instanceId, curator) },
          curator,
        ),
      ).toMatchObject({ ok: true });
  return round;
}

test("two publishes of a round at once: one publishes it, the other is told it is published; one version", async () => {
  const round = await decidedRound("twice", () => ({}));
  const results = await Promise.allSettled([
    publishRound(env.db, round.id, "ada"),
    publishRound(env.db, round.id, "ada"),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
  expect(refused.map((e) => e.message)).toEqual(['round "twice" is already published']);
  const set = await env.db.hintSet.findUniqueOrThrow({ where: { name: "twice" }, include: { versions: true } });
  expect(set.versions).toHaveLength(1);
  expect(await env.db.decision.count({ where: { curator: "round twice (agreed: bo, cy)" } })).toBe(ids.length);
});

// The publish read the round (its outcomes and adjudications) before its transaction: an adjudication
// committed while the publish waited for the round's row was published as it had been. Another connection
// holds the round's row while it changes the adjudication; the publish waits for it (seen in PostgreSQL's own
// view of who waits on a lock), then publishes what was committed.
test.skipIf(TEST_ENGINE !== "postgres")(
  "an adjudication committed while a publish waits for the round is the one published",
  async () => {
    const [h1] = ids as [number];
    const round = await decidedRound("late", (instanceId, curator) =>
      instanceId === h1 && curator === "cy" ? { action: "flag", reason: "spoiler" } : {},
    );
    expect(await adjudicate(env.db, { roundId: round.id, instanceId: h1, action: "accept" }, "ada")).toMatchObject({
      ok: true,
    });
    const other = new pg.Client({ connectionString: env.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query('SELECT "id" FROM "ReviewRound" WHERE "id" = $1 FOR UPDATE', [round.id]);
      await other.query(
        `UPDATE "RoundAdjudication" SET "action" = 'flag', "flagReason" = 'spoiler' WHERE "roundId" = $1 AND "instanceId" = $2`,
        [round.id, h1],
      );
      const publishing = publishRound(env.db, round.id, "ada");
      publishing.catch(() => undefined);
      const waiting = async () =>
        (
          await other.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0].n > 0;
      while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 20));
      await other.query("COMMIT");
      await publishing;
    } finally {
      await other.end();
    }
    const decided = await env.db.decision.findFirstOrThrow({
      where: { curator: "ada (adjudicating round late)" },
      orderBy: { id: "desc" },
    });
    expect(decided.action).toBe("flag");
    expect(decided.after).toContain("spoiler");
  },
);
