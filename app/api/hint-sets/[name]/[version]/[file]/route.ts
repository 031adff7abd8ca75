import { ManifestBuilder, serialiseManifest } from "@/lib/export/hint-lines";
import { csvField, slug } from "@/lib/export/text-formats";
import { getDb } from "@/lib/server/db";
import { exportFilter, versionLines } from "@/lib/server/hint-sets";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Downloads a published version: `jsonl`, `manifest` or `csv`; `?flagged=1` includes flagged hints. The same bytes every time. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ name: string; version: string; file: string }> },
) {
  const { name, version, file } = await params;
  const includeFlagged = new URL(request.url).searchParams.get("flagged") === "1";
  let data: Awaited<ReturnType<typeof versionLines>>;
  try {
    data = await versionLines(await getDb(), decodeURIComponent(name), Number(version));
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
  });
  const kept = data.lines.filter(exportFilter(includeFlagged));
  const jsonl = kept.map((line) => builder.add(line)).join("");
  const attachment = (body: string, filename: string, type: string) =>
    new Response(body, {
      headers: { "content-type": type, "content-disposition": `attachment; filename="${filename}"` },
    });
  if (file === "jsonl") return attachment(jsonl, `${base}.jsonl`, "application/x-ndjson");
  if (file === "manifest")
    return attachment(serialiseManifest(builder.finish()), `${base}.manifest.json`, "application/json");
  if (file === "csv") {
    const rows = kept.map((l) =>
      [l.instance_id, l.status, l.flag_reason, l.note, l.identifiers.map((i) => i.name).join("; "), l.hint]
        .map(csvField)
        .join(","),
    );
    return attachment(
      `instance_id,status,flag_reason,note,identifiers,hint\r\n${rows.map((r) => `${r}\r\n`).join("")}`,
      `${base}.csv`,
      "text/csv",
    );
  }
  return new Response(`unknown file "${file}": jsonl, manifest or csv`, { status: 404 });
}
