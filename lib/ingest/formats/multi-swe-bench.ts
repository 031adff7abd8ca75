import { inferLanguage } from "../../analysis/languages/infer-language";
import { decodeStructured, decodeText, type RawRecord, RecordError, requireId, requireString } from "../field-values";
import { fieldsOf } from "../format-fields";
import type { InputFormat, InstanceData } from "../import-items";

const asObject = (value: unknown, field: string): Record<string, unknown> => {
  const decoded = decodeStructured(value, field);
  if (decoded === null || decoded === undefined) return {};
  if (typeof decoded !== "object" || Array.isArray(decoded)) throw new RecordError(`field "${field}" should be a dict`);
  return decoded as Record<string, unknown>;
};

const testNames = (record: RawRecord, field: string): string[] => Object.keys(asObject(record[field], field));

/** Normalises a Multi-SWE-bench native record: the issue text is the resolved issues' titles and bodies. */
export function normaliseMultiSwebenchRecord(record: RawRecord): InstanceData {
  const org = requireString(record, "org");
  const repo = requireString(record, "repo");
  const number = requireId(record, "number");
  const base = asObject(record.base, "base");
  const issuesValue = decodeStructured(record.resolved_issues ?? [], "resolved_issues");
  if (!Array.isArray(issuesValue)) throw new RecordError('field "resolved_issues" should be a list');
  const issues = issuesValue as Array<Record<string, unknown>>;
  const issueText = issues
    .map((issue) => `# ${decodeText(issue.title)}\n\n${decodeText(issue.body)}`.trim())
    .join("\n\n");
  const goldPatch = requireString(record, "fix_patch");
  if (typeof base.sha !== "string") throw new RecordError('field "base" has no "sha"');
  return {
    externalId: typeof record.instance_id === "string" ? record.instance_id : `${org}__${repo}-${number}`,
    repo: `${org}/${repo}`,
    baseCommit: base.sha,
    language: inferLanguage(goldPatch),
    problemStatement: issueText || `# ${decodeText(record.title)}\n\n${decodeText(record.body)}`.trim(),
    goldPatch,
    testPatch: requireString(record, "test_patch"),
    // f2p: failing before the fix and passing after; s2p/n2p (skipped/absent before) also must pass.
    failToPass: [
      ...testNames(record, "f2p_tests"),
      ...testNames(record, "s2p_tests"),
      ...testNames(record, "n2p_tests"),
    ],
    passToPass: testNames(record, "p2p_tests"),
    requirements: null,
    interfaceText: null,
    hintsText: null,
    sourceCreatedAt: null,
    sourceVersion: null,
    original: record,
  };
}

/** Multi-SWE-bench's own schema (org, repo, number, fix_patch, f2p_tests…). */
export const multiSwebenchFormat: InputFormat = {
  id: "multi-swe-bench",
  label: "Multi-SWE-bench instances",
  shape: "records",
  detect: (r) => "org" in r && "repo" in r && "number" in r && "fix_patch" in r,
  fields: fieldsOf("multi-swe-bench"),
  convert: (r) => [{ kind: "instance", data: normaliseMultiSwebenchRecord(r) }],
  defaultBenchmark: (context) => {
    const language = /multi-swe-bench[-_](\w+)/i.exec(context.path)?.[1];
    return language
      ? `Multi-SWE-bench ${language[0]?.toUpperCase()}${language.slice(1).toLowerCase()}`
      : "Multi-SWE-bench";
  },
};
