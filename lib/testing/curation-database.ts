// A real SQLite file holding analysed instances and three users (ada the admin, bo and cy curators): what the
// curation tests decide, publish and export on.
import { analyzePendingInstances } from "../server/analysis/analyze-stored-instances";
import { addUser } from "../server/auth/users";
import { recordDecision } from "../server/hints/record-decision";
import { importFiles } from "../server/import/import-files";
import { jsonl } from "./fixtures";
import { openTempDatabase } from "./temp-database";

export type CurationDatabase = Awaited<ReturnType<typeof openTempDatabase>>;

/** A temporary database with these SWE-bench records imported and analysed, and the three users. */
export async function openCurationDatabase(records: readonly object[]): Promise<CurationDatabase> {
  const env = await openTempDatabase();
  await importFiles(env.db, [env.tmp.write("swebench-lite-curation.jsonl", jsonl([...records]))]);
  await analyzePendingInstances(env.db);
  for (const [name, role] of [
    ["ada", "admin"],
    ["bo", "curator"],
    ["cy", "curator"],
  ] as const)
    await addUser(env.db, { name, role, password: "a long password" });
  return env;
}

/** ada's decision on an instance's hint (no reason, no note, expecting version 0), with any other field given. */
export const decideAsAda = (
  env: CurationDatabase,
  instanceId: number,
  hint: { selection: string; projection: string; action: string },
  extra: Record<string, unknown> = {},
) =>
  recordDecision(
    env.db,
    { instanceId, ...hint, expectedVersion: 0, reason: null, note: "", ...extra } as Parameters<
      typeof recordDecision
    >[1],
    "ada",
  );
