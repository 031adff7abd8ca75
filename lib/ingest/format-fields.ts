/**
 * The fields each format reads, by format: what a near miss is told it lacks, and what the upload page's
 * field map offers to fill (every format's, not only an instance file's). Kept apart from the formats so
 * the page can use it without their parsers.
 */
export const FORMAT_FIELDS = [
  {
    id: "swebench",
    label: "SWE-bench instances",
    fields: ["instance_id", "repo", "base_commit", "patch", "test_patch", "problem_statement", "FAIL_TO_PASS"],
  },
  {
    id: "swebench-pro",
    label: "SWE-bench Pro instances",
    fields: [
      "instance_id",
      "repo",
      "base_commit",
      "patch",
      "test_patch",
      "problem_statement",
      "requirements",
      "interface",
    ],
  },
  {
    id: "multi-swe-bench",
    label: "Multi-SWE-bench instances",
    fields: ["org", "repo", "number", "fix_patch", "test_patch"],
  },
  {
    id: "plain-results",
    label: "plain results (instance_id, model, selection, projection, resolved)",
    fields: ["instance_id", "model", "selection", "projection", "resolved"],
  },
  {
    id: "judge-scores",
    label: "judge scores (N, D, G per identifier attribute)",
    fields: ["instance_id", "identifier", "attribute", "necessity", "disclosure", "guidance"],
  },
  {
    id: "results-summary",
    label: "results summary with per-instance list",
    fields: ["instances", "total", "passed", "pass_rate"],
  },
  {
    id: "harness-report",
    label: "SWE-bench evaluation harness report",
    fields: ["resolved_ids", "unresolved_ids", "completed_ids"],
  },
  {
    id: "openai-verified-annotations",
    label: "OpenAI's SWE-bench Verified annotations (underspecified, false_negative, other_major_issues 0–3)",
    fields: ["instance_id", "underspecified", "false_negative", "other_major_issues", "difficulty", "filter_out"],
  },
  {
    id: "agentless-classification",
    label: "Agentless' SWE-bench Lite classification (solution in description, locations, description quality)",
    fields: ["instance_id", "solution in description", "description quality", "file location"],
  },
] as const;

export type MappableFormat = (typeof FORMAT_FIELDS)[number]["id"];

/** The fields a format reads. */
export const fieldsOf = (id: MappableFormat): readonly string[] => FORMAT_FIELDS.find((f) => f.id === id)?.fields ?? [];
