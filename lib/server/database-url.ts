import path from "node:path";

/** The default embedded database: a git-ignored file inside the project. */
export const DEFAULT_DATABASE_FILE = path.join("var", "hintscope.db");

/** The SQLite database URL from DATABASE_URL, or the embedded default; relative paths resolve from the project root. */
export function resolveDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DATABASE_URL?.trim() || `file:${DEFAULT_DATABASE_FILE}`;
  if (!raw.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a SQLite "file:" URL for now, got "${raw}"`);
  }
  const file = raw.slice("file:".length);
  return `file:${path.isAbsolute(file) ? file : path.resolve(/*turbopackIgnore: true*/ process.cwd(), file)}`;
}
