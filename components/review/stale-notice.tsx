import { HINT_STATUS_LABELS } from "@/lib/domain/hint-vocabulary";
import { lineDiff } from "@/lib/review/line-diff";
import type { ReviewData } from "@/lib/server/hints/review-instance";

type Hint = ReviewData["hints"][number];

/**
 * A decision the hint changed under: what was decided on, what the hint says now, side by side, and who
 * decided what when. Nothing carries over silently: the curator re-confirms (c) or decides again.
 */
export function StaleNotice({
  hint,
  currentText,
  onReconfirm,
  saving,
}: {
  hint: Hint;
  currentText: string;
  /** null for a viewer, who cannot re-confirm */
  onReconfirm: (() => void) | null;
  saving: boolean;
}) {
  const last = hint.decisions[0];
  const decided = last?.after.status ?? "decided";
  return (
    <section className="stale-notice" aria-label="Changed since decided">
      <h3>{HINT_STATUS_LABELS.stale}</h3>
      <p>
        {last ? (
          <>
            <strong>{last.curator}</strong> {decided} this hint on {new Date(last.at).toLocaleString()}
          </>
        ) : (
          "This hint was decided"
        )}
        ; the instance has changed since (a re-import or a new analysis), so that decision no longer speaks for the text
        below.
      </p>
      <div className="stale-compare">
        <figure>
          <figcaption>As decided</figcaption>
          <pre className="text" data-testid="decided hint">
            {hint.decidedText || "(empty)"}
          </pre>
        </figure>
        <figure>
          <figcaption>Now</figcaption>
          <pre className="text" data-testid="current hint">
            {currentText || "(empty)"}
          </pre>
        </figure>
      </div>
      <figure className="stale-diff">
        <figcaption>What changed in the text</figcaption>
        {hint.decidedText === currentText ? (
          <p className="muted">
            Nothing in the text: what it is made from changed (the gold or test patch, the benchmark&apos;s hint text,
            the analysis), which can change what the hint should say.
          </p>
        ) : (
          <pre className="text" data-testid="hint diff">
            {lineDiff(hint.decidedText ?? "", currentText).map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the diff's lines in order, redrawn whole
              <span key={index} className={line.kind === "+" ? "diff-add" : line.kind === "-" ? "diff-del" : undefined}>
                {line.kind} {line.text}
                {"\n"}
              </span>
            ))}
          </pre>
        )}
      </figure>
      {onReconfirm && (
        <>
          <button type="button" disabled={saving} onClick={onReconfirm}>
            Re-confirm as {decided} (c)
          </button>{" "}
          <span className="muted">or decide again below.</span>
        </>
      )}
    </section>
  );
}
