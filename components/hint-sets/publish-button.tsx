"use client";

import { useState, useTransition } from "react";
import { publishHintSetAction } from "@/lib/server/actions/hint-sets";

/** Publishes the next version of a hint set. */
export function PublishButton({ name }: { name: string }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          start(async () => {
            let result = await publishHintSetAction({ name, allowEmpty: false });
            // Nothing decided yet: said, and published only if the admin says so.
            if (!result.ok && "empty" in result && result.empty) {
              if (!window.confirm(`${result.error}. Publish it anyway?`)) {
                setMessage(`Not published: ${result.error}.`);
                return;
              }
              result = await publishHintSetAction({ name, allowEmpty: true });
            }
            setMessage(result.ok ? result.message : result.error);
          })
        }
      >
        Publish a new version of {name}
      </button>
      {message && <span role="status"> {message}</span>}
    </>
  );
}
