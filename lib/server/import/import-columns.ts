/** The columns the importer writes, in the order its rows give them. */

export const INSTANCE_COLUMNS = [
  "benchmarkId",
  "externalId",
  "repo",
  "baseCommit",
  "language",
  "problemStatement",
  "goldPatch",
  "testPatch",
  "failToPass",
  "passToPass",
  "requirements",
  "interfaceText",
  "hintsText",
  "sourceCreatedAt",
  "sourceVersion",
  "sourceFormat",
  "original",
  "contentHash",
  "hintSource",
  "isDemo",
  "importedAt",
  "updatedAt",
  "importKey",
] as const;

/**
 * What a changed instance rewrites: every column the import sets but its benchmark, id, first import and the
 * import that added it (an update is not an addition: taking the later import back leaves the row).
 */
export const UPDATED_COLUMNS: readonly string[] = [
  ...INSTANCE_COLUMNS.filter(
    (column) =>
      column !== "benchmarkId" && column !== "externalId" && column !== "importedAt" && column !== "importKey",
  ),
  "analysisStatus",
];

export const RESULT_COLUMNS = [
  "runId",
  "instanceExternalId",
  "resolved",
  "status",
  "patchApplied",
  "testCounts",
  "importKey",
] as const;

/** A judge sample's key columns (its unique key but the benchmark) and the values compared on re-import. */
export const JUDGE_KEY_COLUMNS = [
  "instanceExternalId",
  "selection",
  "identifier",
  "attribute",
  "judge",
  "sample",
] as const;
export const JUDGE_VALUE_COLUMNS = ["necessity", "disclosure", "guidance", "detail", "instanceId"] as const;
export const JUDGE_COLUMNS = [
  "benchmarkId",
  ...JUDGE_KEY_COLUMNS,
  ...JUDGE_VALUE_COLUMNS,
  "isDemo",
  "importKey",
] as const;
