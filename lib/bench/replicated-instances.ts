import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { sharedFiles } from "../testing/shared-data";

/** Writes `count` instances: the shared SWE-bench-format records, replicated under new ids. */
export async function replicate(file: string, count: number): Promise<void> {
  const records: Array<Record<string, unknown>> = [];
  for (const source of sharedFiles("instances").filter((f) => /swebench-(lite|multilingual)/.test(f))) {
    for await (const line of createInterface({ input: createReadStream(source) }))
      if (line.trim()) records.push(JSON.parse(line) as Record<string, unknown>);
  }
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    const record = records[i % records.length] as Record<string, unknown>;
    const copy = { ...record, instance_id: `${record.instance_id}-r${Math.floor(i / records.length)}` };
    if (!out.write(`${JSON.stringify(copy)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}
