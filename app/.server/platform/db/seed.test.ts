import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "./client";
import { member, organization, team, teamMember, user } from "./schema";
import { hasUsers, seedDatabase } from "./seed";

const seededUsers = () =>
  db
    .select({
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      onboardedAt: user.onboardedAt,
    })
    .from(user)
    .orderBy(asc(user.email));

describe("demo data", () => {
  it("adds the admin and the user of the README, ready to sign in", async () => {
    expect(await hasUsers(db)).toBe(false);
    await seedDatabase(db);
    expect(await hasUsers(db)).toBe(true);
    const users = await seededUsers();
    expect(users).toEqual([
      { email: "admin@example.com", name: "Admin", role: "admin", emailVerified: true, onboardedAt: expect.any(Date) },
      { email: "user@example.com", name: "User", role: "user", emailVerified: true, onboardedAt: expect.any(Date) },
    ]);
  });

  it("adds an organization the admin owns and the user belongs to, with one team", async () => {
    const [seeded] = await db.select().from(organization);
    expect(seeded).toMatchObject({ name: "Groundwork Demo", slug: "groundwork-demo" });
    const roles = await db
      .select({ email: user.email, role: member.role })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .orderBy(asc(user.email));
    expect(roles).toEqual([
      { email: "admin@example.com", role: "owner" },
      { email: "user@example.com", role: "member" },
    ]);
    expect(await db.select().from(team)).toMatchObject([{ name: "Core", organizationId: seeded!.id }]);
    expect(await db.select().from(teamMember)).toHaveLength(2);
  });

  it("changes nothing when run again", async () => {
    await seedDatabase(db);
    const before = await seededUsers();
    await seedDatabase(db);
    await seedDatabase(db);
    expect(await seededUsers()).toEqual(before);
    expect(before).toHaveLength(2);
    expect(await db.select().from(organization)).toHaveLength(1);
    expect(await db.select().from(member)).toHaveLength(2);
  });
});
