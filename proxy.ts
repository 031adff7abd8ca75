import { type NextRequest, NextResponse } from "next/server";
import { REQUESTED_PATH_HEADER, SESSION_COOKIE } from "./lib/auth/session-cookie";

/**
 * The first gate: a request without a session cookie goes no further than the sign-in page (pages are
 * redirected there; API routes and server actions get 401). Whether the cookie is a live session, and the
 * role, is checked by the page, action or route itself (lib/server/auth/guard.tsx): this file only keeps
 * anonymous traffic out and tells pages which path was asked for.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
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
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  // Everything but Next's own assets, the bundled Monaco and the icon; and the upload route, which checks
  // its session itself (guardedRoute): a request the proxy sees has its body copied into memory, and cut
  // at 10 MB (Next's proxyClientMaxBodySize), so an upload through it would arrive truncated.
  matcher: ["/((?!_next/|monaco/|icon\\.svg|favicon\\.ico|api/import$).*)"],
};
