"use client";

import { useMemo, useState } from "react";
import { agentPatchMarks, type Mark } from "@/lib/review/patch-marks";
import type { ReviewData } from "@/lib/server/hints/review-instance";
import type { PaneFold } from "./pane-grid";
import { PatchEditor } from "./patch-editor";

type Lines = ReadonlyArray<{ line: number; hover: string }>;

/**
 * The gold patch's pane, which can show a run's agent patch instead: its names marked where the hint's names
 * appear.
 */
export function GoldPane({
  data,
  shown,
  marks,
  copied,
  messages,
  reveal,
  onPick,
  wrap,
  comments,
  onSelectLines,
  fold,
}: {
  data: ReviewData;
  shown: ReviewData["identifiers"];
  marks: Mark[];
  copied: Lines;
  messages: Lines;
  reveal: { line: number; column?: number; name: string } | null;
  onPick: (name: string) => void;
  wrap: boolean;
  comments: ReadonlyArray<{ start: number; end: number; hover: string }>;
  onSelectLines: (start: number, end: number) => void;
  fold: PaneFold;
}) {
  const [agentShown, setAgentShown] = useState<number | null>(null);
  const agent = agentShown === null ? null : (data.agentPatches[agentShown] ?? null);
  const agentMarks = useMemo(() => (agent ? agentPatchMarks(agent.patch, shown) : []), [agent, shown]);
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
      pane="gold"
      {...fold}
      label={`Agent patch (${agent.model})`}
      text={agent.patch || "# The agent's patch is empty: it changed nothing.\n"}
      marks={agentMarks}
      reveal={null}
      onPick={onPick}
      wrap={wrap}
      control={control}
    />
  ) : (
    <PatchEditor
      pane="gold"
      {...fold}
      label="Gold patch"
      text={data.instance.goldPatch}
      marks={marks}
      copied={copied}
      messages={messages}
      reveal={reveal}
      onPick={onPick}
      wrap={wrap}
      control={control}
      comments={comments}
      onSelectLines={onSelectLines}
    />
  );
}
