import path from "node:path";

/** The default embedded database: a git-ignored file inside the project. */
export const DEFAULT_DATABASE_FILE = path.join("var", "hintscope.db");

/** The two engines Hintscope runs on, by the SQL they speak. */
export type SqlDialect = "sqlite" | "postgres";

/** Which engine a database URL names: `file:` is SQLite, `postgres://` or `postgresql://` PostgreSQL. */
export function dialectOf(url: string): SqlDialect {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  throw new Error(`DATABASE_URL must be a SQLite "file:" URL or a "postgresql://" URL, got "${url}"`);
}

/**
 * The database URL from DATABASE_URL, or the embedded default. A SQLite path that is relative resolves from
 * the project root; a PostgreSQL URL is taken as it is.
 */
export function resolveDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DATABASE_URL?.trim() || `file:${DEFAULT_DATABASE_FILE}`;
  if (dialectOf(raw) === "postgres") return raw;
  const file = raw.slice("file:".length);
  return `file:${path.isAbsolute(file) ? file : path.resolve(/*turbopackIgnore: true*/ process.cwd(), file)}`;
}
