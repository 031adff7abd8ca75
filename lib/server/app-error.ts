/**
 * The one error shape for expected failures (a set that does not exist, a conflict, a bad request): a code
 * and a sentence for the person. Anything that is not an AppError is a fault: logged, and answered 500.
 */
export type AppErrorCode = "not_found" | "conflict" | "bad_request" | "forbidden";

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

const STATUS: Record<AppErrorCode, number> = { not_found: 404, conflict: 409, bad_request: 400, forbidden: 403 };

/** The HTTP status an expected failure answers with. */
export const httpStatus = (error: AppError) => STATUS[error.code];

/** An expected failure as a plain-text response; a fault is thrown on (Next logs it and answers 500). */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) return new Response(error.message, { status: httpStatus(error) });
  throw error;
}

/** Runs an action's work, answering an expected failure as the action's `{ ok: false, error }`; a fault is thrown on. */
export async function orRefusal<T>(run: () => Promise<T>): Promise<T | { ok: false; error: string }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message };
    throw error;
  }
}
