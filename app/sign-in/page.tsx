import Link from "next/link";
import { SignInForm } from "@/components/account/sign-in-form";
import { safeNextPath } from "@/lib/auth/next-path";
import { currentUser } from "@/lib/server/auth/request-user";
import { countUsers } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db/client";

export const dynamic = "force-dynamic";

/** The one public page: sign in, or (on a database without accounts) how to make the first admin. */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextPath((await searchParams).next);
  const [user, users] = await Promise.all([currentUser(), countUsers(await getDb())]);
  return (
    <>
      <h1>Sign in</h1>
      {user && (
        <p role="status">
          You are signed in as <strong>{user.name}</strong> ({user.role}). <Link href={next}>Go on</Link>
        </p>
      )}
      {users === 0 ? (
        <section aria-label="First admin">
          <p>This database has no accounts yet. Create the first admin on the server, then sign in:</p>
          <pre>npm run hints -- users add NAME --role admin</pre>
          <p className="muted">
            The command asks for the password (or reads it from standard input). <code>npm run demo</code> instead seeds
            demo data with a demo admin and curator and prints their passwords.
          </p>
        </section>
      ) : (
        <SignInForm next={next} />
      )}
    </>
  );
}
