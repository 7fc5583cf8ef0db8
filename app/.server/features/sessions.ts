// A user's sessions, as the account page and the manager's user detail show them: where and when each one signed
// in, never its token. Revocations go through better-auth (its admin plugin for an admin, its session endpoints for
// the user themselves), so its own invariants and cookies hold (docs/architecture.md).
import { parse as parseUserAgent } from "bowser";
import { and, desc, eq, gt } from "drizzle-orm";

import { auth } from "~/.server/platform/auth/auth";
import { db } from "~/.server/platform/db/client";
import { session } from "~/.server/platform/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import type { DeviceType, SessionView } from "~/lib/session-view";

const DEVICE_TYPES: readonly DeviceType[] = ["desktop", "mobile", "tablet", "tv"];

/** Device, browser and system read from a user agent with bowser (MIT); whatever it cannot read stays empty. */
export function describeUserAgent(
  userAgent: string | null | undefined,
): Pick<SessionView, "device" | "browser" | "os"> {
  if (!userAgent) return { device: "unknown", browser: "", os: "" };
  const parsed = parseUserAgent(userAgent.slice(0, 1024));
  const major = parsed.browser.version?.split(".")[0];
  const type = parsed.platform.type as DeviceType | undefined;
  return {
    device: type && DEVICE_TYPES.includes(type) ? type : "unknown",
    browser: [parsed.browser.name, major].filter(Boolean).join(" "),
    os: [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" "),
  };
}

/**
 * The user's sessions still in force, the most recently active first; `currentSessionId` marks the caller's own. An
 * admin's impersonation is a session of the user's opened from the admin's browser: the user themselves (`viewer`
 * "owner": the account page, the export) sees that it exists and when, not the admin's address or browser (ADR 015).
 */
export async function listSessions(
  userId: string,
  currentSessionId?: string | null,
  viewer: "owner" | "admin" = "owner",
): Promise<SessionView[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      impersonatedBy: session.impersonatedBy,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
    .limit(100);
  return rows.map((row) => {
    const hidden = viewer === "owner" && Boolean(row.impersonatedBy);
    return {
      id: row.id,
      ...describeUserAgent(hidden ? null : row.userAgent),
      ip: hidden ? null : row.ipAddress || null,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === currentSessionId,
      impersonated: Boolean(row.impersonatedBy),
    };
  });
}

async function tokenOf(userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .limit(1);
  return row?.token ?? null;
}

type Target = { id: string; email: string };

/** The audit entry of a revocation: whose sessions, and which one ("all", "others", or its id). */
function recordRevocation(actor: AuditActor, target: Target, which: string) {
  return recordAudit(actor, {
    action: "session.revoked",
    target: { type: "user", id: target.id, label: target.email },
    details: { session: which },
  });
}

/**
 * An admin ends one of a user's sessions (better-auth's admin plugin: `session: ["revoke"]`). False when the session
 * is not that user's, or is already gone.
 */
export async function revokeUserSession(
  target: Target,
  sessionId: string,
  admin: { headers: Headers; actor: AuditActor },
): Promise<boolean> {
  const token = await tokenOf(target.id, sessionId);
  if (!token) return false;
  await auth.api.revokeUserSession({ body: { sessionToken: token }, headers: admin.headers });
  await recordRevocation(admin.actor, target, sessionId);
  return true;
}

/** An admin ends every session of a user (better-auth's admin plugin). */
export async function revokeAllUserSessions(target: Target, admin: { headers: Headers; actor: AuditActor }) {
  await auth.api.revokeUserSessions({ body: { userId: target.id }, headers: admin.headers });
  await recordRevocation(admin.actor, target, "all");
}

/**
 * A user ends one of their own other sessions (better-auth's `revokeSession`). The current one is not revoked here:
 * that is signing out. False when the session is not theirs, is the current one, or is already gone.
 */
export async function revokeOwnSession(
  me: Target & { currentSessionId: string },
  sessionId: string,
  caller: { headers: Headers; actor: AuditActor },
): Promise<boolean> {
  if (sessionId === me.currentSessionId) return false;
  const token = await tokenOf(me.id, sessionId);
  if (!token) return false;
  await auth.api.revokeSession({ body: { token }, headers: caller.headers });
  await recordRevocation(caller.actor, me, sessionId);
  return true;
}

/** A user ends every session of theirs but this one (better-auth's `revokeOtherSessions`). */
export async function revokeOtherOwnSessions(me: Target, caller: { headers: Headers; actor: AuditActor }) {
  await auth.api.revokeOtherSessions({ headers: caller.headers });
  await recordRevocation(caller.actor, me, "others");
}
