"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { analysisModeText } from "@/lib/domain/analysis-mode";
import {
  isProjection,
  isSelection,
  PROJECTION_ATTRIBUTES,
  type Projection,
  SELECTION_POLICIES,
  type Selection,
} from "@/lib/domain/hint-vocabulary";
import { composeHint, NO_TRIM } from "@/lib/hint/compose-hint";
import { keyText, type QueuedKey } from "@/lib/review/key-queue";
import type { Keymap } from "@/lib/review/keymap";
import { type CommentThread, issueLinesOf } from "@/lib/review/line-comments";
import { agentPatchMarks, copiedGoldLines, patchMarks, revealFor, stepLabel } from "@/lib/review/patch-marks";
import type { KeyCommand } from "@/lib/review/review-keys";
import { initialWorkspace, workspaceReducer } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/queries/review-instance";
import type { RoundItem } from "@/lib/server/queries/round-state";
import { AuditTrail } from "./audit-trail";
import { HintPanel } from "./hint-panel";
import { IssueMarkdown } from "./issue-markdown";
import { LineComments, type LineSelection } from "./line-comments";
import { PatchEditor } from "./patch-editor";
import { RoundNotice } from "./round-notice";
import { ShortcutsOverlay } from "./shortcuts-overlay";
import { StaleNotice } from "./stale-notice";
import { hrefOf, useDecisions } from "./use-decisions";
import { keyQueue, useReviewKeys } from "./use-review-keys";

interface Navigation {
  previous: number | null;
  next: number | null;
  nextPending: number | null;
  position: number;
  total: number;
  /** hints of the view still open */
  open?: number;
  list: string;
}

const POLICY_KEY = "hintscope.policy";

/** A curator's own decision in a round, as the panel's status shows it. */
const ROUND_STATUS = { pending: "pending", accept: "accepted", trim: "trimmed", flag: "flagged" } as const;

const DEFAULT_POLICY = { selection: "defuse", projection: "declaration" } as const;

function savedState(data: ReviewData, selection: Selection, projection: Projection) {
  const hint = data.hints.find((h) => h.selection === selection && h.projection === projection);
  return {
    hint: hint ?? null,
    version: hint?.version ?? 0,
    status: hint?.status ?? "pending",
    trim: hint?.trim ?? NO_TRIM,
    decisions: hint?.decisions ?? [],
  };
}

/**
 * The review workspace: the issue, the gold patch and the test patch side by side, and the hint panel.
 * It opens on the policy of the list the curator came from (`policy`), else the one last used.
 */
