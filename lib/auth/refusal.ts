import type { Role } from "./roles";

/** Why an action did nothing: not signed in (401), not allowed (403), or input that does not parse (400). */
export type Refusal = {
  ok: false;
  /** as a server action's one failure shape (AppErrorCode, lib/server/app-error.ts) */
  code: "forbidden" | "invalid-input";
  error: string;
  status: 400 | 401 | 403;
};

export const NOT_SIGNED_IN: Refusal = {
  ok: false,
  code: "forbidden",
  error: "You are not signed in (or your session ended): sign in again.",
  status: 401,
};

export const forbidden = (role: Role): Refusal => ({
  ok: false,
  code: "forbidden",
  error: `This needs the ${role} role.`,
  status: 403,
});
