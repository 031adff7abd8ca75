/** A file's text before and after a change; null for a file that does not exist on that side. */
export interface FileChange {
  path: string;
  before: string | null;
  after: string | null;
}

/** Longest-common-subsequence line alignment: the edit script as [kind, line] pairs. */
function editScript(a: string[], b: string[]): Array<[" " | "-" | "+", string]> {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      (lcs[i] as number[])[j] =
        a[i] === b[j]
          ? ((lcs[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((lcs[i + 1] as number[])[j] as number, (lcs[i] as number[])[j + 1] as number);
    }
  }
  const script: Array<[" " | "-" | "+", string]> = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      script.push([" ", a[i++] as string]);
      j++;
    } else if (
      i < n &&
      (j >= m || ((lcs[i + 1] as number[])[j] as number) >= ((lcs[i] as number[])[j + 1] as number))
    ) {
      // Removals before additions, as git prints them.
      script.push(["-", a[i++] as string]);
    } else script.push(["+", b[j++] as string]);
  }
  return script;
}

const linesOf = (text: string | null) => (text === null || text === "" ? [] : text.replace(/\n$/, "").split("\n"));

/**
 * Builds a git-style unified diff, with `context` lines around each change and `hunkContext` (what git
 * prints after the second @@) per hunk, so tests can state files as before/after text.
 */
export function makeDiff(
  changes: FileChange[],
  context = 3,
  hunkContext: (hunkIndex: number) => string = () => "",
): string {
  const out: string[] = [];
  for (const change of changes) {
    const a = linesOf(change.before);
    const b = linesOf(change.after);
    out.push(`diff --git a/${change.path} b/${change.path}`);
    if (change.before === null) out.push("new file mode 100644");
    if (change.after === null) out.push("deleted file mode 100644");
    out.push(change.before === null ? "--- /dev/null" : `--- a/${change.path}`);
    out.push(change.after === null ? "+++ /dev/null" : `+++ b/${change.path}`);
    const script = editScript(a, b);
    const changed = script.map(([kind], index) => (kind === " " ? -1 : index)).filter((index) => index >= 0);
    let hunkIndex = 0;
    let k = 0;
    while (k < changed.length) {
      const start = Math.max(0, (changed[k] as number) - context);
      let end = Math.min(script.length - 1, (changed[k] as number) + context);
      while (k + 1 < changed.length && (changed[k + 1] as number) - context <= end + 1) {
        k++;
        end = Math.min(script.length - 1, (changed[k] as number) + context);
      }
      k++;
      const before = script.slice(0, start);
      const oldStart = before.filter(([kind]) => kind !== "+").length + 1;
      const newStart = before.filter(([kind]) => kind !== "-").length + 1;
      const body = script.slice(start, end + 1);
      const oldLines = body.filter(([kind]) => kind !== "+").length;
      const newLines = body.filter(([kind]) => kind !== "-").length;
      const label = hunkContext(hunkIndex++);
      out.push(
        `@@ -${oldLines === 0 ? oldStart - 1 : oldStart},${oldLines} +${newLines === 0 ? newStart - 1 : newStart},${newLines} @@${label ? ` ${label}` : ""}`,
      );
      for (const [kind, line] of body) out.push(`${kind}${line}`);
    }
  }
  return `${out.join("\n")}\n`;
}
