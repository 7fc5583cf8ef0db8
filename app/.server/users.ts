// Users: onboarding now; the manager's user pages build on this module.
import { count, eq, like } from "drizzle-orm";
import { db } from "./db/client";
import { user } from "./db/schema";

export async function updateName(userId: string, name: string): Promise<void> {
  await db.update(user).set({ name: name.trim(), updatedAt: new Date() }).where(eq(user.id, userId));
}

export async function completeOnboarding(userId: string, name: string): Promise<void> {
  await db.update(user).set({ name: name.trim(), onboardedAt: new Date(), updatedAt: new Date() }).where(eq(user.id, userId));
}

export async function countUsers(): Promise<{ users: number; admins: number }> {
  const [all] = await db.select({ value: count() }).from(user);
  const [admins] = await db.select({ value: count() }).from(user).where(like(user.role, "%admin%"));
  return { users: all?.value ?? 0, admins: admins?.value ?? 0 };
}
