import type { RawRecord } from "./field-values";

/** One benchmark instance, normalised from any instance format. */
export interface InstanceData {
  externalId: string;
  repo: string;
  baseCommit: string;
  language: string | null;
  problemStatement: string;
  goldPatch: string;
  testPatch: string;
  failToPass: string[];
  passToPass: string[];
  requirements: string | null;
  interfaceText: string | null;
  hintsText: string | null;
  sourceCreatedAt: string | null;
  sourceVersion: string | null;
  original: RawRecord;
}

/** Which configuration a result or summary belongs to. */
export interface RunKey {
  model: string;
  selection: string;
  projection: string;
}

export interface ResultData extends RunKey {
  instanceExternalId: string;
  resolved: boolean;
  status: string | null;
  patchApplied: boolean | null;
  /** per-test outcome counts, where a per-instance report gives them */
  tests?: Record<string, { passed: number; failed: number }> | null;
}

/** The patch a run's agent wrote for one instance (empty: it wrote none). */
export interface PredictionData extends RunKey {
  instanceExternalId: string;
  patch: string;
}

/** A summary a results file states about its run (counts, a pass rate), kept to check against the rows. */
export interface RunSummaryData extends RunKey {
  summary: Record<string, unknown>;
}

export interface JudgeScoreData {
  instanceExternalId: string;
  selection: string;
  identifier: string;
  attribute: string;
  judge: string;
  sample: number;
  necessity: number;
  disclosure: number;
  guidance: number;
  detail: Record<string, unknown>;
}

/** A curator's own rating of one attribute of one identifier. */
export interface CuratorScoreData {
  instanceExternalId: string;
  identifier: string;
  attribute: string;
  curator: string;
  necessity: number;
  disclosure: number;
  guidance: number;
}

/** A design-constraint verdict on one configuration's patch for one instance. */
export interface DesignVerdictData extends RunKey {
  instanceExternalId: string;
  constraintId: string;
  verdict: "satisfied" | "violated" | "neutral";
}

/** A label people in the field published about an instance (an annotation, a classification). */
export interface LabelData {
  instanceExternalId: string;
  source: string;
  name: string;
  value: string;
  notes: string | null;
}

/** What one record of a file becomes; `benchmark` is set where the record itself names it. */
export type ImportItem = {
  benchmark?: string;
  /** something the import should say about how it read this record (an id taken from a folder's name) */
  note?: string;
  /** more to say about how it was read (the run's name and where it came from) */
  notes?: string[];
} & (
  | { kind: "instance"; data: InstanceData }
  | { kind: "result"; data: ResultData }
  | { kind: "prediction"; data: PredictionData }
  | { kind: "run-summary"; data: RunSummaryData }
  | { kind: "judge-score"; data: JudgeScoreData }
  | { kind: "design-verdict"; data: DesignVerdictData }
  | { kind: "curator-score"; data: CuratorScoreData }
  | { kind: "label"; data: LabelData }
);

/** What a format knows about the file it reads. */
export interface FileContext {
  /** the file's folder and name, e.g. "swebench-pro/gpt-5.eval_results.json" */
  path: string;
  /** a JSON document's top-level numbers as written (`"pass_rate": 75.0` → "75.0"), where known */
  numberLiterals?: Record<string, string>;
  /** the run of records that name none, where the file's other records name exactly one (predictions) */
  fileModel?: string;
}

/** What a user says about the runs of a file that does not say it (`--model`, `--selection`, `--projection`). */
export interface RunOptions {
  model?: string;
  selection?: string;
  projection?: string;
}

/** One input format: how to recognise its records and turn them into import items. */
export interface InputFormat {
  id: string;
  label: string;
  /** "records": one item group per row; "document": the whole file is one JSON object */
  shape: "records" | "document";
  detect(first: RawRecord): boolean;
  /** the fields a record of this format must have, for telling a near miss what it lacks */
  fields?: readonly string[];
  convert(record: RawRecord, context: FileContext): ImportItem[];
  /** the benchmark name the file implies, when its records do not say */
  defaultBenchmark(context: FileContext): string | null;
}
