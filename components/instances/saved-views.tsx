"use client";

import { useState, useTransition } from "react";
import { deleteViewAction, saveViewAction } from "@/lib/server/actions/saved-views";

/** The user's named views of the list: save the one on screen, open or remove a saved one; share by its link. */
export function SavedViews({ search, initial }: { search: string; initial: Array<{ name: string; search: string }> }) {
  const [views, setViews] = useState(initial);
  const [name, setName] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  const run = (work: () => ReturnType<typeof saveViewAction>) =>
    start(async () => {
      const result = await work();
      if (result.ok) setViews(result.views);
      setMessage({ ok: result.ok, text: result.ok ? result.message : result.error });
    });
  return (
    <fieldset className="facet saved-views" aria-label="Saved views">
      <legend>Saved views</legend>
      {views.length === 0 && <span className="muted">none yet</span>}
      <ul>
        {views.map((v) => (
          <li key={v.name}>
            {/* A whole load: the list reads its state from the URL when it opens. */}
            <a href={`/instances${v.search ? `?${v.search}` : ""}`}>{v.name}</a>{" "}
            <button
              type="button"
              aria-label={`Remove the view ${v.name}`}
              disabled={pending}
              onClick={() => run(() => deleteViewAction({ name: v.name }))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run(() => saveViewAction({ name, search }));
        }}
      >
        <input
          aria-label="Name of this view"
          placeholder="name this view"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />{" "}
        <button type="submit" disabled={pending || name.trim() === ""}>
          Save
        </button>
      </form>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
