import { cohenKappa } from "../stats/nominal-agreement";
import { wilsonInterval } from "../stats/wilson";
import type { InstanceEvidence, LeakSource } from "./evidence";

/*
 * Each deterministic check of the evidence against each label people in the field published: how far a
 * curator can trust a check, measured. For every (check, label) pair whose check reads a text the label's
 * authors read (like with like: a leak in the issue's discussion is not held against a label of its
 * problem statement): the 2×2 table over the instances that
 * carry the label, precision and recall with Wilson intervals, Cohen's κ, and the instances of each cell.
 */

const leakIn = (e: InstanceEvidence, channel: string, source: LeakSource) =>
  e.leaks.some((l) => l.channel === channel && l.source === source);

/** The texts of an issue a check can read, and that a label's authors read or did not. */
const ISSUE_TEXTS: readonly LeakSource[] = ["problem_statement", "hints_text"];

/**
 * A check the evidence answers yes or no for an instance, and the text it reads (`source`): a check of one
 * text of the issue is compared only with labels whose authors read that text.
 */
export const EVIDENCE_CHECKS = [
  {
    id: "solution_in_issue",
    label: "solution in the problem statement (the gold patch's new lines, a quoted diff, its code token by token)",
    source: "problem_statement",
    holds: (e: InstanceEvidence) => leakIn(e, "solution_in_issue", "problem_statement"),
  },
  {
    id: "solution_in_hints_text",
    label: "solution in the hints text (the issue's discussion)",
    source: "hints_text",
    holds: (e: InstanceEvidence) => leakIn(e, "solution_in_issue", "hints_text"),
  },
  {
    id: "tests_in_issue",
    label: "tests in the problem statement (assertions or test names)",
    source: "problem_statement",
    holds: (e: InstanceEvidence) => leakIn(e, "tests_in_issue", "problem_statement"),
  },
  {
    id: "tests_in_hints_text",
    label: "tests in the hints text (assertions or test names)",
    source: "hints_text",
    holds: (e: InstanceEvidence) => leakIn(e, "tests_in_issue", "hints_text"),
  },
  {
    id: "id_commit",
    label: "the id embeds another commit",
    source: "instance_id",
    holds: (e: InstanceEvidence) => e.leaks.some((l) => l.channel === "id_commit"),
  },
  {
    id: "hint_quotes_code",
    label: "the benchmark's hint quotes the gold patch",
    source: "benchmark_hint",
    holds: (e: InstanceEvidence) => e.leaks.some((l) => l.channel === "hint_quotes_code"),
  },
  {
    id: "unstated_test_facing_names",
    label: "test-facing names the problem statement does not state",
    source: "problem_statement",
    holds: (e: InstanceEvidence) =>
      e.identifiers.some((i) => i.test_facing && !i.stated_in_issue && !i.stated_in_benchmark_hint),
  },
  {
    id: "unstated_test_facing_literals",
    label: "test-facing messages the problem statement does not state",
    source: "problem_statement",
    holds: (e: InstanceEvidence) => e.literals.some((l) => !l.stated_in_issue && !l.stated_in_benchmark_hint),
  },
] as const satisfies ReadonlyArray<{ id: string; label: string; source: LeakSource; holds: unknown }>;

/** Whether a check reads a text the label's authors read (a check of no text of the issue always pairs). */
export const comparable = (check: { source: LeakSource }, label: { reads: readonly LeakSource[] }) =>
  !ISSUE_TEXTS.includes(check.source) || label.reads.includes(check.source);

const severity = (value: string | undefined) => (value === undefined ? null : Number(value));

/*
 * A published label read as yes or no (null: the instance does not carry it), and the texts of the issue its
 * authors read: OpenAI's annotators and the Agentless authors read the problem statement (with the patches),
 * not the discussion SWE-bench ships as hints_text.
 */
