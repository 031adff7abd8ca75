import Link from "next/link";
import type { RoundItem } from "@/lib/server/hints/round-state";

const said = (action: string | null, reason: string | null) =>
  action === null
    ? "not decided yet"
    : action === "hidden"
      ? "decided (hidden until you decide)"
      : action === "flag"
        ? `flag (${reason})`
        : action;

/**
 * In a review round, at the hint panel's head (in view as the page opens) and instead of the audit trail: your
 * decision, and the others' (blind: once you decided).
 */
export function RoundNotice({ round }: { round: RoundItem }) {
  return (
    <section className="round-notice" aria-label="Review round">
      <h3>
        Round <Link href={`/rounds/${round.id}`}>{round.name}</Link>{" "}
        <span className="muted">
          ({round.selection} × {round.projection}
          {round.blind ? ", blind" : ""})
        </span>
      </h3>
      <p>
        Your decision: <strong>{said(round.mine.action, round.mine.flagReason)}</strong>
        {round.open ? "" : " (the round is published: decisions are final)"}
      </p>
      {round.others.length > 0 && (
        <ul>
          {round.others.map((o) => (
            <li key={o.curator}>
              {o.curator}: {said(o.action, o.flagReason)}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">
        {round.next ? "Deciding moves on to your next hint in this round." : "This is the last hint in your queue."}
      </p>
    </section>
  );
}
