// A published version's lines as rows: stored and read back in order, compared in SQL as compareHintSets
// compares parsed lines, counted for the hint-sets page, and moved out of the JSONL text older databases kept.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compareHintSets, diffOfChanges } from "../../export/compare-sets";
import type { HintLine } from "../../export/hint-lines";
import { hintLine } from "../../testing/fixtures";
import { migrationStatements, openTempDatabase, TEST_ENGINE } from "../../testing/temp-database";
import { bulkTarget } from "../db/client";
import { importHintSet } from "./hint-set-import";
import { fillLineDigests, insertVersionLines, type StoredLine, storedLine, versionDifferences } from "./hint-set-lines";
import { listHintSets } from "./hint-set-list";
import { compareVersions, versionLines } from "./hint-sets";
import { assembleVersionExport } from "./version-export";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
beforeAll(async () => {
  env = await openTempDatabase();
});
afterAll(() => env.close());

const line = hintLine;

/** Ids that JSON escapes, that are Object.prototype members, that sort differently by bytes and by locale. */
const IDS = ["a", "B-upper", 'q"uoted\\id', "é-ünï", "constructor", "__proto__", "tab\tid", "z"];

/** Stores a version of set `name` (made on first use) holding `lines`, as publish and import store them. */
async function storeVersion(name: string, version: number, lines: StoredLine[]) {
  const set =
    (await env.db.hintSet.findUnique({ where: { name } })) ??
    (await env.db.hintSet.create({ data: { name, benchmark: "B", selection: "defuse", projection: "declaration" } }));
  const row = await env.db.hintSetVersion.create({ data: { hintSetId: set.id, version } });
  await env.db.$transaction((tx) => insertVersionLines(bulkTarget(env.db, tx), row.id, lines));
  return row.id;
}

test("a version's lines are read back in the order published, parsed as they were written", async () => {
  const lines = IDS.map((id, n) => line(id, n === 2 ? { status: "flagged", flag_reason: "spoiler" } : {}));
  await storeVersion("order", 1, lines.map(storedLine));
  expect((await versionLines(env.db, "order")).lines).toEqual(lines);
  await storeVersion("order", 2, []);
  expect((await versionLines(env.db, "order", 2)).lines).toEqual([]);
  // The hint-sets page's counts, newest version first.
  const listed = (await listHintSets(env.db)).sets.find((s) => s.name === "order");
  expect(listed?.versions.map((v) => [v.version, v.hints])).toEqual([
    [2, 0],
    [1, IDS.length],
  ]);
});

test("comparing two versions in the database gives the diff of their parsed lines", async () => {
  const before = IDS.map((id) => line(id));
  const after = [
    line("a"),
    line("B-upper", { status: "flagged", hint: "### `f_b` (function)", identifiers: [] }),
    line("d"),
    line('q"uoted\\id', { hint: "changed" }),
    line("constructor", { status: "trimmed" }),
    line("__proto__", { identifiers: [] }),
    line("tab\tid"),
    line("z"),
  ];
  // "é-ünï" is removed, "d" added; the line of "z" is written by another tool, its keys in another order:
  // its text differs, its content does not.
  const stored = after.map(storedLine);
  const { hint, ...rest } = line("z");
  stored[stored.length - 1] = {
    instanceId: "z",
    status: "accepted",
    line: JSON.stringify({ hint, ...rest }),
    digest: storedLine(line("z")).digest,
  };
  await storeVersion("cmp", 1, before.map(storedLine));
  await storeVersion("cmp", 2, stored);
  const {
    diff,
    before: first,
    after: second,
  } = await compareVersions(env.db, { name: "cmp", version: 1 }, { name: "cmp" });
  expect([first.version, second.version]).toEqual([1, 2]);
  expect(diff).toEqual(compareHintSets(before, after));
  expect(diff.hints_changed.map((c) => c.instance_id)).toEqual(
    ["B-upper", "__proto__", "constructor", 'q"uoted\\id'].sort((x, y) => x.localeCompare(y)),
  );
  expect(diff.instances_added).toEqual(["d"]);
  expect(diff.instances_removed).toEqual(["é-ünï"]);
  expect((await compareVersions(env.db, { name: "cmp", version: 1 }, { name: "cmp", version: 1 })).diff.identical).toBe(
    true,
  );
  // Two sets compared: the second set's version against the first's.
  await storeVersion("cmp-other", 1, before.map(storedLine));
  expect((await compareVersions(env.db, { name: "cmp-other" }, { name: "cmp", version: 1 })).diff.identical).toBe(true);
  // A version that is not there is a "not found", naming it.
  await expect(compareVersions(env.db, { name: "cmp", version: 9 }, { name: "cmp" })).rejects.toThrow(
    'hint set "cmp" has no version 9',
  );
});

