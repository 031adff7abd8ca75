/**
 * `npm run bench:ui` (after `npm run build`), upload section: a 200 MB instance file (real shared records
 * replicated under new ids) uploaded to the running app as an admin would, streamed; the app server's
 * resident memory (all its processes) sampled every 50 ms from before the upload to the end of the import.
 * The upload is streamed to disk and imported from there, so memory should not grow with the file.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { addUser } from "../server/auth/users";
import { openDatabase } from "../server/db";
import { launchChromium, startAppServer, treeRssMb } from "../testing/app-server";
import { makeTempDir } from "../testing/fixtures";
import { SHARED_DATA, SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";
import { signIn } from "../testing/sign-in";

const PORT = 3194;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "upload-bench-password";
const TARGET_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);

/** Real records replicated under new ids until the file is TARGET_MB. */
async function writeUpload(file: string): Promise<number> {
  const records: string[] = [];
  for (const source of sharedFiles("instances").filter((f) => /swebench-(lite|multilingual)/.test(f)))
    for await (const line of createInterface({ input: createReadStream(source) })) if (line.trim()) records.push(line);
  const out = createWriteStream(file);
  let bytes = 0;
  let count = 0;
  while (bytes < TARGET_MB * 1024 * 1024) {
    const record = JSON.parse(records[count % records.length] as string) as Record<string, unknown>;
    const line = `${JSON.stringify({ ...record, instance_id: `${record.instance_id}-u${count}` })}\n`;
    bytes += Buffer.byteLength(line);
    count++;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return count;
}

async function main() {
  if (!SHARED_DATA) {
    console.log(SHARED_DATA_MISSING);
    return;
  }
  const tmp = makeTempDir("hintscope-upload-bench-");
  const url = `file:${path.join(tmp.dir, "upload.db")}`;
  const file = path.join(tmp.dir, "swebench-lite-upload.jsonl");
  const records = await writeUpload(file);
  const db = await openDatabase(url);
  await addUser(db, { name: "uploader", role: "admin", password: PASSWORD });
  await db.$disconnect();
  const server = await startAppServer(PORT, url);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    await signIn(await context.newPage(), BASE, "uploader", PASSWORD);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const before = treeRssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRssMb(server.pid));
    }, 50);
    const started = Date.now();
    const response = await fetch(`${BASE}/api/import?name=${path.basename(file)}&benchmark=Upload`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/octet-stream", "x-hintscope-upload": "1" },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    const answer = (await response.json()) as { ok: boolean; files?: Array<{ added: number }>; error?: string };
    clearInterval(sampler);
    if (!answer.ok) throw new Error(`the upload failed: ${answer.error}`);
    const megabytes = statSync(file).size / 1024 / 1024;
    console.log(
      `upload of a ${megabytes.toFixed(0)} MB file (${records} instances, ${answer.files?.[0]?.added} added), imported and analysed in ${((Date.now() - started) / 1000).toFixed(0)} s: the app server's memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak`,
    );
  } finally {
    await browser.close();
    await server.stop();
    tmp.cleanup();
  }
}

await main();
