"use client";

import { IssueMarkdown } from "./issue-markdown";
import type { PaneFold } from "./pane-grid";
import { FoldButton } from "./pane-separator";

/** The issue's pane: the problem statement rendered (on the server), its identifiers marked (a click picks one). */
export function IssuePane({
  text,
  rendered,
  showOthers,
  onPick,
  bodyRef,
  fold,
}: {
  text: string;
  /** the issue as Markdown, rendered on the server with its names marked (./issue-text.tsx) */
  rendered: React.ReactNode;
  /** the other selections' names shown as marks */
  showOthers: boolean;
  onPick: (name: string) => void;
  /** the rendered issue, where a selection is mapped back to the text's lines */
  bodyRef: React.Ref<HTMLDivElement>;
  fold: PaneFold;
}) {
  return (
    <section className={`pane${fold.folded ? " folded" : ""}`} aria-label="Issue">
      <div className="pane-head">
        <h2>Issue</h2>
        <FoldButton pane="issue" folded={fold.folded} onFold={fold.onFold} />
      </div>
      {/* Focusable, so the issue scrolls from the keyboard (arrows, Page Down) like the patch panes. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keys (WCAG 2.1.1) */}
      <div className="body" tabIndex={0} ref={bodyRef}>
        <IssueMarkdown text={text} rendered={rendered} showOthers={showOthers} onPick={onPick} />
      </div>
    </section>
  );
}
