"use client";

import { csvField } from "@/lib/export/text-formats";

/** A button that downloads a table as CSV, made in the browser from the rows on the page. */
export function DownloadCsv({ name, rows }: { name: string; rows: Array<Record<string, unknown>> }) {
  return (
    <button
      type="button"
      className="download"
      disabled={rows.length === 0}
      onClick={() => {
        const header = Object.keys(rows[0] ?? {});
        const text = [
          header.map(csvField).join(","),
          ...rows.map((row) => header.map((h) => csvField(row[h])).join(",")),
        ].join("\r\n");
        const url = URL.createObjectURL(new Blob([`${text}\r\n`], { type: "text/csv" }));
        const link = document.createElement("a");
        link.href = url;
        link.download = `${name}.csv`;
        link.click();
        URL.revokeObjectURL(url);
      }}
    >
      Download {name}.csv
    </button>
  );
}
