"use client";

import { useState, useTransition } from "react";

/** What an admin action answered, shown where the admin looks: its message or its error. */
export function useActionMessage() {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = (work: () => Promise<{ ok: boolean; message?: string; error?: string }>) =>
    start(async () => {
      const result = await work();
      setMessage({ ok: result.ok, text: (result.ok ? result.message : result.error) ?? "" });
    });
  return { pending, message, run };
}
