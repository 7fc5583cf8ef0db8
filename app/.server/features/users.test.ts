import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { client, db } from "../platform/db/client";
import { user } from "../platform/db/schema";
import { completeOnboarding, countUsers, getUser, isLastAdmin, listUsers, updateName } from "./users";

const now = new Date();
const people = Array.from({ length: 45 }, (_, index) => ({
  id: `u${index}`,
  email: `person${String(index).padStart(2, "0")}@example.test`,
  name: index % 2 ? `Ada ${index}` : `Grace ${index}`,
  role: index === 7 ? "admin" : "user",
  emailVerified: true,
  createdAt: now,
  updatedAt: now,
}));
await db.insert(user).values(people);

describe("the manager's user list", () => {
  it("pages through everyone by e-mail, each once, in order", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listUsers({ cursor });
      seen.push(...page.items.map((item) => item.email));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(people.map((person) => person.email).sort());
  });

  it("finds users by the start of their e-mail or of their name, in any case", async () => {
    expect((await listUsers({ searchTerm: "PERSON1" })).items.map((item) => item.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `person1${i}@example.test`),
    );
    const graces = await listUsers({ searchTerm: "grace", limit: 100 });
    expect(graces.items).toHaveLength(23);
    expect(graces.items.every((item) => item.name.startsWith("Grace"))).toBe(true);
    expect((await listUsers({ searchTerm: "nobody" })).items).toEqual([]);
  });

  it("uses indexes for the search, not a scan of every user", async () => {
    const plan = await client.execute(
      "explain query plan select * from user where (email >= 'ada' and email < 'ada\uDBFF\uDFFF') or (lower(name) >= 'ada' and lower(name) < 'ada\uDBFF\uDFFF') order by email limit 21",
    );
    const steps = plan.rows.map((row) => String(row.detail)).join("\n");
    expect(steps).toMatch(/INDEX/);
    expect(steps).not.toMatch(/SCAN user(?! USING)/);
  });

  it("reads one user, counts users and admins, and records names", async () => {
    expect((await getUser("u3"))?.email).toBe("person03@example.test");
    expect(await getUser("nobody")).toBeNull();
    expect(await countUsers()).toEqual({ users: 45, admins: 1 });
    await updateName("u3", "  Hedy  ");
    expect((await getUser("u3"))?.name).toBe("Hedy");
    expect((await getUser("u3"))?.onboardedAt).toBeNull();
    await completeOnboarding("u3", "Hedy Lamarr");
    expect((await getUser("u3"))?.onboardedAt).toBeInstanceOf(Date);
  });

  it("counts and marks as admins the admin role and the ids of ADMIN_USER_IDS, with one definition", async () => {
    vi.stubEnv("ADMIN_USER_IDS", "u4");
    vi.resetModules();
    const fresh = await import("./users");
    expect(await fresh.countUsers()).toEqual({ users: 45, admins: 2 });
    expect((await fresh.getUser("u4"))?.admin).toBe(true);
    expect((await fresh.getUser("u7"))?.admin).toBe(true);
    expect((await fresh.getUser("u5"))?.admin).toBe(false);
    await db.update(user).set({ role: "superadmin" }).where(eq(user.id, "u5"));
    expect(await fresh.countUsers()).toEqual({ users: 45, admins: 2 });
  });
});

describe("the last admin", () => {
  it("is the only admin left: they cannot lose their rights", async () => {
    // u7 is the only admin among the people above.
    expect(await isLastAdmin("u7")).toBe(true);
    expect(await isLastAdmin("u8")).toBe(false);
    await db.update(user).set({ role: "admin" }).where(eq(user.id, "u9"));
    expect(await isLastAdmin("u7")).toBe(false);
    await db.update(user).set({ role: "user" }).where(eq(user.id, "u9"));
  });

  it("counts ADMIN_USER_IDS admins, whose role alone cannot demote them", async () => {
    vi.stubEnv("ADMIN_USER_IDS", "u3");
    vi.resetModules();
    const fresh = await import("./users");
    expect(await fresh.isLastAdmin("u7")).toBe(false);
    expect(await fresh.isLastAdmin("u3", "role")).toBe(false);
    expect(await fresh.isLastAdmin("u3", "access")).toBe(false);
  });
});
