import { closestFormat } from "./formats";

/* Why a record matches no format, said so that a person can act on it (the import's message and the upload page's). */

/** A record's first field names, as a message lists them. */
function describeFields(record: Record<string, unknown>): string {
  const keys = Object.keys(record);
  return `${keys.slice(0, 8).join(", ")}${keys.length > 8 ? ", …" : ""}`;
}

/**
 * Why a record matches no format, as a person can act on it: the closest format and the fields it lacks
 * (`closest: SWE-bench instances (swebench) — missing test_patch`), and `--map` suggested only where a
 * rename could help (the record has fields that format does not read).
 */
export function unknownFormatReason(record: Record<string, unknown>): string {
  const fields = `a record with fields (${describeFields(record)})`;
  const near = closestFormat(record);
  if (!near) {
    return `unknown format: ${fields} matches no known instance, results or score format; name its fields with --map FIELD=SOURCE (or the upload page's field map)`;
  }
  const unused = Object.keys(record).filter((f) => !near.format.fields?.includes(f));
  // A field is suggested as the source of a missing one only where its value could be that field (never a
  // boolean or a date as a model or a text); the run's names can be said with their own options instead.
  const source = unused.find((f) => couldBeText(record[f]));
  const runFields = near.missing.filter((f) => RUN_FIELDS.has(f));
  const advice = [
    source !== undefined
      ? `if the file names ${near.missing.length === 1 ? "it" : "them"} otherwise, say which with --map (e.g. --map ${near.missing[0]}=${source})`
      : runFields.length === near.missing.length
        ? null
        : "--map cannot help: the record holds no other field to read them from",
    runFields.length > 0
      ? `${source !== undefined ? "or " : ""}say the run of a file that does not name it with ${runFields.map((f) => `--${f} ${f === "model" ? "NAME" : f.toUpperCase()}`).join(" ")}`
      : null,
  ]
    .filter((part) => part !== null)
    .join("; ");
  return `unknown format: ${fields}; closest: ${near.format.label} (${near.format.id}) — missing ${near.missing.join(", ")}; ${advice}`;
}

/** Fields that name a run: said with their own options, not mapped from another field. */
const RUN_FIELDS = new Set(["model", "selection", "projection"]);

/** Whether a value could be a name or a text: not a boolean, a number or a date (as JSON or CSV writes them). */
function couldBeText(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const text = value.trim();
  return (
    text !== "" &&
    !/^(true|false|yes|no|none|null|nan)$/i.test(text) &&
    !/^-?\d+(\.\d+)?$/.test(text) &&
    !/^\d{4}-\d{2}-\d{2}([ T][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)
  );
}
