// Organizations against the real better-auth and a real database: the scope read, each rule (ours and better-auth's
// organization plugin's), and what each change leaves in the tables and on the audit trail.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { auth } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { auditEvent, member, organization, session, team, teamMember } = await import("~/.server/platform/db/schema");
const { signedInAs } = await import("../../../tests/support/sessions");
const organizations = await import("./organizations.server");
const { soleOwnedOrganizations } = await import("~/.server/features/organization-access");
const { findMembership } = await import("~/.server/platform/auth/membership");
const { getEnv } = await import("~/.server/platform/env");

const ip = "198.51.100.9";

async function person(email: string) {
  const signed = await signedInAs(email);
  return {
    userId: signed.userId,
    email,
    headers: new Headers({ cookie: signed.cookie }),
    actor: { user: { id: signed.userId, email }, ip },
  };
}
type Person = Awaited<ReturnType<typeof person>>;

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** An organization created by `owner` through the feature module, and its scope as the guard would read it. */
async function organizationOf(owner: Person, name = "Acme") {
  const slug = unique("acme");
  const created = await organizations.createOrganization({ name, slug }, owner);
  if (!created.ok) throw new Error(created.code);
  const scope = await findMembership(slug, owner.userId);
  if (!scope) throw new Error("no scope");
  return scope;
}

async function join(scope: { organization: { id: string } }, who: Person, role: "member" | "admin" | "owner") {
  await auth.api.addMember({ body: { userId: who.userId, role, organizationId: scope.organization.id } });
  return (await findMembership((await slugOf(scope.organization.id))!, who.userId))!;
}
const slugOf = async (id: string) =>
  (await db.select({ slug: organization.slug }).from(organization).where(eq(organization.id, id)))[0]?.slug;
const trail = (action: string, targetId: string) =>
  db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.action, action), eq(auditEvent.targetId, targetId)));

describe("creating an organization", () => {
  it("makes its creator the owner, with a first team, the active organization, and an audit entry", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const scope = await organizationOf(owner, "Acme Corp");
    expect(scope.member.role).toBe("owner");
    expect(await organizations.listTeams(scope.organization.id)).toMatchObject([{ name: "Acme Corp", members: 1 }]);
    const mine = await organizations.listMyOrganizations(owner.userId);
    expect(mine).toMatchObject([{ id: scope.organization.id, role: "owner", members: 1 }]);
    const [row] = await db.select().from(session).where(eq(session.userId, owner.userId));
    expect(row?.activeOrganizationId).toBe(scope.organization.id);
    expect(await trail("organization.created", scope.organization.id)).toHaveLength(1);
  });

  it("refuses a slug in use, also when two creates race", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const slug = unique("taken");
    expect(await organizations.createOrganization({ name: "One", slug }, owner)).toMatchObject({ ok: true });
    expect(await organizations.createOrganization({ name: "Two", slug }, owner)).toEqual({
      ok: false,
      code: "ORGANIZATION_ALREADY_EXISTS",
    });
    const raced = unique("race");
    const results = await Promise.all([
      organizations.createOrganization({ name: "A", slug: raced }, owner),
      organizations.createOrganization({ name: "B", slug: raced }, owner),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, code: "ORGANIZATION_ALREADY_EXISTS" });
  });

  it("stops at ORGANIZATIONS_PER_USER", async () => {
    const owner = await person(`${unique("collector")}@example.test`);
    for (let index = 0; index < getEnv().ORGANIZATIONS_PER_USER; index += 1) await organizationOf(owner);
    expect(await organizations.createOrganization({ name: "One too many", slug: unique("x") }, owner)).toEqual({
      ok: false,
      code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS",
    });
  });
});

describe("the scope", () => {
  it("is read for members only", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const stranger = await person(`${unique("stranger")}@example.test`);
    const scope = await organizationOf(owner);
    expect(await findMembership(scope.organization.slug, stranger.userId)).toBeNull();
    expect(await findMembership("no-such-organization", owner.userId)).toBeNull();
  });
});

