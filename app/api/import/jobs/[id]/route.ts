import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { getImportJob } from "@/lib/server/import/import-jobs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** An upload's import job: its state, records read, instances analysed, and its result or problems. */
export const GET = guardedRoute(
  "admin",
  async function get(_request: Request, { params }: { params: Promise<{ id: string }> }) {
    const job = await getImportJob(await getDb(), (await params).id);
    if (!job)
      return Response.json(
        {
          ok: false,
          error: "no such import job (finished jobs are kept for 30 days)",
        },
        { status: 404 },
      );
    return Response.json({ ok: true, ...job });
  },
);
