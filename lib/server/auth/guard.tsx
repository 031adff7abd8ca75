import "server-only";
import { headers } from "next/headers";
import { forbidden as answerForbidden, redirect } from "next/navigation";
import { after } from "next/server";
import type { ReactNode } from "react";
import type { z } from "zod";
import { forbidden, NOT_SIGNED_IN, type Refusal } from "../../auth/refusal";
import { hasRole, type Role } from "../../auth/roles";
import { type ActionFailure, actionResult, routeResult } from "../app-error";
import { endListTurn, LIST_TURN_HEADER } from "../list/list-turns";
import { currentUser, requestedPath } from "./request-user";
import type { UserView } from "./users";

/*
 * The one place every page, server action and API route checks who is asking. Each is written as
 * `guardedPage(role, …)`, `guardedAction({ role, input }, …)` or `guardedRoute(role, …)`, and a test
 * (lib/server/auth/guard-coverage.test.ts) fails when one is not.
 */

/** A list request's turn (given by the proxy, list-turns.ts) ends once its answer is sent, however it ends. */
function endListTurnOnceSent(turn: string | null) {
  if (turn) after(() => endListTurn(turn));
}

/** A page for users with at least `role`: anyone not signed in is sent to sign in; a lower role is told so. */
export function guardedPage<P>(role: Role, page: (props: P, user: UserView) => Promise<ReactNode> | ReactNode) {
  // Made once per page module (not per render): the page Next renders is what this returns.
  return async (props: P): Promise<ReactNode> => {
    endListTurnOnceSent((await headers()).get(LIST_TURN_HEADER));
    const user = await currentUser();
    if (!user) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath())}`);
    // 403, with app/forbidden.tsx as the page.
    if (!hasRole(user.role, role)) answerForbidden();
    return page(props, user);
  };
}

/**
 * A server action for users with at least `role`, whose one argument is parsed by `input` (zod): `run` gets
 * the parsed input and the signed-in user, the only source of "who" (a name sent by the client means nothing).
 */
export function guardedAction<S extends z.ZodType, R>(
  options: { role: Role; input: S },
  run: (input: z.output<S>, user: UserView) => Promise<R>,
): (raw: unknown) => Promise<R | Refusal | ActionFailure> {
  return async (raw: unknown) => {
    const user = await currentUser();
    if (!user) return NOT_SIGNED_IN;
    if (!hasRole(user.role, options.role)) return forbidden(options.role);
    const parsed = options.input.safeParse(raw);
    if (!parsed.success)
      return {
        ok: false,
        code: "invalid-input",
        error: parsed.error.issues.map((i) => i.message).join("; "),
        status: 400,
      };
    // The edge: an AppError, or the database or the disk failing, answered in the one failure shape.
    return actionResult(() => run(parsed.data, user));
  };
}

/** `guardedAction` for a form's action under `useActionState`: the form's fields are the input. */
export function guardedFormAction<S extends z.ZodType, R>(
  options: { role: Role; input: S },
  run: (input: z.output<S>, user: UserView) => Promise<R>,
): (previous: unknown, form: FormData) => Promise<R | Refusal | ActionFailure> {
  const action = guardedAction(options, run);
  return (_previous: unknown, form: FormData) => action(Object.fromEntries(form));
}

/** An API route handler for users with at least `role`: 401 without a session, 403 without the role. */
export function guardedRoute<C>(
  role: Role,
  handler: (request: Request, context: C, user: UserView) => Promise<Response>,
): (request: Request, context: C) => Promise<Response> {
  return async (request: Request, context: C) => {
    endListTurnOnceSent(request.headers.get(LIST_TURN_HEADER));
    const user = await currentUser();
    if (!user) return Response.json({ ok: false, code: "forbidden", error: NOT_SIGNED_IN.error }, { status: 401 });
    if (!hasRole(user.role, role))
      return Response.json({ ok: false, code: "forbidden", error: forbidden(role).error }, { status: 403 });
    return routeResult(() => handler(request, context, user));
  };
}
