"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import type { RunStatus } from "@/lib/server/judge/judge-runs";
import { type Endpoint, EndpointForm, EndpointTable, RunForm, RunTable } from "./judge-parts";
import { useActionMessage } from "./use-action-message";

/** Endpoints (the key is sent, never shown), a run's plan and start, and the runs' progress, refreshed while one runs. */
export function JudgeAdmin({
  endpoints,
  benchmarks,
  selections,
  runs,
}: {
  endpoints: Endpoint[];
  benchmarks: string[];
  selections: Array<{ id: string; label: string }>;
  runs: Array<RunStatus & { benchmark: string }>;
}) {
  const router = useRouter();
  const { pending, message, run } = useActionMessage();
  const running = runs.some((r) => r.state === "running");
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => router.refresh(), 1000);
    return () => clearInterval(timer);
  }, [running, router]);
  return (
    <>
      {message && (
        <p role="status" className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
      <h2>Endpoints</h2>
      <EndpointTable endpoints={endpoints} pending={pending} run={run} />
      <EndpointForm pending={pending} run={run} />
      <h2>Run the judge</h2>
      <RunForm endpoints={endpoints} benchmarks={benchmarks} selections={selections} pending={pending} run={run} />
      <h2>Runs</h2>
      <RunTable runs={runs} pending={pending} run={run} />
    </>
  );
}
