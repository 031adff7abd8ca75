import { z } from "zod";

/**
 * Who may do what. A viewer reads; a curator also decides hints (in review rounds too); an admin also
 * imports, manages hint sets, users and review rounds, and adjudicates. Each role can do all the one
 * before it can.
 */
export const ROLES = ["viewer", "curator", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Viewer (reads)",
  curator: "Curator (reviews)",
  admin: "Admin (users, imports, hint sets, rounds)",
};

/** Whether `role` has at least the rights of `needed`. */
export const hasRole = (role: string, needed: Role): boolean => {
  const rank = ROLES.indexOf(role as Role);
  return rank >= 0 && rank >= ROLES.indexOf(needed);
};

/** A sign-in name: letters, digits and `._-`, 1–64 characters (it is shown on every decision). */
export const UserNameSchema = z
  .string()
  .trim()
  .min(1, "a name is needed")
  .max(64, "a name is at most 64 characters")
  .regex(/^[\w.-]+$/, "a name is letters, digits, '.', '_' or '-'");

/** Passwords: at least 10 characters (long beats clever), at most 200. */
export const PasswordSchema = z
  .string()
  .min(10, "a password is at least 10 characters")
  .max(200, "a password is at most 200 characters");
