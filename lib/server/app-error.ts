import { infrastructureFailure } from "./infrastructure-failure";

/**
 * The one error vocabulary for expected failures (a set that does not exist, a conflict, a bad request, a
 * bound reached): a code and a sentence for the person. Anything that is not an AppError is a fault: logged,
 * and answered 500; a failure of what Hintscope stands on (the database gone, the disk full) is translated at
 * the edge (infrastructure-failure.ts) into "unavailable", saying what happened.
 *
 * The architecture test (lib/build/error-vocabulary.test.ts) fails on another Error subclass in the server's
 * code, a plain Error thrown by the judge, and a server action whose answer (read by the type checker) is
 * not `{ ok: true, … }` or `ActionFailure`. One field name for the sentence a person reads: a failure's is
 * `error` (as the guard's refusals, the API routes' JSON and the sign-in form's), a success's is `message`.
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

/**
 * The one failure a server action answers with: its code, and the sentence the person reads; `Details` a
 * failure's own further fields (a conflict's who and when, a form's fields) beside them.
 */
export type ActionFailure<Details extends object = Record<never, never>> = {
  ok: false;
  code: AppErrorCode;
  error: string;
} & Details;

/** A server action's answer: `{ ok: true, … }` with what it did, or the one failure shape. */
export type ActionResult<Done extends object = { message: string }> = ({ ok: true } & Done) | ActionFailure;

/** A failure an action answers with, without throwing (a rule checked before any work). */
export const refusal = (code: AppErrorCode, message: string): ActionFailure => ({ ok: false, code, error: message });

/** A failure with its own further fields (`refusal`'s shape, and what the page needs to say more). */
export const refusalWith = <Details extends object>(
  code: AppErrorCode,
  message: string,
  details: Details,
): ActionFailure<Details> => ({ ...details, ...refusal(code, message) });

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

/**
 * An API route's expected failure as JSON in the one shape, `{ ok: false, code, error }`, with its status: an
 * AppError, or a failure of the database or the disk as 503 saying what happened; a fault is thrown on.
 */
export function routeFailure(error: unknown): Response {
  if (error instanceof AppError) return Response.json(failureOf(error), { status: httpStatus(error) });
  const infrastructure = infrastructureFailure(error);
  if (infrastructure)
    return Response.json(refusal("unavailable", `${infrastructure.what}; ask again to see what was kept`), {
      status: STATUS.unavailable,
    });
  throw error;
}

/** Runs an API route's handler: what it did not answer itself is answered by `routeFailure`. */
export async function routeResult(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return routeFailure(error);
  }
}

/** The former name of `actionResult`. */
export const orRefusal = actionResult;
