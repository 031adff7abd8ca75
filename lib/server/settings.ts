import path from "node:path";
import { z } from "zod";
import { PasswordSchema } from "../auth/roles";
import type { RepositoryStoreConfig } from "../repository-store/repository-store";
import { dialectOf } from "./db/database-url";

const flag = z.enum(["0", "1"], { message: 'must be "1" (on) or "0" (off)' }).optional();

/**
 * The environment settings, read once and checked: a bad value is refused with its name at start-up (the
 * server's instrumentation hook, the command line's first step) instead of falling back to a default.
 */
const SettingsSchema = z.object({
  /** the largest upload accepted, in megabytes (default 2048) */
  HINTSCOPE_MAX_UPLOAD_MB: z
    .string()
    .regex(/^\d+$/, "must be a whole number of megabytes")
    .transform(Number)
    .refine((mb) => mb >= 1 && mb <= 1_048_576, "must be from 1 to 1048576 (1 TB)")
    .optional(),
  HINTSCOPE_SECURE_COOKIE: flag,
  HINTSCOPE_TRUST_PROXY: flag,
  // The rule every password keeps (lib/auth/roles.ts): refused at start-up, not at the seed that uses it.
  HINTSCOPE_DEMO_PASSWORD: PasswordSchema.optional(),
  /** the repository store: a folder of bare repositories at OWNER/NAME.git */
  HINTSCOPE_REPOS: z.string().optional(),
  /** where a missing repository or commit is fetched from: a URL with {owner} and {name}; unset: offline */
  HINTSCOPE_GIT_REMOTE: z
    .string()
    .refine((url) => url.includes("{owner}") && url.includes("{name}"), "must hold {owner} and {name}")
    .optional(),
  /** the store's size limit in gigabytes: the least recently used repositories are pruned to it */
  HINTSCOPE_REPOS_MAX_GB: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a number of gigabytes")
    .transform(Number)
    .refine((gb) => gb > 0, "must be more than 0")
    .optional(),
  /** 0: this server leaves the analysis of uploads to \`hints worker\` processes (PostgreSQL) */
  HINTSCOPE_SERVER_JOBS: flag,
  /** how long a queued job may run before another process takes it up again, in seconds (default 600) */
  HINTSCOPE_WORKER_LEASE_S: z
    .string()
    .regex(/^\d+$/, "must be a whole number of seconds")
    .transform(Number)
    .refine((s) => s >= 4 && s <= 86_400, "must be from 4 to 86400 (a day)")
    .optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((url) => {
      if (url === undefined || url.trim() === "") return true;
      try {
        dialectOf(url.trim());
        return true;
      } catch {
        return false;
      }
    }, 'must be a SQLite "file:" URL or a "postgresql://" URL'),
});

export interface Settings {
  maxUploadBytes: number;
  secureCookie: boolean;
  trustProxy: boolean;
  demoPassword: string | undefined;
  /** null: no store, every instance is analysed from its hunks */
  repositoryStore: RepositoryStoreConfig | null;
  /** whether a server works the analysis queue itself (else only \`hints worker\` processes do) */
  serverWorksQueues: boolean;
  /** how long a queued job may run before another process takes it up again */
  workerLeaseSeconds: number;
}

/** Reads the settings from an environment; throws a sentence naming each bad variable and its value. */
export function readSettings(env: Record<string, string | undefined>): Settings {
  // An empty variable is an unset one (as shells and .env files write them).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = SettingsSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}=${JSON.stringify(env[name])} ${issue.message}`;
    });
    throw new Error(`bad setting${problems.length > 1 ? "s" : ""}: ${problems.join("; ")}`);
  }
  const s = parsed.data;
  if ((s.HINTSCOPE_GIT_REMOTE || s.HINTSCOPE_REPOS_MAX_GB) && !s.HINTSCOPE_REPOS)
    throw new Error(
      "bad setting: HINTSCOPE_GIT_REMOTE and HINTSCOPE_REPOS_MAX_GB need HINTSCOPE_REPOS (the store's folder)",
    );
  return {
    maxUploadBytes: (s.HINTSCOPE_MAX_UPLOAD_MB ?? 2048) * 1024 * 1024,
    secureCookie: s.HINTSCOPE_SECURE_COOKIE === "1",
    trustProxy: s.HINTSCOPE_TRUST_PROXY === "1",
    demoPassword: s.HINTSCOPE_DEMO_PASSWORD,
    serverWorksQueues: s.HINTSCOPE_SERVER_JOBS !== "0",
    workerLeaseSeconds: s.HINTSCOPE_WORKER_LEASE_S ?? 600,
    repositoryStore: s.HINTSCOPE_REPOS
      ? {
          root: path.resolve(s.HINTSCOPE_REPOS),
          remote: s.HINTSCOPE_GIT_REMOTE ?? null,
          maxBytes: s.HINTSCOPE_REPOS_MAX_GB === undefined ? null : Math.round(s.HINTSCOPE_REPOS_MAX_GB * 2 ** 30),
        }
      : null,
  };
}

let current: Settings | undefined;

/** This process's settings, read from its environment on first use. */
export function settings(): Settings {
  current ??= readSettings(process.env);
  return current;
}