test("by digest or by text, with lines stored before digests were kept on either side, the diff is the parsed lines' diff", async () => {
  const identifier = (name: string, signature = `${name}()`) => ({
    name,
    kind: "function",
    path: "a.py",
    new_file: false,
    signature,
    attributes: ["name" as const],
  });
  // Each way a line can change, and each way it can differ in text without a change a comparison reads.
  const before = [
    line("same"),
    line("status"),
    line("hint"),
    line("added", { identifiers: [identifier("x")] }),
    line("removed", { identifiers: [identifier("x"), identifier("y")] }),
    line("renamed", { identifiers: [identifier("x")] }),
    line("reordered", { identifiers: [identifier("x"), identifier("y")] }),
    line("twice", { identifiers: [identifier("x")] }),
    line("signature", { identifiers: [identifier("x")] }),
    line("note"),
    line("constructor"),
    line("gone"),
  ];
  const after = [
    line("same"),
    line("status", { status: "trimmed" }),
    line("hint", { hint: "another text" }),
    line("added", { identifiers: [identifier("x"), identifier("y")] }),
    line("removed", { identifiers: [identifier("y")] }),
    line("renamed", { identifiers: [identifier("z")] }),
    line("reordered", { identifiers: [identifier("y"), identifier("x")] }),
    line("twice", { identifiers: [identifier("x"), identifier("x")] }),
    line("signature", { identifiers: [identifier("x", "x(a, b)")] }),
    line("note", { note: "a curator's note", flag_reason: null }),
    line("constructor", { status: "flagged", flag_reason: "spoiler" }),
    line("new"),
  ];
  const expected = compareHintSets(before, after);
  expect(expected.hints_changed.map((c) => c.instance_id)).toEqual(
    ["status", "hint", "added", "removed", "renamed", "constructor"].sort((x, y) => x.localeCompare(y)),
  );
  const legacy = (l: StoredLine): StoredLine => ({ ...l, digest: null });
  for (const [name, first, second] of [
    ["digests", storedLine, storedLine],
    ["older first", (l: HintLine) => legacy(storedLine(l)), storedLine],
    ["older second", storedLine, (l: HintLine) => legacy(storedLine(l))],
    ["older both", (l: HintLine) => legacy(storedLine(l)), (l: HintLine) => legacy(storedLine(l))],
  ] as const) {
    const set = `digest-${name}`;
    const [v1, v2] = [await storeVersion(set, 1, before.map(first)), await storeVersion(set, 2, after.map(second))];
    // As stored, lines without a digest compared by their texts.
    const found = await versionDifferences(bulkTarget(env.db, env.db), v1, v2);
    expect(diffOfChanges(found.onlyBefore, found.onlyAfter, found.changes, found.changedCount), name).toEqual(expected);
    // A comparison first gives the versions' lines their digests, as publishing would have.
    const compared = await compareVersions(env.db, { name: set, version: 1 }, { name: set, version: 2 });
    expect(compared.diff, name).toEqual(expected);
    expect(compared.changedCount, name).toBe(expected.hints_changed.length);
    const digests = await env.db.hintSetLine.findMany({ where: { versionId: { in: [v1, v2] } } });
    expect(digests.every((row) => row.digest !== null)).toBe(true);
    for (const row of digests)
      if (row.versionId === v1) expect(row.digest).toBe(storedLine(before[row.position] as HintLine).digest);
      else expect(row.digest).toBe(storedLine(after[row.position] as HintLine).digest);
    // The first of the changes listed, all of them counted; a diff listing none is still not identical.
    for (const listed of [0, 1, 4]) {
      const part = await compareVersions(env.db, { name: set, version: 1 }, { name: set, version: 2 }, listed);
      expect(part.diff.hints_changed, `${name} ${listed}`).toEqual(expected.hints_changed.slice(0, listed));
      expect(part.changedCount).toBe(expected.hints_changed.length);
      expect(part.diff.identical).toBe(false);
    }
    // A page further on (the compare page's `?page=`): its rows of the whole list (one added, one removed,
    // then the changes), only those changes read.
    for (const [start, from, to] of [
      [0, 0, 1],
      [1, 0, 2],
      [2, 0, 3],
      [5, 3, 6],
      [8, 6, 6],
    ] as const) {
      const page = await compareVersions(env.db, { name: set, version: 1 }, { name: set, version: 2 }, 3, start);
      expect(page.diff.hints_changed, `${name} from ${start}`).toEqual(expected.hints_changed.slice(from, to));
      expect(page.changedCount).toBe(expected.hints_changed.length);
      expect([page.diff.instances_added, page.diff.instances_removed]).toEqual([["new"], ["gone"]]);
    }
  }
});

