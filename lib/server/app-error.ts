import { infrastructureFailure } from "./infrastructure-failure";

/**
 * The one error vocabulary for expected failures (a set that does not exist, a conflict, a bad request, a
 * bound reached): a code and a sentence for the person. Anything that is not an AppError is a fault: logged,
 * and answered 500; a failure of what Hintscope stands on (the database gone, the disk full) is translated at
 * the edge (infrastructure-failure.ts) into "unavailable", saying what happened.
 *
 * The architecture test (lib/build/error-vocabulary.test.ts) fails on another Error subclass in the server's
 * code, and on a server action that answers a failure in any other shape than `ActionFailure`.
 */
export type AppErrorCode =
  /** what was named does not exist */
  | "not-found"
  /** not signed in, or signed in without the role */
  | "forbidden"
  /** the request does not parse or breaks a rule of its own */
  | "invalid-input"
  /** it clashes with what is stored (a taken name, a view that changed since it was confirmed) */
  | "conflict"
  /** a bound on what a user may store or send is reached */
  | "limit"
  /** what it needs did not answer (the database, a judge endpoint): nothing was changed */
  | "unavailable";

/** The spellings the first call sites used, read as the codes they mean (they keep compiling). */
type FormerCode = "not_found" | "bad_request";
const FORMER: Record<FormerCode, AppErrorCode> = { not_found: "not-found", bad_request: "invalid-input" };

export class AppError extends Error {
  readonly code: AppErrorCode;
  constructor(code: AppErrorCode | FormerCode, message: string) {
    super(message);
    this.name = "AppError";
    this.code = code in FORMER ? FORMER[code as FormerCode] : (code as AppErrorCode);
  }
}

const STATUS: Record<AppErrorCode, number> = {
  "not-found": 404,
  forbidden: 403,
  "invalid-input": 400,
  conflict: 409,
  limit: 413,
  unavailable: 503,
};

/** The HTTP status an expected failure answers with. */
export const httpStatus = (error: AppError) => STATUS[error.code];

/** An expected failure as a plain-text response; a fault is thrown on (Next logs it and answers 500). */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) return new Response(error.message, { status: httpStatus(error) });
  throw error;
}

/** The one failure a server action answers with: its code, and the sentence the person reads. */
export type ActionFailure = { ok: false; code: AppErrorCode; error: string };

/** A server action's answer: `{ ok: true, … }` with what it did, or the one failure shape. */
export type ActionResult<Done extends object = { message: string }> = ({ ok: true } & Done) | ActionFailure;

/** A failure an action answers with, without throwing (a rule checked before any work). */
export const refusal = (code: AppErrorCode, message: string): ActionFailure => ({ ok: false, code, error: message });

/** An expected failure as the action's answer. */
export const failureOf = (error: AppError): ActionFailure => refusal(error.code, error.message);

/**
 * Runs a server action's work: an AppError is answered as the one failure shape, a failure of the database or
 * the disk as "unavailable" saying what happened; any other error is a fault,
 * thrown on. `translate` names a caller's expected errors that are not yet AppErrors (their AppError, or null).
 */
export async function actionResult<T>(
  run: () => Promise<T>,
  translate?: (error: unknown) => AppError | null,
): Promise<T | ActionFailure> {
  try {
    return await run();
  } catch (error) {
    const known = error instanceof AppError ? error : (translate?.(error) ?? null);
    if (known) return failureOf(known);
    const infrastructure = infrastructureFailure(error);
    if (infrastructure) return refusal("unavailable", `${infrastructure.what}; reload the page to see what was kept`);
    throw error;
  }
}

/** The former name of `actionResult`. */
export const orRefusal = actionResult;
