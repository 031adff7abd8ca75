import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compareHintSets } from "../../export/compare-sets";
import { jsonl, swebenchRecord } from "../../testing/fixtures";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { importFiles } from "../import/import-files";
import { importHintSet } from "./hint-set-import";
import { createHintSet, publishHintSet, versionLines } from "./hint-sets";
import { recordDecision } from "./record-decision";
import { exportFilter, writeHintExport } from "./version-export";

let env: Awaited<ReturnType<typeof openTempDatabase>>;
let other: Awaited<ReturnType<typeof openTempDatabase>>;

beforeAll(async () => {
  env = await openTempDatabase();
  other = await openTempDatabase();
  await importFiles(env.db, [
    env.tmp.write("swebench-lite-hs.jsonl", jsonl([1, 2, 3, 4].map((n) => swebenchRecord(n)))),
  ]);
  await analyzePendingInstances(env.db);
  const ids = (await env.db.instance.findMany({ orderBy: { externalId: "asc" } })).map((i) => i.id);
  const decide = (instanceId: number, action: string, extra: Record<string, unknown> = {}) =>
    recordDecision(
      env.db,
      {
        instanceId,
        selection: "defuse",
        projection: "declaration",
        action,
        expectedVersion: 0,
        trimmed: { identifiers: [], attributes: {} },
        renderedText: "",
        reason: null,
        note: "",
        ...extra,
      },
      "ada",
    );
  await decide(ids[0] as number, "accept");
  await decide(ids[1] as number, "trim", { trimmed: { identifiers: [], attributes: { widget_2: ["path"] } } });
  await decide(ids[2] as number, "flag", { reason: "spoiler", note: "gives the body away" });
  await createHintSet(env.db, {
    name: "lite-defuse",
    benchmark: "SWE-bench Lite",
    selection: "defuse",
    projection: "declaration",
  });
});
afterAll(async () => {
  await env.close();
  await other.close();
});

const exportVersion = async (db: typeof env.db, dir: string, name: string, includeFlagged = false) => {
  const { set, version, lines } = await versionLines(db, name);
  const manifest = await writeHintExport(lines, {
    dir,
    baseName: `${name}-v${version}`,
    header: {
      name: set.name,
      version,
      benchmark: set.benchmark,
      selection: set.selection,
      projection: set.projection,
      include_flagged: includeFlagged,
    },
    keep: exportFilter(includeFlagged),
  });
  return {
    manifest,
    bytes: readFileSync(path.join(dir, manifest.file)),
    manifestBytes: readFileSync(path.join(dir, `${name}-v${version}.manifest.json`)),
  };
};

test("publishing freezes the decided hints; export keeps accepted and trimmed, flagged on request", async () => {
  const published = await publishHintSet(env.db, "lite-defuse");
  expect(published.version).toBe(1);
  const { manifest } = await exportVersion(env.db, path.join(env.tmp.dir, "a"), "lite-defuse");
  expect(manifest.counts).toMatchObject({ instances: 2, accepted: 1, trimmed: 1, flagged: 0, pending: 0 });
  const withFlags = await exportVersion(env.db, path.join(env.tmp.dir, "b"), "lite-defuse", true);
  expect(withFlags.manifest.counts).toMatchObject({ instances: 3, flagged: 1 });
  const flagged = withFlags.bytes
    .toString()
    .split("\n")
    .find((l) => l.includes('"flagged"'));
  expect(flagged).toContain('"flag_reason":"spoiler"');
  // The trimmed attribute is gone from that hint's text and structure.
  const trimmed = JSON.parse(
    withFlags.bytes
      .toString()
      .split("\n")
      .find((l) => l.includes('"trimmed"')) as string,
  );
  expect(trimmed.identifiers[0].attributes).not.toContain("path");
  expect(trimmed.hint).not.toContain("widgets/core.py");
});

