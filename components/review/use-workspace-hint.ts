"use client";

import { useCallback, useMemo, useState } from "react";
import type { Projection, Selection } from "@/lib/domain/hint-vocabulary";
import { composeHint, type Trim } from "@/lib/hint/compose-hint";
import { keyText, type QueuedKey } from "@/lib/review/key-queue";
import type { ReviewData } from "@/lib/server/hints/review-instance";

/** The test pane's text where the record has no test patch. */
export const NO_TEST_PATCH =
  "# The tests are not in this record: the benchmark keeps them in the repository at its commit\n# (SWE-smith does), and FAIL_TO_PASS names the ones that must pass.\n";

/**
 * The hint as the curator's trim leaves it (the server renders the same text when it records a decision), the
 * source it is made from, and the identifiers marked in the panes: DefUse always, the other selections'
 * lighter when asked.
 */
export function useComposedHint(
  data: ReviewData,
  selection: Selection,
  projection: Projection,
  trim: Trim,
  showOthers: boolean,
) {
  const source = useMemo(
    () => ({
      interfaceText: data.instance.interfaceText,
      requirements: data.instance.requirements,
      identifiers: data.identifiers,
      modelWritten: data.instance.modelWritten,
    }),
    [data],
  );
  const composed = useMemo(
    () => composeHint(source, selection, projection, trim),
    [source, selection, projection, trim],
  );
  const shown = useMemo(
    () => data.identifiers.filter((i) => i.policies.includes("defuse") || (showOthers && i.policies.length > 0)),
    [data.identifiers, showOthers],
  );
  return { source, composed, selected: composed.selected, shown };
}

/**
 * What a key did not do, and why (nothing to trim, a flag without its reason), or the keys kept while the
 * page moves on: said where the eye is, in the toast.
 */
export function useKeyNotice() {
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
  return { keyNotice, setKeyNotice, onKept, onKeysDropped };
}
