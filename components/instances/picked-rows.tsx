"use client";

import { useState, useTransition } from "react";
import { InlineFailure } from "@/components/ui/inline-failure";
import { idsFitLink, type ListState } from "@/lib/review/list-state";
import { pickIdsArgument } from "@/lib/review/pick-ids";
import { keepPickAction } from "@/lib/server/actions/picks";

/**
 * Narrows a view to ids: in the link (the `ids` filter) while they fit one, else kept by the server as a pick
 * (the `pick` filter, named by its key), so a view of many long ids stays a link a server answers.
 */
export function useNarrowToIds(update: (patch: Pick<ListState, "ids" | "pick">) => void) {
  const [pending, start] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  const narrow = (ids: string[], done: () => void) => {
    setFailure(null);
    if (idsFitLink(ids)) {
      update({ ids, pick: null });
      done();
      return;
    }
    start(async () => {
      const kept = await keepPickAction(pickIdsArgument(ids));
      if (!kept.ok) return setFailure(`The selection could not be kept: ${kept.error}`);
      update({ ids: [], pick: kept.key });
      done();
    });
  };
  return { narrow, pending, failure };
}

/** The rows picked by their tick boxes: how many, narrow the view to them, or clear them. */
export function PickedRows({
  picked,
  clear,
  update,
}: {
  picked: ReadonlySet<string>;
  clear: () => void;
  update: (patch: Partial<ListState>) => void;
}) {
  const { narrow, pending, failure } = useNarrowToIds(update);
  if (picked.size === 0) return null;
  return (
    <fieldset className="picked-rows" aria-label="Selected rows">
      {picked.size} selected{" "}
      <button type="button" disabled={pending} onClick={() => narrow([...picked].sort(), clear)}>
        {pending ? "Keeping the selection…" : "Keep only the selected"}
      </button>{" "}
      <button type="button" onClick={clear}>
        Clear the selection
      </button>
      <InlineFailure failure={failure} />
    </fieldset>
  );
}
