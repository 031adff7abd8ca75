"use client";

import Link from "next/link";
import { analysisModeText } from "@/lib/domain/analysis-mode";
import type { WorkspaceAction } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import type { RoundItem } from "@/lib/server/hints/round-state";
import { hrefOf } from "./use-decisions";

export interface Navigation {
  previous: number | null;
  next: number | null;
  nextPending: number | null;
  position: number;
  total: number;
  /** hints of the view still open */
  open?: number;
  list: string;
}

/** The review page's head: where the instance stands in its list or round, the view's toggles, its title. */
export function ReviewHeader({
  data,
  navigation,
  round,
  readyFor,
  step,
  showOthers,
  wrap,
  canDecide,
  dispatch,
}: {
  data: ReviewData;
  navigation: Navigation;
  round: RoundItem | null;
  /** the instance whose keys are live (tests and scripts wait for it) */
  readyFor: string | null;
  /** where the picked identifier's stepping stands */
  step: string | null;
  showOthers: boolean;
  wrap: boolean;
  canDecide: boolean;
  dispatch: (action: WorkspaceAction) => void;
}) {
  const instance = data.instance;
  return (
    <>
      <nav className="review-nav" aria-label="Review navigation" data-ready-for={readyFor ?? undefined}>
        <Link href={`/instances${navigation.list ? `?${navigation.list}` : ""}`}>← List</Link>
        <span className="muted">
          {round
            ? `${round.position} of ${round.total} in round ${round.name} (${round.decidedCount} decided)`
            : navigation.position > 0
              ? `${navigation.position} of ${navigation.total} (${navigation.open ?? 0} open)`
              : ""}
        </span>
        {navigation.previous && <Link href={hrefOf(navigation.previous, navigation.list)}>Previous (k)</Link>}
        {navigation.next && <Link href={hrefOf(navigation.next, navigation.list)}>Next (j)</Link>}
        {/* Where a decision moves on to, fetched whole ahead of time: after `a` it is on screen at once (a
            round moves on through its own queue). */}
        {!round && navigation.nextPending && (
          <Link href={hrefOf(navigation.nextPending, navigation.list)} prefetch={true}>
            Next to review
          </Link>
        )}
        {step && (
          <span className="muted" aria-live="polite">
            {step}
          </span>
        )}
        <label>
          <input
            type="checkbox"
            checked={showOthers}
            onChange={(e) => dispatch({ type: "show-others", on: e.target.checked })}
          />{" "}
          Show other selections' identifiers
        </label>
        <label>
          <input type="checkbox" checked={wrap} onChange={(e) => dispatch({ type: "wrap", on: e.target.checked })} />{" "}
          Wrap long lines
        </label>
        <button type="button" onClick={() => dispatch({ type: "overlay", open: true })} aria-haspopup="dialog">
          Shortcuts (?)
        </button>
      </nav>
      <h1 className="instance-title">
        {instance.externalId} {instance.isDemo && <span className="badge demo">demo</span>}
      </h1>
      <p className="muted instance-meta">
        <Link href={`/benchmarks/${instance.benchmark.id}`}>{instance.benchmark.name}</Link> · {instance.repo} ·{" "}
        {instance.language ?? "unknown language"}
        {instance.approximate && (
          <>
            {" · "}
            <span title={`analysis ${analysisModeText(true, instance.approximateReason)}`}>
              approximate analysis ({(instance.approximateReason ?? "hunks only").split(":")[0]})
            </span>
          </>
        )}
        {instance.analysisStatus === "error" && ` · not analysed: ${instance.analysisError}`}
      </p>
      {!canDecide && (
        <p className="muted" role="note">
          You are signed in as a viewer: you can read every hint and decision, but not decide.
        </p>
      )}
    </>
  );
}
