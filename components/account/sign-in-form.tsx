"use client";

import { useActionState } from "react";
import { signInAction } from "@/lib/server/actions/session";

/** Name and password; the server answers with an error or sends the browser on to `next`. */
export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, null);
  return (
    <form action={action} className="sign-in" aria-label="Sign in">
      <input type="hidden" name="next" value={next} />
      <label>
        Name <input name="name" autoComplete="username" required defaultValue={state?.name} key={state?.name} />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      {state?.error && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
    </form>
  );
}
