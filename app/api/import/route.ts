import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ImportError } from "@/lib/ingest/import-error";
import { analyzePendingInstances } from "@/lib/server/analyze-stored-instances";
import { getDb } from "@/lib/server/db";
import { importFiles } from "@/lib/server/import-files";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const UploadQuery = z.object({
  name: z
    .string()
    .min(1)
    .max(255)
    .transform((name) => path.basename(name).replace(/[^\w.\- ]/g, "_"))
    .refine((name) => name !== "" && !/^\.+$/.test(name), "name the uploaded file: ?name=FILE"),
  benchmark: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((b) => b || undefined),
});

/** Streams one uploaded file to disk (memory stays flat), then imports it in one transaction. */
export async function POST(request: Request) {
  const url = new URL(request.url);
  const query = UploadQuery.safeParse({
    name: url.searchParams.get("name") ?? undefined,
    benchmark: url.searchParams.get("benchmark") ?? undefined,
  });
  if (!query.success) return Response.json({ ok: false, error: "name the uploaded file: ?name=FILE" }, { status: 400 });
  if (!request.body)
    return Response.json({ ok: false, error: `${query.data.name}: the upload is empty` }, { status: 400 });
  // The file keeps its own name: formats read the benchmark and model from it.
  const dir = await mkdtemp(path.join(os.tmpdir(), "hintscope-upload-"));
  const file = path.join(dir, query.data.name);
  try {
    await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream), createWriteStream(file));
    const db = await getDb();
    const summary = await importFiles(db, [file], { benchmark: query.data.benchmark });
    const analysis = await analyzePendingInstances(db);
    revalidatePath("/");
    const files = summary.files.map((f) => ({ ...f, file: query.data.name }));
    return Response.json({ ok: true, ...summary, files, analysis });
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const where = `${query.data.name}${error.line === null ? "" : `:${error.line}`}`;
    return Response.json({ ok: false, error: `${where}: ${error.reason}`, line: error.line }, { status: 422 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
