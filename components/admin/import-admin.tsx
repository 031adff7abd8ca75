"use client";

import { useState } from "react";
import { takeBackImportAction } from "@/lib/server/actions/runs";
import { useActionMessage } from "./use-action-message";

interface Row {
  id: number;
  file: string;
  format: string;
  benchmark: string | null;
  added: number;
  updated: number;
  when: string;
  canTakeBack: boolean;
  takenBack: string | null;
}

/**
 * The import history: each keyed import taken back whole (after a confirmation naming what goes). Where
 * curators have worked on what it added the server refuses, unless the admin ticks "force".
 */
export function ImportAdmin({ imports }: { imports: Row[] }) {
  const { pending, message, run } = useActionMessage();
  const [force, setForce] = useState(false);
  return (
    <>
      {message && (
        <p role="status" className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
      <label>
        <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Force: also delete
        curators&apos; work (decisions, comments, scores) on the instances an import added
      </label>
      <table aria-label="Imports">
        <thead>
          <tr>
            <th>When</th>
            <th>File</th>
            <th>Format</th>
            <th>Benchmark</th>
            <th className="num">Added</th>
            <th className="num">Updated</th>
            <th>Take back</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((i) => (
            <tr key={i.id}>
              <td>{i.when}</td>
              <td>{i.file}</td>
              <td>{i.format}</td>
              <td>{i.benchmark ?? ""}</td>
              <td className="num">{i.added}</td>
              <td className="num">{i.updated}</td>
              <td>
                {i.takenBack ? (
                  <span className="muted">taken back {i.takenBack}</span>
                ) : i.canTakeBack ? (
                  <button
                    type="button"
                    disabled={pending}
                    aria-label={`Take back import ${i.id} (${i.file})`}
                    onClick={() => {
                      const what = `Take back ${i.file}: delete the ${i.added} rows it added${
                        i.updated > 0 ? ` (the ${i.updated} rows it updated keep its values)` : ""
                      }${force ? ", and curators' work on them" : ""}?`;
                      if (window.confirm(what)) run(() => takeBackImportAction({ importId: i.id, force }));
                    }}
                  >
                    Take back
                  </button>
                ) : (
                  <span className="muted" title="made before imports marked the rows they add">
                    by run only
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
