// What other features and pages ask of the users, kept below the users' folder (app/features/users/, ADR 045):
// app/.server/features and app/routes never import a feature folder that imports them (no loop between folders).
// Here: the lock and the "last admin" check around every change that can take an admin's rights away (the manager's
// user rules, the account's own deletion); a ban in force (sign-in); a user's own name (account page, onboarding);
// the end of an impersonation (sign-out, the banner's "stop"); the welcome e-mail's job (the job list, ADR 046).
import { isAPIError } from "better-auth/api";
import { and, count, eq, inArray, isNull, like, lte, ne, or } from "drizzle-orm";

import { auth } from "~/.server/platform/auth/auth";
import { isAdmin } from "~/.server/platform/auth/permissions";
import { db } from "~/.server/platform/db/client";
import { user } from "~/.server/platform/db/schema";
import { sendWelcomeEmail } from "~/.server/platform/email/welcome";
import { getEnv } from "~/.server/platform/env";
import { runExclusive } from "~/.server/platform/exclusive";
import type { JobKind } from "~/.server/platform/jobs/queue";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";

/** Whose role list names the admin role, in SQL: the same rule as `isAdmin`. */
const hasAdminRole = or(
  eq(user.role, "admin"),
  like(user.role, "admin,%"),
  like(user.role, "%,admin"),
  like(user.role, "%,admin,%"),
);

/** Users, and the admins among them who can act: an admin whose ban is in force cannot sign in, so does not count. */
export async function countUsers({ except, now = new Date() }: { except?: string; now?: Date } = {}): Promise<{
  users: number;
  admins: number;
}> {
  const adminUserIds = getEnv().ADMIN_USER_IDS;
  const [all] = await db.select({ value: count() }).from(user);
  const notBanned = or(isNull(user.banned), eq(user.banned, false), lte(user.banExpires, now));
  const [admins] = await db
    .select({ value: count() })
    .from(user)
    .where(
      and(
        notBanned,
        except ? ne(user.id, except) : undefined,
        adminUserIds.length ? or(hasAdminRole, inArray(user.id, [...adminUserIds])) : hasAdminRole,
      ),
    );
  return { users: all?.value ?? 0, admins: admins?.value ?? 0 };
}

/**
 * Runs the changes that can take an admin's rights away (a demotion, a ban, a deletion, an account deleted) one at a
 * time across every process and instance on the database, each with its "last admin" check: two admins removing each
 * other at the same moment cannot both pass it (runExclusive's lease, ADR 017).
 */
export function withAdminRightsLock<T>(work: () => Promise<T>): Promise<T> {
  return runExclusive("admin-rights", work);
}

/**
 * Whether taking away this user's admin rights (a demotion, a ban, a deletion) would leave the product with no admin
 * who can act: they are an admin (by role or ADMIN_USER_IDS) and no other admin without a ban in force is. `change` "role" is a demotion, which does not
 * take an ADMIN_USER_IDS admin's rights away.
 */
export async function isLastAdmin(userId: string, change: "role" | "access" = "access"): Promise<boolean> {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) return false;
  const adminUserIds = getEnv().ADMIN_USER_IDS;
  if (change === "role" && adminUserIds.includes(row.id)) return false;
  if (!isAdmin(row, adminUserIds)) return false;
  return (await countUsers({ except: userId })).admins === 0;
}

/** A ban in force: why (null when none was given) and until when (null: until an admin lifts it). */
export type Ban = { reason: string | null; expiresAt: Date | null };

/** better-auth stores this reason when a ban is given none: it means none. */
const BETTER_AUTH_DEFAULT_BAN_REASON = "No reason";

/** A ban is in force until its end date, if it has one (the session guard's rule, app/.server/web/session.ts). */
function banInForce(row: { banned: boolean | null; banExpires: Date | null }, now: number): boolean {
  return Boolean(row.banned) && (!row.banExpires || row.banExpires.getTime() > now);
}

/**
 * The ban of a user (by id, or by e-mail as stored: lower-case), when one is in force; null otherwise (never banned,
 * unbanned, or the ban has ended).
 */
export async function getBan(who: { id: string } | { email: string }, now = Date.now()): Promise<Ban | null> {
  const [row] = await db
    .select({ banned: user.banned, banReason: user.banReason, banExpires: user.banExpires })
    .from(user)
    .where("id" in who ? eq(user.id, who.id) : eq(user.email, who.email))
    .limit(1);
  if (!row || !banInForce(row, now)) return null;
  const reason = row.banReason && row.banReason !== BETTER_AUTH_DEFAULT_BAN_REASON ? row.banReason : null;
  return { reason, expiresAt: row.banExpires };
}

// Writes to a user go through better-auth's adapter, so its database hooks (our name rule) hold for them too
// (docs/architecture.md); reads are plain queries.

export async function updateName(userId: string, name: string): Promise<void> {
  await (await auth.$context).internalAdapter.updateUser(userId, { name });
}

export async function completeOnboarding(userId: string, name: string): Promise<void> {
  await (await auth.$context).internalAdapter.updateUser(userId, { name, onboardedAt: new Date() });
}

/** A user acted on: their id, and their address (the audit trail's label). */
export type Target = { id: string; email: string };

/** better-auth refused: the user is not there, or one of its error codes (translated by `authErrorKey`). */
export type AuthRefusal = { ok: false; error: "not-found" } | { ok: false; error: "auth"; code: string | undefined };

/** better-auth's refusal, as a plain result; anything else is a bug, and is thrown. */
export function refusalOf(error: unknown): AuthRefusal {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  if (code === "USER_NOT_FOUND") return { ok: false, error: "not-found" };
  return { ok: false, error: "auth", code };
}

export const userTarget = (target: Target) => ({ type: "user" as const, id: target.id, label: target.email });

/**
 * Ends an impersonation: better-auth deletes the impersonation session and puts the admin's own session back (its
 * cookies, returned, must reach the browser). `impersonated` is the user the current session belongs to. The trail
 * records the admin as the actor. Refused when the session is not an impersonation, or the admin's session is gone.
 */
export async function stopImpersonating(
  impersonated: Target,
  caller: { headers: Headers; actor: AuditActor },
): Promise<{ ok: true; setCookies: string[] } | AuthRefusal> {
  let result: { headers: Headers; response: { user: { id: string; email: string } } };
  try {
    result = await auth.api.stopImpersonating({ headers: caller.headers, returnHeaders: true });
  } catch (error) {
    return refusalOf(error);
  }
  const admin = result.response.user;
  await recordAudit(
    { user: { id: admin.id, email: admin.email }, impersonatorId: null, ip: caller.actor.ip },
    { action: "impersonation.stopped", target: userTarget(impersonated) },
  );
  return { ok: true, setCookies: result.headers.getSetCookie() };
}

/** The welcome e-mail of a user an administrator created, retried for some six hours. */
export const welcomeEmailJob: JobKind<{ to: string; name: string; language: string }> = {
  name: "email.welcome",
  maxAttempts: 15,
  backoffMs: 10_000,
  run: (input) => sendWelcomeEmail(input),
};
