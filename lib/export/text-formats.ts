/**
 * A CSV field, quoted when it needs to be (RFC 4180). Text that a spreadsheet would run as a formula (it
 * starts with =, +, -, @, a tab or a carriage return: OWASP's rule) is prefixed with a single quote, so an
 * instance id or a note such as `=HYPERLINK(…)` stays text. Numbers are written as they are.
 */
export function csvField(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
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
