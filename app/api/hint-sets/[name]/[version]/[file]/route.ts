import { createHash } from "node:crypto";
import { HINT_CSV_HEADER, hintCsvLine } from "@/lib/export/hint-csv";
import { ManifestBuilder, serialiseManifest } from "@/lib/export/hint-lines";
import { slug } from "@/lib/export/text-formats";
import { guardedRoute } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db";
import { exportFilter, nativeLines, versionLines } from "@/lib/server/hint-sets";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Downloads a published version: `jsonl`, `manifest`, `csv` or `native` (the benchmark's own records); `?flagged=1` includes flagged hints. The same bytes every time. */
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
    const query = new URL(request.url).searchParams;
    const includeFlagged = query.get("flagged") === "1";
    let data: Awaited<ReturnType<typeof versionLines>>;
    try {
      data = await versionLines(await getDb(), name, Number(version));
    } catch (error) {
      return new Response((error as Error).message, { status: 404 });
    }
    const base = `${slug(data.set.name)}-v${data.version}`;
    const builder = new ManifestBuilder({
      name: data.set.name,
      version: data.version,
      benchmark: data.set.benchmark,
      selection: data.set.selection,
      projection: data.set.projection,
      include_flagged: includeFlagged,
      file: `${base}.jsonl`,
      ...(data.review ? { review: data.review } : {}),
    });
    const kept = data.lines.filter(exportFilter(includeFlagged));
    const jsonl = kept.map((line) => builder.add(line)).join("");
    // The benchmark's own records (`native`), and with ?native=1 the manifest names them with their SHA-256.
    const native = async () => {
      let text = "";
      for await (const line of nativeLines(await getDb(), kept, data.set.benchmark)) text += line;
      return text;
    };
    const attachment = (body: string, filename: string, type: string) =>
      new Response(body, {
        headers: { "content-type": type, "content-disposition": `attachment; filename="${filename}"` },
      });
    if (file === "jsonl") return attachment(jsonl, `${base}.jsonl`, "application/x-ndjson");
    if (file === "manifest" || file === "native") {
      let text: string;
      try {
        text = file === "native" || query.get("native") === "1" ? await native() : "";
      } catch (error) {
        return new Response((error as Error).message, { status: 409 });
      }
      if (file === "native") return attachment(text, `${base}.native.jsonl`, "application/x-ndjson");
      const manifest = builder.finish();
      if (query.get("native") === "1") {
        manifest.native = {
          file: `${base}.native.jsonl`,
          sha256: createHash("sha256").update(text).digest("hex"),
          records: kept.length,
        };
      }
      return attachment(serialiseManifest(manifest), `${base}.manifest.json`, "application/json");
    }
    if (file === "csv") return attachment(HINT_CSV_HEADER + kept.map(hintCsvLine).join(""), `${base}.csv`, "text/csv");
    return new Response(`unknown file "${file}": jsonl, manifest, csv or native`, { status: 404 });
  },
);