describe("members", () => {
  it("lists members in the order they joined, a page at a time", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const scope = await organizationOf(owner);
    for (let index = 0; index < 3; index += 1) await join(scope, await person(`${unique("m")}@example.test`), "member");
    const first = await organizations.listMembers(scope.organization.id, { limit: 2 });
    expect(first.items.map((row) => row.role)).toEqual(["owner", "member"]);
    const second = await organizations.listMembers(scope.organization.id, { limit: 2, cursor: first.nextCursor });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const garbage = await organizations.listMembers(scope.organization.id, { limit: 2, cursor: "%%%" });
    expect(garbage.items.map((row) => row.id)).toEqual(first.items.map((row) => row.id));
  });

  it("keeps better-auth's owner rules: only an owner makes an owner, the last owner stays", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const admin = await person(`${unique("admin")}@example.test`);
    const scope = await organizationOf(owner);
    const adminScope = await join(scope, admin, "admin");
    const memberPerson = await person(`${unique("member")}@example.test`);
    const memberScope = await join(scope, memberPerson, "member");

    expect(await organizations.updateMemberRole(adminScope, memberScope.member.id, "owner", admin)).toEqual({
      ok: false,
      code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER",
    });
    expect(await organizations.updateMemberRole(scope, scope.member.id, "admin", owner)).toEqual({
      ok: false,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER",
    });
    expect(await organizations.leaveOrganization(scope, owner)).toEqual({
      ok: false,
      code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    });
    expect(await organizations.updateMemberRole(scope, memberScope.member.id, "admin", owner)).toEqual({ ok: true });
    const [changed] = await trail("member.role-changed", memberPerson.userId);
    expect(JSON.parse(changed!.details!)).toMatchObject({ role: "admin", previousRole: "member" });
    expect(await soleOwnedOrganizations(owner.userId)).toMatchObject([{ id: scope.organization.id }]);
  });

  it("removes a member (not oneself), whose session no longer points at the organization", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const leaver = await person(`${unique("leaver")}@example.test`);
    const scope = await organizationOf(owner);
    const leaverScope = await join(scope, leaver, "member");
    await organizations.setActiveOrganization(scope.organization.id, leaver.headers);
    expect(await organizations.removeMember(scope, scope.member.id, owner)).toEqual({
      ok: false,
      code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
    });
    expect(await organizations.removeMember(scope, leaverScope.member.id, owner)).toEqual({ ok: true });
    expect(await findMembership(scope.organization.slug, leaver.userId)).toBeNull();
    const [row] = await db.select().from(session).where(eq(session.userId, leaver.userId));
    expect(row?.activeOrganizationId).toBeNull();
    expect(await organizations.removeMember(scope, leaverScope.member.id, owner)).toEqual({
      ok: false,
      code: "MEMBER_NOT_FOUND",
    });
  });

  it("is refused by better-auth too when a member calls past our guard", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const plain = await person(`${unique("plain")}@example.test`);
    const scope = await organizationOf(owner);
    const plainScope = await join(scope, plain, "member");
    expect(await organizations.createTeam(plainScope, "Sneaky", plain)).toEqual({
      ok: false,
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION",
    });
    expect(await organizations.deleteOrganization(plainScope, plain)).toEqual({
      ok: false,
      code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION",
    });
    expect(await organizations.listTeams(scope.organization.id)).toHaveLength(1);
  });
});

