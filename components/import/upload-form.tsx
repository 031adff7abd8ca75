"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type DragEvent, useRef, useState } from "react";
import type { FileImportSummary } from "@/lib/server/import-files";

// The route answers with the importer's own summary: one type, no copy to drift.
type FileSummary = FileImportSummary;

type Outcome = { name: string; ok: true; summary: FileSummary } | { name: string; ok: false; error: string };

/** Sends one file with XMLHttpRequest, the one browser API that reports upload progress. */
function uploadFile(file: File, benchmark: string, onProgress: (fraction: number) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const params = new URLSearchParams({ name: file.name });
    if (benchmark) params.set("benchmark", benchmark);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/import?${params}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { ok: boolean; error?: string; files?: FileSummary[] };
        if (body.ok && body.files?.[0]) resolve({ name: file.name, ok: true, summary: body.files[0] });
        else resolve({ name: file.name, ok: false, error: body.error ?? `the server answered ${xhr.status}` });
      } catch {
        resolve({ name: file.name, ok: false, error: `the server answered ${xhr.status}` });
      }
    };
    xhr.onerror = () => resolve({ name: file.name, ok: false, error: "the upload failed (network error)" });
    xhr.send(file);
  });
}

export function UploadForm() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [benchmark, setBenchmark] = useState("");
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState<{ name: string; fraction: number } | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);

  async function upload(files: File[]) {
    const done: Outcome[] = [];
    for (const file of files) {
      setBusy({ name: file.name, fraction: 0 });
      done.push(await uploadFile(file, benchmark.trim(), (fraction) => setBusy({ name: file.name, fraction })));
      setOutcomes([...done]);
    }
    setBusy(null);
    router.refresh();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    void upload([...event.dataTransfer.files]);
  }

  return (
    <>
      <p>
        <label>
          Benchmark name for files that do not say it (optional){" "}
          <input
            value={benchmark}
            onChange={(e) => setBenchmark(e.target.value)}
            placeholder="e.g. SWE-bench Verified"
          />
        </label>
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone has a labelled file input for keyboards */}
      <div
        className={`dropzone${over ? " over" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>Drop JSONL, JSON, CSV or Parquet files here, or</p>
        <label>
          Choose files to import{" "}
          <input
            ref={input}
            type="file"
            multiple
            accept=".jsonl,.json,.csv,.parquet,.ndjson"
            disabled={busy !== null}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (files.length > 0) void upload(files);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      {busy && (
        <p>
          <label>
            {busy.fraction < 1 ? `Uploading ${busy.name}` : `Importing ${busy.name}…`}
            <progress
              max={1}
              value={busy.fraction < 1 ? busy.fraction : undefined}
              aria-label={`Progress of ${busy.name}`}
            />
          </label>
        </p>
      )}
      {outcomes.length > 0 && (
        <table aria-label="Import results">
          <thead>
            <tr>
              <th>File</th>
              <th>Result</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map((o) => (
              <tr key={o.name}>
                <td>{o.name}</td>
                <td>
                  {o.ok ? (
                    <>
                      {o.summary.format} → {o.summary.benchmark}: {o.summary.added} added, {o.summary.updated} updated,{" "}
                      {o.summary.unchanged} unchanged
                      {o.summary.unmatched_ids.length > 0 &&
                        `; ${o.summary.unmatched_ids.length} ids match no instance`}
                      {o.summary.added + o.summary.updated === 0 && " (nothing changed)"}
                    </>
                  ) : (
                    <span className="error" role="alert">
                      Not imported, nothing written: {o.error}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link href="/">Back to the benchmarks</Link>
      </p>
    </>
  );
}
