import { attachmentHeader, researchCsvName } from "@/lib/export/download-names";
import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { researchCsv } from "@/lib/server/research/research-csv";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A research table as CSV: the rows `hints report NAME` prints (lib/server/research/research-csv.ts). */
export const GET = guardedRoute(
  "viewer",
  async function get(request: Request, { params }: { params: Promise<{ table: string }> }) {
    const { table } = await params;
    const query = new URL(request.url).searchParams;
    const result = await researchCsv(await getDb(), table, query);
    if (!result.ok) return Response.json({ ok: false, error: result.error }, { status: result.status });
    return new Response(result.csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": attachmentHeader(researchCsvName(table, query)),
      },
    });
  },
);
