"use client";

import { useState } from "react";
import { UPLOAD_HEADER } from "@/lib/auth/same-origin";
import type { FieldMap } from "@/lib/ingest/field-aliases";
import { FORMAT_FIELDS, fieldsOf, type MappableFormat } from "@/lib/ingest/format-fields";
import type { ImportJob } from "@/lib/server/import/import-jobs";

/* The upload page's parts: sending a file and following its job, what each file came to, and a field map to import it again. */

export type Outcome =
  | { name: string; ok: true; job: ImportJob }
  | { name: string; ok: false; errors: string[]; fields?: readonly string[] };

export type Progress = {
  name: string;
  phase: "uploading" | "importing" | "analysing";
  fraction?: number;
  detail?: string;
};

/** Sends one file with XMLHttpRequest (the one browser API that reports upload progress); answers the job id. */
export function sendFile(
  file: File,
  params: URLSearchParams,
  onProgress: (fraction: number) => void,
): Promise<{ job: string } | { errors: string[] }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/import?${params}`);
    xhr.setRequestHeader(UPLOAD_HEADER, "1");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { ok: boolean; job?: string; error?: string };
        resolve(
          body.ok && body.job ? { job: body.job } : { errors: [body.error ?? `the server answered ${xhr.status}`] },
        );
      } catch {
        resolve({ errors: [`the server answered ${xhr.status}`] });
      }
    };
    xhr.onerror = () => resolve({ errors: ["the upload failed (network error)"] });
    xhr.send(file);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls an import job until it ends, reporting records read and instances analysed. */
export async function followJob(id: string, onProgress: (job: ImportJob) => void): Promise<ImportJob> {
  for (;;) {
    const response = await fetch(`/api/import/jobs/${id}`, { cache: "no-store" });
    const job = (await response.json()) as ImportJob & { ok: boolean; error?: string };
    if (!job.ok) throw new Error(job.error ?? `the server answered ${response.status}`);
    onProgress(job);
    if (job.state === "done" || job.state === "failed") return job;
    await sleep(300);
  }
}

/** For a file of no known format: which of its fields is which, sent again as a field map. */
export function FieldMapForm({
  name,
  fields,
  onSubmit,
}: {
  name: string;
  fields: readonly string[];
  onSubmit: (map: FieldMap) => void;
}) {
  const [map, setMap] = useState<Record<string, string>>({});
  const [as, setAs] = useState<MappableFormat>("swebench");
  const targets = fieldsOf(as);
  return (
    <form
      className="field-map"
      aria-label={`Field map for ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(Object.fromEntries(Object.entries(map).filter(([, source]) => source !== "")));
      }}
    >
      <p>
        The file&apos;s first record has the fields <code>{fields.join(", ")}</code>. Say which holds what, and import
        it again:
      </p>
      <label>
        Read it as{" "}
        <select
          value={as}
          onChange={(e) => {
            setAs(e.target.value as MappableFormat);
            setMap({});
          }}
        >
          {FORMAT_FIELDS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {targets.map((field) => (
        <label key={field}>
          {field}{" "}
          <select
            aria-label={field}
            value={map[field] ?? ""}
            onChange={(e) => setMap({ ...map, [field]: e.target.value })}
          >
            <option value="">(as named)</option>
            {fields.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit">Import with this field map</button>
    </form>
  );
}

/** What an upload says beside its file: the benchmark, a field map, the run, and whether it may replace. */
export type UploadOptions = {
  benchmark: string;
  map?: FieldMap;
  model?: string;
  selection?: string;
  projection?: string;
  replace?: boolean;
};

/** What the file being sent is at: uploading (a share), importing or analysing (in words). */
export function BusyProgress({ busy }: { busy: Progress }) {
  return (
    <p>
      <label>
        {busy.phase === "uploading"
          ? `Uploading ${busy.name}`
          : `${busy.phase === "analysing" ? "Analysing" : "Importing"} ${busy.name}: ${busy.detail ?? "…"}`}
        <progress
          max={1}
          value={busy.phase === "uploading" ? busy.fraction : undefined}
          aria-label={`Progress of ${busy.name}`}
        />
      </label>
    </p>
  );
}

/**
 * What each file came to: its summary (and a benchmark its ids all belong to, to import it again under), or
 * every problem, and for a file of no known format the form that maps its fields.
 */
export function OutcomeTable({
  outcomes,
  benchmark,
  setBenchmark,
  again,
}: {
  outcomes: Outcome[];
  benchmark: string;
  setBenchmark: (name: string) => void;
  again: (name: string, options: UploadOptions) => void;
}) {
  return (
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
              {o.ok && o.job.summary ? (
                <>
                  {o.job.summary.format} → {o.job.summary.benchmark}: {o.job.summary.added} added,{" "}
                  {o.job.summary.updated} updated, {o.job.summary.unchanged} unchanged
                  {o.job.summary.unmatched_ids.length > 0 &&
                    `; ${o.job.summary.unmatched_ids.length} ids match no instance`}
                  {o.job.summary.added + o.job.summary.updated === 0 && " (nothing changed)"}
                  {(o.job.summary.warnings ?? []).map((w) => (
                    <p key={w} className="muted">
                      Warning: {w}
                    </p>
                  ))}
                  {o.job.analysis && o.job.analysis.failed.length > 0 && (
                    <> · {o.job.analysis.failed.length} not analysed (a patch that does not parse)</>
                  )}
                  {o.job.summary.suggested_benchmark && (
                    <p>
                      These ids are all instances of <strong>{o.job.summary.suggested_benchmark}</strong>.{" "}
                      <button
                        type="button"
                        onClick={() => {
                          const suggested = o.job.summary?.suggested_benchmark ?? "";
                          setBenchmark(suggested);
                          again(o.name, { benchmark: suggested });
                        }}
                      >
                        Import again under {o.job.summary.suggested_benchmark}
                      </button>
                    </p>
                  )}
                </>
              ) : o.ok ? (
                "imported"
              ) : (
                <>
                  <div className="error" role="alert">
                    Not imported, nothing written:
                    <ul>
                      {o.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  </div>
                  {o.fields && (
                    <FieldMapForm
                      name={o.name}
                      fields={o.fields}
                      onSubmit={(map) => again(o.name, { benchmark: benchmark.trim(), map })}
                    />
                  )}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
