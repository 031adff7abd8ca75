import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HintLine } from "../export/hint-lines";

/** A temporary folder for one test file's fixtures, removed by `cleanup`. */
export function makeTempDir(prefix = "hintscope-test-") {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    write(name: string, content: string | Uint8Array): string {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** JSON Lines text from records. */
export const jsonl = (records: unknown[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

const diff = (file: string, added: string) =>
  `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1,2 @@\n x = 1\n+${added}\n`;

/** A small SWE-bench record in the Hugging Face schema (test lists as JSON-encoded strings). */
export function swebenchRecord(n: number, overrides: Record<string, unknown> = {}) {
  return {
    repo: "acme/widgets",
    instance_id: `acme__widgets-${n}`,
    base_commit: "a".repeat(40),
    patch: diff("widgets/core.py", `def widget_${n}(): return ${n}`),
    test_patch: diff("tests/test_core.py", `assert widget_${n}() == ${n}`),
    problem_statement: `Widget ${n} is missing`,
    hints_text: "",
    created_at: "2024-01-01T00:00:00Z",
    version: "1.0",
    FAIL_TO_PASS: JSON.stringify([`tests/test_core.py::test_widget_${n}`]),
    PASS_TO_PASS: "[]",
    environment_setup_commit: "b".repeat(40),
    ...overrides,
  };
}

/** A small SWE-bench Pro record with the real quirks: double-encoded text and Python-repr lists. */
export function swebenchProRecord(n: number, overrides: Record<string, unknown> = {}) {
  return {
    repo: "acme/gadgets",
    instance_id: `instance_acme__gadgets-${n}`,
    base_commit: "c".repeat(40),
    patch: diff("gadgets/main.go", `func Gadget${n}() int { return ${n} }`),
    test_patch: diff("gadgets/main_test.go", `if Gadget${n}() != ${n} { t.Fail() }`),
    problem_statement: JSON.stringify(`# Gadget ${n}\n\nIt "breaks".`),
    requirements: JSON.stringify(`- Gadget${n} must return ${n}.`),
    interface: "No new interfaces are introduced.",
    repo_language: "go",
    fail_to_pass: `['TestGadget${n}', "TestGadget${n}Twice"]`,
    pass_to_pass: "[]",
    issue_specificity: '["minor_bug"]',
    issue_categories: '["back_end_knowledge"]',
    before_repo_set_cmd: "git reset --hard",
    selected_test_files_to_run: '["gadgets/main_test.go"]',
    ...overrides,
  };
}

/** A small Multi-SWE-bench record, with `base` and `resolved_issues` as Python-repr strings. */
export function multiSwebenchRecord(n: number) {
  return {
    org: "acme",
    repo: "gizmo",
    number: n,
    state: "closed",
    title: `Fix gizmo ${n}`,
    body: "PR body",
    base: `{'label': 'acme:main', 'ref': 'main', 'sha': '${"d".repeat(40)}'}`,
    resolved_issues: `[{'number': ${n + 100}, 'title': 'Gizmo ${n} crashes', 'body': "It's broken"}]`,
    fix_patch: diff("src/main/java/Gizmo.java", `int gizmo${n}() { return ${n}; }`),
    test_patch: diff("src/test/java/GizmoTest.java", `assertEquals(${n}, g.gizmo${n}());`),
    f2p_tests: { [`GizmoTest#gizmo${n}`]: { run: "NONE", test: "FAIL", fix: "PASS" } },
    p2p_tests: { "GizmoTest#other": { run: "PASS", test: "PASS", fix: "PASS" } },
    s2p_tests: {},
    n2p_tests: {},
    instance_id: `acme__gizmo-${n}`,
  };
}

/** A curator's decision to accept a hint as shown (the first version of its key), for recordDecision. */
export const acceptDecision = (instanceId: number, overrides: Record<string, unknown> = {}) => ({
  instanceId,
  selection: "defuse",
  projection: "declaration",
  action: "accept" as const,
  expectedVersion: 0,
  trimmed: { identifiers: [], attributes: {} },
  reason: null,
  note: "",
  ...overrides,
});

/** A hint line of benchmark "B" on instance `id`, one function named after it, with `overrides`. */
export const hintLine = (id: string, overrides: Partial<HintLine> = {}): HintLine => ({
  instance_id: id,
  benchmark: "B",
  selection: "defuse",
  projection: "declaration",
  status: "accepted",
  flag_reason: null,
  note: null,
  hint: `### \`f_${id}\` (function)`,
  identifiers: [
    {
      name: `f_${id}`,
      kind: "function",
      path: "a.py",
      new_file: false,
      signature: `f_${id}()`,
      attributes: ["name", "kind"],
    },
  ],
  ...overrides,
});
