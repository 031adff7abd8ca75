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
] as const;

/** What a changed instance rewrites: every column the import sets but its benchmark, id and first import. */
export const UPDATED_COLUMNS: readonly string[] = [
  ...INSTANCE_COLUMNS.filter(
    (column) => column !== "benchmarkId" && column !== "externalId" && column !== "importedAt",
  ),
  "analysisStatus",
];

export const RESULT_COLUMNS = ["runId", "instanceExternalId", "resolved", "status", "patchApplied"] as const;
