// The home page's parts against a real libSQL file: the person's organizations (theirs only, by name, at most
// HOME_ORGANIZATIONS, with the total), and the invitations still waiting for their address.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";

const { db } = await import("~/.server/platform/db/client");
const { invitation, member, organization, user } = await import("~/.server/platform/db/schema");
const { HOME_ORGANIZATIONS, loadHome } = await import("./home");

const now = new Date("2026-03-01T12:00:00Z");
const hours = (count: number) => new Date(now.getTime() + count * 3_600_000);

async function addUser(id: string) {
  await db.insert(user).values({
    id,
    name: `Person ${id}`,
    email: `${id}@example.test`,
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function addOrganization(name: string) {
  const id = randomUUID();
  await db
    .insert(organization)
    .values({ id, name, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${id.slice(0, 6)}`, createdAt: now });
  return id;
}

async function join(organizationId: string, userId: string, role = "member") {
  await db.insert(member).values({ id: randomUUID(), organizationId, userId, role, createdAt: now });
}

async function invite(organizationId: string, email: string, inviterId: string, status: string, expiresAt: Date) {
  const id = randomUUID();
  await db
    .insert(invitation)
    .values({ id, organizationId, email, role: "member", status, expiresAt, createdAt: now, inviterId });
  return id;
}

describe("loadHome", () => {
  it("shows nothing but empty parts to a newcomer", async () => {
    const newcomer = await addUser("newcomer");
    const home = await loadHome({ userId: newcomer, email: "newcomer@example.test", now });
    expect(home).toEqual({ organizations: [], organizationCount: 0, invitations: [] });
  });

  it("lists the person's own organizations by name with their role, the first few, and counts them all", async () => {
    const ada = await addUser("ada");
    const other = await addUser("other");
    const names = ["delta", "Alpha", "charlie", "Bravo", "echo", "foxtrot", "golf", "hotel"];
    for (const [index, name] of names.entries())
      await join(await addOrganization(name), ada, index === 1 ? "owner" : "member");
    await join(await addOrganization("Aardvark not mine"), other, "owner");

    const home = await loadHome({ userId: ada, email: "ada@example.test", now });
    expect(home.organizationCount).toBe(names.length);
    expect(home.organizations.map((row) => row.name)).toEqual(
      ["Alpha", "Bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"].slice(0, HOME_ORGANIZATIONS),
    );
    expect(home.organizations[0]).toMatchObject({ name: "Alpha", role: "owner" });
    expect(home.organizations[1]).toMatchObject({ name: "Bravo", role: "member" });
  });

  it("offers the invitations still waiting for this address, soonest to expire first", async () => {
    const host = await addUser("host");
    const place = await addOrganization("Welcome Place");
    const later = await invite(place, "guest@example.test", host, "pending", hours(48));
    const sooner = await invite(place, "guest@example.test", host, "pending", hours(2));
    await invite(place, "guest@example.test", host, "pending", hours(-1));
    await invite(place, "guest@example.test", host, "accepted", hours(24));
    await invite(place, "someone.else@example.test", host, "pending", hours(24));

    const home = await loadHome({ userId: "guest", email: "Guest@Example.test", now });
    expect(home.invitations.map((row) => row.id)).toEqual([sooner, later]);
    expect(home.invitations[0]).toMatchObject({ organizationName: "Welcome Place", role: "member" });
  });
});
