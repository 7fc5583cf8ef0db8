// What an admin does to a user from the user's detail page: ban and unban, impersonate, delete (the end of an
// impersonation, which sign-out asks for too, is in app/.server/features/user-access.ts). Each goes through
// better-auth's admin plugin, called in-process with the admin's own headers, so its permission checks, its session
// deletions and its cookies hold (docs/architecture.md, "Users: what goes through better-auth's admin plugin"). Our
// own rules come first: nobody bans or deletes themselves, and the last admin stays.
import { eq } from "drizzle-orm";

import { soleOwnedOrganizations } from "~/.server/features/organization-access";
import {
  getBan,
  isLastAdmin,
  refusalOf,
  userTarget,
  withAdminRightsLock,
  type Ban,
  type Target,
} from "~/.server/features/user-access";
import { auth } from "~/.server/platform/auth/auth";
import { endImpersonationsBy } from "~/.server/platform/auth/impersonation";
import { db } from "~/.server/platform/db/client";
import { isLastOwnerRefusal } from "~/.server/platform/db/errors";
import { user } from "~/.server/platform/db/schema";
import { removePictureAt } from "~/.server/platform/storage/picture-store";
import { recordAudit, type AuditAction, type AuditActor } from "~/features/audit/audit.server";
import { getUser, type UserSummary } from "./users.server";

/** The admin acting: their id, their request's headers (for better-auth), and who they are for the audit trail. */
export type ActingAdmin = { id: string; headers: Headers; actor: AuditActor };

export type Refusal =
  | { ok: false; error: "self" | "last-admin" | "banned" | "not-found" }
  /** The user alone owns these organizations (their names): deleting them would leave those without an owner. */
  | { ok: false; error: "sole-owner"; organizations: string[] }
  /** better-auth refused, with one of its error codes (translated by `authErrorKey`). */
  | { ok: false; error: "auth"; code: string | undefined };

export type UserDetail = UserSummary & { ban: Ban | null };

/** One user as the detail page shows them: the list's summary, and their ban. */
export async function getUserDetail(id: string): Promise<UserDetail | null> {
  const summary = await getUser(id);
  return summary ? { ...summary, ban: await getBan({ id }) } : null;
}

/** A refused attempt is on the trail too (outcome "refused", and why), unless the user was not there to act on. */
async function refused(admin: ActingAdmin, action: AuditAction, target: Target, refusal: Refusal): Promise<Refusal> {
  if (refusal.error !== "not-found") {
    await recordAudit(admin.actor, {
      action,
      outcome: "refused",
      ...(refusal.error === "auth"
        ? { reason: "auth-refused", details: { code: refusal.code?.slice(0, 100) ?? null } }
        : { reason: refusal.error }),
      target: userTarget(target),
    });
  }
  return refusal;
}

/**
 * Bans a user: better-auth marks them banned and deletes every session of theirs, so they are signed out everywhere
 * at once; the sessions they impersonate through end too (ADR 017). `until` is when the ban ends (null: until it is
 * lifted); `reason` is shown to them when they try to sign in.
 */
export function banUser(
  target: Target,
  input: { reason: string; until: Date | null },
  admin: ActingAdmin,
  now = Date.now(),
): Promise<{ ok: true; ban: Ban } | Refusal> {
  return withAdminRightsLock(() => applyBan(target, input, admin, now));
}

async function applyBan(
  target: Target,
  input: { reason: string; until: Date | null },
  admin: ActingAdmin,
  now: number,
): Promise<{ ok: true; ban: Ban } | Refusal> {
  const refuse = (refusal: Refusal) => refused(admin, "user.banned", target, refusal);
  if (target.id === admin.id) return refuse({ ok: false, error: "self" });
  if (await isLastAdmin(target.id, "access")) return refuse({ ok: false, error: "last-admin" });
  // better-auth takes a duration in seconds, counted from its own clock a few milliseconds later: one second less, so
  // that the ban never reaches past `until` (it ends within its last two seconds).
  const banExpiresIn = input.until ? Math.max(1, Math.floor((input.until.getTime() - now) / 1000) - 1) : undefined;
  let banned: { banExpires?: Date | string | null };
  try {
    ({ user: banned } = await auth.api.banUser({
      body: { userId: target.id, banReason: input.reason || undefined, banExpiresIn },
      headers: admin.headers,
    }));
  } catch (error) {
    return refuse(refusalOf(error));
  }
  await endImpersonationsBy(target.id);
  const expiresAt = banned.banExpires ? new Date(banned.banExpires) : null;
  await recordAudit(admin.actor, {
    action: "user.banned",
    target: userTarget(target),
    details: { reason: input.reason || null, until: expiresAt?.toISOString() ?? null },
  });
  return { ok: true, ban: { reason: input.reason || null, expiresAt } };
}

