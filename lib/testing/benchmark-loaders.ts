/**
 * What each benchmark's own code reads of a record and how it builds the agent's task text, reproduced line for
 * line from the benchmark's repository (their Python packages cannot be installed here: only the npm and Debian
 * registries are reachable). Each function names the file and commit it follows; a test that exports native
 * records reads them through these, as the harness and its agents would.
 */

type Row = Record<string, unknown>;

const fail = (what: string): never => {
  throw new Error(what);
};

/**
 * SWE-bench (Lite, Verified, Multilingual, full; FEA-Bench and NoCode-bench records share the schema):
 * `load_swebench_dataset(name)` for a local `.jsonl` is `[json.loads(line) for line in
 * Path(name).read_text().splitlines()]` (SWE-bench/SWE-bench `swebench/harness/utils.py` lines 137–150, commit
 * 7a21e05772954cc81471ae19d56f436cecf43c54), and the task an agent is given is the instance's
 * `problem_statement` (the same repository's `swebench/inference/make_datasets/create_instance.py` lines 174–178
 * put `instance["problem_statement"]` between `<issue>` tags; SWE-agent and mini-swe-agent read the same field).
 * SWE-smith task instances are read the same way.
 */
export function swebenchLoad(jsonl: string): Row[] {
  return jsonl
    .split(/\r?\n/)
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Row);
}

export function swebenchAgentTask(instance: Row): string {
  const text = instance.problem_statement;
  return typeof text === "string" ? text : fail(`${String(instance.instance_id)}: no problem_statement`);
}

/** The fields of Multi-SWE-bench's `Dataset` dataclass (with `PullRequest`'s and `PullRequestBase`'s). */
const MULTI_SWE_BENCH_FIELDS = [
  "org",
  "repo",
  "number",
  "state",
  "title",
  "body",
  "base",
  "resolved_issues",
  "fix_patch",
  "test_patch",
  "tag",
  "number_interval",
  "lang",
  "fixed_tests",
  "p2p_tests",
  "f2p_tests",
  "s2p_tests",
  "n2p_tests",
  "run_result",
  "test_patch_result",
  "fix_patch_result",
];

/**
 * Multi-SWE-bench: `Dataset.from_json(line)` (multi-swe-bench/multi-swe-bench `multi_swe_bench/harness/
 * dataset.py` lines 50–54, `pull_request.py` `ResolvedIssue` lines 104–116, commit
 * 24f493f8a103e72312ded4f6b9c89f081d69cb09): a dataclass_json schema that keeps the dataclass's fields only (an
 * unknown key such as `hints` is dropped) and checks each resolved issue's `number` (int), `title` (str) and
 * `body` (str or None).
 */
export function multiSweBenchDatasetFromJson(line: string): Row {
  const raw = JSON.parse(line) as Row;
  const kept: Row = {};
  for (const field of MULTI_SWE_BENCH_FIELDS) if (Object.hasOwn(raw, field)) kept[field] = raw[field];
  const issues = kept.resolved_issues;
  if (!Array.isArray(issues)) fail(`Invalid resolved_issues: ${String(issues)}`);
  for (const issue of issues as Row[]) {
    if (!Number.isInteger(issue.number)) fail(`Invalid number: ${String(issue.number)}`);
    if (typeof issue.title !== "string") fail(`Invalid title: ${String(issue.title)}`);
    if (issue.body !== null && typeof issue.body !== "string") fail(`Invalid body: ${String(issue.body)}`);
  }
  const base = kept.base as Row | undefined;
  if (!base || typeof base !== "object" || typeof base.sha !== "string") fail(`Invalid base: ${String(base)}`);
  // Dataset.__post_init__ (dataset.py lines 37–43): the three results must be there, as structures.
  for (const field of ["run_result", "test_patch_result", "fix_patch_result"])
    if (typeof kept[field] !== "object" || kept[field] === null) fail(`Invalid ${field}: None`);
  return kept;
}

/**
 * The task Multi-SWE-bench's agents are given: MagentLess `agentless/multilang/utils.py` line 13
 * (multi-swe-bench/MagentLess, commit 0aaaad4da63a9e2fbdec4111de197da44fed6602):
 * `raw['resolved_issues'][0]['title'] + '\n' + raw['resolved_issues'][0]['body']`.
 */
export function multiSweBenchAgentTask(dataset: Row): string {
  const [first] = dataset.resolved_issues as Row[];
  if (!first) return fail("no resolved issue");
  return `${first.title as string}\n${first.body as string}`;
}

/**
 * SWE-bench Pro: `create_problem_statement(row)` (scaleapi/SWE-bench_Pro-os `helper_code/
 * create_problem_statement.py` lines 14–25, commit ca10a60a5fcae51e6948ffe1485d4153d421e6c5).
 */
export function sweBenchProAgentTask(row: Row): string {
  return `${row.problem_statement as string}\n\nRequirements:\n${row.requirements as string}\n\nNew interfaces introduced:\n${row.interface as string}`;
}
