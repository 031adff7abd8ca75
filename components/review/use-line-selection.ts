"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { type CommentThread, issueLinesOf } from "@/lib/review/line-comments";
import type { LineSelection } from "./line-comments";

/**
 * The lines last selected in a pane or the issue (for a comment on them), the instance's comment threads as
 * they change, and each patch pane's commented lines for its gutter.
 */
export function useLineSelection(issueText: string, threads: CommentThread[]) {
  const [lineSelection, setLineSelection] = useState<LineSelection | null>(null);
  // A passage selected in the rendered issue (by mouse or keys) is mapped back to the issue text's lines.
  const issueBody = useRef<HTMLDivElement | null>(null);
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
  return { lineSelection, setLineSelection, issueBody, liveThreads, setLiveThreads, commentMarks };
}
