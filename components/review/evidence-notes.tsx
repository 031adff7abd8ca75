import { LEAK_CHANNELS } from "@/lib/evidence/evidence-summary";
import type { ReviewData } from "@/lib/server/hints/review-instance";

/* What the instance's evidence says, as the hint panel shows it: leak channels, a note per identifier, a suggested flag. */

type Evidence = NonNullable<ReviewData["instance"]["evidence"]>;

const LEAK_LABELS = new Map<string, string>(LEAK_CHANNELS.map((c) => [c.id, c.label]));

/** The instance's leak channels, each with the span that shows it. */
export function LeakChannels({ data }: { data: ReviewData }) {
  const leaks = data.instance.evidence?.leaks ?? [];
  if (leaks.length === 0) return null;
  return (
    <section className="evidence" aria-label="Leak channels">
      <h3>Leak channels</h3>
      <ul>
        {leaks.map((leak) => (
          <li key={`${leak.channel}/${leak.source}`} title={leak.detail}>
            <strong>{LEAK_LABELS.get(leak.channel) ?? leak.channel}</strong>: {leak.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the instance itself says about an identifier: stated already, test-facing, copied from the patch. */
export function IdentifierEvidenceLine({ evidence }: { evidence: Evidence["identifiers"][number] | undefined }) {
  if (!evidence) return null;
  const notes = [
    evidence.test_facing ? "test-facing: hiding it leaves guesswork" : null,
    evidence.stated_in_issue ? "already stated in the issue" : null,
    evidence.stated_in_benchmark_hint ? "stated in the benchmark's hint" : null,
    evidence.repo_occurrences !== null ? `${evidence.repo_occurrences} occurrence(s) at the base commit` : null,
    evidence.transcription_share > 0
      ? `its Pro hint copies ${(evidence.transcription_share * 100).toFixed(0)}% from the gold patch ("${evidence.longest_copied_run}")`
      : null,
  ].filter(Boolean);
  if (notes.length === 0) return null;
  return <div className="evidence-line muted">Evidence: {notes.join(" · ")}</div>;
}

/** A flag reason the evidence suggests, in words, or null: the curator accepts or ignores it. */
export function suggestedFlag(data: ReviewData, identifiers: ReviewData["identifiers"]): string | null {
  const evidence = data.instance.evidence;
  if (!evidence) return null;
  const copied = evidence.identifiers
    .filter((e) => identifiers.some((i) => i.name === e.name))
    .sort((a, b) => b.transcription_share - a.transcription_share)[0];
  if (copied && copied.transcription_share >= 0.3)
    return `spoiler: ${copied.name}'s hint copies ${(copied.transcription_share * 100).toFixed(0)}% from the gold patch`;
  const leak = evidence.leaks.find((l) => l.channel !== "id_commit");
  if (leak) return `leak channel: ${LEAK_LABELS.get(leak.channel) ?? leak.channel}`;
  return null;
}

/**
 * Strings the tests check that the gold patch writes: a correct solution worded otherwise fails. Each says
 * whether the issue (or the benchmark's hint text) states it, or leaves it to guesswork.
 */
export function TestFacingMessages({ data }: { data: ReviewData }) {
  const literals = data.instance.evidence?.literals ?? [];
  if (literals.length === 0) return null;
  return (
    <section className="evidence" aria-label="Test-facing messages">
      <h3>Test-facing messages</h3>
      <ul>
        {literals.map((l) => (
          <li key={`${l.text}\u0000${l.test_diff_line}`}>
            <code>&quot;{l.text}&quot;</code>{" "}
            <span className="muted">
              — checked in {l.test_path}
              {l.test_line !== null ? `:${l.test_line}` : ""}, written in {l.gold_path}
              {l.gold_line !== null ? `:${l.gold_line}` : ""}
              {l.introduced_by_gold ? "" : " (already in the file)"} ·{" "}
              {l.stated_in_issue
                ? "the issue states it"
                : l.stated_in_benchmark_hint
                  ? "the benchmark's hint states it"
                  : "not stated: guesswork left"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Labels published about the instance (OpenAI's annotations, Agentless' classification), beside the evidence. */
export function PublishedLabels({ data }: { data: ReviewData }) {
  if (data.labels.length === 0) return null;
  const sources = [...new Set(data.labels.map((l) => l.source))];
  return (
    <section className="evidence" aria-label="Published labels">
      <h3>Published labels</h3>
      {sources.map((source) => (
        <div key={source}>
          <div className="muted">{source}</div>
          <ul>
            {data.labels
              .filter((l) => l.source === source)
              .map((l) => (
                <li key={l.name} title={l.notes ?? undefined}>
                  {l.name.replaceAll("_", " ")}: <strong>{l.value}</strong>
                  {l.notes && (
                    <details>
                      <summary>notes</summary>
                      <p className="notes">{l.notes}</p>
                    </details>
                  )}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
