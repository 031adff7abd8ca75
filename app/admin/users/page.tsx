import { UserAdmin } from "@/components/admin/user-admin";
import { guardedPage } from "@/lib/server/auth/guard";
import { listUsers } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db/client";

export const dynamic = "force-dynamic";

export default guardedPage("admin", async function UsersPage(_props: unknown, user) {
  const users = await listUsers(await getDb());
  return (
    <>
      <h1>Users</h1>
      <p className="muted">
        Admins manage users, imports, hint sets and review rounds; curators review; viewers read. Disabling an account
        signs it out everywhere. From the server&apos;s shell: <code>npm run hints -- users …</code>.
      </p>
      <UserAdmin users={users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))} me={user.name} />
    </>
  );
});
