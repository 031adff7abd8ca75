import type { DiffLine } from "./parse-diff";

/** Text to parse (a hunk's pre- or post-image, or a whole file) and, per row, the diff line it came from. */
export interface Fragment {
  path: string;
  side: "pre" | "post";
  text: string;
  /** per row of `text`: the diff line shown there, or null for a row the analysis added or an unchanged line */
  rows: Array<DiffLine | null>;
  /** the class or type the hunk's context line names, which members in the fragment belong to */
  owner: string | null;
  /** the hunk lies inside a function body: what it assigns is local, not a module name */
  inBody: boolean;
  /** rows the analysis added around a hunk (a stand-in declaration) before and after its own lines */
  addedRows?: { before: number; after: number };
  /** the hunk this image was cut from (hunk images only): its other image shares the context lines */
  hunkIndex?: number;
  /** this side of the hunk has no changed lines: its image is the other image's context, nothing more */
  unchangedSide?: boolean;
  /** the whole file (exact mode): row r is line r + 1, and what a hunk header says is not needed */
  whole?: boolean;
  /**
   * The row of a signature's first line that the analysis wrote back from the hunk header, for a hunk that
   * starts in the middle of that signature: the function it opens is the hunk's, though the row is added.
   */
  signatureRow?: number;
  /** the function git names on the hunk header: what a stand-in function the analysis wrote stands for */
  contextFunction?: string | null;
}
