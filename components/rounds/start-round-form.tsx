"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { startRoundAction } from "@/lib/server/actions/review-rounds";

/** The admin's form that starts a round: a hint set, the curators, how many per hint, blind or not. */
export function StartRoundForm({
  hintSets,
  curators,
  initialHintSet,
}: {
  hintSets: string[];
  curators: string[];
  /** the hint set chosen when the form opens (a link from a hint set: `/rounds?hintSet=NAME`) */
  initialHintSet?: string;
}) {
  const [state, action, pending] = useActionState(startRoundAction, null);
  const [chosen, setChosen] = useState<string[]>([]);
  const router = useRouter();
  useEffect(() => {
    if (state?.ok && "id" in state && state.id) router.push(`/rounds/${state.id}`);
  }, [state, router]);
  if (hintSets.length === 0) return <p className="muted">Create a hint set first: a round reviews one.</p>;
  return (
    <form action={action} className="list-controls" aria-label="Start a round">
      <label>
        Name <input name="name" required />
      </label>
      <label>
        Hint set{" "}
        <select
          name="hintSet"
          defaultValue={initialHintSet && hintSets.includes(initialHintSet) ? initialHintSet : undefined}
        >
          {hintSets.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Curators</legend>
        {curators.map((c) => (
          <label key={c}>
            <input
              type="checkbox"
              checked={chosen.includes(c)}
              onChange={(e) => setChosen((all) => (e.target.checked ? [...all, c] : all.filter((x) => x !== c)))}
            />{" "}
            {c}
          </label>
        ))}
      </fieldset>
      <input type="hidden" name="curators" value={chosen.join(",")} />
      <label>
        Curators per hint{" "}
        <select name="curatorsPerHint" defaultValue="2">
          {[1, 2, 3, 4, 5].map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" name="blind" defaultChecked /> Blind (a curator sees the others&apos; decisions only
        after deciding)
      </label>
      <button type="submit" disabled={pending}>
        Start round
      </button>
      {state && !state.ok && (
        <span role="alert" className="error">
          {state.error}
        </span>
      )}
    </form>
  );
}
