"use client";

import { type ReactNode, useState } from "react";
import { issueHead } from "@/lib/review/issue-marks";

const kib = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/markdown" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "issue.md";
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The issue as the server rendered it (./issue-text.tsx): a click on a marked name picks it; the other
 * selections' names are marks only while `showOthers` (else plain text). Beyond the Markdown budget only the
 * first part is rendered, and the whole text is there as plain text or a download.
 */
export function IssueMarkdown({
  text,
  rendered,
  showOthers,
  onPick,
}: {
  text: string;
  rendered: ReactNode;
  showOthers: boolean;
  onPick: (name: string) => void;
}) {
  const [whole, setWhole] = useState(false);
  if (whole) return <pre className="text issue-raw">{text}</pre>;
  const head = issueHead(text);
  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: highlighted names are also reachable from the hint panel's buttons */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only forwards a pick of a highlighted name */}
      <div
        className={`markdown${showOthers ? "" : " others-plain"}`}
        onClick={(event) => {
          const mark = (event.target as HTMLElement).closest(showOthers ? "mark[data-name]" : "mark.ident-def");
          if (mark) onPick(mark.getAttribute("data-name") ?? "");
        }}
      >
        {rendered}
      </div>
      {head.length < text.length && (
        <p className="muted" role="note">
          Showing the first {kib(head.length)} of {kib(text.length)}.{" "}
          <button type="button" onClick={() => setWhole(true)}>
            Show all (as plain text)
          </button>{" "}
          <button type="button" onClick={() => download(text)}>
            Download raw
          </button>
        </p>
      )}
    </>
  );
}
