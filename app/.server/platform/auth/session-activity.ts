// A session's "last active" time, kept by the session middleware (app/.server/web/session.ts) on every request.
import { and, eq, lt } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { session } from "~/.server/platform/db/schema";

/** How often a session's "last active" time is written: at most once per this many milliseconds per session. */
export const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

/**
 * Moves a session's "last active" time to now when it is older than the resolution. better-auth itself writes the
 * session only when it extends it (once a day), which would make "last active" a day late.
 */
export async function touchSession(sessionId: string, updatedAt: Date, now = new Date()): Promise<void> {
  if (now.getTime() - updatedAt.getTime() < LAST_ACTIVE_RESOLUTION_MS) return;
  await db
    .update(session)
    .set({ updatedAt: now })
    .where(and(eq(session.id, sessionId), lt(session.updatedAt, new Date(now.getTime() - LAST_ACTIVE_RESOLUTION_MS))));
}
