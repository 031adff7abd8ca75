/*
 * Comments on lines (GitHub review style): a thread is anchored to lines of one of an instance's three texts
 * (the issue, the gold patch, the test patch), keeps the text of those lines as it was, and reads as outdated
 * when the instance changes under it. Pure: the server stores them, the page draws them.
 */

export const COMMENT_PANES = ["issue", "gold", "test"] as const;
export type CommentPane = (typeof COMMENT_PANES)[number];

export const PANE_LABEL: Record<CommentPane, string> = { issue: "Issue", gold: "Gold patch", test: "Test patch" };

export const isCommentPane = (value: unknown): value is CommentPane =>
  typeof value === "string" && (COMMENT_PANES as readonly string[]).includes(value);

/** The longest comment body kept (a review comment, not a document). */
export const MAX_COMMENT_LENGTH = 10_000;

/** A text's lines as the panes number them (1-based; `\r\n` and `\n` alike). */
export const linesOf = (text: string) => text.split(/\r?\n/);

/**
 * The quoted text of lines `start`–`end` of `text`, or why they cannot be quoted (a range outside the text,
 * backwards, or not whole numbers).
 */
export function quoteLines(text: string, start: number, end: number): { quote: string } | { error: string } {
  const lines = linesOf(text);
  if (!Number.isInteger(start) || !Number.isInteger(end)) return { error: "lines must be whole numbers" };
  if (start < 1 || end < start) return { error: `lines ${start}–${end} are not a range (first line 1, end ≥ start)` };
  if (end > lines.length) return { error: `line ${end} is past the end of the text (${lines.length} lines)` };
  return { quote: lines.slice(start - 1, end).join("\n") };
}

/** "line 4" or "lines 4–6". */
export const linesLabel = (start: number, end: number) => (start === end ? `line ${start}` : `lines ${start}–${end}`);

export interface StoredComment {
  id: number;
  pane: string;
  startLine: number;
  endLine: number;
  quote: string;
  body: string;
  author: string;
  threadId: number | null;
  roundId: number | null;
  resolvedBy: string | null;
  resolvedAt: Date | string | null;
  createdAt: Date | string;
}

export interface CommentThread {
  id: number;
  pane: CommentPane;
  startLine: number;
  endLine: number;
  quote: string;
  /** the lines no longer read as they did when the thread was started */
  outdated: boolean;
  resolvedBy: string | null;
  resolvedAt: string | null;
  roundId: number | null;
  comments: Array<{ id: number; author: string; body: string; at: string; roundId: number | null }>;
}

const iso = (value: Date | string) => (typeof value === "string" ? value : value.toISOString());

/**
 * Threads from stored comments, in the order of the texts (issue, gold, test) and their lines, each with its
 * replies oldest first. `texts` are the instance's texts now, for the outdated mark. A reply whose thread is
 * gone is dropped (threads are removed with their instance, whole).
 */
export function threadsOf(comments: readonly StoredComment[], texts: Record<CommentPane, string>): CommentThread[] {
  const threads = new Map<number, CommentThread>();
  for (const c of comments) {
    if (c.threadId !== null || !isCommentPane(c.pane)) continue;
    const now = quoteLines(texts[c.pane], c.startLine, c.endLine);
    threads.set(c.id, {
      id: c.id,
      pane: c.pane,
      startLine: c.startLine,
      endLine: c.endLine,
      quote: c.quote,
      outdated: !("quote" in now) || now.quote !== c.quote,
      resolvedBy: c.resolvedBy,
      resolvedAt: c.resolvedAt === null ? null : iso(c.resolvedAt),
      roundId: c.roundId,
      comments: [],
    });
  }
  const byTime = [...comments].sort((a, b) => iso(a.createdAt).localeCompare(iso(b.createdAt)) || a.id - b.id);
  for (const c of byTime) {
    const thread = threads.get(c.threadId ?? c.id);
    thread?.comments.push({ id: c.id, author: c.author, body: c.body, at: iso(c.createdAt), roundId: c.roundId });
  }
  return [...threads.values()].sort(
    (a, b) => COMMENT_PANES.indexOf(a.pane) - COMMENT_PANES.indexOf(b.pane) || a.startLine - b.startLine || a.id - b.id,
  );
}

/**
 * The source lines of a passage selected in the rendered issue: the first line of the issue text that holds
 * the selection's first line, through as many lines as the selection spans. Null when the text is not found
 * (a selection across rendered markup that the source writes otherwise).
 */
export function issueLinesOf(issue: string, selected: string): { start: number; end: number } | null {
  const picked = selected
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const first = picked[0];
  if (!first) return null;
  const lines = linesOf(issue);
  const start = lines.findIndex((line) => line.includes(first));
  if (start < 0) return null;
  const last = picked[picked.length - 1] as string;
  // The last selected line, looked for from the first one on (rendered text drops blank lines and markup).
  let end = start;
  for (let i = start; i < lines.length && picked.length > 1; i++) {
    if ((lines[i] as string).includes(last)) {
      end = i;
      break;
    }
  }
  return { start: start + 1, end: end + 1 };
}
