"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type DragEvent, useRef, useState } from "react";
import { progressText } from "@/lib/domain/progress";
import { fieldMapText } from "@/lib/ingest/field-aliases";
import {
  BusyProgress,
  followJob,
  type Outcome,
  OutcomeTable,
  type Progress,
  sendFile,
  type UploadOptions,
} from "./upload-parts";

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
      {busy && <BusyProgress busy={busy} />}
      {outcomes.length > 0 && (
        <OutcomeTable outcomes={outcomes} benchmark={benchmark} setBenchmark={setBenchmark} again={again} />
      )}
      <p>
        <Link href="/">Back to the benchmarks</Link>
      </p>
    </>
  );
}
