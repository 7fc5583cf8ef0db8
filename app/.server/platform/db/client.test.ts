import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { client, db } from "./client";
import { session, user } from "./schema";

describe("the embedded database connection", () => {
  it("enforces foreign keys: deleting a user deletes their sessions", async () => {
    const now = new Date();
    await db.insert(user).values({
      id: "u-fk",
      email: "fk@example.test",
      name: "FK",
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(session).values({
      id: "s-fk",
      token: "t-fk",
      userId: "u-fk",
      expiresAt: new Date(Date.now() + 60_000),
      createdAt: now,
      updatedAt: now,
    });
    await db.delete(user).where(eq(user.id, "u-fk"));
    expect(await db.select().from(session).where(eq(session.id, "s-fk"))).toEqual([]);
  });

  it("runs in WAL mode, so readers do not wait for a writer", async () => {
    const result = await client.execute("PRAGMA journal_mode");
    expect(String(result.rows[0]?.[0])).toBe("wal");
  });

  it("keeps its pragmas after a transaction", async () => {
    const transaction = await client.transaction("write");
    await transaction.execute("select 1");
    await transaction.commit();
    const result = await client.execute("PRAGMA foreign_keys");
    expect(Number(result.rows[0]?.[0])).toBe(1);
  });
});