test("lines stored without digests get theirs in batches, each the digest publishing gives; once", async () => {
  // More lines than a batch, ids in an order of their own: the batches walk them by id.
  const lines = Array.from({ length: 1203 }, (_, n) =>
    line(`${(n * 7919) % 1203}-${IDS[n % IDS.length]}`, { status: n % 5 === 0 ? "trimmed" : "accepted" }),
  );
  const versionId = await storeVersion(
    "fill",
    1,
    lines.map((l) => ({ ...storedLine(l), digest: null })),
  );
  expect(await fillLineDigests(env.db, [versionId, versionId])).toBe(lines.length);
  const rows = await env.db.hintSetLine.findMany({ where: { versionId }, orderBy: { position: "asc" } });
  expect(rows.map((r) => r.digest)).toEqual(lines.map((l) => storedLine(l).digest));
  expect(await fillLineDigests(env.db, [versionId])).toBe(0);
});

test("the migration moves each version's JSONL text into rows, in order, the empty version included", async () => {
  const published = IDS.map((id, n) => line(id, { status: n % 3 === 0 ? "trimmed" : "accepted" }));
  const full = await storeVersion("migrated", 1, published.map(storedLine));
  const empty = await storeVersion("migrated", 2, []);
  const expected = [
    (await versionLines(env.db, "migrated", 1)).lines,
    (await versionLines(env.db, "migrated", 2)).lines,
  ];
  expect(expected[0]).toEqual(published);
  // The database as it was before the migration: the versions' texts in a column, no rows.
  const texts = new Map<number, string>();
  for (const id of [full, empty]) {
    const rows = await env.db.hintSetLine.findMany({ where: { versionId: id }, orderBy: { position: "asc" } });
    texts.set(id, rows.map((r) => `${r.line}\n`).join(""));
  }
  await env.db.$executeRawUnsafe(`DROP TABLE "HintSetLine"`);
  await env.db.$executeRawUnsafe(`ALTER TABLE "HintSetVersion" ADD COLUMN "lines" TEXT NOT NULL DEFAULT ''`);
  for (const [id, text] of texts)
    await env.db.$executeRawUnsafe(
      TEST_ENGINE === "postgres"
        ? `UPDATE "HintSetVersion" SET "lines" = $1 WHERE "id" = $2`
        : `UPDATE "HintSetVersion" SET "lines" = ? WHERE "id" = ?`,
      text,
      id,
    );
  await env.db.$executeRawUnsafe(`DROP INDEX "FrontierBasis_benchmarkId_externalId_idx"`);
  await env.db.$executeRawUnsafe(`CREATE INDEX "FrontierBasis_benchmarkId_idx" ON "FrontierBasis"("benchmarkId")`);
  // The migration's own statements, as the migrator runs them.
  const statements = [
    ...migrationStatements("20261202210000_hint_set_lines"),
    ...migrationStatements("20261203060000_hint_line_digests"),
  ];
  expect(statements.some((s) => s.startsWith("INSERT INTO"))).toBe(true);
  await env.db.$transaction(async (tx) => {
    for (const statement of statements) await tx.$executeRawUnsafe(statement);
  });
  expect([
    (await versionLines(env.db, "migrated", 1)).lines,
    (await versionLines(env.db, "migrated", 2)).lines,
  ]).toEqual(expected);
  const rows = await env.db.hintSetLine.findMany({ where: { versionId: full }, orderBy: { position: "asc" } });
  expect(rows.map((r) => [r.position, r.instanceId, r.status])).toEqual(
    published.map((l, n) => [n, l.instance_id, l.status]),
  );
});

test("an imported set with two lines for one instance is refused, naming both lines; nothing is stored", async () => {
  await storeVersion("dup", 1, [line("a"), line("b")].map(storedLine));
  const exported = await assembleVersionExport(env.db, "dup", 1, { includeFlagged: false, native: false });
  const [first] = exported.jsonl.split("\n");
  const jsonl = `${exported.jsonl}${first}\n`;
  const manifest = { ...exported.manifest, sha256: createHash("sha256").update(jsonl).digest("hex") };
  const file = env.tmp.write("dup-v1.jsonl", jsonl);
  env.tmp.write("dup-v1.manifest.json", JSON.stringify(manifest));
  const versions = await env.db.hintSetVersion.count();
  await expect(importHintSet(env.db, file, "dup-imported")).rejects.toThrow(
    `${file}:3: instance "a" has a line already (line 1); a version holds one per instance`,
  );
  expect(await env.db.hintSetVersion.count()).toBe(versions);
  // The same file without the repeated line goes in, its lines as written.
  env.tmp.write("dup-v1.jsonl", exported.jsonl);
  env.tmp.write("dup-v1.manifest.json", JSON.stringify(exported.manifest));
  await importHintSet(env.db, file, "dup-imported");
  expect((await versionLines(env.db, "dup-imported")).lines).toEqual([line("a"), line("b")]);
});
