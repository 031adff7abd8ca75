import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { type EvidenceInput, identifierEvidence, leakChannels, solutionInIssue, transcription } from "./evidence";
import { codeTokens, diffInIssue, quotedHunks } from "./solution-in-issue";

const diff = (file: string, added: string[]) =>
  `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1,${added.length + 1} @@\n x = 1\n${added.map((l) => `+${l}`).join("\n")}\n`;

const instance = (overrides: Partial<EvidenceInput> = {}): EvidenceInput => ({
  externalId: "acme__widgets-1",
  baseCommit: "a".repeat(40),
  problemStatement: "Widgets need a parse_duration helper for the timeout setting.",
  hintsText: null,
  goldPatch: diff("widgets/time.py", [
    "def parse_duration(text):",
    "    value, unit = split_unit(text.strip().lower())",
    "    return value * UNIT_SECONDS[unit]",
  ]),
  testPatch: diff("tests/test_time.py", [
    "def test_parse_duration_minutes():",
    "    assert parse_duration('2m') == 120",
  ]),
  requirements: null,
  interfaceText: null,
  ...overrides,
});

describe("identifier evidence", () => {
  test("stated in the issue, in the benchmark's hint, test-facing", () => {
    const [e] = identifierEvidence(instance({ requirements: "- `split_unit` must accept upper case." }), [
      {
        name: "parse_duration",
        member: "parse_duration",
        signature: "parse_duration(text)",
        policies: ["defuse"],
        hint: "",
      },
      { name: "split_unit", member: "split_unit", signature: null, policies: ["pro"], hint: "" },
    ]);
    expect(e).toMatchObject({
      stated_in_issue: true,
      stated_in_benchmark_hint: false,
      test_facing: true,
      repo_occurrences: null,
    });
    const [, helper] = identifierEvidence(instance({ requirements: "- `split_unit` must accept upper case." }), [
      { name: "parse_duration", member: "parse_duration", signature: null, policies: [], hint: "" },
      { name: "split_unit", member: "split_unit", signature: null, policies: ["pro"], hint: "" },
    ]);
    expect(helper).toMatchObject({ stated_in_issue: false, stated_in_benchmark_hint: true, test_facing: false });
  });

  test("transcription: a behaviour line that copies six tokens of the gold patch", () => {
    // Hint tokens beyond the name: Behaviour : returns value * UNIT_SECONDS [ unit ] after split_unit ( text )
    // The run "value * UNIT_SECONDS [ unit ]" (6 tokens) occurs on an added line.
    const hint = "Behaviour: returns value * UNIT_SECONDS[unit] after split_unit(text)";
    const result = transcription(hint, ["    return value * UNIT_SECONDS[unit]"], ["parse_duration"]);
    expect(result.longest).toBe("value * UNIT_SECONDS [ unit ]");
    // Word tokens counted: Behaviour, returns, value, UNIT_SECONDS, unit, after, split_unit, text = 8; copied 3.
    expect(result.share).toBeCloseTo(3 / 8, 12);
    expect(
      transcription("Behaviour: converts a duration to seconds", ["    return value * UNIT_SECONDS[unit]"]).share,
    ).toBe(0);
  });
});

