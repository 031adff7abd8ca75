"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { composeHint, NO_TRIM, type Trim } from "@/lib/hint/compose-hint";
import {
  type FlagReason,
  isProjection,
  isSelection,
  PROJECTION_ATTRIBUTES,
  PROJECTIONS,
  type Projection,
  type Selection,
} from "@/lib/hint/vocabulary";
import { pathsInDiff } from "@/lib/ingest/infer-language";
import { decideHint } from "@/lib/server/actions/decide-hint";
import { decideInRoundAction } from "@/lib/server/actions/review-rounds";
import type { ReviewData } from "@/lib/server/queries/review-instance";
import type { RoundItem } from "@/lib/server/queries/round-state";
import { AuditTrail } from "./audit-trail";
import { HintPanel, type Mode } from "./hint-panel";
import { IssueMarkdown } from "./issue-markdown";
import { PatchEditor } from "./patch-editor";
import { copiedGoldLines, patchMarks, revealFor } from "./patch-marks";
import { RoundNotice } from "./round-notice";
import { ShortcutsOverlay } from "./shortcuts-overlay";
import { StaleNotice } from "./stale-notice";

interface Navigation {
  previous: number | null;
  next: number | null;
  nextPending: number | null;
  position: number;
  total: number;
  list: string;
}

const POLICY_KEY = "hintscope.policy";
const SAVED_KEY = "hintscope.saved";
/** A curator's own decision in a round, as the panel's status shows it. */
const ROUND_STATUS = { pending: "pending", accept: "accepted", trim: "trimmed", flag: "flagged" } as const;

