import { attachmentHeader, commentsFileName } from "@/lib/export/download-names";
import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { commentsForExport } from "@/lib/server/hints/line-comments";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Every comment thread (or one benchmark's, `?benchmark=NAME`) as JSON Lines, one thread a line: the
 * curators' remarks on the texts, apart from the hints (no hint set or hint export carries them).
 */
export const GET = guardedRoute("viewer", async function get(request: Request) {
  const benchmark = new URL(request.url).searchParams.get("benchmark") ?? undefined;
  const records = await commentsForExport(await getDb(), benchmark);
  return new Response(records.map((r) => `${JSON.stringify(r)}\n`).join(""), {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": attachmentHeader(commentsFileName(benchmark)),
    },
  });
});
