import { type NextRequest, NextResponse } from "next/server";
import { appOriginOf, crossOriginRefusal } from "./lib/auth/same-origin";
import { REQUESTED_PATH_HEADER, SESSION_COOKIE } from "./lib/auth/session-cookie";
import { isListPath, LIST_TURN_HEADER, takeNamedListTurn } from "./lib/server/list/list-turns";
import { settings } from "./lib/server/settings";

/**
 * The first gate: a request without a session cookie goes no further than the sign-in page (pages are
 * redirected there; API routes and server actions get 401). Whether the cookie is a live session, and the
 * role, is checked by the page, action or route itself (lib/server/auth/guard.tsx): this file only keeps
 * anonymous traffic out and tells pages which path was asked for.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // A request from another origin changes nothing: server actions and routes alike (lib/auth/same-origin.ts).
  const crossOrigin = crossOriginRefusal(
    request.method,
    request.headers,
    appOriginOf(request.url, request.headers, settings().trustProxy),
  );
  if (crossOrigin) return NextResponse.json({ ok: false, error: crossOrigin }, { status: 403 });
  const open = pathname === "/sign-in";
  if (!open && !request.cookies.has(SESSION_COOKIE)) {
    const isAction = request.method === "POST" && request.headers.has("next-action");
    if (pathname.startsWith("/api/") || isAction)
      return NextResponse.json({ ok: false, error: "sign in first" }, { status: 401 });
    const target = new URL("/sign-in", request.url);
    if (pathname !== "/") target.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(target);
  }
  const forwarded = new Headers(request.headers);
  forwarded.set(REQUESTED_PATH_HEADER, `${pathname}${search}`);
  // A list render waits here for its turn, before Next spends anything on it (lib/server/list/list-turns.ts);
  // the guard of the page or route that answers ends the turn once the answer is sent.
  forwarded.delete(LIST_TURN_HEADER);
  // Pages asked for whole and the list's windows; not the app's own navigations and prefetches (the
  // requests that say `Next-Url`), as a prefetch may render no page, so no guard would end its turn.
  if (request.method === "GET" && !request.headers.has("next-url") && isListPath(pathname)) {
    const turn = crypto.randomUUID();
    await takeNamedListTurn(turn);
    forwarded.set(LIST_TURN_HEADER, turn);
  }
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  // Everything but Next's own assets, the bundled Monaco and the icon; and the upload route, which checks
  // its session itself (guardedRoute): a request the proxy sees has its body copied into memory, and cut
  // at 10 MB (Next's proxyClientMaxBodySize), so an upload through it would arrive truncated.
  matcher: ["/((?!_next/|monaco/|icon\\.svg|favicon\\.ico|api/import$).*)"],
};