const hrefOf = (id: number, list: string) => `/instances/${id}${list ? `?list=${encodeURIComponent(list)}` : ""}`;

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
}: {
  data: ReviewData;
  navigation: Navigation;
  policy: { selection: Selection; projection: Projection } | null;
  /** the signed-in user may decide (a curator or admin); a viewer sees no decision buttons */
  canDecide: boolean;
  /** deciding in a review round: the decision is the curator's own in the round, on the round's policy */
  round?: RoundItem | null;
}) {
  const router = useRouter();
  const [selection, setSelection] = useState<Selection>(policy?.selection ?? "defuse");
  const [projection, setProjection] = useState<Projection>(policy?.projection ?? "declaration");
  const saved = useMemo(() => savedState(data, selection, projection), [data, selection, projection]);
  // In a round the trim starts from the curator's own round decision, never from anyone else's.
  const startingTrim = round ? (round.mine.trim ?? NO_TRIM) : saved.trim;
  const [trim, setTrim] = useState<Trim>(startingTrim);
  const [mode, setMode] = useState<Mode>("view");
  const [reason, setReason] = useState<FlagReason | "">("");
  const [note, setNote] = useState("");
  const [showOthers, setShowOthers] = useState(false);
  const [wrap, setWrap] = useState(false);
  const [picked, setPicked] = useState<{ name: string; step: number } | null>(null);
  const [overlay, setOverlay] = useState(false);
  const [message, setMessage] = useState<{ kind: "ok" | "error" | "conflict"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  // Set once this instance's keyboard handling is live (after hydration): tests and scripts wait for it.
  const [readyFor, setReadyFor] = useState<string | null>(null);

  useEffect(() => setTrim(startingTrim), [startingTrim]);

  const goldPaths = useMemo(() => new Set(pathsInDiff(data.instance.goldPatch)), [data.instance.goldPatch]);
  const source = useMemo(
    () => ({
      interfaceText: data.instance.interfaceText,
      requirements: data.instance.requirements,
      identifiers: data.identifiers,
    }),
    [data],
  );
  // The hint as the curator's trim leaves it; the server renders the same text when it records a decision.
  const composed = useMemo(
    () => composeHint(source, selection, projection, trim),
    [source, selection, projection, trim],
  );
  const selected = composed.selected;
  const rendered = composed.text;

  // DefUse is highlighted in every pane; the toggle adds the other selections' identifiers, lighter.
  const shown = useMemo(
    () => data.identifiers.filter((i) => i.policies.includes("defuse") || (showOthers && i.policies.length > 0)),
    [data.identifiers, showOthers],
  );
  const marks = useMemo(() => patchMarks(shown, goldPaths), [shown, goldPaths]);

  // Transcription evidence: the gold-patch lines the hints of the selected identifiers copy, highlighted.
  const copiedLines = useMemo(
    () => copiedGoldLines(data.instance.evidence, data.instance.goldPatch, selected),
    [data.instance.evidence, data.instance.goldPatch, selected],
  );

  // Picking an identifier brings each pane to its definition, then steps through its uses on every pick.
  const reveal = useMemo(() => revealFor(picked, marks), [picked, marks]);
  const pick = useCallback(
    (name: string) => setPicked((p) => (p?.name === name ? { name, step: p.step + 1 } : { name, step: 0 })),
    [],
  );

  const decide = useCallback(
    async (action: "accept" | "trim" | "flag" | "reconfirm") => {
      if (!canDecide) return;
      if (round) {
        if (action === "reconfirm") return;
        setSaving(true);
        const result = await decideInRoundAction({
          roundId: round.id,
          instanceId: data.instance.id,
          action,
          trimmed: action === "trim" ? trim : undefined,
          reason: action === "flag" ? reason || null : null,
          note,
          sourceHash: data.instance.hintSource,
        });
        setSaving(false);
        if (!result.ok) {
          setMessage({ kind: "error", text: result.error });
          return;
        }
        window.sessionStorage.setItem(
          SAVED_KEY,
          `Saved in round ${round.name}: ${result.action} (${data.instance.externalId}).`,
        );
        router.push(round.next ? `/instances/${round.next}?round=${round.id}` : `/rounds/${round.id}`);
        return;
      }
      setSaving(true);
      const result = await decideHint({
        instanceId: data.instance.id,
        selection,
        projection,
        action,
        expectedVersion: saved.version,
        sourceHash: data.instance.hintSource,
        trimmed: action === "accept" ? NO_TRIM : trim,
        reason: action === "flag" ? reason || null : null,
        note,
      });
      setSaving(false);
      if (result.ok) {
        setMode("view");
        setMessage({ kind: "ok", text: `Saved: ${result.status}.` });
        if (navigation.nextPending) {
          // The next page says what was saved here, so the confirmation outlives the move.
          window.sessionStorage.setItem(SAVED_KEY, `Saved: ${result.status} (${data.instance.externalId}).`);
          router.push(hrefOf(navigation.nextPending, navigation.list));
        } else router.refresh();
      } else if ("conflict" in result) {
        const c = result.conflict;
        setMessage({
          kind: "conflict",
          text: c.changed
            ? "Conflict: this instance changed since you opened it (a re-import or a new analysis). Your decision was not saved; reload to see the hint as it is now."
            : `Conflict: ${c.curator} already decided this hint (${c.action}, now ${c.status}) at ${new Date(c.at).toLocaleString()}. Your decision was not saved; reload to see theirs.`,
        });
      } else if ("error" in result) {
        setMessage({ kind: "error", text: result.error });
      } else {
        setMessage({
          kind: "error",
          text: Object.values(result.errors).flat().join("; ") || "The decision was not valid.",
        });
      }
    },
    [canDecide, round, data, selection, projection, saved.version, trim, reason, note, navigation, router],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const tag = target?.tagName ?? "";
      // A read-only patch pane (Monaco keeps a hidden textarea) is no text field: the shortcuts work there too.
      const inPatch = target?.closest?.(".monaco-editor") != null;
      if (event.key === "Escape") {
        setOverlay(false);
        setMode("view");
        // Esc also gives the keys back to the page from wherever focus is.
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
        return;
      }
      if ((!inPatch && ["INPUT", "TEXTAREA", "SELECT"].includes(tag)) || event.metaKey || event.ctrlKey || event.altKey)
        return;
      const go = (id: number | null) => id && router.push(hrefOf(id, navigation.list));
      const actions: Record<string, () => void> = {
        j: () => go(navigation.next),
        k: () => go(navigation.previous),
        a: () => void decide(mode === "trim" ? "trim" : "accept"),
        t: () => setMode((m) => (m === "trim" ? "view" : "trim")),
        f: () => setMode("flag"),
        c: () => {
          if (saved.status === "stale") void decide("reconfirm");
        },
        "?": () => setOverlay((o) => !o),
        "/": () => router.push(`/instances?${navigation.list ? `${navigation.list}&` : ""}focus=search`),
        ...Object.fromEntries(PROJECTIONS.map((p, i) => [String(i + 1), () => setProjection(p)])),
      };
      const locked = (round && /^[1-9c]$/.test(event.key)) || (!canDecide && "atfc".includes(event.key));
      const action = locked ? undefined : actions[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener("keydown", onKey);
    setReadyFor(data.instance.externalId);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigation, router, decide, mode, data.instance.externalId, saved.status, canDecide, round]);

  // A decision saved on the instance before this one: its confirmation, shown here once.
  useEffect(() => {
    const saved = window.sessionStorage.getItem(SAVED_KEY);
    if (saved) {
      window.sessionStorage.removeItem(SAVED_KEY);
      setMessage({ kind: "ok", text: saved });
    }
  }, []);

  // The chosen selection and projection carry over from instance to instance during a session, unless
  // the list the curator came from names its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (policy) return;
    const stored = window.sessionStorage.getItem(POLICY_KEY)?.split("/");
    if (isSelection(stored?.[0])) setSelection(stored[0]);
    if (isProjection(stored?.[1])) setProjection(stored[1]);
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
  const instance = data.instance;
  return (
    <>
      <nav className="review-nav" aria-label="Review navigation" data-ready-for={readyFor ?? undefined}>
        <Link href={`/instances${navigation.list ? `?${navigation.list}` : ""}`}>← List</Link>
        <span className="muted">{navigation.position > 0 ? `${navigation.position} of ${navigation.total}` : ""}</span>
        {navigation.previous && <Link href={hrefOf(navigation.previous, navigation.list)}>Previous (k)</Link>}
        {navigation.next && <Link href={hrefOf(navigation.next, navigation.list)}>Next (j)</Link>}
        <label>
          <input type="checkbox" checked={showOthers} onChange={(e) => setShowOthers(e.target.checked)} /> Show other
          selections' identifiers
        </label>
        <label>
          <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} /> Wrap long lines
        </label>
        <button type="button" onClick={() => setOverlay(true)} aria-haspopup="dialog">
          Shortcuts (?)
        </button>
      </nav>
      <h1>
        {instance.externalId} {instance.isDemo && <span className="badge demo">demo</span>}
      </h1>
      <p className="muted">
        <Link href={`/benchmarks/${instance.benchmark.id}`}>{instance.benchmark.name}</Link> · {instance.repo} ·{" "}
        {instance.language ?? "unknown language"}
        {instance.approximate && " · approximate analysis (hunks only)"}
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
          <div className="body">
            <IssueMarkdown text={instance.problemStatement} names={names} onPick={pick} />
          </div>
        </section>
        <PatchEditor
          label="Gold patch"
          text={instance.goldPatch}
          marks={marks.gold}
          copied={copiedLines}
          reveal={reveal.gold}
          onPick={pick}
          wrap={wrap}
        />
        <PatchEditor
          label="Test patch"
          text={instance.testPatch}
          marks={marks.test}
          reveal={reveal.test}
          onPick={pick}
          wrap={wrap}
        />
        <HintPanel
          data={data}
          selection={selection}
          projection={projection}
          onSelection={setSelection}
          policyLocked={round !== null}
          onProjection={setProjection}
          identifiers={selected}
          attributes={PROJECTION_ATTRIBUTES[projection]}
          trim={trim}
          onTrim={setTrim}
          rendered={rendered}
          mode={mode}
          onMode={setMode}
          reason={reason}
          onReason={setReason}
          note={note}
          onNote={setNote}
          onDecide={canDecide ? decide : null}
          onPick={pick}
          picked={picked?.name ?? null}
          status={round ? ROUND_STATUS[(round.mine.action ?? "pending") as keyof typeof ROUND_STATUS] : saved.status}
          message={message}
          saving={saving}
          stale={
            !round && saved.status === "stale" && saved.hint ? (
              <StaleNotice
                hint={saved.hint}
                currentText={composeHint(source, selection, projection, saved.trim).text}
                onReconfirm={canDecide ? () => void decide("reconfirm") : null}
                saving={saving}
              />
            ) : null
          }
        />
      </div>
      {round ? (
        <RoundNotice round={round} />
      ) : (
        <AuditTrail policy={`${selection} × ${projection}`} decisions={saved.decisions} />
      )}
      {overlay && <ShortcutsOverlay onClose={() => setOverlay(false)} />}
    </>
  );
}
