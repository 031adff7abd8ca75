"use client";

import { useState, useTransition } from "react";
import { commentBodyProblem } from "@/lib/review/comment-body";
import {
  COMMENT_PANES,
  type CommentPane,
  type CommentThread,
  isCommentPane,
  linesLabel,
  PANE_LABEL,
} from "@/lib/review/line-comments";
import { commentOnLinesAction, replyToThreadAction, resolveThreadAction } from "@/lib/server/actions/line-comments";

export interface LineSelection {
  pane: CommentPane;
  start: number;
  end: number;
}

const when = (at: string) => new Date(at).toLocaleString();

/** Says, under a comment box, that what is typed is longer than a comment may be (the button is then off). */
function TooLong({ body }: { body: string }) {
  const problem = body.trim() === "" ? null : commentBodyProblem(body);
  return problem ? (
    <p role="alert" className="error">
      {problem[0]?.toUpperCase()}
      {problem.slice(1)}.
    </p>
  ) : null;
}

/** One thread: the lines it is about (as they read then), its comments, a reply box and resolve. */
function Thread({
  thread,
  canComment,
  run,
  roundId,
}: {
  thread: CommentThread;
  canComment: boolean;
  run: (call: () => Promise<unknown>) => void;
  roundId: number | null;
}) {
  const [reply, setReply] = useState("");
  const where = `${PANE_LABEL[thread.pane]} ${linesLabel(thread.startLine, thread.endLine)}`;
  return (
    <article className={`comment-thread${thread.resolvedBy ? " resolved" : ""}`} aria-label={`Comments on ${where}`}>
      <header>
        <strong>{where}</strong>
        {thread.outdated && (
          <span className="badge" title="The instance changed: these lines no longer read as quoted.">
            outdated
          </span>
        )}
        {thread.resolvedBy && <span className="muted"> · resolved by {thread.resolvedBy}</span>}
      </header>
      <pre className="text comment-quote">{thread.quote}</pre>
      <ol className="comments">
        {thread.comments.map((c) => (
          <li key={c.id}>
            <strong>{c.author}</strong> <span className="muted">{when(c.at)}</span>
            <p>{c.body}</p>
          </li>
        ))}
      </ol>
      {canComment && (
        <div className="comment-actions">
          <label>
            Reply
            <textarea value={reply} rows={2} onChange={(e) => setReply(e.target.value)} />
          </label>
          <TooLong body={reply} />
          <button
            type="button"
            disabled={commentBodyProblem(reply) !== null}
            onClick={() => {
              run(() => replyToThreadAction({ threadId: thread.id, body: reply, roundId }));
              setReply("");
            }}
          >
            Reply
          </button>
          <button
            type="button"
            onClick={() => run(() => resolveThreadAction({ threadId: thread.id, resolved: !thread.resolvedBy }))}
          >
            {thread.resolvedBy ? "Reopen" : "Resolve"}
          </button>
        </div>
      )}
    </article>
  );
}

/**
 * Comments on lines of the issue, gold patch and test patch (GitHub review style): select lines in a pane (or
 * type them) and write; threads take replies and resolve. Never part of the hint: they are exported apart.
 */
export function LineComments({
  instanceId,
  threads,
  onThreads,
  selected,
  canComment,
  roundId,
}: {
  instanceId: number;
  threads: CommentThread[];
  /** the threads as the server answers after a comment, reply or resolve */
  onThreads: (threads: CommentThread[]) => void;
  selected: LineSelection | null;
  canComment: boolean;
  roundId: number | null;
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  // The lines to comment on: the last selection in a pane, which the curator may still change by hand.
  const [anchor, setAnchor] = useState<LineSelection>(selected ?? { pane: "gold", start: 1, end: 1 });
  const [seen, setSeen] = useState(selected);
  if (selected !== seen) {
    setSeen(selected);
    if (selected) setAnchor(selected);
  }
  const run = (call: () => Promise<unknown>) =>
    start(async () => {
      let result: { ok: true; threads: CommentThread[] } | { ok: false; error: string };
      try {
        result = (await call()) as typeof result;
      } catch (failure) {
        // The request itself failed (the server out of reach, a body past what it reads): said, never silent.
        result = { ok: false, error: `the server did not take it (${(failure as Error).message}); nothing was saved` };
      }
      if (result.ok) {
        onThreads(result.threads);
        setError(null);
      } else setError(result.error);
    });
  const open = threads.filter((t) => !t.resolvedBy).length;
  return (
    <section className="line-comments" aria-label="Line comments">
      <h3>
        Comments on lines ({threads.length}
        {threads.length > 0 ? `, ${open} open` : ""})
      </h3>
      {threads.length === 0 && <p className="muted">None yet.</p>}
      {threads.map((thread) => (
        <Thread key={thread.id} thread={thread} canComment={canComment} run={run} roundId={roundId} />
      ))}
      {canComment && (
        <form
          className="new-comment"
          aria-label="New comment"
          onSubmit={(e) => {
            e.preventDefault();
            run(async () => {
              const result = await commentOnLinesAction({
                instanceId,
                pane: anchor.pane,
                startLine: anchor.start,
                endLine: anchor.end,
                body: draft,
                roundId,
              });
              if ((result as { ok: boolean }).ok) setDraft("");
              return result;
            });
          }}
        >
          <p className="muted">Select lines in a pane, or give them here.</p>
          <label>
            On{" "}
            <select
              value={anchor.pane}
              onChange={(e) => isCommentPane(e.target.value) && setAnchor({ ...anchor, pane: e.target.value })}
            >
              {COMMENT_PANES.map((p) => (
                <option key={p} value={p}>
                  {PANE_LABEL[p]}
                </option>
              ))}
            </select>
          </label>{" "}
          <label>
            from line{" "}
            <input
              type="number"
              min={1}
              value={anchor.start}
              onChange={(e) => setAnchor({ ...anchor, start: Number(e.target.value) })}
            />
          </label>{" "}
          <label>
            to line{" "}
            <input
              type="number"
              min={1}
              value={anchor.end}
              onChange={(e) => setAnchor({ ...anchor, end: Number(e.target.value) })}
            />
          </label>
          <label>
            Comment
            <textarea value={draft} rows={3} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <TooLong body={draft} />
          <button type="submit" disabled={pending || commentBodyProblem(draft) !== null}>
            Comment on {PANE_LABEL[anchor.pane]} {linesLabel(anchor.start, anchor.end)}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
