// Reading the session of a request (ADR 036). Most requests only need to know whose session their cookie names:
// that is a signature check and one query, done here. Whatever may write (an expired session to delete, a session
// due for its sliding refresh, better-auth's other session cookies to clear) is left to better-auth's getSession,
// so the session rules stay better-auth's.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";

import { primaryDb, syncReplica } from "~/.server/platform/db/client";
import { session, user } from "~/.server/platform/db/schema";
import { auth, type Session } from "./auth";

const { secret, sessionConfig, authCookies } = await auth.$context;

const sessionCookie = authCookies.sessionToken.name;
/** The cookies that make better-auth write: a session-data cookie to clear, or "don't remember me". */
const writingCookies = [authCookies.sessionData.name, authCookies.dontRememberToken.name];

// Read from the primary, never an embedded replica: a sign-out, a revoked session, a ban or a role change made on
// another instance counts from the very next request (ADR 050).
const sessionByToken = primaryDb
  .select({ session, user })
  .from(session)
  .innerJoin(user, eq(user.id, session.userId))
  .where(eq(session.token, sql.placeholder("token")))
  .limit(1)
  .prepare();

/** The admin behind an impersonation session, as the session guard judges them (web/session.ts, ADR 017). */
export type Impersonator = Pick<typeof user.$inferSelect, "id" | "role" | "banned" | "banExpires">;

const impersonatorById = primaryDb
  .select({ id: user.id, role: user.role, banned: user.banned, banExpires: user.banExpires })
  .from(user)
  .where(eq(user.id, sql.placeholder("id")))
  .limit(1)
  .prepare();

/**
 * The admin behind a session that is an impersonation (null when that user is gone, or for any other session). Read
 * apart, for impersonation sessions only: joined into the session query, their columns made every read slower
 * (ADR 017).
 */
async function impersonatorOf(found: Session | null): Promise<Impersonator | null> {
  const id = found?.session.impersonatedBy;
  if (!id) return null;
  const [row] = await impersonatorById.all({ id });
  return row ?? null;
}

/** A cookie's value as better-auth reads it: the first of that name, quotes taken off, percent-decoded. */
function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    let value = pair.slice(at + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** A signature as better-auth takes it: 32 bytes in standard base64, which `atob` decodes strictly. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The session token of a signed cookie value (`token.base64(HMAC-SHA256(secret, token))`), or null. */
function verifiedToken(value: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  return timingSafeEqual(Buffer.from(signature, "base64"), expected) ? token : null;
}

/** Whether better-auth would refresh this session now: a day (updateAge) has passed since it was last extended. */
const refreshDue = (expiresAt: Date, now: number) =>
  expiresAt.getTime() - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;

/**
 * The session a request's cookies name, and the Set-Cookie headers to answer with. A valid, live session that needs
 * no refresh is read here; every other case goes through better-auth, whose answer this is anyway. For an
 * impersonation session, `impersonator` is the admin behind it (null when that user is gone).
 */
export async function readSession(
  headers: Headers,
): Promise<{ session: Session | null; setCookies: string[]; impersonator: Impersonator | null }> {
  const cookies = headers.get("Cookie") ?? "";
  if (!writingCookies.some((name) => cookies.includes(name))) {
    const value = cookieValue(cookies, sessionCookie);
    const token = value === null ? null : verifiedToken(value);
    if (token === null) return { session: null, setCookies: [], impersonator: null };
    const [found] = await sessionByToken.all({ token });
    const now = Date.now();
    if (found && found.session.expiresAt.getTime() > now && !refreshDue(found.session.expiresAt, now))
      return { session: found, setCookies: [], impersonator: await impersonatorOf(found) };
  }
  // better-auth reads through the app's connection: with a replica, first brought up to the primary (ADR 050).
  await syncReplica();
  const result = await auth.api.getSession({ headers, returnHeaders: true });
  return {
    session: result.response,
    setCookies: result.headers.getSetCookie(),
    impersonator: await impersonatorOf(result.response),
  };
}
