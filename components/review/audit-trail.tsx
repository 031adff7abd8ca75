import type { ReviewData } from "@/lib/server/queries/review-instance";

type Decision = ReviewData["hints"][number]["decisions"][number];

/** Every decision on one hint, newest first: who, what, when, before → after. */
export function AuditTrail({ policy, decisions }: { policy: string; decisions: Decision[] }) {
  return (
    <section aria-label="Audit trail">
      <h2>Audit trail ({policy})</h2>
      {decisions.length === 0 ? (
        <p className="muted">No decision yet.</p>
      ) : (
        <ol className="audit">
          {decisions.map((d) => (
            <li key={d.id}>
              <strong>{d.curator}</strong> {d.action} · {new Date(d.at).toLocaleString()} · {d.before.status} →{" "}
              {d.after.status}
              {d.after.flagReason && ` (${d.after.flagReason})`}
              {d.after.note && ` · “${d.after.note}”`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