describe("teams", () => {
  it("creates, renames and deletes teams with their rules", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const scope = await organizationOf(owner, "Teamful");
    const [first] = await organizations.listTeams(scope.organization.id);
    expect(await organizations.deleteTeam(scope, first!.id, owner)).toEqual({
      ok: false,
      code: "UNABLE_TO_REMOVE_LAST_TEAM",
    });
    const created = await organizations.createTeam(scope, "Design", owner);
    expect(created).toMatchObject({ ok: true, team: { name: "Design" } });
    expect(await organizations.createTeam(scope, "design", owner)).toEqual({ ok: false, code: "TEAM_ALREADY_EXISTS" });
    if (!created.ok) throw new Error();
    expect(await organizations.renameTeam(scope, created.team.id, "TEAMFUL", owner)).toEqual({
      ok: false,
      code: "TEAM_ALREADY_EXISTS",
    });
    expect(await organizations.renameTeam(scope, created.team.id, "Product design", owner)).toEqual({ ok: true });
    expect(await organizations.deleteTeam(scope, created.team.id, owner)).toEqual({ ok: true });
    expect(await organizations.deleteTeam(scope, created.team.id, owner)).toEqual({
      ok: false,
      code: "TEAM_NOT_FOUND",
    });
    expect(await trail("team.deleted", created.team.id)).toHaveLength(1);
  });

  it("stops at TEAMS_PER_ORGANIZATION", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const scope = await organizationOf(owner);
    for (let index = 1; index < getEnv().TEAMS_PER_ORGANIZATION; index += 1)
      expect(await organizations.createTeam(scope, `Team ${index}`, owner)).toMatchObject({ ok: true });
    expect(await organizations.createTeam(scope, "One too many", owner)).toEqual({
      ok: false,
      code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS",
    });
  });

  it("adds and removes members of the organization only", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const colleague = await person(`${unique("colleague")}@example.test`);
    const outsider = await person(`${unique("outsider")}@example.test`);
    const scope = await organizationOf(owner);
    await join(scope, colleague, "member");
    const [first] = await organizations.listTeams(scope.organization.id);
    // The creator is in the first team already.
    expect(await organizations.teamCandidates(scope.organization.id, first!.id)).toMatchObject([
      { userId: colleague.userId },
    ]);
    expect(await organizations.addTeamMember(scope, first!.id, outsider.userId, owner)).toEqual({
      ok: false,
      code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
    });
    expect(await organizations.addTeamMember(scope, first!.id, colleague.userId, owner)).toEqual({ ok: true });
    const members = await organizations.listTeamMembers(scope.organization.id, first!.id);
    expect(members.map((row) => [row.userId, row.role]).sort()).toEqual(
      [
        [colleague.userId, "member"],
        [owner.userId, "owner"],
      ].sort(),
    );
    expect(await organizations.teamCandidates(scope.organization.id, first!.id)).toEqual([]);
    expect(await organizations.removeTeamMember(scope, first!.id, colleague.userId, owner)).toEqual({ ok: true });
    expect(await organizations.listTeamMembers(scope.organization.id, first!.id)).toMatchObject([
      { userId: owner.userId },
    ]);
    expect(await organizations.addTeamMember(scope, randomUUID(), colleague.userId, owner)).toEqual({
      ok: false,
      code: "TEAM_NOT_FOUND",
    });
  });
});

describe("settings and deletion", () => {
  it("renames and moves an organization; a slug in use is refused", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const scope = await organizationOf(owner);
    const other = await organizationOf(owner);
    expect(
      await organizations.updateOrganization(scope, { name: "Renamed", slug: other.organization.slug }, owner),
    ).toEqual({ ok: false, code: "ORGANIZATION_SLUG_ALREADY_TAKEN" });
    const moved = unique("moved");
    expect(await organizations.updateOrganization(scope, { name: "Renamed", slug: moved }, owner)).toMatchObject({
      ok: true,
      organization: { name: "Renamed", slug: moved },
    });
    expect(await findMembership(moved, owner.userId)).toMatchObject({
      organization: { name: "Renamed" },
    });
  });

  it("deletes an organization with its members and teams, and clears it from sessions", async () => {
    const owner = await person(`${unique("owner")}@example.test`);
    const colleague = await person(`${unique("colleague")}@example.test`);
    const scope = await organizationOf(owner);
    await join(scope, colleague, "admin");
    const [first] = await organizations.listTeams(scope.organization.id);
    await organizations.addTeamMember(scope, first!.id, colleague.userId, owner);
    await organizations.setActiveOrganization(scope.organization.id, colleague.headers);
    expect(await organizations.deleteOrganization(scope, owner)).toEqual({ ok: true });
    const id = scope.organization.id;
    expect(await db.select().from(member).where(eq(member.organizationId, id))).toEqual([]);
    expect(await db.select().from(team).where(eq(team.organizationId, id))).toEqual([]);
    expect(await db.select().from(teamMember).where(eq(teamMember.teamId, first!.id))).toEqual([]);
    const sessions = await db.select().from(session).where(eq(session.activeOrganizationId, id));
    expect(sessions).toEqual([]);
    expect(await trail("organization.deleted", id)).toHaveLength(1);
  });
});