describe("leak channels", () => {
  test("an id that embeds a commit other than the base commit", () => {
    const leaks = leakChannels(instance({ externalId: `instance_acme__widgets-${"f".repeat(40)}` }));
    expect(leaks.map((l) => l.channel)).toEqual(["id_commit"]);
    expect(leaks[0]?.detail).toContain("f".repeat(40));
    expect(leakChannels(instance({ externalId: `acme-${"a".repeat(40)}` }))).toEqual([]);
  });

  test("an issue that pastes its own fix, or the test's assertion; a hint that quotes the code", () => {
    const leaks = leakChannels(
      instance({
        problemStatement:
          "Fix: use\n    value, unit = split_unit(text.strip().lower())\nso that assert parse_duration('2m') == 120 holds.",
        interfaceText: "Description: returns value * UNIT_SECONDS[unit]",
      }),
    );
    // Weighed by distinct words: the pasted line has 6 of the 3 + 6 + 4 the three new lines hold.
    expect(leaks.map((l) => [l.channel, l.share])).toEqual([
      ["solution_in_issue", 6 / 13],
      ["tests_in_issue", 1],
    ]);
    expect(leaks[0]?.detail).toContain('"value, unit = split_unit(text.strip().lower())"');
    const quoting = leakChannels(instance({ requirements: "It must do: return value * UNIT_SECONDS[unit]" }));
    expect(quoting.map((l) => l.channel)).toEqual(["hint_quotes_code"]);
  });

  test("solution in the issue: only new code counts (not code the issue quotes from before), imports and short lines aside", () => {
    const fix = (lines: string[], before: string[] = []) =>
      `diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,${before.length + 1} +1,${before.length + lines.length + 1} @@\n x = 1\n${before.map((l) => ` ${l}`).join("\n")}${before.length ? "\n" : ""}${lines.map((l) => `+${l}`).join("\n")}\n`;
    // The issue quotes existing code (a context line) and an import: nothing of the solution.
    const quoting = solutionInIssue(
      fix(
        ["from django.utils.text import slugify", "    return slugify(value, allow_unicode=True)"],
        ["    value = str(value).strip()"],
      ),
      "This line crashes:\n    value = str(value).strip()\nwe use from django.utils.text import slugify",
    );
    expect(quoting).toBeNull();
    // A one-line fix the issue suggests is the whole solution, though it is short.
    const oneLine = solutionInIssue(
      fix(["                cur_model = cur_model._meta.concrete_model"]),
      "Replacing it with cur_model = cur_model._meta.concrete_model fixes it.",
    );
    expect(oneLine?.share).toBe(1);
    // Re-typed by hand in the issue, without its trailing comma: still the fix.
    const retyped = solutionInIssue(
      fix([
        "                current_app=self.model_admin.admin_site.name,",
        "                args=[quote(remote_obj.pk)],",
      ]),
      "I replaced it with:\nurl = reverse(\n\turl_name,\n\targs=[quote(remote_obj.pk)],\n\tcurrent_app=self.model_admin.admin_site.name\n)",
    );
    expect(retyped?.detail).toMatch(/^the issue text contains 2 of the gold patch's 2 new added lines/);
  });

  test("real: every shared SWE-bench Pro id embeds a commit that is not its base commit", () => {
    const records = readFileSync(path.join(REAL_DATA, "swebench-pro-sample.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, string>);
    for (const r of records) {
      // e.g. instance_qutebrowser__qutebrowser-7f9713b20f623fc40473b7167a082d6db0f0fd40 with another base_commit
      const leaks = leakChannels({
        externalId: r.instance_id as string,
        baseCommit: r.base_commit as string,
        problemStatement: r.problem_statement as string,
        hintsText: null,
        goldPatch: r.patch as string,
        testPatch: r.test_patch as string,
        requirements: null,
        interfaceText: null,
      });
      const hash = /[0-9a-f]{40}/.exec(r.instance_id as string)?.[0];
      expect(hash).not.toBe(r.base_commit);
      expect(leaks.find((l) => l.channel === "id_commit")?.detail).toContain(hash);
    }
  });
});

describe("solution in the issue: a quoted diff, code re-wrapped (real SWE-bench Lite records)", () => {
  const records = new Map(
    readFileSync(path.join(REAL_DATA, "evidence", "solution-in-issue.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, string>)
      .map((r) => [r.instance_id as string, r]),
  );
  const check = (id: string) => {
    const r = records.get(id) as Record<string, string>;
    return solutionInIssue(r.patch as string, r.problem_statement as string);
  };

  test("a unified diff the issue quotes, parsed as a patch: the gold hunk it makes (django__django-12453)", () => {
    // The issue's diff wraps deserialisation in transaction.atomic; the gold patch in atomic() (imported
    // otherwise) with more around it. The whole-line check finds nothing; the hunk is the same change.
    const r = records.get("django__django-12453") as Record<string, string>;
    expect(quotedHunks(r.problem_statement as string).map((h) => [h.path, h.oldStart, h.lines.length])).toEqual([
      ["django/db/backends/base/creation.py", 4, 8],
      ["django/db/backends/base/creation.py", 128, 11],
    ]);
    expect(check("django__django-12453")).toMatchObject({
      channel: "solution_in_issue",
      source: "problem_statement",
      detail: expect.stringContaining("quotes a unified diff that makes 1 of the gold patch's 1 hunks"),
    });
  });

  test("code the gold patch re-wraps, compared token by token (django__django-16595, django__django-15814)", () => {
    // `if isinstance(operation, AlterField) and self.is_same_field_operation(` over three lines in both, the
    // gold patch's with a tuple (AlterField, RemoveField): AlterField is its change, in place.
    expect(check("django__django-16595")?.detail).toMatch(/states 1 of the 1 names.*AlterField/);
    // "opts = cur_model._meta.concrete_model._meta" against the gold's "cur_model = cur_model._meta.concrete_model".
    expect(check("django__django-15814")?.detail).toMatch(/cur_model _meta concrete_model$/);
  });

  test("an issue that quotes existing code, a traceback, or a diff the gold patch does not make: no solution", () => {
    // astropy__astropy-6938 quotes the line the fix changes; sympy__sympy-13471 a traceback through it;
    // sympy__sympy-22005 a diff of another change in the same function.
    for (const id of ["astropy__astropy-6938", "sympy__sympy-13471"]) expect(check(id)).toBeNull();
    const r = records.get("sympy__sympy-22005") as Record<string, string>;
    expect(diffInIssue(r.patch as string, r.problem_statement as string).matched).toEqual([]);
  });

  test("the change quoted among the lines it stands in, or restated on one line (django__django-16527, -14534)", () => {
    // 16527: the issue inserts `and has_add_permission` among the lines the gold patch changes (the gold
    // patch replaces has_change_permission with it): one name, found in place with its context around it.
    expect(check("django__django-16527")?.detail).toMatch(/states 1 of the 1 names.*has_add_permission/);
    // 14534: `return self.data['attrs']['id']` against the gold's `self.data['attrs'].get('id')`: the
    // alignment stops at `.get(`, the issue's line goes on to 'id'.
    expect(check("django__django-14534")?.detail).toMatch(/states 2 of the 3 names.*"attrs" "id"/);
  });

  test("existing code the change names, quoted elsewhere in the issue, is no solution (tokio-rs__tokio-7139)", () => {
    // The fix adds `|| dst.remaining() == 0`; the issue quotes `cmp::min(dst.remaining(), me.max_buf_size)`,
    // a line the patch does not touch, and a link whose commit hash has digits.
    expect(check("tokio-rs__tokio-7139")).toBeNull();
    // And a traceback through the line after which the fix adds code names that line's names only.
    expect(check("sympy__sympy-13471")).toBeNull();
  });

  test("token by token: whitespace, line breaks and commas do not matter; names and literals do", () => {
    expect(codeTokens("f(a,\n   'x',)")).toEqual(codeTokens('f( a "x" )'));
    const gold = diff("m.py", ["    return convert(value, unit='seconds', strict=True)"]);
    const rewrapped =
      'Something like\n  return convert(\n    value,\n    unit="seconds",\n    strict=True,\n  )\nwould do.';
    expect(solutionInIssue(gold, rewrapped)?.detail).toContain("token by token");
    expect(solutionInIssue(gold, rewrapped.replace('"seconds"', '"minutes"'))?.share ?? 0).toBeLessThan(1);
    expect(solutionInIssue(gold, rewrapped.replace("strict=True", "lenient=True"))?.share ?? 0).toBeLessThan(1);
  });
});

describe("every leak says which text it comes from", () => {
  test("the problem statement and the hints text are each their own leak", () => {
    const fix = "    value, unit = split_unit(text.strip().lower())";
    const leaks = leakChannels(
      instance({
        externalId: `x-${"f".repeat(40)}`,
        problemStatement: `Use\n${fix}`,
        hintsText: `I agree:\n${fix}\nand assert parse_duration('2m') == 120`,
        requirements: "return value * UNIT_SECONDS[unit]",
      }),
    );
    expect(leaks.map((l) => [l.channel, l.source])).toEqual([
      ["id_commit", "instance_id"],
      ["solution_in_issue", "problem_statement"],
      ["solution_in_issue", "hints_text"],
      ["tests_in_issue", "hints_text"],
      ["hint_quotes_code", "benchmark_hint"],
    ]);
    expect(leaks[2]?.detail).toMatch(/^the hints text/);
  });
});
