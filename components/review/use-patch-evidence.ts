"use client";

import { useMemo } from "react";
import { copiedGoldLines, type Picked, patchMarks, revealFor, stepLabel } from "@/lib/review/patch-marks";
import type { ReviewData } from "@/lib/server/hints/review-instance";

type Identifier = ReviewData["identifiers"][number];

/**
 * What the patch panes mark: the names of the identifiers shown, the gold lines a hint copies, the lines of
 * test-facing messages, and where a pick brings each pane.
 */
export function usePatchEvidence(data: ReviewData, shown: Identifier[], selected: Identifier[], picked: Picked) {
  // Each location says which patch it is in (the server placed it): nothing here parses a diff.
  const marks = useMemo(() => patchMarks(shown), [shown]);
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
  return { marks, copiedLines, messageLines, reveal, step };
}
