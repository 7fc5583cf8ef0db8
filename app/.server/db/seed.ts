// Demo data: the two accounts of the README (and of demo mode). Repositories join once their table exists.
import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import type { Database } from "./client";
import { user } from "./schema";

export const SEED_USERS = [
  { email: "admin@example.com", name: "Admin", role: "admin" },
  { email: "user@example.com", name: "User", role: "user" },
] as const;

export async function hasUsers(db: Database): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(user);
  return (existing?.value ?? 0) > 0;
}

/** Adds the seed data that is missing; running it twice changes nothing. */
export async function seedDatabase(db: Database): Promise<void> {
  const now = new Date();
  await db.insert(user).values(
    SEED_USERS.map((seed) => ({
      id: randomUUID(),
      email: seed.email,
      name: seed.name,
      role: seed.role,
      emailVerified: true,
      onboardedAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  ).onConflictDoNothing({ target: user.email });
}
