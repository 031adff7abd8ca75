import { parseListState } from "@/lib/review/list-state";
import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { listWindow, MAX_WINDOW } from "@/lib/server/list/review-list";
import { parseIdParam } from "@/lib/server/route-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * A window of the instance list: the list's state in the query string (as the page's URL has it), and
 * `offset`, `limit` (at most 500) and, on a benchmark's page, `benchmarkId`.
 */
export const GET = guardedRoute("viewer", async function get(request: Request) {
  const params = new URL(request.url).searchParams;
  const count = (name: string, fallback: number) => {
    const value = params.get(name);
    return value === null ? fallback : /^\d{1,9}$/.test(value) ? Number(value) : null;
  };
  const offset = count("offset", 0);
  const limit = count("limit", 100);
  if (offset === null || limit === null || limit > MAX_WINDOW)
    return Response.json(
      { ok: false, error: `offset and limit are whole numbers, limit at most ${MAX_WINDOW}` },
      { status: 400 },
    );
  const benchmarkParam = params.get("benchmarkId");
  const benchmarkId = benchmarkParam === null ? undefined : parseIdParam(benchmarkParam);
  if (benchmarkId === null) return Response.json({ ok: false, error: "benchmarkId is an id" }, { status: 400 });
  const window = await listWindow(
    await getDb(),
    parseListState(params),
    { offset, limit },
    benchmarkId === undefined ? {} : { benchmarkId },
  );
  return Response.json({ ok: true, ...window });
});
