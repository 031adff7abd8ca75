import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { runInstances } from "@/lib/server/research/research";
import { parseIdParam } from "@/lib/server/route-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A run's instances and outcomes (the resolve-rate table's drill-down). */
export const GET = guardedRoute(
  "viewer",
  async function get(_request: Request, { params }: { params: Promise<{ id: string }> }) {
    const id = parseIdParam((await params).id);
    const instances = id === null ? null : await runInstances(await getDb(), id);
    if (!instances) return Response.json({ ok: false, error: "no such run" }, { status: 404 });
    return Response.json({ ok: true, instances });
  },
);
