// Users: onboarding, the account page, and the manager's user list (read side).
import { and, asc, count, eq, gt, gte, inArray, like, lt, or, sql } from "drizzle-orm";

import { auth } from "../platform/auth/auth";
import { isAdmin } from "../platform/auth/permissions";
import { db } from "../platform/db/client";
import { decodeCursor, keysetPage } from "../platform/db/keyset";
import { user } from "../platform/db/schema";
import { getEnv } from "../platform/env";

// Writes to a user go through better-auth's adapter, so its database hooks (our name rule) hold for them too
// (docs/architecture.md); reads are plain queries.

export async function updateName(userId: string, name: string): Promise<void> {
  await (await auth.$context).internalAdapter.updateUser(userId, { name });
}

export async function completeOnboarding(userId: string, name: string): Promise<void> {
  await (await auth.$context).internalAdapter.updateUser(userId, { name, onboardedAt: new Date() });
}

/** Whose role list names the admin role, in SQL: the same rule as `isAdmin`. */
const hasAdminRole = or(
  eq(user.role, "admin"),
  like(user.role, "admin,%"),
  like(user.role, "%,admin"),
  like(user.role, "%,admin,%"),
);

export async function countUsers(): Promise<{ users: number; admins: number }> {
  const adminUserIds = getEnv().ADMIN_USER_IDS;
  const [all] = await db.select({ value: count() }).from(user);
  const [admins] = await db
    .select({ value: count() })
    .from(user)
    .where(adminUserIds.length ? or(hasAdminRole, inArray(user.id, [...adminUserIds])) : hasAdminRole);
  return { users: all?.value ?? 0, admins: admins?.value ?? 0 };
}

/**
 * Whether taking away this user's admin rights (a demotion, a ban, a deletion) would leave the product with no admin:
 * they are an admin (by role or ADMIN_USER_IDS) and nobody else is. `change` "role" is a demotion, which does not
 * take an ADMIN_USER_IDS admin's rights away.
 */
export async function isLastAdmin(userId: string, change: "role" | "access" = "access"): Promise<boolean> {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) return false;
  const adminUserIds = getEnv().ADMIN_USER_IDS;
  if (change === "role" && adminUserIds.includes(row.id)) return false;
  if (!isAdmin(row, adminUserIds)) return false;
  return (await countUsers()).admins <= 1;
}

export type UserSummary = Pick<
  typeof user.$inferSelect,
  "id" | "email" | "name" | "role" | "banned" | "onboardedAt" | "createdAt"
> & {
  /** `isAdmin`: the admin role, or an id in ADMIN_USER_IDS. */
  admin: boolean;
};

const summary = (row: Omit<UserSummary, "admin">): UserSummary => ({
  ...row,
  admin: isAdmin(row, getEnv().ADMIN_USER_IDS),
});
export type UserPage = { items: UserSummary[]; nextCursor: string | null };

const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  banned: user.banned,
  onboardedAt: user.onboardedAt,
  createdAt: user.createdAt,
};

/**
 * Users sorted by e-mail (better-auth stores it lower-cased, and it is unique), keyset-paginated. A search matches
 * the start of the e-mail or of the name: two index ranges, so it stays fast however many users there are.
 */
export async function listUsers({
  searchTerm = "",
  cursor = null,
  limit = 20,
}: {
  searchTerm?: string;
  cursor?: string | null;
  limit?: number;
}): Promise<UserPage> {
  const after = decodeCursor(cursor);
  const term = searchTerm.trim().toLowerCase();
  const upper = `${term}\u{10FFFF}`;
  const rows = await db
    .select(columns)
    .from(user)
    .where(
      and(
        after ? gt(user.email, after) : undefined,
        term
          ? or(
              and(gte(user.email, term), lt(user.email, upper)),
              and(gte(sql`lower(${user.name})`, term), lt(sql`lower(${user.name})`, upper)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(user.email))
    .limit(limit + 1);
  return keysetPage(rows.map(summary), limit, (row) => row.email);
}

export async function getUser(id: string): Promise<UserSummary | null> {
  const [row] = await db.select(columns).from(user).where(eq(user.id, id)).limit(1);
  return row ? summary(row) : null;
}
