import { type CommentThread, linesLabel, PANE_LABEL } from "@/lib/review/line-comments";
import type { ReviewData } from "@/lib/server/hints/review-instance";

type Decision = ReviewData["hints"][number]["decisions"][number];

/**
 * Every decision on one hint and every comment on the instance's lines, newest first: who, what, when
 * (a decision's before → after).
 */
export function AuditTrail({
  policy,
  decisions,
  threads = [],
}: {
  policy: string;
  decisions: Decision[];
  threads?: CommentThread[];
}) {
  const entries = [
    ...decisions.map((d) => ({
      key: `d${d.id}`,
      at: new Date(d.at).getTime(),
      node: (
        <>
          <strong>{d.curator}</strong> {d.action} · {new Date(d.at).toLocaleString()} · {d.before.status} →{" "}
          {d.after.status}
          {d.after.flagReason && ` (${d.after.flagReason})`}
          {d.after.note && ` · “${d.after.note}”`}
        </>
      ),
    })),
    ...threads.flatMap((t) =>
      t.comments.map((c, i) => ({
        key: `c${c.id}`,
        at: new Date(c.at).getTime(),
        node: (
          <>
            <strong>{c.author}</strong> {i === 0 ? "commented on" : "replied on"} {PANE_LABEL[t.pane]}{" "}
            {linesLabel(t.startLine, t.endLine)} · {new Date(c.at).toLocaleString()}
          </>
        ),
      })),
    ),
  ].sort((a, b) => b.at - a.at);
  return (
    <section aria-label="Audit trail">
      <h2>Audit trail ({policy})</h2>
      {entries.length === 0 ? (
        <p className="muted">No decision yet.</p>
      ) : (
        <ol className="audit">
          {entries.map((e) => (
            <li key={e.key}>{e.node}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
