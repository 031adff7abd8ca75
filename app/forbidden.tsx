import Link from "next/link";
import { currentUser } from "@/lib/server/auth/request-user";

/** A page the signed-in account's role may not see: answered 403 (lib/server/auth/guard.tsx). */
export default async function Forbidden() {
  const user = await currentUser();
  return (
    <>
      <h1>Not for your role</h1>
      <p role="alert">
        This page needs a role your account does not have
        {user ? (
          <>
            {" "}
            (you are signed in as {user.name}, {user.role})
          </>
        ) : null}
        . An admin can change roles.
      </p>
      <p>
        <Link href="/">Home</Link> · <Link href="/instances">Instances</Link>
      </p>
    </>
  );
}
