/** One line of a diff between two short texts: kept, removed (only in the first), or added (only in the second). */
export interface DiffLine {
  kind: " " | "-" | "+";
  text: string;
}

/**
 * The line diff of two short texts (hints: tens of lines), by their longest common subsequence of lines:
 * what a stale notice shows between the text decided on and the text now.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (lcs[i] as number[])[j] =
        a[i] === b[j]
          ? ((lcs[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((lcs[i + 1] as number[])[j] as number, (lcs[i] as number[])[j + 1] as number);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ kind: " ", text: a[i] as string });
      i++;
      j++;
    } else if (
      j < b.length &&
      (i >= a.length || ((lcs[i] as number[])[j + 1] as number) >= ((lcs[i + 1] as number[])[j] as number))
    ) {
      out.push({ kind: "+", text: b[j] as string });
      j++;
    } else {
      out.push({ kind: "-", text: a[i] as string });
      i++;
    }
  }
  return out;
}