export function ReviewWorkspace({
  data,
  navigation,
  policy,
  canDecide,
  round = null,
  keymap = {},
  threads = [],
}: {
  /** comment threads on lines of the instance's texts, as this user may see them */
  threads?: CommentThread[];
  /** the user's own keys for the shortcuts (lib/review/keymap.ts) */
  keymap?: Keymap;
  data: ReviewData;
  navigation: Navigation;
  policy: { selection: Selection; projection: Projection } | null;
  /** the signed-in user may decide (a curator or admin); a viewer sees no decision buttons */
  canDecide: boolean;
  /** deciding in a review round: the decision is the curator's own in the round, on the round's policy */
  round?: RoundItem | null;
}) {
  const router = useRouter();
  const [state, dispatch] = useReducer(workspaceReducer, policy ?? DEFAULT_POLICY, (opening) =>
    initialWorkspace(
      opening,
      round ? (round.mine.trim ?? NO_TRIM) : savedState(data, opening.selection, opening.projection).trim,
    ),
  );
  const { selection, projection, trim, mode, reason, note, showOthers, wrap, picked } = state;
  const saved = useMemo(() => savedState(data, selection, projection), [data, selection, projection]);
  // In a round the trim starts from the curator's own round decision, never from anyone else's.
  const startingTrim = round ? (round.mine.trim ?? NO_TRIM) : saved.trim;
  // Set once this instance's keyboard handling is live (after hydration): tests and scripts wait for it.
  const [readyFor, setReadyFor] = useState<string | null>(null);

  useEffect(() => dispatch({ type: "reset-trim", trim: startingTrim }), [startingTrim]);

  const source = useMemo(
    () => ({
      interfaceText: data.instance.interfaceText,
      requirements: data.instance.requirements,
      identifiers: data.identifiers,
      modelWritten: data.instance.modelWritten,
    }),
    [data],
  );
  // The hint as the curator's trim leaves it; the server renders the same text when it records a decision.
  const composed = useMemo(
    () => composeHint(source, selection, projection, trim),
    [source, selection, projection, trim],
  );
  const selected = composed.selected;

  // DefUse is highlighted in every pane; the toggle adds the other selections' identifiers, lighter.
  const shown = useMemo(
    () => data.identifiers.filter((i) => i.policies.includes("defuse") || (showOthers && i.policies.length > 0)),
    [data.identifiers, showOthers],
  );
  // Each location says which patch it is in (the server placed it): nothing here parses a diff.
  const marks = useMemo(() => patchMarks(shown), [shown]);
  // The gold pane can show a run's agent patch instead, its names marked where the hint's names appear.
  const [agentShown, setAgentShown] = useState<number | null>(null);
  const agent = agentShown === null ? null : (data.agentPatches[agentShown] ?? null);
  const agentMarks = useMemo(() => (agent ? agentPatchMarks(agent.patch, shown) : []), [agent, shown]);

  // Transcription evidence: the gold-patch lines the hints of the selected identifiers copy, highlighted.
  const copiedLines = useMemo(
    () => copiedGoldLines(data.instance.evidence, data.instance.goldPatch, selected),
    [data.instance.evidence, data.instance.goldPatch, selected],
  );

  // Test-facing messages: the line the tests check each on, and the gold patch's line that writes it.
  const messageLines = useMemo(() => {
    const literals = data.instance.evidence?.literals ?? [];
    const hover = (l: (typeof literals)[number]) =>
      `Test-facing message: "${l.text}"${l.stated_in_issue ? " (the issue states it)" : " (the issue does not state it: a correct solution could word it otherwise)"}`;
    return {
      gold: literals.map((l) => ({ line: l.gold_diff_line, hover: hover(l) })),
      test: literals.map((l) => ({ line: l.test_diff_line, hover: hover(l) })),
    };
  }, [data.instance.evidence]);

  // Picking an identifier brings each pane to its definition, then steps through its uses on every pick.
  const reveal = useMemo(() => revealFor(picked, marks), [picked, marks]);
  const step = useMemo(() => stepLabel(picked, marks), [picked, marks]);
  const pick = useCallback((name: string) => dispatch({ type: "pick", name }), []);

  // What a key did not do, and why (nothing to trim, a flag without its reason), or the keys kept while the
  // page moves on: said where the eye is, in the toast.
  const [keyNotice, setKeyNotice] = useState<string | null>(null);
  const onKept = useCallback(
    (keys: QueuedKey[]) => setKeyNotice(`Moving on: ${keys.map(keyText).join(" ")} kept for the next instance.`),
    [],
  );
  const onKeysDropped = useCallback(
    (keys: QueuedKey[], why: string) =>
      keys.length > 0 && setKeyNotice(`Not taken: ${keys.map(keyText).join(" ")} (${why}).`),
    [],
  );
  const {
    decide,
    undo,
    lastDecision: lastDecisionShown,
  } = useDecisions({
    onMove: (to) => keyQueue.start(data, to),
    onMoveRefused: () => onKeysDropped(keyQueue.cancel(), "the decision was not saved"),
    say: setKeyNotice,
    canDecide,
    round,
    data,
    selection,
    projection,
    savedVersion: saved.version,
    trim,
    reason,
    note,
    navigation,
    router,
    dispatch,
  });

  // Trim mode with nothing to tick is refused, said: an empty hint has nothing to trim (a test-facing message
  // to disclose is something).
  const nothingToTrim = selected.length === 0 && (data.instance.evidence?.literals.length ?? 0) === 0;
  const selectionLabel = SELECTION_POLICIES.find((p) => p.id === selection)?.label ?? selection;
  const enterMode = useCallback(
    (next: "view" | "trim" | "flag") => {
      if (next === "trim" && nothingToTrim) {
        setKeyNotice(
          `Nothing to trim under ${selectionLabel}: it picks no identifier here. Nothing was decided (a accepts the empty hint, f flags it).`,
        );
        return;
      }
      setKeyNotice(null);
      dispatch({ type: "mode", mode: next });
    },
    [nothingToTrim, selectionLabel],
  );

  const run = useCallback(
    (command: KeyCommand) => {
      const go = (id: number | null) => {
        if (!id) return;
        keyQueue.start(data, id);
        router.push(hrefOf(id, navigation.list));
      };
      switch (command.type) {
        case "navigate":
          go(command.to === "next" ? navigation.next : navigation.previous);
          break;
        case "decide":
          if (command.action === "flag" && !reason) {
            setKeyNotice(`Not flagged: choose a reason first (1–7, or the form's list).`);
            break;
          }
          setKeyNotice(null);
          void decide(command.action);
          break;
        case "search":
          router.push(`/instances?${navigation.list ? `${navigation.list}&` : ""}focus=search`);
          break;
        case "move": {
          // Trim mode: the next or previous tick box of the hint panel, brought into view.
          const boxes = [...document.querySelectorAll<HTMLInputElement>("ul.identifiers input[type=checkbox]")];
          if (boxes.length === 0) break;
          const at = boxes.indexOf(document.activeElement as HTMLInputElement);
          const next = at < 0 ? 0 : command.to === "next" ? Math.min(boxes.length - 1, at + 1) : Math.max(0, at - 1);
          boxes[next]?.focus();
          boxes[next]?.scrollIntoView({ block: "nearest" });
          break;
        }
        case "escape":
          dispatch({ type: "escape" });
          break;
        case "undo":
          void undo();
          break;
        case "dispatch":
          if (command.action.type === "toggle-trim-mode") enterMode(mode === "trim" ? "view" : "trim");
          else if (command.action.type === "mode") enterMode(command.action.mode);
          else dispatch(command.action);
          break;
      }
    },
    [router, navigation, decide, undo, data, reason, enterMode, mode],
  );
  const externalId = data.instance.externalId;
  const onLive = useCallback(() => setReadyFor(externalId), [externalId]);
  useReviewKeys({
    context: { mode, stale: saved.status === "stale", canDecide, inRound: round !== null },
    run,
    onLive,
    keymap,
    page: data,
    instanceId: data.instance.id,
    onKept,
    onDropped: onKeysDropped,
  });

  // The chosen selection and projection carry over from instance to instance during a session, unless
  // the list the curator came from names its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (policy) return;
    const stored = window.sessionStorage.getItem(POLICY_KEY)?.split("/");
    if (isSelection(stored?.[0]) && isProjection(stored?.[1]))
      dispatch({ type: "policy", selection: stored[0], projection: stored[1] });
  }, []);
  useEffect(() => window.sessionStorage.setItem(POLICY_KEY, `${selection}/${projection}`), [selection, projection]);

  const names = useMemo(
    () =>
      shown.map((i) => ({
        name: i.name,
        strong: i.policies.includes("defuse"),
        hover: `${i.name} (${i.kind})${i.signature ? `: ${i.signature}` : ""}`,
      })),
    [shown],
  );
  // The lines last selected in a pane, for a comment on them; and each pane's commented lines for its gutter.
  const [lineSelection, setLineSelection] = useState<LineSelection | null>(null);
  // A passage selected in the rendered issue (by mouse or keys) is mapped back to the issue text's lines.
  const issueBody = useRef<HTMLDivElement | null>(null);
  const issueText = data.instance.problemStatement;
  useEffect(() => {
    const onSelection = () => {
      const picked = window.getSelection();
      if (!picked || picked.isCollapsed || !issueBody.current?.contains(picked.anchorNode)) return;
      const lines = issueLinesOf(issueText, picked.toString());
      if (lines) setLineSelection({ pane: "issue", ...lines });
    };
    document.addEventListener("selectionchange", onSelection);
    return () => document.removeEventListener("selectionchange", onSelection);
  }, [issueText]);
  const [liveThreads, setLiveThreads] = useState(threads);
  useEffect(() => setLiveThreads(threads), [threads]);
  const commentMarks = useMemo(() => {
    const of = (pane: "gold" | "test") =>
      liveThreads
        .filter((t) => t.pane === pane && !t.outdated)
        .map((t) => ({
          start: t.startLine,
          end: t.endLine,
          hover: t.comments.map((c) => `**${c.author}**: ${c.body}`).join("\n\n"),
        }));
    return { gold: of("gold"), test: of("test") };
  }, [liveThreads]);
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
      <h1>
        {instance.externalId} {instance.isDemo && <span className="badge demo">demo</span>}
      </h1>
      <p className="muted">
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
      <div className="workspace">
        <section className="pane" aria-label="Issue">
          <h2>Issue</h2>
          {/* Focusable, so the issue scrolls from the keyboard (arrows, Page Down) like the patch panes. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keys (WCAG 2.1.1) */}
          <div className="body" tabIndex={0} ref={issueBody}>
            <IssueMarkdown text={instance.problemStatement} names={names} onPick={pick} />
          </div>
        </section>
        {(() => {
          const control =
            data.agentPatches.length > 0 ? (
              <select
                className="agent-switch"
                aria-label="Patch shown in the gold pane"
                value={agentShown === null ? "gold" : String(agentShown)}
                onChange={(e) => setAgentShown(e.target.value === "gold" ? null : Number(e.target.value))}
              >
                <option value="gold">gold patch</option>
                {data.agentPatches.map((p, i) => (
                  <option key={`${p.model}\u0000${p.selection}\u0000${p.projection}`} value={String(i)}>
                    {p.model}&apos;s patch
                    {p.selection === "official" ? "" : ` (${p.selection} × ${p.projection})`}
                  </option>
                ))}
              </select>
            ) : undefined;
          return agent ? (
            <PatchEditor
              label={`Agent patch (${agent.model})`}
              text={agent.patch || "# The agent's patch is empty: it changed nothing.\n"}
              marks={agentMarks}
              reveal={null}
              onPick={pick}
              wrap={wrap}
              control={control}
            />
          ) : (
            <PatchEditor
              label="Gold patch"
              text={instance.goldPatch}
              marks={marks.gold}
              copied={copiedLines}
              messages={messageLines.gold}
              reveal={reveal.gold}
              onPick={pick}
              wrap={wrap}
              control={control}
              comments={commentMarks.gold}
              onSelectLines={(start, end) => setLineSelection({ pane: "gold", start, end })}
            />
          );
        })()}
        <PatchEditor
          label="Test patch"
          text={
            instance.testPatch ||
            "# The tests are not in this record: the benchmark keeps them in the repository at its commit\n# (SWE-smith does), and FAIL_TO_PASS names the ones that must pass.\n"
          }
          marks={marks.test}
          messages={messageLines.test}
          reveal={reveal.test}
          onPick={pick}
          wrap={wrap}
          comments={commentMarks.test}
          onSelectLines={(start, end) => setLineSelection({ pane: "test", start, end })}
        />
        <HintPanel
          data={data}
          selection={selection}
          projection={projection}
          onSelection={(selection) => dispatch({ type: "selection", selection })}
          policyLocked={round !== null}
          onProjection={(projection) => dispatch({ type: "projection", projection })}
          identifiers={selected}
          attributes={PROJECTION_ATTRIBUTES[projection]}
          trim={trim}
          onTrim={(trim) => dispatch({ type: "trim", trim })}
          rendered={composed.text}
          mode={mode}
          onMode={enterMode}
          reason={reason}
          onReason={(reason) => dispatch({ type: "reason", reason })}
          note={note}
          onNote={(note) => dispatch({ type: "note", note })}
          onDecide={
            canDecide
              ? (action) => {
                  setKeyNotice(null);
                  void decide(action);
                }
              : null
          }
          onPick={pick}
          picked={picked?.name ?? null}
          status={round ? ROUND_STATUS[(round.mine.action ?? "pending") as keyof typeof ROUND_STATUS] : saved.status}
          message={state.message?.kind === "ok" ? null : state.message}
          saving={state.saving}
          stale={
            !round && saved.status === "stale" && saved.hint ? (
              <StaleNotice
                hint={saved.hint}
                currentText={composeHint(source, selection, projection, saved.trim).text}
                onReconfirm={canDecide ? () => void decide("reconfirm") : null}
                saving={state.saving}
              />
            ) : null
          }
          comments={
            <LineComments
              key={instance.id}
              instanceId={instance.id}
              threads={liveThreads}
              onThreads={setLiveThreads}
              selected={lineSelection}
              canComment={canDecide}
              roundId={round?.id ?? null}
            />
          }
        />
      </div>
      {round ? (
        <RoundNotice round={round} />
      ) : (
        <AuditTrail policy={`${selection} × ${projection}`} decisions={saved.decisions} threads={liveThreads} />
      )}
      {state.overlay && <ShortcutsOverlay keymap={keymap} onClose={() => dispatch({ type: "overlay", open: false })} />}
      {(state.message?.kind === "ok" || keyNotice) && (
        // Where the eye is, whatever the panel's scroll: the confirmation, and Undo while it applies; what a
        // key did not do, and the keys kept while the page moves on.
        <div className="toast">
          {keyNotice && (
            <span role="status" data-testid="key notice">
              {keyNotice}
            </span>
          )}
          {keyNotice && state.message?.kind === "ok" && <br />}
          {state.message?.kind === "ok" && <span role="status">{state.message.text}</span>}
          {state.message?.kind === "ok" && lastDecisionShown && canDecide && (
            <>
              {" "}
              <button type="button" onClick={() => void undo()} disabled={state.saving}>
                Undo (u)
              </button>
            </>
          )}
        </div>
      )}
    </>
  );
}
