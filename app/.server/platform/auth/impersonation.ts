// Ending the impersonations of an admin (ADR 017): an impersonation session lasts only while the admin behind it may
// impersonate. Called where an admin loses that right (a ban, a demotion, a deletion) and by the session middleware
// (app/.server/web/session.ts), which finds one whose admin no longer may, whatever changed them.
import { eq } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { session } from "~/.server/platform/db/schema";

/** Ends every session an admin impersonates through. Returns how many ended. */
export async function endImpersonationsBy(adminId: string): Promise<number> {
  const ended = await db.delete(session).where(eq(session.impersonatedBy, adminId)).returning({ id: session.id });
  return ended.length;
}
