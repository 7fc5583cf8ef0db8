// better-auth's database hooks for users (ADR 010): whichever path writes a user through better-auth (an endpoint, an
// `auth.api.*` call, the GitHub sign-up), the same rules as our forms hold. The table's triggers (drizzle/0005) bound
// sizes for every other writer.
import type { BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { desc, eq } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { member, session } from "~/.server/platform/db/schema";
import { personNameField } from "~/lib/schemas/sign-in";

const USER_IMAGE_MAX_LENGTH = 2048;

const personName = personNameField;

/** A name from outside (a GitHub profile) that breaks our rules is dropped: onboarding then asks for one. */
function acceptableName(name: unknown): string {
  if (typeof name !== "string" || name.trim() === "") return "";
  const parsed = personName.safeParse(name);
  return parsed.success ? parsed.data : "";
}

/** A picture is an http(s) address of bounded length, or nothing. */
function acceptableImage(image: unknown): string | null {
  if (typeof image !== "string" || image.length > USER_IMAGE_MAX_LENGTH) return null;
  try {
    const url = new URL(image);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

const refuse = () => APIError.from("BAD_REQUEST", { message: "Name is invalid", code: "FAILED_TO_UPDATE_USER" });

export const userHooks = {
  user: {
    create: {
      async before(user) {
        return { data: { ...user, name: acceptableName(user.name), image: acceptableImage(user.image) } };
      },
    },
    update: {
      async before(changes) {
        if ("image" in changes && changes.image != null && acceptableImage(changes.image) === null) throw refuse();
        if (!("name" in changes)) return { data: changes };
        const name = personName.safeParse(changes.name);
        if (!name.success) throw refuse();
        // Stored as the form would store it: composed (NFC) and trimmed.
        return { data: { ...changes, name: name.data } };
      },
      // A ban ends every session of the user at once, whichever path wrote it (the session guard also refuses a
      // banned user's cookie, for bans written straight to the table).
      async after(user) {
        if (user.banned) await db.delete(session).where(eq(session.userId, user.id));
      },
    },
  },
  session: {
    create: {
      // A new session starts in the organization the person joined last, so the switcher and the organization pages
      // name one instead of "No organization" while the person belongs to some.
      async before(newSession) {
        if (newSession.activeOrganizationId) return { data: newSession };
        const [latest] = await db
          .select({ organizationId: member.organizationId })
          .from(member)
          .where(eq(member.userId, newSession.userId))
          .orderBy(desc(member.createdAt))
          .limit(1);
        return { data: { ...newSession, activeOrganizationId: latest?.organizationId ?? null } };
      },
    },
  },
} satisfies BetterAuthOptions["databaseHooks"];
