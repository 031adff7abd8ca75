import { z } from "zod";
import type { HintAttribute } from "./judge-scales";

/**
 * The hint's vocabulary, in one place: the selection policies (which identifiers a hint names), the
 * projections (which attributes of each it states), the statuses a hint can be in, the actions a curator
 * takes and the reasons for a flag. Pickers, list columns, counts, input schemas and exports derive from
 * these lists; a new selection policy is one entry in SELECTION_POLICIES (its rule is the `picks` below).
 */

/** What a selection rule knows about one candidate identifier of an instance. */
export interface SelectionCandidate {
  /** the patch that defines it: code (the gold patch) or test */
  side: "code" | "test";
  /** new, changed, or existing (a name both patches use that neither defines) */
  status: "new" | "changed" | "existing";
  kind: string;
  /** the other patch uses it (a use that can denote this definition) */
  usedAcross: boolean;
  /** the name is new to its file in both patches (as NoCode-bench's augment.py finds names: new to the file) */
  sharedName: boolean;
  /** a function or class defined inside a function's body (FEA-Bench counts these; nothing outside can call them) */
  local?: boolean;
  /** the issue names it (its bare name, or a file's path, as text in the problem statement) */
  mentionedInIssue?: boolean;
}

export interface SelectionPolicy {
  id: string;
  label: string;
  /** one line for pickers and column headers' titles */
  description: string;
  picks: (candidate: SelectionCandidate) => boolean;
}

/** The kinds FEA-Bench's visitor records (FunctionDef and ClassDef), as the analysis names them in every language. */
export const FEA_KINDS: ReadonlySet<string> = new Set([
  "function",
  "method",
  "property",
  "class",
  "interface",
  "struct",
  "enum",
]);

/** The four selections of the paper, in the order pickers and columns show them. */
export const SELECTION_POLICIES = [
  {
    id: "defuse",
    label: "DefUse",
    description: "new names defined on one side and used on the other",
    picks: (c) => c.status === "new" && c.usedAcross && !c.local,
  },
  {
    id: "doc2feat",
    label: "Doc2Feat",
    description: "names new to their files in both patches, and new code files, that the issue does not name",
    // As NoCode-bench's augment.py: a name new to its file on the code side and on the test side, plus the
    // code patch's new files, minus what the issue's text contains.
    picks: (c) =>
      !c.mentionedInIssue && (c.sharedName || (c.kind === "file" && c.side === "code" && c.status === "new")),
  },
  {
    id: "fea",
    label: "FEA (brief)",
    description: "new functions, classes and methods of the code patch, nested ones too",
    picks: (c) => c.side === "code" && c.status === "new" && FEA_KINDS.has(c.kind),
  },
  {
    id: "pro",
    label: "Pro",
    description: "every name the code patch adds or changes",
    picks: (c) => c.side === "code" && c.status !== "existing" && !c.local,
  },
] as const satisfies readonly SelectionPolicy[];

export type Selection = (typeof SELECTION_POLICIES)[number]["id"];
export const SELECTIONS = SELECTION_POLICIES.map((p) => p.id) as [Selection, ...Selection[]];
export const SELECTION_LABELS = Object.fromEntries(SELECTION_POLICIES.map((p) => [p.id, p.label])) as Record<
  Selection,
  string
>;

/** The projections of SPEC §5: the attributes each discloses, in order. */
export const PROJECTION_DEFINITIONS = [
  { id: "name", label: "Name only", attributes: ["name"] },
  { id: "declaration", label: "Declaration", attributes: ["name", "kind", "path", "new_file", "signature"] },
  {
    id: "declaration_doc",
    label: "Declaration + Doc",
    attributes: ["name", "kind", "path", "new_file", "signature", "weak_semantics"],
  },
  {
    id: "pro",
    label: "Pro",
    attributes: ["name", "kind", "path", "new_file", "signature", "weak_semantics", "strong_semantics"],
  },
] as const satisfies ReadonlyArray<{ id: string; label: string; attributes: readonly HintAttribute[] }>;

export type Projection = (typeof PROJECTION_DEFINITIONS)[number]["id"];
export const PROJECTIONS = PROJECTION_DEFINITIONS.map((p) => p.id) as [Projection, ...Projection[]];
export const PROJECTION_LABELS = Object.fromEntries(PROJECTION_DEFINITIONS.map((p) => [p.id, p.label])) as Record<
  Projection,
  string
>;
export const PROJECTION_ATTRIBUTES = Object.fromEntries(
  PROJECTION_DEFINITIONS.map((p) => [p.id, p.attributes]),
) as unknown as Record<Projection, readonly HintAttribute[]>;

/** The policy a list and a review page open on. */
export const DEFAULT_POLICY = { selection: "defuse", projection: "declaration" } as const satisfies {
  selection: Selection;
  projection: Projection;
};

/**
 * The states of a hint. `stale`: decided, but what the hint is made from (the patches, the benchmark's own
 * hint text, the analysis) changed since; the decision no longer speaks for the text.
 */
export const HINT_STATUSES = ["pending", "accepted", "trimmed", "flagged", "stale"] as const;
export type HintStatus = (typeof HINT_STATUSES)[number];
export const HINT_STATUS_LABELS: Record<HintStatus, string> = {
  pending: "pending",
  accepted: "accepted",
  trimmed: "trimmed",
  flagged: "flagged",
  stale: "changed since decided",
};

/** What a curator does to a hint; `reconfirm` re-applies a stale decision to the changed hint. */
export const DECISION_ACTIONS = ["accept", "trim", "flag", "reconfirm"] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** Why a curator flags a hint (SPEC §8). */
export const FLAG_REASONS = {
  spoiler: "Spoiler (discloses implementation)",
  guesswork: "Guesswork remains (a test-facing name is missing)",
  misleading_issue: "Misleading issue text",
  tests_too_narrow: "Tests too narrow",
  tests_too_broad: "Tests too broad",
  leak_channel: "Leak channel (e.g. an id embedding the fix commit)",
  other: "Other",
} as const;
export type FlagReason = keyof typeof FLAG_REASONS;
export const FLAG_REASON_IDS = Object.keys(FLAG_REASONS) as [FlagReason, ...FlagReason[]];

export const SelectionSchema = z.enum(SELECTIONS);
export const ProjectionSchema = z.enum(PROJECTIONS);
export const HintStatusSchema = z.enum(HINT_STATUSES);
export const FlagReasonSchema = z.enum(FLAG_REASON_IDS);

export const isSelection = (value: unknown): value is Selection => SelectionSchema.safeParse(value).success;
export const isProjection = (value: unknown): value is Projection => ProjectionSchema.safeParse(value).success;

/** A zod enum of a registry's selection ids (the app's own, or a test's). */
export const selectionSchemaOf = (policies: readonly SelectionPolicy[]) =>
  z.enum(policies.map((p) => p.id) as [string, ...string[]]);

/** How many identifiers each selection of a registry picks, from the identifiers' policy lists. */
export function countBySelection(
  identifiers: Iterable<{ policies: readonly string[] }>,
  policies: readonly SelectionPolicy[] = SELECTION_POLICIES,
): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(policies.map((p) => [p.id, 0]));
  for (const identifier of identifiers) {
    for (const policy of identifier.policies) if (policy in counts) counts[policy] = (counts[policy] as number) + 1;
  }
  return counts;
}
