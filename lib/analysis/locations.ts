import { wholeWordAt } from "../domain/whole-word";
import type { Fragment } from "./fragments";
import type { SyntaxDefinition } from "./languages/syntax-facts";

/*
 * Where the analysis says a name stands: the diff line (and file line) of a row of a parsed image, and the
 * column the name starts at on that diff line, found from the column tree-sitter gave its node.
 */

/** Where an identifier stands: file, line of the diff text, and line of the file after (or before) the patch. */
export interface Location {
  path: string;
  diffLine: number;
  fileLine: number | null;
  /**
   * Where the name starts on that diff line, 1-based, counting the line's `+`/`-`/space prefix (as an editor
   * showing the diff counts): found from the column tree-sitter gave the node. Absent when the name is not
   * written on that line (a definition whose row lies outside every hunk in exact mode).
   */
  column?: number;
}

const imageLines = new WeakMap<Fragment, string[]>();

/**
 * The 1-based column of `name` on the diff line shown at `row` of an image: the first whole-word occurrence
 * at or after the node's column. The image's row may be re-indented from the diff's text (a hunk cut from a
 * Python body is dedented to parse), so the column is shifted by the difference in length first.
 */
function nameColumn(fragment: Fragment, row: number, name: string, nodeColumn: number): number | undefined {
  const line = fragment.rows[row];
  if (!line || name === "") return undefined;
  let lines = imageLines.get(fragment);
  if (!lines) {
    lines = fragment.text.split("\n");
    imageLines.set(fragment, lines);
  }
  const shift = line.text.length - (lines[row] ?? line.text).length;
  let at = wholeWordAt(line.text, name, Math.max(0, nodeColumn + shift));
  if (at < 0) at = wholeWordAt(line.text, name);
  return at < 0 ? undefined : at + 2;
}

/**
 * Where a definition shows in the diff: its first row. A whole file (exact mode) also knows a definition whose
 * first line lies above every hunk (a signature that opens before the hunk adding a parameter to it): its
 * file line is its own, its diff line the first line of the diff inside it.
 */
export const locate = (
  fragment: Fragment,
  row: number,
  endRow = row,
  at?: { name: string; column: number },
): Location | null => {
  const line = fragment.rows[row];
  if (line) {
    const column = at ? nameColumn(fragment, row, at.name, at.column) : undefined;
    return {
      path: fragment.path,
      diffLine: line.diffLine,
      fileLine: fragment.side === "post" ? line.newLine : line.oldLine,
      ...(column !== undefined ? { column } : {}),
    };
  }
  const resumed = row === fragment.signatureRow;
  if (!fragment.whole && !resumed) return null;
  const inside = fragment.rows.slice(row, endRow + 1).find((r) => r !== null);
  if (!inside) return null;
  // A signature resumed from the hunk header stands at its first shown line.
  const fileLine = resumed ? (fragment.side === "post" ? inside.newLine : inside.oldLine) : row + 1;
  return { path: fragment.path, diffLine: inside.diffLine, fileLine };
};

/** Where a parameter is declared: the first row of its function's signature that names it. */
export function paramLocation(fragment: Fragment, def: SyntaxDefinition, param: string): Location | null {
  for (let row = def.row; row <= Math.min(def.endRow, def.row + 30); row++) {
    const column = nameColumn(fragment, row, param, row === def.row ? def.column : 0);
    if (column !== undefined)
      return locate(fragment, row, row, { name: param, column: row === def.row ? def.column : 0 });
  }
  return null;
}
