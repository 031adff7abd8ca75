import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** The real benchmark data beside the project (`../shared/data`), or null where it is absent. */
export const SHARED_DATA = (() => {
  const dir = path.resolve(process.cwd(), "..", "shared", "data");
  return existsSync(path.join(dir, "instances")) ? dir : null;
})();

export const SHARED_DATA_MISSING =
  "../shared/data is absent: the extended runs over the whole shared set are skipped (the real records committed in lib/testing/real-data still run)";

/** Every file under a folder of the shared data, sorted. */
export function sharedFiles(sub: string): string[] {
  if (!SHARED_DATA) return [];
  const dir = path.join(SHARED_DATA, sub);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "README.md")
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
