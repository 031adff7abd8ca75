/** A CSV field, quoted when it needs to be (RFC 4180). */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line (CRLF-terminated) from fields. */
export const csvLine = (fields: unknown[]) => `${fields.map(csvField).join(",")}\r\n`;

/** A name made safe for a file name: `SWE-bench Pro` → `swe-bench-pro`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