export const LABEL_TESTS = [
  {
    id: "false_negative>=2",
    reads: ["problem_statement"],
    label: "OpenAI: the tests reject valid solutions (false_negative ≥ 2)",
    test: (labels: ReadonlyMap<string, string>) => {
      const v = severity(labels.get("openai-verified-annotations/false_negative"));
      return v === null ? null : v >= 2;
    },
  },
  {
    id: "underspecified>=2",
    reads: ["problem_statement"],
    label: "OpenAI: the issue is underspecified (underspecified ≥ 2)",
    test: (labels: ReadonlyMap<string, string>) => {
      const v = severity(labels.get("openai-verified-annotations/underspecified"));
      return v === null ? null : v >= 2;
    },
  },
  {
    id: "other_major_issues>=2",
    reads: ["problem_statement"],
    label: "OpenAI: other major issues (≥ 2)",
    test: (labels: ReadonlyMap<string, string>) => {
      const v = severity(labels.get("openai-verified-annotations/other_major_issues"));
      return v === null ? null : v >= 2;
    },
  },
  {
    id: "exact_patch",
    reads: ["problem_statement"],
    label: 'Agentless: the description holds the solution ("Exact patch")',
    test: (labels: ReadonlyMap<string, string>) => {
      const v = labels.get("agentless-lite-classification/solution_in_description");
      return v === undefined ? null : v === "Exact patch";
    },
  },
  {
    id: "solution_steps",
    reads: ["problem_statement"],
    label: 'Agentless: the description gives the solution ("Exact patch" or "Complete steps in NL")',
    test: (labels: ReadonlyMap<string, string>) => {
      const v = labels.get("agentless-lite-classification/solution_in_description");
      return v === undefined ? null : v === "Exact patch" || v === "Complete steps in NL";
    },
  },
  {
    id: "misleading",
    reads: ["problem_statement"],
    label: 'Agentless: the description misleads ("Misleading")',
    test: (labels: ReadonlyMap<string, string>) => {
      const v = labels.get("agentless-lite-classification/solution_in_description");
      return v === undefined ? null : v === "Misleading";
    },
  },
] as const satisfies ReadonlyArray<{ id: string; label: string; reads: readonly LeakSource[]; test: unknown }>;

export interface LabelledInstance {
  benchmark: string;
  externalId: string;
  evidence: InstanceEvidence | null;
  /** `source/name` → value */
  labels: ReadonlyMap<string, string>;
}

export interface EvidenceLabelRow {
  benchmark: string;
  check: string;
  label: string;
  /** the text of the instance the check read (`problem_statement`, `hints_text`, `instance_id`, `benchmark_hint`) */
  source: LeakSource;
  instances: number;
  /** check and label both yes; check yes, label no; check no, label yes; both no */
  both: number;
  check_only: number;
  label_only: number;
  neither: number;
  precision: number | null;
  precision_low: number | null;
  precision_high: number | null;
  recall: number | null;
  recall_low: number | null;
  recall_high: number | null;
  kappa: number | null;
  /** the instances of each cell */
  ids: { both: string[]; check_only: string[]; label_only: string[]; neither: string[] };
}

/** Every check against every label, per benchmark, over the instances that carry the label and have evidence. */
export function evidenceAgainstLabels(instances: readonly LabelledInstance[]): EvidenceLabelRow[] {
  const rows: EvidenceLabelRow[] = [];
  const benchmarks = [...new Set(instances.map((i) => i.benchmark))].sort();
  for (const benchmark of benchmarks) {
    const mine = instances.filter((i) => i.benchmark === benchmark && i.evidence !== null);
    for (const label of LABEL_TESTS) {
      const labelled = mine.flatMap((i) => {
        const value = label.test(i.labels);
        return value === null ? [] : [{ id: i.externalId, label: value, evidence: i.evidence as InstanceEvidence }];
      });
      if (labelled.length === 0) continue;
      for (const check of EVIDENCE_CHECKS) {
        if (!comparable(check, label)) continue;
        const ids = {
          both: [] as string[],
          check_only: [] as string[],
          label_only: [] as string[],
          neither: [] as string[],
        };
        const pairs: Array<[string, string]> = [];
        for (const i of labelled) {
          const yes = check.holds(i.evidence);
          ids[yes ? (i.label ? "both" : "check_only") : i.label ? "label_only" : "neither"].push(i.id);
          pairs.push([yes ? "yes" : "no", i.label ? "yes" : "no"]);
        }
        const flagged = ids.both.length + ids.check_only.length;
        const positives = ids.both.length + ids.label_only.length;
        const precision = flagged === 0 ? null : wilsonInterval(ids.both.length, flagged);
        const recall = positives === 0 ? null : wilsonInterval(ids.both.length, positives);
        rows.push({
          benchmark,
          check: check.id,
          label: label.id,
          source: check.source,
          instances: labelled.length,
          both: ids.both.length,
          check_only: ids.check_only.length,
          label_only: ids.label_only.length,
          neither: ids.neither.length,
          precision: precision?.rate ?? null,
          precision_low: precision?.low ?? null,
          precision_high: precision?.high ?? null,
          recall: recall?.rate ?? null,
          recall_low: recall?.low ?? null,
          recall_high: recall?.high ?? null,
          kappa: cohenKappa(pairs)?.kappa ?? null,
          ids,
        });
      }
    }
  }
  return rows;
}