test("the same version exports to the same bytes; later decisions go into the next version", async () => {
  const first = await exportVersion(env.db, path.join(env.tmp.dir, "c"), "lite-defuse");
  const again = await exportVersion(env.db, path.join(env.tmp.dir, "d"), "lite-defuse");
  expect(again.bytes.equals(first.bytes)).toBe(true);
  expect(again.manifestBytes.equals(first.manifestBytes)).toBe(true);

  const last = (await env.db.instance.findMany({ orderBy: { externalId: "asc" } })).at(-1);
  await recordDecision(
    env.db,
    {
      instanceId: last?.id,
      selection: "defuse",
      projection: "declaration",
      action: "accept",
      expectedVersion: 0,
      trimmed: { identifiers: [], attributes: {} },
      renderedText: "",
      reason: null,
      note: "",
    },
    "grace",
  );
  expect((await versionLines(env.db, "lite-defuse", 1)).lines).toHaveLength(3);
  expect((await publishHintSet(env.db, "lite-defuse")).version).toBe(2);
  const diff = compareHintSets(
    (await versionLines(env.db, "lite-defuse", 1)).lines,
    (await versionLines(env.db, "lite-defuse", 2)).lines,
  );
  expect(diff.instances_added).toEqual(["acme__widgets-4"]);
  expect(diff.hints_changed).toEqual([]);
});

test("an exported set imported elsewhere round-trips with zero differences and the same bytes", async () => {
  const exported = await exportVersion(env.db, path.join(env.tmp.dir, "e"), "lite-defuse");
  const jsonlPath = path.join(env.tmp.dir, "e", exported.manifest.file);
  await importHintSet(other.db, jsonlPath);
  const roundTrip = await exportVersion(other.db, path.join(other.tmp.dir, "f"), "lite-defuse");
  expect(roundTrip.bytes.equals(exported.bytes)).toBe(true);
  // The manifests agree but for what the first export left out (its flagged line), which never travelled.
  const { excluded, ...manifest } = exported.manifest;
  expect(excluded).toMatchObject({ flagged: 1 });
  expect(roundTrip.manifest).toEqual({ ...manifest, excluded: { ...excluded, flagged: 0 } });
  expect(
    // What was exported (accepted and trimmed) against what the colleague now has.
    compareHintSets(
      (await versionLines(env.db, "lite-defuse")).lines.filter(exportFilter(false)),
      (await versionLines(other.db, "lite-defuse")).lines,
    ).identical,
  ).toBe(true);
});

test("an import whose file does not match its manifest's checksum is refused", async () => {
  const exported = await exportVersion(env.db, path.join(env.tmp.dir, "g"), "lite-defuse");
  const tampered = path.join(env.tmp.dir, "g", exported.manifest.file);
  const { writeFileSync } = await import("node:fs");
  writeFileSync(tampered, exported.bytes.toString().replace("accepted", "trimmed"));
  await expect(importHintSet(other.db, tampered, "tampered")).rejects.toThrow(/checksum .* does not match/);
  expect(await other.db.hintSet.findUnique({ where: { name: "tampered" } })).toBeNull();
});

test("a hint set over a saved list view covers only the instances that view shows", async () => {
  await createHintSet(env.db, {
    name: "lite-flagged-view",
    benchmark: "SWE-bench Lite",
    selection: "defuse",
    projection: "declaration",
    filter: "review=flagged,trimmed&sort=pro&desc=0&bogus=1",
  });
  const set = await env.db.hintSet.findUniqueOrThrow({ where: { name: "lite-flagged-view" } });
  expect(set.filter).toBe("review=flagged%2Ctrimmed&sort=pro"); // kept in its normal form
  await publishHintSet(env.db, "lite-flagged-view");
  const { lines } = await versionLines(env.db, "lite-flagged-view");
  expect(lines.map((l) => [l.instance_id, l.status])).toEqual([
    ["acme__widgets-2", "trimmed"],
    ["acme__widgets-3", "flagged"],
  ]);
});

test("a version with no decided hint is refused when asked not to publish one empty (the page asks first)", async () => {
  await createHintSet(env.db, {
    name: "nothing-decided",
    benchmark: "SWE-bench Lite",
    selection: "fea",
    projection: "pro",
  });
  await expect(publishHintSet(env.db, "nothing-decided", "ada", null, { allowEmpty: false })).rejects.toThrow(
    /"nothing-decided" has no decided hint yet \(SWE-bench Lite, fea × pro\)/,
  );
  expect(await env.db.hintSetVersion.count({ where: { hintSet: { name: "nothing-decided" } } })).toBe(0);
  expect((await publishHintSet(env.db, "nothing-decided", "ada", null, { allowEmpty: true })).version).toBe(1);
});
