// Organizations in the manager against a real libSQL file (a fresh copy of the migrated template for this file): the
// list (order, pages, search anywhere in name or slug, hostile cursors), one organization's detail, and the deletion
// by a site admin who is not a member: one batch that leaves nothing of the organization behind, or nothing changed.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";

const { and, desc, eq, inArray } = await import("drizzle-orm");
const { auth } = await import("~/.server/platform/auth/auth");
const { client, db } = await import("~/.server/platform/db/client");
const { auditEvent, invitation, member, organization, session, team, teamMember, user } =
  await import("~/.server/platform/db/schema");
const { deleteOrganization, getOrganizationDetail, listOrganizations, listPendingInvitations } =
  await import("./organization-admin.server");

const now = new Date();
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const actor = { user: { id: "site-admin", email: "site-admin@example.test" }, ip: "203.0.113.9" };

async function addUser(id: string, name = `Person ${id}`) {
  await db.insert(user).values({
    id,
    name,
    email: `${id}@example.test`,
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function addOrganization(name: string, slug: string, id: string = randomUUID()) {
  await db.insert(organization).values({ id, name, slug, createdAt: now });
  return id;
}

async function addMember(organizationId: string, userId: string, role = "member", joinedAt = now) {
  await db.insert(member).values({ id: randomUUID(), organizationId, userId, role, createdAt: joinedAt });
}

/** A cursor the browser could send that is not one of ours. */
const foreignCursor = (value: string) => Buffer.from(value, "utf8").toString("base64url");

/** A search's every page, two organizations at a time. */
const searchTwoByTwo = (term: string) => everyPage(term, 2);

/** Every organization of a listing, page after page of `limit`. */
async function everyPage(searchTerm: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: Awaited<ReturnType<typeof listOrganizations>> = await listOrganizations({ searchTerm, cursor, limit });
    seen.push(...page.items.map((item) => item.name));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error("the pages never end");
}

// The list's fixtures: names in several cases and scripts, two that differ in case only, slugs unlike the names.
const listed = [
  ["acme", "acme-corp"],
  ["Acme", "acme-two"],
  ["Beta Labs", "beta"],
  ["École du Nord", "ecole-nord"],
  ["ÉCOLE DU SUD", "ecole-sud"],
  ["Zeta", "zz-zeta"],
  ["100% Organic", "organic"],
  ["under_score", "underscore"],
  ["شركة النور", "al-nour"],
  ["gamma", "g-one"],
  ["Gamma", "g-two"],
  ["delta", "the-delta-team"],
] as const;
const listedIds = new Map<string, string>();
for (const [name, slug] of listed) listedIds.set(name, await addOrganization(name, slug));
const folded = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
/** The order of the list: ASCII-folded name (SQLite's NOCASE), then id. */
const expectedOrder = [...listed]
  .map(([name]) => ({ name, key: folded(name), id: listedIds.get(name)! }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1))
  .map((row) => row.name);

describe("the manager's organization list", () => {
  it("lists every organization by name, in any case, ties broken by id, with the same rows page after page", async () => {
    const first = await listOrganizations({});
    expect(first.items.map((item) => item.name)).toEqual(expectedOrder);
    expect(first.nextCursor).toBeNull();
    for (const limit of [1, 2, 5]) expect(await everyPage("", limit)).toEqual(expectedOrder);
  });

  it("counts each organization's members", async () => {
    const userIds = await Promise.all(["m1", "m2", "m3"].map((id) => addUser(id)));
    const betaId = listedIds.get("Beta Labs")!;
    for (const userId of userIds) await addMember(betaId, userId);
    await addMember(listedIds.get("Zeta")!, "m1", "owner");
    const { items } = await listOrganizations({ searchTerm: "" });
    const members = Object.fromEntries(items.map((item) => [item.name, item.members]));
    expect(members).toMatchObject({ "Beta Labs": 3, Zeta: 1, acme: 0 });
    expect(items.find((item) => item.name === "Beta Labs")).toMatchObject({ slug: "beta", id: betaId });
  });

  it("finds a term anywhere in the name or the slug, in any case, across pages", async () => {
    expect(await searchTwoByTwo("ACME")).toEqual(expectedOrder.filter((name) => /acme/i.test(name)));
    expect(await searchTwoByTwo("lab")).toEqual(["Beta Labs"]);
    // The slug only: "the-delta-team" holds "team", the name does not.
    expect(await searchTwoByTwo("TEAM")).toEqual(["delta"]);
    expect(await searchTwoByTwo("g-")).toEqual(expectedOrder.filter((name) => /gamma/i.test(name)));
    expect(await searchTwoByTwo("  zeta  ")).toEqual(["Zeta"]);
    expect(await searchTwoByTwo("nobody-has-this")).toEqual([]);
  });

  it("folds letters beyond ASCII too, and finds other scripts", async () => {
    const both = expectedOrder.filter((name) => name.toLowerCase().startsWith("école"));
    expect(both).toHaveLength(2);
    expect(await everyPage("école", 1)).toEqual(both);
    expect(await everyPage("ÉCOLE", 1)).toEqual(both);
    expect(await everyPage("École du", 5)).toEqual(both);
    expect(await everyPage("النور", 5)).toEqual(["شركة النور"]);
  });

  it("matches %, _ and \\ literally, and drops control characters", async () => {
    expect(await everyPage("0%", 5)).toEqual(["100% Organic"]);
    expect(await everyPage("%", 5)).toEqual(["100% Organic"]);
    expect(await everyPage("r_s", 5)).toEqual(["under_score"]);
    expect(await everyPage("_", 5)).toEqual(["under_score"]);
    expect(await everyPage("\\", 5)).toEqual([]);
    expect(await everyPage("ze\u0000ta", 5)).toEqual(["Zeta"]);
  });

  it("starts from the first page for a cursor that is not one of ours", async () => {
    const first = (await listOrganizations({ limit: 3 })).items.map((item) => item.id);
    for (const cursor of [
      "garbage",
      foreignCursor("not json"),
      foreignCursor("[1, 2]"),
      foreignCursor('["only-a-name"]'),
      foreignCursor('{"name": "x"}'),
      foreignCursor('["a", "b", "c"]'),
    ]) {
      expect((await listOrganizations({ cursor, limit: 3 })).items.map((item) => item.id)).toEqual(first);
    }
  });
});

describe("one organization for the manager", () => {
  it("is null for an unknown id", async () => {
    expect(await getOrganizationDetail("nowhere")).toBeNull();
  });

  it("shows its members, teams with their members, and pending invitations with their inviter", async () => {
    const orgId = await addOrganization("Detail Org", "detail-org");
    const [owner, ada, bob] = await Promise.all([
      addUser("d-owner", "Olive Owner"),
      addUser("d-ada"),
      addUser("d-bob"),
    ]);
    await addMember(orgId, owner, "owner", new Date(now.getTime() - 3000));
    await addMember(orgId, ada, "admin", new Date(now.getTime() - 2000));
    await addMember(orgId, bob, "member", new Date(now.getTime() - 1000));
    const teamId = randomUUID();
    await db.insert(team).values([
      { id: teamId, name: "Engineering", organizationId: orgId, createdAt: now },
      { id: randomUUID(), name: "design", organizationId: orgId, createdAt: now },
    ]);
    await db.insert(teamMember).values([
      { id: randomUUID(), teamId, userId: ada, createdAt: now },
      { id: randomUUID(), teamId, userId: bob, createdAt: now },
    ]);
    const invite = (email: string, status: string, expiresAt: Date) => ({
      id: randomUUID(),
      organizationId: orgId,
      email,
      role: "member",
      status,
      expiresAt,
      inviterId: owner,
    });
    await db
      .insert(invitation)
      .values([
        invite("later@example.test", "pending", later(48)),
        invite("soon@example.test", "pending", later(1)),
        invite("expired@example.test", "pending", later(-1)),
        invite("accepted@example.test", "accepted", later(10)),
        invite("cancelled@example.test", "canceled", later(10)),
      ]);

    const detail = await getOrganizationDetail(orgId, { now });
    expect(detail?.organization).toMatchObject({ id: orgId, name: "Detail Org", slug: "detail-org" });
    expect(detail?.counts).toEqual({ members: 3, teams: 2, pendingInvitations: 2 });
    expect(detail?.members.items.map((row) => [row.email, row.role])).toEqual([
      ["d-owner@example.test", "owner"],
      ["d-ada@example.test", "admin"],
      ["d-bob@example.test", "member"],
    ]);
    expect(detail?.members.items[0]?.name).toBe("Olive Owner");
    expect(detail?.members.nextCursor).toBeNull();
    expect(detail?.teams.map((row) => [row.name, row.members])).toEqual([
      ["design", 0],
      ["Engineering", 2],
    ]);
    expect(detail?.invitations.items.map((row) => row.email)).toEqual(["soon@example.test", "later@example.test"]);
    expect(detail?.invitations.items[0]).toMatchObject({
      role: "member",
      inviter: { name: "Olive Owner", email: "d-owner@example.test" },
    });

    // Invitations a page at a time, in the same order; a foreign cursor starts over.
    const firstPage = await listPendingInvitations(orgId, { limit: 1, now });
    expect(firstPage.items.map((row) => row.email)).toEqual(["soon@example.test"]);
    const secondPage = await listPendingInvitations(orgId, { limit: 1, now, cursor: firstPage.nextCursor });
    expect(secondPage.items.map((row) => row.email)).toEqual(["later@example.test"]);
    expect(secondPage.nextCursor).toBeNull();
    expect(
      (await listPendingInvitations(orgId, { limit: 1, now, cursor: foreignCursor('["x", 1]') })).items[0]?.email,
    ).toBe("soon@example.test");

    // Members a page at a time (listMembers of organizations.ts), from the detail's cursor.
    const paged = await getOrganizationDetail(orgId, { now });
    expect(paged?.members.items).toHaveLength(3);
  });
});

/**
 * An organization made by better-auth's plugin (its owner, its default team), with a second member in a second
 * team, a pending invitation, and sessions that have it, or one of its teams, as active; and another organization
 * beside it, which must not change.
 */
async function arrange() {
  const ownerId = await addUser(`owner-${randomUUID()}`, "Olga Owner");
  const memberId = await addUser(`member-${randomUUID()}`, "Max Member");
  const created = await auth.api.createOrganization({
    body: { name: "Doomed Org", slug: `doomed-${randomUUID().slice(0, 8)}`, userId: ownerId },
  });
  const keptOrg = await auth.api.createOrganization({
    body: { name: "Kept Org", slug: `kept-${randomUUID().slice(0, 8)}`, userId: ownerId },
  });
  if (!created || !keptOrg) throw new Error("better-auth created no organization");
  await auth.api.addMember({ body: { userId: memberId, role: "member", organizationId: created.id } });
  const secondTeam = randomUUID();
  await db.insert(team).values({ id: secondTeam, name: "Second", organizationId: created.id, createdAt: now });
  await db.insert(teamMember).values({ id: randomUUID(), teamId: secondTeam, userId: memberId, createdAt: now });
  await db.insert(invitation).values({
    id: randomUUID(),
    organizationId: created.id,
    email: "invitee@example.test",
    role: "member",
    status: "pending",
    expiresAt: later(24),
    inviterId: ownerId,
  });
  const [keptTeam] = await db.select({ id: team.id }).from(team).where(eq(team.organizationId, keptOrg.id));
  const sessionRow = (userId: string, activeOrganizationId: string | null, activeTeamId: string | null) => ({
    id: randomUUID(),
    token: randomUUID(),
    userId,
    expiresAt: later(24),
    createdAt: now,
    updatedAt: now,
    activeOrganizationId,
    activeTeamId,
  });
  const sessions = {
    onIt: sessionRow(ownerId, created.id, secondTeam),
    onItsTeam: sessionRow(memberId, null, secondTeam),
    onTheOther: sessionRow(ownerId, keptOrg.id, keptTeam?.id ?? null),
  };
  await db.insert(session).values(Object.values(sessions));
  return { organization: created, kept: keptOrg, ownerId, memberId, secondTeam, sessions };
}

/** What is left of an organization in each of better-auth's tables. */
async function leftOf(organizationId: string) {
  const teams = await db.select({ id: team.id }).from(team).where(eq(team.organizationId, organizationId));
  const teamIds = teams.map((row) => row.id);
  return {
    organization: (await db.select().from(organization).where(eq(organization.id, organizationId))).length,
    members: (await db.select().from(member).where(eq(member.organizationId, organizationId))).length,
    invitations: (await db.select().from(invitation).where(eq(invitation.organizationId, organizationId))).length,
    teams: teamIds.length,
    teamMembers: teamIds.length
      ? (await db.select().from(teamMember).where(inArray(teamMember.teamId, teamIds))).length
      : 0,
  };
}

describe("deleting an organization", () => {
  afterEach(async () => {
    await client.execute("drop trigger if exists organization_refuse");
  });

  it("removes it with its members, teams, team members and invitations, and nothing else", async () => {
    const arranged = await arrange();
    const before = await leftOf(arranged.organization.id);
    expect(before).toEqual({ organization: 1, members: 2, invitations: 1, teams: 2, teamMembers: 2 });
    const keptBefore = await leftOf(arranged.kept.id);
    const teamMembersBefore = await db.select().from(teamMember);

    const gone = await deleteOrganization(arranged.organization.id, actor);
    expect(gone).toEqual({
      id: arranged.organization.id,
      name: "Doomed Org",
      slug: arranged.organization.slug,
    });
    expect(await leftOf(arranged.organization.id)).toEqual({
      organization: 0,
      members: 0,
      invitations: 0,
      teams: 0,
      teamMembers: 0,
    });
    // No team member row of its teams is left anywhere (they are found by team id, the teams being gone).
    const teamMembersAfter = await db.select().from(teamMember);
    expect(teamMembersBefore.length - teamMembersAfter.length).toBe(2);
    expect(teamMembersAfter.some((row) => row.teamId === arranged.secondTeam)).toBe(false);
    // The other organization, and the people, stay.
    expect(await leftOf(arranged.kept.id)).toEqual(keptBefore);
    expect(
      await db
        .select()
        .from(user)
        .where(inArray(user.id, [arranged.ownerId, arranged.memberId])),
    ).toHaveLength(2);

    // Sessions let go of it and of its teams, and keep the other organization.
    const sessions = new Map(
      (
        await db
          .select()
          .from(session)
          .where(
            inArray(
              session.id,
              Object.values(arranged.sessions).map((row) => row.id),
            ),
          )
      ).map((row) => [row.id, row]),
    );
    expect(sessions.get(arranged.sessions.onIt.id)).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
    expect(sessions.get(arranged.sessions.onItsTeam.id)).toMatchObject({ activeTeamId: null });
    expect(sessions.get(arranged.sessions.onTheOther.id)).toMatchObject({
      activeOrganizationId: arranged.kept.id,
      activeTeamId: arranged.sessions.onTheOther.activeTeamId,
    });

    // Recorded as done by the site admin, labelled with the slug.
    const [entry] = await db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "organization.deleted"), eq(auditEvent.targetId, arranged.organization.id)))
      .orderBy(desc(auditEvent.id))
      .limit(1);
    expect(entry).toMatchObject({
      outcome: "success",
      actorId: "site-admin",
      targetType: "organization",
      targetLabel: arranged.organization.slug,
      ip: "203.0.113.9",
    });
    expect(JSON.parse(entry?.details ?? "{}")).toEqual({ name: "Doomed Org" });

    // A second deletion finds nothing, and records nothing.
    expect(await deleteOrganization(arranged.organization.id, actor)).toBeNull();
    const entries = await db.select().from(auditEvent).where(eq(auditEvent.targetId, arranged.organization.id));
    expect(entries.filter((row) => row.action === "organization.deleted")).toHaveLength(1);
  });

  it("changes nothing when its last statement fails: the batch is one transaction", async () => {
    const arranged = await arrange();
    const before = await leftOf(arranged.organization.id);
    await client.execute(
      "create trigger organization_refuse before delete on organization begin select raise(abort, 'refused'); end",
    );
    await expect(deleteOrganization(arranged.organization.id, actor)).rejects.toThrow();
    expect(await leftOf(arranged.organization.id)).toEqual(before);
    // The sessions' update, which ran first, was rolled back with it.
    const [onIt] = await db.select().from(session).where(eq(session.id, arranged.sessions.onIt.id));
    expect(onIt).toMatchObject({ activeOrganizationId: arranged.organization.id, activeTeamId: arranged.secondTeam });
    const entries = await db.select().from(auditEvent).where(eq(auditEvent.targetId, arranged.organization.id));
    expect(entries).toEqual([]);
  });
});
