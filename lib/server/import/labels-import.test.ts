// The field's published labels, imported from real samples (lib/testing/real-data/labels, provenance in its
// README): OpenAI's SWE-bench Verified annotations (multi-line quoted notes) and Agentless' Lite classification.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { type HintLine, serialiseLine } from "../../export/hint-lines";
import { recordLabels } from "../../ingest/formats/labels";
import { parseListState } from "../../review/list-state";
import { makeTempDir } from "../../testing/fixtures";
import { REAL_DATA } from "../../testing/real-data";
import { openTempDatabase } from "../../testing/temp-database";
import { analyzePendingInstances } from "../analysis/analyze-stored-instances";
import { engineOf } from "../db/client";
import { currentHintLines } from "../hints/hint-export";
import { listFacets, listIds } from "../list/review-list";
import { evidenceLabelRows } from "../research/evidence-labels";
import { readEvidence } from "../stored-json";
import { importFiles } from "./import-files";

const tmp = makeTempDir("hintscope-labels-");
afterAll(tmp.cleanup);
const openai = path.join(REAL_DATA, "labels", "openai-verified-annotations.csv");
const agentless = path.join(REAL_DATA, "labels", "agentless-lite-classifications.csv");

test("both label files import as labels per instance, with their source and notes", async () => {
  const { db, close } = await openTempDatabase();
  try {
    const summary = await importFiles(db, [openai, agentless], { benchmark: "SWE-bench Lite" });
    expect(summary.files.map((f) => [f.format, f.added])).toEqual([
      ["openai-verified-annotations", 6 * 5],
      ["agentless-classification", 6 * 5],
    ]);
    const label = (instanceExternalId: string, name: string) =>
      db.instanceLabel.findFirst({ where: { instanceExternalId, name } });
    expect(await label("django__django-13265", "false_negative")).toMatchObject({
      source: "openai-verified-annotations",
      value: "3.0",
      notes: expect.stringContaining("\n"),
    });
    expect(await label("django__django-11179", "solution_in_description")).toMatchObject({
      source: "agentless-lite-classification",
      value: "Complete steps in NL",
    });
    // Labels of ids the benchmark does not hold are kept, and said.
    expect(summary.files[0]?.unmatched_ids).toHaveLength(6);
    // Importing again changes nothing.
    const again = await importFiles(db, [openai], { benchmark: "SWE-bench Lite" });
    expect(again.files[0]).toMatchObject({ added: 0, updated: 0, unchanged: 30 });
  } finally {
    await close();
  }
});

test("a bad label is refused at its record, and nothing of the file is written", async () => {
  const { db, close } = await openTempDatabase();
  try {
    const text = readFileSync(openai, "utf8").replace(/\ndjango__django-12470,0\.0,/, "\ndjango__django-12470,severe,");
    const bad = tmp.write("openai-verified-annotations-bad.csv", text);
    await expect(importFiles(db, [bad], { benchmark: "SWE-bench Lite" })).rejects.toThrow(
      /openai-verified-annotations-bad\.csv:6: field "underspecified" must be a severity from 0 to 3, got "severe"/,
    );
    expect(await db.instanceLabel.count()).toBe(0);
  } finally {
    await close();
  }
});

test("each evidence check against each label: the 2×2 table, precision and recall with Wilson intervals, κ", async () => {
  const { db, close } = await openTempDatabase();
  try {
    await importFiles(db, [path.join(REAL_DATA, "labels", "swebench-lite-labelled.jsonl"), openai, agentless], {
      benchmark: "SWE-bench Lite",
    });
    await analyzePendingInstances(db, undefined, { store: null });
    const rows = await evidenceLabelRows(db, "SWE-bench Lite");
    const row = (check: string, label: string) => rows.find((r) => r.check === check && r.label === label);
    // django__django-16041's discussion (hints_text) holds the whole fix, which Agentless (reading the
    // description only) calls "No solution": like with like, the problem statement's channel is compared
    // with the label and flags nothing; the hints text's channel is not held against a label of the problem
    // statement, and its leak still says where it is.
    expect(row("solution_in_issue", "exact_patch")).toMatchObject({
      source: "problem_statement",
      instances: 6,
      both: 0,
      check_only: 0,
      label_only: 0,
      neither: 6,
      precision: null,
      recall: null,
    });
    expect(rows.filter((r) => r.source === "hints_text")).toEqual([]);
    const django = await db.instance.findFirstOrThrow({ where: { externalId: "django__django-16041" } });
    expect(
      readEvidence(django.evidence)
        ?.leaks.filter((l) => l.channel === "solution_in_issue")
        .map((l) => l.source),
    ).toEqual(["hints_text"]);
    const fn = row("unstated_test_facing_names", "false_negative>=2");
    expect(fn?.instances).toBe(6);
    expect((fn?.both ?? 0) + (fn?.check_only ?? 0) + (fn?.label_only ?? 0) + (fn?.neither ?? 0)).toBe(6);
    expect(fn?.recall_low).toBeLessThanOrEqual(fn?.recall ?? 1);
    // The command line prints the same rows.
    expect(rows.filter((r) => r.benchmark === "SWE-bench Lite")).toHaveLength(6 * 6);
  } finally {
    await close();
  }
});

