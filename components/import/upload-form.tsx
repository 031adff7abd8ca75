"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type DragEvent, useRef, useState } from "react";
import { UPLOAD_HEADER } from "@/lib/auth/same-origin";
import { progressText } from "@/lib/domain/progress";
import { type FieldMap, fieldMapText } from "@/lib/ingest/field-aliases";
import { FORMAT_FIELDS, fieldsOf, type MappableFormat } from "@/lib/ingest/format-fields";
import type { ImportJob } from "@/lib/server/import/import-jobs";

type Outcome =
  | { name: string; ok: true; job: ImportJob }
  | { name: string; ok: false; errors: string[]; fields?: readonly string[] };

type Progress = { name: string; phase: "uploading" | "importing" | "analysing"; fraction?: number; detail?: string };

/** Sends one file with XMLHttpRequest (the one browser API that reports upload progress); answers the job id. */
function sendFile(
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
async function followJob(id: string, onProgress: (job: ImportJob) => void): Promise<ImportJob> {
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
function FieldMapForm({
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
type UploadOptions = {
  benchmark: string;
  map?: FieldMap;
  model?: string;
  selection?: string;
  projection?: string;
  replace?: boolean;
};

/** The upload page: files imported one job each, with upload and import progress and every problem listed. */
export function UploadForm() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const files = useRef(new Map<string, File>());
  const [benchmark, setBenchmark] = useState("");
  const [run, setRun] = useState({ model: "", selection: "", projection: "" });
  const [replace, setReplace] = useState(false);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState<Progress | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);

  const record = (outcome: Outcome) => setOutcomes((all) => [...all.filter((o) => o.name !== outcome.name), outcome]);

  async function importOne(file: File, options: UploadOptions) {
    files.current.set(file.name, file);
    const params = new URLSearchParams({ name: file.name, job: "1" });
    if (options.benchmark) params.set("benchmark", options.benchmark);
    if (options.map && Object.keys(options.map).length > 0) params.set("map", fieldMapText(options.map));
    for (const key of ["model", "selection", "projection"] as const) if (options[key]) params.set(key, options[key]);
    if (options.replace) params.set("replace", "1");
    setBusy({ name: file.name, phase: "uploading", fraction: 0 });
    const sent = await sendFile(file, params, (fraction) => setBusy({ name: file.name, phase: "uploading", fraction }));
    if ("errors" in sent) {
      record({ name: file.name, ok: false, errors: sent.errors });
      return;
    }
    try {
      // When the analysis was first seen going, for the estimate of what is left.
      let analysisSeen: number | null = null;
      const job = await followJob(sent.job, (j) => {
        if (j.state === "analysing" && analysisSeen === null) analysisSeen = Date.now();
        // The instances this file added or changed are what its analysis takes up: "N of M".
        const toAnalyse = j.summary ? j.summary.added + j.summary.updated : 0;
        setBusy({
          name: file.name,
          phase: j.state === "analysing" ? "analysing" : "importing",
          detail:
            j.state === "analysing"
              ? j.waiting && j.analysed === 0
                ? "imported; waiting for a server or worker to take up its analysis"
                : `${progressText(j.analysed, toAnalyse > 0 ? toAnalyse : null, "instances analysed", analysisSeen === null ? null : Date.now() - analysisSeen)}${j.fetching ? ` · fetching ${j.fetching}` : ""}${j.waiting ? " · waiting for a server or worker to go on" : ""}`
              : `${j.records.toLocaleString("en")} records read`,
        });
      });
      if (job.state === "done") record({ name: file.name, ok: true, job });
      else record({ name: file.name, ok: false, errors: job.errors ?? ["the import failed"], fields: job.fields });
    } catch (error) {
      record({ name: file.name, ok: false, errors: [(error as Error).message] });
    }
  }

  async function upload(
    list: File[],
    options: UploadOptions = {
      benchmark: benchmark.trim(),
      model: run.model.trim(),
      selection: run.selection.trim(),
      projection: run.projection.trim(),
      replace,
    },
  ) {
    for (const file of list) await importOne(file, options);
    setBusy(null);
    router.refresh();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    void upload([...event.dataTransfer.files]);
  }

  const again = (name: string, options: UploadOptions) => {
    const file = files.current.get(name);
    if (file) void upload([file], options);
  };

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
      <p>
        The run of results and predictions that do not say it (optional):{" "}
        {(["model", "selection", "projection"] as const).map((key) => (
          <label key={key}>
            {key[0]?.toUpperCase()}
            {key.slice(1)} <input value={run[key]} onChange={(e) => setRun({ ...run, [key]: e.target.value })} />{" "}
          </label>
        ))}
        <label>
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace results
          another import gave
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
              const list = [...(e.target.files ?? [])];
              if (list.length > 0) void upload(list);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      {busy && (
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
      )}
      <p>
        <Link href="/">Back to the benchmarks</Link>
      </p>
    </>
  );
}
