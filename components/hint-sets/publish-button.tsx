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
            const result = await publishHintSetAction(name);
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