/** Lifts a user's ban (better-auth clears the ban, its reason and its end date). */
export async function unbanUser(target: Target, admin: ActingAdmin): Promise<{ ok: true } | Refusal> {
  try {
    await auth.api.unbanUser({ body: { userId: target.id }, headers: admin.headers });
  } catch (error) {
    return refused(admin, "user.unbanned", target, refusalOf(error));
  }
  await recordAudit(admin.actor, { action: "user.unbanned", target: userTarget(target) });
  return { ok: true };
}

/**
 * Starts an impersonation: better-auth makes a session of the user's, marked with the admin's id, for an hour, and
 * keeps the admin's own session aside in its `admin_session` cookie. The cookies returned must reach the browser.
 * better-auth refuses to impersonate an admin (YOU_CANNOT_IMPERSONATE_ADMINS); a banned user cannot be impersonated
 * either (their session could not be created).
 */
export async function impersonateUser(
  target: Target,
  admin: ActingAdmin,
): Promise<{ ok: true; setCookies: string[] } | Refusal> {
  const refuse = (refusal: Refusal) => refused(admin, "impersonation.started", target, refusal);
  if (await getBan({ id: target.id })) return refuse({ ok: false, error: "banned" });
  let setCookies: string[];
  try {
    const { headers } = await auth.api.impersonateUser({
      body: { userId: target.id },
      headers: admin.headers,
      returnHeaders: true,
    });
    setCookies = headers.getSetCookie();
  } catch (error) {
    return refuse(refusalOf(error));
  }
  await recordAudit(admin.actor, { action: "impersonation.started", target: userTarget(target) });
  return { ok: true, setCookies };
}

/**
 * Deletes a user, their sessions and accounts (better-auth's permission check, then the user row: the schema takes
 * the rest along), and the sessions they impersonate through (ADR 017).
 */
export function deleteUser(target: Target, admin: ActingAdmin): Promise<{ ok: true } | Refusal> {
  return withAdminRightsLock(() => applyDeletion(target, admin));
}

async function applyDeletion(target: Target, admin: ActingAdmin): Promise<{ ok: true } | Refusal> {
  const refuse = (refusal: Refusal) => refused(admin, "user.deleted", target, refusal);
  if (target.id === admin.id) return refuse({ ok: false, error: "self" });
  if (await isLastAdmin(target.id, "access")) return refuse({ ok: false, error: "last-admin" });
  const owned = await soleOwnedOrganizations(target.id);
  if (owned.length) return refuse({ ok: false, error: "sole-owner", organizations: owned.map((row) => row.name) });
  // Not better-auth's removeUser: it deletes the sessions and sign-in links before the user row, and the database may
  // then refuse the row (another owner left meanwhile: drizzle/0012_last-owner.sql), leaving the user half deleted.
  // Its permission check, then one statement whose foreign keys take the sessions, links and memberships along.
  try {
    const allowed = await auth.api.userHasPermission({
      headers: admin.headers,
      body: { permissions: { user: ["delete"] } },
    });
    if (!allowed.success) return refuse({ ok: false, error: "auth", code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS" });
  } catch (error) {
    return refuse(refusalOf(error));
  }
  try {
    const removed = await db.delete(user).where(eq(user.id, target.id)).returning({ id: user.id, image: user.image });
    if (removed.length === 0) return refuse({ ok: false, error: "not-found" });
    // The photo goes with the account (ADR 051).
    await removePictureAt(removed[0]?.image);
  } catch (error) {
    if (!isLastOwnerRefusal(error)) throw error;
    const sole = await soleOwnedOrganizations(target.id);
    return refuse({ ok: false, error: "sole-owner", organizations: sole.map((row) => row.name) });
  }
  await endImpersonationsBy(target.id);
  await recordAudit(admin.actor, { action: "user.deleted", target: userTarget(target) });
  return { ok: true };
}
