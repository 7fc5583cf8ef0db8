import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "./client";
import { user } from "./schema";
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

  it("changes nothing when run again", async () => {
    await seedDatabase(db);
    const before = await seededUsers();
    await seedDatabase(db);
    await seedDatabase(db);
    expect(await seededUsers()).toEqual(before);
    expect(before).toHaveLength(2);
  });
});