test("labels an instance record carries itself (SWE-bench Pro's issue_specificity and issue_categories) are kept as labels", async () => {
  const { db, close } = await openTempDatabase();
  try {
    const summary = await importFiles(db, [path.join(REAL_DATA, "swebench-pro-sample.jsonl")]);
    // Counted as the instances they belong to, not apart.
    expect(summary.files[0]?.added).toBe(await db.instance.count());
    const first = await db.instance.findFirstOrThrow({ orderBy: { id: "asc" } });
    const labels = await db.instanceLabel.findMany({ where: { instanceExternalId: first.externalId } });
    expect(labels.map((l) => [l.source, l.name, l.value])).toEqual([
      ["swebench-pro", "issue_specificity", "minor_bug, ui_ux_bug"],
      ["swebench-pro", "issue_categories", "front_end_knowledge, web_knowledge"],
    ]);
  } finally {
    await close();
  }
});

test("SWE-rebench's meta.llm_score, as the record writes it, becomes labels", () => {
  expect(
    recordLabels(
      { meta: JSON.stringify({ llm_score: { difficulty_score: 2, issue_text_score: 1, test_score: 0 } }) },
      "owner__repo-1",
    ),
  ).toEqual([
    {
      instanceExternalId: "owner__repo-1",
      source: "swe-rebench-llm-score",
      name: "difficulty_score",
      value: "2",
      notes: null,
    },
    {
      instanceExternalId: "owner__repo-1",
      source: "swe-rebench-llm-score",
      name: "issue_text_score",
      value: "1",
      notes: null,
    },
    {
      instanceExternalId: "owner__repo-1",
      source: "swe-rebench-llm-score",
      name: "test_score",
      value: "0",
      notes: null,
    },
  ]);
});

test("an exported hint line carries the instance's published labels; a line without labels is as it was", async () => {
  const { db, close } = await openTempDatabase();
  try {
    await importFiles(db, [path.join(REAL_DATA, "labels", "swebench-lite-labelled.jsonl"), agentless], {
      benchmark: "SWE-bench Lite",
    });
    await analyzePendingInstances(db, undefined, { store: null });
    const lines: HintLine[] = [];
    for await (const line of currentHintLines(db, "SWE-bench Lite", "defuse", "declaration", null, engineOf(db).sql))
      lines.push(line);
    const labelled = lines.find((l) => l.instance_id === "django__django-16041");
    expect(labelled?.labels).toContainEqual({
      source: "agentless-lite-classification",
      name: "solution_in_description",
      value: "No solution",
    });
    expect(serialiseLine(labelled as HintLine)).toMatch(/"labels":\[\{"source":"agentless-lite-classification"/);
    const unlabelled = lines.find((l) => l.instance_id === "django__django-11964");
    expect(unlabelled?.labels).toBeUndefined();
    expect(serialiseLine(unlabelled as HintLine)).not.toContain("labels");
  } finally {
    await close();
  }
});

test("each cell of each check against each label opens as a list view holding exactly its instances", async () => {
  const { db, close } = await openTempDatabase();
  try {
    const labelled = path.join(REAL_DATA, "labels", "swebench-lite-labelled.jsonl");
    await importFiles(db, [labelled, openai, agentless], { benchmark: "SWE-bench Lite" });
    // The same ids in another benchmark, without labels: never in a cell.
    await importFiles(db, [labelled], { benchmark: "Lite copy" });
    await analyzePendingInstances(db, undefined, { store: null });
    const rows = await evidenceLabelRows(db);
    expect(rows.length).toBe(36);
    const cells = ["both", "check_only", "label_only", "neither"] as const;
    let nonEmpty = 0;
    for (const row of rows)
      for (const cell of cells) {
        const view = parseListState({ evidence: `${row.check},${row.label},${cell}` });
        const found = (await listIds(db, view)).map((r) => r.externalId).sort();
        expect(found, `${row.check} ${row.label} ${cell}`).toEqual([...row.ids[cell]].sort());
        if (found.length > 0) nonEmpty++;
      }
    expect(nonEmpty).toBeGreaterThan(36);
    // A check or test that is none holds nothing; so does a malformed cell (said as unread), never every instance.
    expect(await listIds(db, parseListState({ evidence: "no_such_check,false_negative>=2,both" }))).toEqual([]);
    const malformed = parseListState({ evidence: "not a cell" });
    expect(malformed.unread.map((u) => u.param)).toEqual(["evidence"]);
    expect(await listIds(db, malformed)).toEqual([]);
  } finally {
    await close();
  }
});

test("a published label is a facet of the list", async () => {
  const { db, close } = await openTempDatabase();
  try {
    await importFiles(db, [path.join(REAL_DATA, "labels", "swebench-lite-labelled.jsonl"), agentless], {
      benchmark: "SWE-bench Lite",
    });
    const facets = await listFacets(db);
    expect(facets.label).toContain("agentless-lite-classification/solution_in_description=Complete steps in NL");
    const found = await listIds(
      db,
      parseListState(
        new URLSearchParams({ label: "agentless-lite-classification/solution_in_description=Complete steps in NL" }),
      ),
    );
    expect(found.map((r) => r.externalId)).toEqual(["django__django-11179"]);
  } finally {
    await close();
  }
});
