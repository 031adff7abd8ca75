import { attachmentHeader, hintSetFileName } from "@/lib/export/download-names";
import { serialiseManifest } from "@/lib/export/hint-lines";
import { errorResponse } from "@/lib/server/app-error";
import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { assembleVersionExport, type VersionExport } from "@/lib/server/hints/version-export";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const FILES = ["jsonl", "manifest", "csv", "native", "parquet"] as const;

/**
 * Downloads a published version: `jsonl`, `manifest`, `csv` or `native` (the benchmark's own records);
 * `?flagged=1` includes flagged hints, `?native=1` names the native records in the manifest. Assembled by
 * the same code as `hints export --set` (assembleVersionExport), so both give the same bytes, every time.
 */
export const GET = guardedRoute(
  "viewer",
  async function get(
    request: Request,
    { params }: { params: Promise<{ name: string; version: string; file: string }> },
  ) {
    // Next hands the segments over decoded: decoding again broke names with a "%" in them.
    const { name, version, file } = await params;
    if (!/^[1-9]\d{0,8}$/.test(version)) {
      return new Response(`no version "${version}" of hint set "${name}": versions are 1, 2, …`, { status: 404 });
    }
    if (!(FILES as readonly string[]).includes(file)) {
      return new Response(`unknown file "${file}": jsonl, manifest, csv, native or parquet`, { status: 404 });
    }
    const query = new URL(request.url).searchParams;
    let exported: VersionExport;
    try {
      exported = await assembleVersionExport(await getDb(), name, Number(version), {
        includeFlagged: query.get("flagged") === "1",
        native: file === "native" || query.get("native") === "1",
        parquet: file === "parquet" || query.get("parquet") === "1",
        csv: file === "csv" || query.get("csv") === "1",
        manifestOnly: file === "manifest",
      });
    } catch (error) {
      // A set or version that does not exist is a 404, records that cannot be written natively a 409; anything
      // else is a fault: thrown on, logged by the server and answered 500.
      return errorResponse(error);
    }
    // Each variant its own name (set, version, with flagged, native, format): lib/export/download-names.ts.
    const named = hintSetFileName(name, Number(version), file as (typeof FILES)[number], {
      flagged: query.get("flagged") === "1",
      native: query.get("native") === "1",
    });
    const attachment = (body: string | Uint8Array<ArrayBuffer>, type: string) =>
      new Response(body, { headers: { "content-type": type, "content-disposition": attachmentHeader(named) } });
    switch (file as (typeof FILES)[number]) {
      case "jsonl":
        return attachment(exported.jsonl, "application/x-ndjson");
      case "csv":
        return attachment(exported.csv, "text/csv");
      case "native":
        return attachment(exported.native?.text ?? "", "application/x-ndjson");
      case "parquet":
        return attachment(
          new Uint8Array(exported.parquet?.bytes ?? new Uint8Array()),
          "application/vnd.apache.parquet",
        );
      case "manifest":
        return attachment(serialiseManifest(exported.manifest), "application/json");
    }
  },
);
