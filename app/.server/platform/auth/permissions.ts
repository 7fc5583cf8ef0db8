// Global roles and what they may do (docs/product.md). Per-organization roles live in the organization plugin.
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import {
  defaultRoles as organizationRoles,
  defaultStatements as organizationStatements,
} from "better-auth/plugins/organization/access";

import { roleNames as organizationRoleNames } from "~/lib/roles";

const statements = {
  ...defaultStatements,
  account: ["read", "update"],
  apps: ["app", "manager"],
  repository: ["read", "create", "update", "delete"],
  audit: ["list"],
  // Every organization of the instance, in the manager; not a role inside one (ORGANIZATION_ROLES below).
  organization: ["list", "delete"],
  // The background jobs (/manager/jobs): their counts and failures, and retrying or discarding a failed one.
  job: ["list", "update"],
} as const;

export const ac = createAccessControl(statements);

export const roles = {
  user: ac.newRole({
    account: ["read", "update"],
    apps: ["app"],
    repository: ["read"],
  }),
  admin: ac.newRole({
    ...adminAc.statements,
    account: ["read", "update"],
    apps: ["app", "manager"],
    repository: ["read", "create", "update", "delete"],
    audit: ["list"],
    organization: ["list", "delete"],
    job: ["list", "update"],
  }),
};

type RoleName = keyof typeof roles;
export type Permissions = { [Resource in keyof typeof statements]?: Array<(typeof statements)[Resource][number]> };

const roleNames = (user: { role?: string | null }) => (user.role ?? "user").split(",").map((name) => name.trim());

/** The one definition of an admin: the admin role (among a user's comma-separated roles), or an id in ADMIN_USER_IDS. */
export function isAdmin(user: { id: string; role?: string | null }, adminUserIds: readonly string[]): boolean {
  return adminUserIds.includes(user.id) || roleNames(user).includes("admin");
}

/**
 * Whether a user holds every listed permission. Mirrors better-auth's admin plugin: roles are a comma-separated
 * list and any role granting the permission wins; ids in ADMIN_USER_IDS always pass.
 */
export function hasPermission(
  user: { id: string; role?: string | null },
  permissions: Permissions,
  adminUserIds: readonly string[],
): boolean {
  if (adminUserIds.includes(user.id)) return true;
  return roleNames(user).some((name) => {
    const role = roles[name as RoleName];
    return role ? role.authorize(permissions as never).success : false;
  });
}

/**
 * Who may impersonate a user: the permission better-auth asks to start an impersonation, by role or ADMIN_USER_IDS.
 * An impersonation session lasts only while its admin still may (ADR 017).
 */
export function mayImpersonate(user: { id: string; role?: string | null }, adminUserIds: readonly string[]): boolean {
  return hasPermission(user, { user: ["impersonate"] }, adminUserIds);
}

// Roles inside one organization (better-auth's organization plugin, its default roles): owner does everything,
// admin everything but deleting the organization, member sees and changes nothing. A member's `role` may be a
// comma-separated list, as better-auth stores it; any role allowing the action wins.
const ORGANIZATION_ROLES = ["owner", "admin", "member"] as const;
type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
type OrganizationStatements = typeof organizationStatements;
export type OrganizationPermissions = {
  [Resource in keyof OrganizationStatements]?: Array<OrganizationStatements[Resource][number]>;
};

/** Whether a member with `role` (in one organization) holds every listed permission there. */
export function organizationRoleCan(role: string, permissions: OrganizationPermissions): boolean {
  return organizationRoleNames(role).some((name) => {
    const granted = organizationRoles[name as OrganizationRole];
    return granted ? granted.authorize(permissions as never).success : false;
  });
}
