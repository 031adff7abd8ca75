/** A positive integer id from a route segment, or null for anything else. */
export function parseIdParam(text: string): number | null {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}
