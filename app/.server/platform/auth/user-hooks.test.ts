// No path stores an invalid user (ADR 010): better-auth's writes pass our name rules (database hooks), and every
// other writer meets the table's limits (triggers).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/platform/db/client";
import { member, organization, user } from "~/.server/platform/db/schema";
import { signedInAs } from "../../../../tests/support/sessions";
import { auth } from "./auth";
import { readSession } from "./session-read";

const nameOf = async (userId: string) =>
  (await db.select({ name: user.name }).from(user).where(eq(user.id, userId)))[0]?.name;

describe("writing a user through better-auth", () => {
  it.each([
    ["a 40 MB name", "x".repeat(40 * 1024 * 1024)],
    ["a name over the limit", "x".repeat(101)],
    ["markup", "<script>alert(1)</script>"],
    ["a control character", "Ada\u0000Lovelace"],
    ["only spaces", "   "],
  ])("refuses %s", async (_label, name) => {
    const { userId } = await signedInAs(`hooked-${Math.random().toString(36).slice(2)}@example.com`);
    const context = await auth.$context;
    await expect(context.internalAdapter.updateUser(userId, { name })).rejects.toThrow();
    expect(await nameOf(userId)).toBe("");
  });

  it("accepts a name our forms accept", async () => {
    const { userId } = await signedInAs("fine@example.com");
    const context = await auth.$context;
    await context.internalAdapter.updateUser(userId, { name: "Ada Lovelace" });
    expect(await nameOf(userId)).toBe("Ada Lovelace");
  });

  it("drops what breaks the rules in a name or picture from outside (a GitHub profile) instead of storing it", async () => {
    const context = await auth.$context;
    const created = await context.internalAdapter.createUser(
      {
        email: "from-github@example.com",
        name: "x".repeat(5000),
        image: "javascript:alert(1)",
        emailVerified: true,
      },
      { method: "oauth", oauth: { providerId: "github", profile: {} } },
    );
    const [row] = await db.select().from(user).where(eq(user.id, created.id));
    expect(row).toMatchObject({ name: "", image: null });
  });
});

describe("writing a user straight to the table", () => {
  it.each([
    ["a name over 100 characters", { name: "x".repeat(101) }],
    ["a NUL in the name", { name: "a\u0000b" }],
    ["an e-mail over 254 characters", { email: `${"x".repeat(250)}@example.com` }],
    ["a picture address over 2048 characters", { image: `https://example.com/${"x".repeat(2048)}` }],
  ])("is refused for %s", async (_label, changes) => {
    const { userId } = await signedInAs(`direct-${Math.random().toString(36).slice(2)}@example.com`);
    await expect(db.update(user).set(changes).where(eq(user.id, userId))).rejects.toThrow();
    const now = new Date();
    await expect(
      db.insert(user).values({
        id: `raw-${Math.random()}`,
        email: "raw@example.com",
        name: "",
        emailVerified: false,
        createdAt: now,
        updatedAt: now,
        ...changes,
      }),
    ).rejects.toThrow();
  });
});

const activeOf = async (cookie: string) =>
  (await readSession(new Headers({ cookie }))).session?.session.activeOrganizationId;

describe("a new session", () => {
  it("starts in the organization the person joined last, or none when they belong to none", async () => {
    const { userId, cookie } = await signedInAs("switcher@example.com");
    expect(await activeOf(cookie)).toBeNull();
    const joined = [
      { id: "org-joined-first", at: new Date("2026-01-01T00:00:00Z") },
      { id: "org-joined-last", at: new Date("2026-02-01T00:00:00Z") },
    ];
    for (const { id, at } of joined) {
      await db.insert(organization).values({ id, name: id, slug: id, createdAt: at });
      await db.insert(member).values({ id: `m-${id}`, organizationId: id, userId, role: "owner", createdAt: at });
    }
    const again = await signedInAs("switcher@example.com");
    expect(await activeOf(again.cookie)).toBe("org-joined-last");
  });
});
