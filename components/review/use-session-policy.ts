"use client";

import { useEffect } from "react";
import { isProjection, isSelection, type Projection, type Selection } from "@/lib/domain/hint-vocabulary";
import { NO_TRIM } from "@/lib/hint/compose-hint";
import type { WorkspaceAction } from "@/lib/review/workspace-state";
import type { ReviewData } from "@/lib/server/hints/review-instance";

const POLICY_KEY = "hintscope.policy";

/** The saved hint of a policy on this instance: its version, status, trim and decisions (pending if none). */
export function savedState(data: ReviewData, selection: Selection, projection: Projection) {
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
 * The chosen selection and projection carry over from instance to instance during a session, unless the list
 * the curator came from names its own (`policy`).
 */
export function useSessionPolicy(
  policy: { selection: Selection; projection: Projection } | null,
  selection: Selection,
  projection: Projection,
  dispatch: (action: WorkspaceAction) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (policy) return;
    const stored = window.sessionStorage.getItem(POLICY_KEY)?.split("/");
    if (isSelection(stored?.[0]) && isProjection(stored?.[1]))
      dispatch({ type: "policy", selection: stored[0], projection: stored[1] });
  }, []);
  useEffect(() => window.sessionStorage.setItem(POLICY_KEY, `${selection}/${projection}`), [selection, projection]);
}
