import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { appOriginOf, crossOriginRefusal, UPLOAD_HEADER } from "@/lib/auth/same-origin";
import { parseFieldMap } from "@/lib/ingest/field-aliases";
import { SERVER_ANALYSIS_WORKERS } from "@/lib/server/analysis/analyze-stored-instances";
import { AppError } from "@/lib/server/app-error";
import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { describeImportFailure, maxUploadBytes, startImportJob, uploadFolder } from "@/lib/server/import/import-jobs";
import { importThenAnalyse } from "@/lib/server/import/import-then-analyse";
import { settings } from "@/lib/server/settings";

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
  map: z.string().max(2000).optional(),
  // The run of records that do not say it (the command line's --model, --selection, --projection).
  model: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
  selection: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  projection: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  replace: z.enum(["1"]).optional(),
  job: z.enum(["1"]).optional(),
});

/** Counts the bytes going by and stops the upload past the limit. */
const limit = (max: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? new AppError("limit", "the upload is larger than it may be") : null, chunk);
    },
  });
};

/**
 * Streams one uploaded file to disk (memory stays flat, size bounded), then imports it in one transaction:
 * at once (the answer is the summary), or with `?job=1` as a background job whose progress
 * `/api/import/jobs/ID` reports. `?map=patch=gold_patch,…` names the file's fields.
 */
export const POST = guardedRoute("admin", async function post(request: Request) {
  // Not through proxy.ts (see its matcher): the cross-origin check is made here, and the upload must carry
  // the header only the app's own page sends (lib/auth/same-origin.ts).
  const crossOrigin = crossOriginRefusal(
    request.method,
    request.headers,
    appOriginOf(request.url, request.headers, settings().trustProxy),
  );
  if (crossOrigin) return Response.json({ ok: false, error: crossOrigin }, { status: 403 });
  if (request.headers.get(UPLOAD_HEADER) !== "1")
    return Response.json(
      { ok: false, error: `an upload must say ${UPLOAD_HEADER}: 1 (the import page sends it)` },
      { status: 403 },
    );
  const url = new URL(request.url);
  const query = UploadQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return Response.json({ ok: false, error: "name the uploaded file: ?name=FILE" }, { status: 400 });
  const { name, benchmark, job, model, selection, projection } = query.data;
  const run = { model, selection, projection };
  const replace = query.data.replace === "1";
  let fieldMap: Record<string, string> | undefined;
  try {
    fieldMap = query.data.map ? parseFieldMap(query.data.map) : undefined;
  } catch (error) {
    return Response.json({ ok: false, error: (error as Error).message }, { status: 400 });
  }
  if (!request.body) return Response.json({ ok: false, error: `${name}: the upload is empty` }, { status: 400 });
  // The file keeps its own name: formats read the benchmark and model from it.
  const dir = await uploadFolder();
  const file = path.join(dir, name);
  try {
    await pipeline(
      Readable.fromWeb(request.body as import("node:stream/web").ReadableStream),
      limit(maxUploadBytes()),
      createWriteStream(file),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof AppError && error.code === "limit") {
      const mb = Math.round(maxUploadBytes() / 1024 / 1024);
      return Response.json(
        { ok: false, error: `${name}: larger than the ${mb} MB an upload may be (HINTSCOPE_MAX_UPLOAD_MB)` },
        { status: 413 },
      );
    }
    throw error;
  }
  const db = await getDb();
  if (job) {
    const started = startImportJob(db, file, name, { benchmark, fieldMap, run, replace });
    return Response.json({ ok: true, job: started.id }, { status: 202 });
  }
  try {
    const { summary, analysis } = await importThenAnalyse(db, [file], {
      benchmark,
      fieldMap,
      run,
      replace,
      analysis: { mode: "now", workers: SERVER_ANALYSIS_WORKERS },
    });
    revalidatePath("/");
    const files = summary.files.map((f) => ({ ...f, file: name }));
    return Response.json({ ok: true, ...summary, files, analysis });
  } catch (error) {
    const failure = describeImportFailure(error, name, file);
    return Response.json(
      {
        ok: false,
        error: failure.errors.join("\n"),
        errors: failure.errors,
        fields: failure.fields,
        line: failure.line,
      },
      { status: 422 },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
