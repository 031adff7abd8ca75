import { guardedRoute } from "@/lib/server/auth/guard";
import { getImportJob } from "@/lib/server/import-jobs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** An upload's import job: its state, records read, instances analysed, and its result or problems. */
export const GET = guardedRoute(
  "admin",
  async function get(_request: Request, { params }: { params: Promise<{ id: string }> }) {
    const job = getImportJob((await params).id);
    if (!job)
      return Response.json(
        {
          ok: false,
          error:
            "no such import job: the server restarted since, or the job ended over an hour ago (see the import history, and the list for instances not analysed yet)",
        },
        { status: 404 },
      );
    return Response.json({ ok: true, ...job });
  },
);
