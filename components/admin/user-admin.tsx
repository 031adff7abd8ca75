"use client";

import { useActionState } from "react";
import { ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import { addUserAction, setDisabledAction, setRoleAction } from "@/lib/server/actions/users";
import { useActionMessage } from "./use-action-message";

interface Row {
  name: string;
  role: string;
  disabled: boolean;
  isDemo: boolean;
  createdAt: string;
}

/** The accounts table (role and enabled state editable in place) and the form that adds one. */
export function UserAdmin({ users, me }: { users: Row[]; me: string }) {
  const [added, add, adding] = useActionState(addUserAction, null);
  const { pending, message, run } = useActionMessage();
  return (
    <>
      <table aria-label="Users">
        <thead>
          <tr>
            <th>Name</th>
            <th>Role</th>
            <th>State</th>
            <th>Since</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.name}>
              <td>
                {u.name} {u.isDemo && <span className="badge demo">demo</span>}
              </td>
              <td>
                <select
                  aria-label={`Role of ${u.name}`}
                  value={u.role}
                  disabled={pending}
                  onChange={(e) => run(() => setRoleAction({ name: u.name, role: e.target.value }))}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {u.disabled ? "disabled" : "enabled"}{" "}
                {u.name !== me && (
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() => run(() => setDisabledAction({ name: u.name, disabled: !u.disabled }))}
                  >
                    {u.disabled ? "Enable" : "Disable"} {u.name}
                  </button>
                )}
              </td>
              <td>{new Date(u.createdAt).toLocaleDateString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "error"}>
          {message.text}
        </p>
      )}
      <h2>Add a user</h2>
      <form action={add} className="list-controls" aria-label="Add a user">
        <label>
          Name <input name="name" required autoComplete="off" />
        </label>
        <label>
          Role{" "}
          <select name="role" defaultValue="curator">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Password <input name="password" type="password" required minLength={10} autoComplete="new-password" />
        </label>
        <button type="submit" disabled={adding}>
          Add user
        </button>
        {added && (
          <span role={added.ok ? "status" : "alert"} className={added.ok ? "muted" : "error"}>
            {added.ok ? added.message : added.error}
          </span>
        )}
      </form>
    </>
  );
}
