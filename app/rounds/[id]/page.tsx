import Link from "next/link";
import { notFound } from "next/navigation";
import { AdjudicationQueue } from "@/components/rounds/adjudication-queue";
import { hasRole } from "@/lib/auth/roles";
import type { CommentThread } from "@/lib/review/line-comments";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { roundThreads } from "@/lib/server/hints/line-comments";
import { nextForCurator, roundState } from "@/lib/server/hints/round-state";
import { parseIdParam } from "@/lib/server/route-params";
import type { NominalAgreement } from "@/lib/stats/nominal-agreement";

export const dynamic = "force-dynamic";

const fixed = (value: number | null | undefined, digits = 3) => (value == null ? "—" : value.toFixed(digits));

function AgreementTable({ label, agreement }: { label: string; agreement: NominalAgreement | null }) {
  if (!agreement) return <p className="muted">{label}: no hint has all its decisions yet.</p>;
  return (
    <table aria-label={label}>
      <caption>
        {label}: {agreement.method === "cohen" ? "Cohen's" : "Fleiss'"} κ = {fixed(agreement.kappa)} · percent agreement{" "}
        {(agreement.percent_agreement * 100).toFixed(1)}% over {agreement.items} hints × {agreement.raters_per_item}{" "}
        curators ({agreement.interval_note})
      </caption>
      <thead>
        <tr>
          <th>Category</th>
          <th>Share of decisions</th>
          <th>κ (this category against the rest)</th>
        </tr>
      </thead>
      <tbody>
        {agreement.categories.map((c) => (
          <tr key={c.category}>
            <td>{c.category}</td>
            <td>{(c.share * 100).toFixed(1)}%</td>
            <td>{fixed(c.kappa)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default guardedPage("viewer", async function RoundPage({ params }: { params: Promise<{ id: string }> }, user) {
  const id = parseIdParam((await params).id);
  const db = await getDb();
  const state = id === null ? null : await roundState(db, id);
  if (!state) notFound();
  const { round, progress, agreement, counts } = state;
  const mine = round.curators.includes(user.name) && round.status === "open";
  const next = mine ? await nextForCurator(db, round.id, user.name) : null;
  const admin = hasRole(user.role, "admin");
  // The comments written in the round, for its adjudication (an admin sees them all).
  const threads = admin ? await roundThreads(db, round.id) : new Map<number, CommentThread[]>();
  return (
    <>
      <h1>Round {round.name}</h1>
      <p className="muted">
        Hint set <Link href="/hint-sets">{round.hintSet}</Link> ({round.benchmark} · {round.selection} ×{" "}
        {round.projection}) · {round.curatorsPerHint} curator(s) per hint · {round.blind ? "blind" : "open"} · started
        by {round.createdBy} ·{" "}
        {round.status === "published" ? `published as version ${round.publishedVersion}` : "open"}
      </p>
      {mine &&
        (next ? (
          <p>
            <Link href={`/instances/${next}?round=${round.id}`} className="button">
              Next for me
            </Link>
          </p>
        ) : (
          <p role="status">Your queue is done.</p>
        ))}
      <table aria-label="Progress">
        <thead>
          <tr>
            <th>Curator</th>
            <th>Decided</th>
            <th>Assigned</th>
          </tr>
        </thead>
        <tbody>
          {progress.map((p) => (
            <tr key={p.curator}>
              <td>{p.curator}</td>
              <td>{p.done}</td>
              <td>{p.assigned}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {counts.instances} hints: {counts.agreed} agreed, {counts.disagreed} disagreed ({counts.adjudicated}{" "}
        adjudicated), {counts.pending} waiting for decisions.
      </p>
      {round.curatorsPerHint > 1 && (
        <>
          <AgreementTable label="Agreement on the action" agreement={agreement.actions} />
          <AgreementTable label="Agreement on the action and flag reason" agreement={agreement.reasons} />
        </>
      )}
      {admin && round.status === "open" && (
        <AdjudicationQueue
          roundId={round.id}
          canPublish={counts.pending === 0 && counts.adjudicated === counts.disagreed}
          items={state.items
            .filter((i) => i.outcome.state === "disagreed")
            .map((i) => ({
              instanceId: i.instanceId,
              externalId: i.externalId,
              decisions: i.decisions.map((d) => ({
                curator: d.curator,
                action: d.action ?? null,
                flagReason: d.flagReason ?? null,
                note: d.note,
                text: d.text ?? null,
              })),
              adjudication: i.adjudication,
              threads: threads.get(i.instanceId) ?? [],
            }))}
        />
      )}
    </>
  );
});
