import { SELECTIONS, type Selection } from "../../domain/hint-vocabulary";

/** The column holding how many identifiers a selection picks on an instance (`countDefuse`, …). */
export const countColumn = (selection: Selection) =>
  `count${selection[0]?.toUpperCase()}${selection.slice(1)}` as `count${Capitalize<Selection>}`;

/** The instance columns of the selection counts, in SELECTIONS order: what the analysis writes. */
export const SELECTION_COUNT_COLUMNS = SELECTIONS.map(countColumn);

/** An analysis's selection counts (JSON, or null for an instance not analysed) as those columns' values. */
export function selectionCountCells(selectionCounts: string | null): number[] {
  const counts = selectionCounts ? (JSON.parse(selectionCounts) as Record<string, unknown>) : {};
  return SELECTIONS.map((s) => {
    const value = Object.hasOwn(counts, s) ? counts[s] : 0;
    return typeof value === "number" ? value : 0;
  });
}
