import { normalisePolicyName, OFFICIAL_POLICY } from "../domain/run-policy";
import type { ImportItem, RunKey, RunOptions } from "./import-items";
import type { LayoutRun } from "./run-layout";
import type { LocatedRecord } from "./text-records";

/** How one file's runs are named, decided once before its records are read. */
export interface RunNaming {
  /** what the user said (`--model`, `--selection`, `--projection`): it wins over the file */
  run: RunOptions;
  /** the system the leaderboard layout names, and the import's words about it */
  layout: LayoutRun | null;
  /** the one model the file's other lines name, for lines that name none */
  fileModel?: string;
  fileNote?: string;
}

type RunItem = Extract<ImportItem, { kind: "result" | "prediction" | "run-summary" | "design-verdict" }>;

const hasRun = (item: ImportItem): item is RunItem =>
  item.kind === "result" || item.kind === "prediction" || item.kind === "run-summary" || item.kind === "design-verdict";

/**
 * The item filed under the run the user named (said where the file alone would have named another), or under
 * the run the layout or the file's other lines name (said so).
 */
export function namedRun(item: ImportItem, naming: RunNaming): ImportItem {
  if (!hasRun(item)) return item;
  const data: RunKey = item.data;
  const notes: string[] = [];
  const { model, selection, projection } = naming.run;
  if (model) {
    if (data.model !== model) notes.push(`filed under the model "${model}" (--model); read alone, "${data.model}"`);
    data.model = model;
  } else if (naming.layout?.overrides) {
    if (naming.fileNote) notes.push(`${naming.fileNote}: all are one run, the system's`);
    notes.push(naming.layout.note);
    data.model = naming.layout.system;
  } else if (naming.fileModel && data.model === naming.fileModel && naming.fileNote) notes.push(naming.fileNote);
  else if (naming.layout && data.model === naming.layout.system) notes.push(naming.layout.note);
  for (const [field, given] of [
    ["selection", selection],
    ["projection", projection],
  ] as const) {
    if (!given) continue;
    const name = normalisePolicyName(given);
    if (data[field] !== name && data[field] !== OFFICIAL_POLICY)
      notes.push(`filed under the ${field} "${name}" (--${field}); the file says "${data[field]}"`);
    data[field] = name;
  }
  if (notes.length > 0) item.notes = [...(item.notes ?? []), ...notes];
  return item;
}

/** The distinct values a field takes over a file's records, and how many records lack it. */
export async function scanModelNames(
  records: AsyncGenerator<LocatedRecord>,
  field: string,
): Promise<{ names: Set<string>; unnamed: number; total: number; firstUnnamedLine: number | null }> {
  const names = new Set<string>();
  let unnamed = 0;
  let total = 0;
  let firstUnnamedLine: number | null = null;
  for await (const located of records) {
    if (located.error) continue;
    total++;
    const value = Object.hasOwn(located.record, field) ? located.record[field] : undefined;
    if (typeof value === "string" && value.trim() !== "") names.add(value.trim());
    else {
      unnamed++;
      firstUnnamedLine ??= located.line;
    }
  }
  return { names, unnamed, total, firstUnnamedLine };
}
