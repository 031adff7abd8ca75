/**
 * `npm run bench:ui` (after `npm run build`), upload section: a 1 GB instance file (BENCH_UPLOAD_MB; real
 * shared records replicated under new ids) uploaded to the running app as the upload page sends it, streamed,
 * then imported and analysed as a job whose progress is polled (and printed on stderr); another user opens
 * the home page every 2 s meanwhile; the app server's resident memory (all its processes) sampled every
 * 50 ms from before the upload to the end of the import. The upload is streamed to disk and imported from
 * there, so memory should not grow with the file, and other users' pages should not wait on it.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { addUser } from "../server/auth/users";
import { openDatabase } from "../server/db/client";
import { launchChromium, startAppServer, treeRssMb } from "../testing/app-server";
import { makeTempDir } from "../testing/fixtures";
import { SHARED_DATA, SHARED_DATA_MISSING, sharedFiles } from "../testing/shared-data";
import { signIn } from "../testing/sign-in";

const PORT = 3194;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "upload-bench-password";
const TARGET_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);

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
  const server = await startAppServer(PORT, url, { log: path.join(tmp.dir, "server.log") });
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
    // Meanwhile another user opens the home page every 2 s: how long it waits is the server's responsiveness.
    // A GET on a kept-alive connection the server closed at that moment is sent again once, as browsers do;
    // such resets are counted apart.
    let resets = 0;
    const getRetried = async (url: string): Promise<Response> => {
      try {
        return await fetch(url, { headers: { Cookie: cookie } });
      } catch (error) {
        if (((error as Error).cause as { code?: string })?.code !== "ECONNRESET") throw error;
        resets++;
        return fetch(url, { headers: { Cookie: cookie } });
      }
    };
    let imported: { seconds: number; peak: number } | null = null;
    const others: number[] = [];
    // Each load over a second, with when it started and what the import was doing then.
    const slow: string[] = [];
    let phase = "uploading";
    const startedAt = performance.now();
    const failures: string[] = [];
    let importing = true;
    const otherUser = (async () => {
      while (importing) {
        const t = performance.now();
        try {
          const response = await getRetried(`${BASE}/`);
          await response.text();
          if (response.ok) {
            const took = performance.now() - t;
            others.push(took);
            if (took > 1000) {
              slow.push(`${(took / 1000).toFixed(1)} s at ${((t - startedAt) / 1000).toFixed(0)} s, ${phase}`);
              process.stderr.write(`  the home page took ${slow.at(-1)}\n`);
            }
          } else failures.push(`HTTP ${response.status}`);
        } catch (error) {
          failures.push(`${(error as Error).message} (${((error as Error).cause as Error)?.message ?? ""})`);
        }
        await new Promise((r) => setTimeout(r, 2000));
      }
    })();
    const started = Date.now();
    // As the upload page sends it: streamed, then imported and analysed as a job whose progress is polled.
    const response = await fetch(`${BASE}/api/import?name=${path.basename(file)}&benchmark=Upload&job=1`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/octet-stream", "x-hintscope-upload": "1" },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    const accepted = (await response.json()) as { ok: boolean; job?: string; error?: string };
    if (!accepted.ok || !accepted.job) throw new Error(`the upload failed: ${accepted.error}`);
    const uploaded = Date.now();
    phase = "importing";
    let job: { state: string; records: number; analysed: number; summary?: { added: number }; errors?: string[] };
    let shown = "";
    for (;;) {
      job = await (await getRetried(`${BASE}/api/import/jobs/${accepted.job}`)).json();
      if (job.state !== "importing" && imported === null) {
        imported = { seconds: (Date.now() - started) / 1000, peak };
        process.stderr.write(
          `  imported in ${imported.seconds.toFixed(0)} s, memory peak so far ${peak.toFixed(0)} MB\n`,
        );
      }
      const line = `${job.state}: ${job.records} records read, ${job.analysed} analysed`;
      phase = line;
      if (line !== shown && job.state !== "done") process.stderr.write(`  ${line}\n`);
      shown = line;
      if (job.state === "done" || job.state === "failed") break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    importing = false;
    await otherUser;
    clearInterval(sampler);
    if (job.state !== "done") throw new Error(`the import failed: ${job.errors?.join("\n")}`);
    if (slow.length > 0) console.log(`  home page loads over 1 s: ${slow.join("; ")}`);
    const megabytes = statSync(file).size / 1024 / 1024;
    const sorted = [...others].sort((x, y) => x - y);
    const p50 = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    console.log(
      `upload of a ${megabytes.toFixed(0)} MB file (${records} instances, ${job.summary?.added} added): streamed in ${((uploaded - started) / 1000).toFixed(0)} s, imported and analysed in ${((Date.now() - started) / 1000).toFixed(0)} s; the app server's memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak; the home page meanwhile (${others.length} loads) p50 ${p50.toFixed(0)} ms, slowest ${Math.max(...others).toFixed(0)} ms; ${failures.length} failed, ${resets} kept-alive connection(s) reset and sent again; the import alone ${imported?.seconds.toFixed(0)} s, its memory peak ${imported?.peak.toFixed(0)} MB${failures.length ? ` (${[...new Set(failures)].join("; ")})` : ""}`,
    );
  } catch (error) {
    const log = path.join(tmp.dir, "server.log");
    process.stderr.write(
      `the app server: ${server.ended() ?? "still running"}; its memory now ${treeRssMb(server.pid).toFixed(0)} MB\n`,
    );
    if (existsSync(log))
      process.stderr.write(`the app server's log ends:\n${readFileSync(log, "utf8").slice(-4000)}\n`);
    throw error;
  } finally {
    await browser.close();
    await server.stop();
    tmp.cleanup();
  }
}

await main();
