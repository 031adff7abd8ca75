"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { planDescriptionsAction, writeDescriptionsAction } from "@/lib/server/actions/judge";
import { useActionMessage } from "./use-action-message";

const numberOrNull = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text);
};

/**
 * Descriptions where the benchmark has none: plan (calls and cost) and write them on an endpoint; the counts
 * of those written per benchmark and model, refreshed while a write is under way on this page.
 */
export function DescribeAdmin({
  endpoints,
  benchmarks,
  selections,
  written,
}: {
  endpoints: string[];
  benchmarks: string[];
  selections: Array<{ id: string; label: string }>;
  written: Array<{ benchmark: string; model: string; count: number }>;
}) {
  const router = useRouter();
  const { pending, message, run } = useActionMessage();
  const writing = message?.ok === true && message.text.startsWith("Writing ");
  useEffect(() => {
    if (!writing) return;
    const timer = setInterval(() => router.refresh(), 1000);
    return () => clearInterval(timer);
  }, [writing, router]);
  const input = (form: FormData) => ({
    benchmark: String(form.get("benchmark")),
    selection: String(form.get("selection")),
    endpoint: String(form.get("endpoint")),
    budget: numberOrNull(form.get("budget")),
    limit: numberOrNull(form.get("limit")),
  });
  return (
    <>
      {message && (
        <p role="status" aria-label="Descriptions" className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
      <form
        aria-label="Write descriptions"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          run(() => writeDescriptionsAction(input(form)));
        }}
      >
        <fieldset>
          <legend>One sentence and a behaviour paragraph for each identifier the benchmark does not describe</legend>
          <label>
            Benchmark{" "}
            <select name="benchmark">
              {benchmarks.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </label>{" "}
          <label>
            Selection{" "}
            <select name="selection">
              {selections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>{" "}
          <label>
            Endpoint{" "}
            <select name="endpoint">
              {endpoints.map((e) => (
                <option key={e}>{e}</option>
              ))}
            </select>
          </label>{" "}
          <label>
            Budget ($) <input name="budget" type="number" step="any" min={0} />
          </label>{" "}
          <label>
            Only the first <input name="limit" type="number" min={1} /> identifiers (a trial)
          </label>{" "}
          <button
            type="button"
            disabled={pending || endpoints.length === 0}
            onClick={(event) => {
              const form = new FormData(event.currentTarget.form ?? undefined);
              run(() => planDescriptionsAction(input(form)));
            }}
          >
            Plan descriptions (cost)
          </button>{" "}
          <button type="submit" disabled={pending || endpoints.length === 0}>
            Write descriptions
          </button>
        </fieldset>
      </form>
      {written.length === 0 ? (
        <p className="muted">No model-written description yet.</p>
      ) : (
        <table aria-label="Model-written descriptions">
          <thead>
            <tr>
              <th>Benchmark</th>
              <th>Written by</th>
              <th className="num">Descriptions</th>
            </tr>
          </thead>
          <tbody>
            {written.map((w) => (
              <tr key={`${w.benchmark} ${w.model}`}>
                <td>{w.benchmark}</td>
                <td>{w.model}</td>
                <td className="num">{w.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
