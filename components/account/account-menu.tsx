import Link from "next/link";
import { signOutAction } from "@/lib/server/actions/session";
import type { UserView } from "@/lib/server/auth/users";

/** Who is signed in, with which role, and the way out. */
export function AccountMenu({ user }: { user: UserView }) {
  return (
    <form action={signOutAction} className="account" aria-label="Account">
      <span>
        <strong>{user.name}</strong> <span className="badge">{user.role}</span>
      </span>{" "}
      <Link href="/account/keys">Keys</Link>{" "}
      <button type="submit" className="link-button">
        Sign out
      </button>
    </form>
  );
}
