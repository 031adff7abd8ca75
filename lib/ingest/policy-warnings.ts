import { PROJECTIONS, SELECTIONS } from "../domain/hint-vocabulary";
import { NO_HINT, OFFICIAL_POLICY } from "../domain/run-policy";
import type { ImportItem } from "./import-items";

const KNOWN_SELECTIONS = new Set<string>([...SELECTIONS, NO_HINT, OFFICIAL_POLICY]);
const KNOWN_PROJECTIONS = new Set<string>([...PROJECTIONS, NO_HINT, OFFICIAL_POLICY]);

/**
 * Selection and projection names an import does not know (after normalising their spelling): kept as
 * written, but said once each, so "no-hints-v2" is not silently compared as a policy of its own.
 */
export class PolicyWarnings {
  readonly warnings: string[] = [];
  private readonly said = new Set<string>();

  check(item: ImportItem): void {
    for (const note of [item.note, ...(item.notes ?? [])]) {
      if (!note || this.said.has(`note\u0000${note}`)) continue;
      this.said.add(`note\u0000${note}`);
      this.warnings.push(note);
    }
    if (
      item.kind !== "result" &&
      item.kind !== "prediction" &&
      item.kind !== "design-verdict" &&
      item.kind !== "judge-score"
    )
      return;
    this.name("selection", item.data.selection, KNOWN_SELECTIONS, SELECTIONS);
    if ("projection" in item.data) this.name("projection", item.data.projection, KNOWN_PROJECTIONS, PROJECTIONS);
  }

  private name(what: string, name: string, known: ReadonlySet<string>, listed: readonly string[]) {
    if (known.has(name) || this.said.has(`${what}\u0000${name}`)) return;
    this.said.add(`${what}\u0000${name}`);
    this.warnings.push(
      `unknown ${what} "${name}" (known: ${[...listed, NO_HINT, OFFICIAL_POLICY].join(", ")}): kept as written, compared as a policy of its own`,
    );
  }
}
