import { describe, expect, it } from "vitest";

import {
  hasPermission,
  isAdmin,
  organizationRoleCan,
  type OrganizationPermissions,
  type Permissions,
} from "./permissions";

const someone = (role: string | null) => ({ id: "user-1", role });

const userMay: Permissions[] = [
  { account: ["read"] },
  { account: ["update"] },
  { apps: ["app"] },
  { repository: ["read"] },
];

const onlyAdminMay: Permissions[] = [
  { apps: ["manager"] },
  { repository: ["create"] },
  { repository: ["update"] },
  { repository: ["delete"] },
  { user: ["create"] },
  { user: ["list"] },
  { user: ["set-role"] },
  { user: ["ban"] },
  { user: ["impersonate"] },
  { user: ["delete"] },
  { user: ["set-password"] },
  { session: ["list"] },
  { session: ["revoke"] },
  { session: ["delete"] },
  { audit: ["list"] },
  { organization: ["list", "delete"] },
];

describe("global roles", () => {
  it.each(userMay)("a user may %o", (permissions) => {
    expect(hasPermission(someone("user"), permissions, [])).toBe(true);
  });

  it.each(onlyAdminMay)("a user may not %o", (permissions) => {
    expect(hasPermission(someone("user"), permissions, [])).toBe(false);
  });

  it.each([...userMay, ...onlyAdminMay])("an admin may %o", (permissions) => {
    expect(hasPermission(someone("admin"), permissions, [])).toBe(true);
  });

  it("treats no role as a user", () => {
    expect(hasPermission(someone(null), { account: ["read"] }, [])).toBe(true);
    expect(hasPermission(someone(null), { apps: ["manager"] }, [])).toBe(false);
  });

  it("needs every listed permission at once", () => {
    expect(hasPermission(someone("user"), { repository: ["read", "create"] }, [])).toBe(false);
    expect(hasPermission(someone("user"), { account: ["read"], apps: ["manager"] }, [])).toBe(false);
    expect(hasPermission(someone("user"), { account: ["read"], repository: ["read"] }, [])).toBe(true);
    expect(hasPermission(someone("admin"), { repository: ["read", "create"], user: ["ban"] }, [])).toBe(true);
  });

  it("lets the strongest of several roles win", () => {
    expect(hasPermission(someone("user,admin"), { user: ["ban"] }, [])).toBe(true);
    expect(hasPermission(someone("user, admin"), { apps: ["manager"] }, [])).toBe(true);
  });

  it("gives an unknown role nothing", () => {
    for (const permissions of [...userMay, ...onlyAdminMay]) {
      expect(hasPermission(someone("superhero"), permissions, [])).toBe(false);
    }
  });

  it("lets an id in ADMIN_USER_IDS do everything even with the user role", () => {
    for (const permissions of [...userMay, ...onlyAdminMay]) {
      expect(hasPermission(someone("user"), permissions, ["user-1"])).toBe(true);
    }
    expect(hasPermission({ id: "user-2", role: "user" }, { user: ["ban"] }, ["user-1"])).toBe(false);
  });
});

describe("who is an admin", () => {
  it("is the admin role, among several or alone, or an id in ADMIN_USER_IDS: nothing else", () => {
    expect(isAdmin(someone("admin"), [])).toBe(true);
    expect(isAdmin(someone("user, admin"), [])).toBe(true);
    expect(isAdmin(someone("user"), ["user-1"])).toBe(true);
    expect(isAdmin(someone("user"), [])).toBe(false);
    expect(isAdmin(someone("superadmin"), [])).toBe(false);
    expect(isAdmin({ id: "user-1", role: null }, [])).toBe(false);
  });
});

describe("roles inside an organization", () => {
  it("let an owner do everything, an admin all but delete the organization, a member nothing", () => {
    const changes: OrganizationPermissions[] = [
      { organization: ["update"] },
      { member: ["create", "update", "delete"] },
      { invitation: ["create", "cancel"] },
      { team: ["create", "update", "delete"] },
    ];
    for (const permissions of changes) {
      expect(organizationRoleCan("owner", permissions)).toBe(true);
      expect(organizationRoleCan("admin", permissions)).toBe(true);
      expect(organizationRoleCan("member", permissions)).toBe(false);
    }
    expect(organizationRoleCan("owner", { organization: ["delete"] })).toBe(true);
    expect(organizationRoleCan("admin", { organization: ["delete"] })).toBe(false);
    expect(organizationRoleCan("member, admin", { team: ["create"] })).toBe(true);
    expect(organizationRoleCan("superowner", { team: ["create"] })).toBe(false);
    expect(organizationRoleCan("", { team: ["create"] })).toBe(false);
  });
});
