// The names a file's added lines reference, with the one class a qualifier is bound to where the file says.
import { OWN_FOLDER } from "./languages/syntax-facts";
import { locate } from "./locations";
import type { ParsedFragment, PatchUse } from "./patch-types";

/**
 * The names referenced on a file's added lines. A qualifier the file binds to one class only (`z =
 * ZipArchive(…)` then `z._valid_time_stamp(…)`) carries that class: what the member it reaches belongs to.
 */
export function fileUses(parsed: ParsedFragment[]): PatchUse[] {
  const uses: PatchUse[] = [];
  const types = new Map<string, Set<string>>();
  for (const p of parsed)
    if (p.fragment.side === "post")
      for (const b of p.bindings ?? []) types.set(b.name, (types.get(b.name) ?? new Set()).add(b.type));
  const typeOf = (qualifier: string | null) => {
    const found = qualifier === null ? undefined : types.get(qualifier);
    return found?.size === 1 ? [...found][0] : undefined;
  };
  for (const p of parsed) {
    if (p.fragment.side !== "post") continue;
    for (const use of p.uses) {
      const line = p.fragment.rows[use.row];
      if (line?.kind !== "+" || use.module === OWN_FOLDER) continue;
      const location = locate(p.fragment, use.row, use.row, use);
      const qualifierType = use.kind === "key" ? undefined : typeOf(use.qualifier);
      if (location)
        uses.push({ ...use, qualifier: use.qualifier, ...(qualifierType ? { qualifierType } : {}), location });
    }
  }
  return uses;
}
