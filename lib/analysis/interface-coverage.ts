import { findInterfaceEntry, parseInterfaceText } from "./benchmark-hints";

const NAME_KEY =
  /^[\s\u00a0]*(?:#+\s*)?(?:\d+[.)]\s*)?(?:[-*•]\s*)?\**(name|function|method|class|struct|interface|type|property|constant|variable|field|enum|constructor)\**\s*:\s*\**\s*(.*)$/i;
const DESCRIPTION_KEY = /^[\s\u00a0]*(?:[-*•]\s*)?\**(description|summary|purpose|notes)\**\s*:/i;

/** The first name a name line gives (`func (e EOL) IsEnded(…)` → `IsEnded`, `` `Store.get` `` → `Store.get`). */
function primaryName(value: string): string | null {
  const text = value.replace(/[`*]/g, "").trim();
  const signature = /^(?:(?:func|def|function|async|export|class|struct)\s+)*(?:\([^)]*\)\s*)?([A-Za-z_$][\w$.]*)/.exec(
    text,
  );
  return signature?.[1]?.replace(/\.+$/, "") ?? null;
}

/**
 * The names an interface text documents with a description, found by a reading independent of the
 * parser: a line with a name key, and a description key before the next name line (within 12 lines).
 */
export function describedNames(text: string): Map<string, string[]> {
  const lines = text.split(/\r?\n/);
  const names = new Map<string, string[]>();
  const pathsIn = (from: number, to: number) =>
    lines.slice(from, to).flatMap((l) => l.replace(/`/g, "").match(/[\w@.-]+(?:\/[\w@.-]+)+\.[A-Za-z0-9]+/g) ?? []);
  lines.forEach((line, index) => {
    const match = NAME_KEY.exec(line);
    if (!match) return;
    const name = primaryName(match[2] ?? "");
    if (!name || /^(new|public|class|function|method|struct|interface|type|file)$/i.test(name)) return;
    for (let k = index + 1; k < Math.min(lines.length, index + 13); k++) {
      const next = lines[k] ?? "";
      if (DESCRIPTION_KEY.test(next)) {
        names.set(name, pathsIn(index, Math.min(lines.length, index + 13)));
        return;
      }
      const other = NAME_KEY.exec(next);
      if (
        other &&
        /^(name|function|method|class|struct|type)$/i.test(other[1] ?? "") &&
        primaryName(other[2] ?? "") !== name
      )
        return;
    }
    // One-line entries: `Method: \`Values\`. Retrieves all values.`
    if (/`[^`]+`\s*[.:—-]\s*\S+\s+\S+/.test(match[2] ?? "")) names.set(name, pathsIn(index, index + 4));
  });
  return names;
}

const TYPE_KINDS = new Set(["class", "struct", "interface", "enum", "type"]);

export interface CoverageCounts {
  documented: number;
  described: number;
  misses: string[];
}

/**
 * Of an instance's identifiers (the gold patch's new or changed names) that its interface text documents
 * with a description, how many get that description in their hint.
 */
export function interfaceCoverage(
  text: string | null,
  identifiers: ReadonlyArray<{
    name: string;
    member: string;
    owner: string | null;
    kind: string;
    path: string;
    side: string;
    status: string;
  }>,
): CoverageCounts {
  const out: CoverageCounts = { documented: 0, described: 0, misses: [] };
  if (!text) return out;
  const documented = describedNames(text);
  const entries = parseInterfaceText(text);
  const typeNames = new Set(identifiers.filter((i) => TYPE_KINDS.has(i.kind)).map((i) => i.member));
  for (const i of identifiers) {
    if (i.side !== "code" || i.status === "existing" || i.kind === "file" || i.kind === "parameter") continue;
    const ownerName = i.owner?.split(".").pop() ?? null;
    // A member documented only by its bare name, where a type has that name, is the type's entry.
    const bareIsType = ownerName !== null && (i.member === ownerName || typeNames.has(i.member));
    const names = [i.name, ...(bareIsType ? [] : [i.member]), ...(ownerName ? [`${ownerName}.${i.member}`] : [])];
    const block = names.map((n) => documented.get(n)).find((paths) => paths !== undefined);
    if (!block) continue;
    // A block that names a file names where this definition lives, or it documents a namesake elsewhere.
    if (block.length > 0 && !block.some((p) => i.path === p || i.path.endsWith(`/${p}`) || p.endsWith(`/${i.path}`)))
      continue;
    out.documented++;
    if (findInterfaceEntry(entries, i)?.description) out.described++;
    else out.misses.push(`${i.name} (${i.kind}) @ ${i.path}`);
  }
  return out;
}
