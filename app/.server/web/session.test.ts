// The session guard of every request (ADR 010): a banned user is signed out at once, whatever wrote the ban, and
// pages for a signed-in person are never cached.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { auth } from "~/.server/platform/auth/auth";
import { db } from "~/.server/platform/db/client";
import { session, user } from "~/.server/platform/db/schema";
import { signedInAs } from "../../../tests/support/sessions";
import { getSession, sessionMiddleware } from "./session";

async function visit(cookie: string | null) {
  const context = new RouterContextProvider();
  const request = new Request(`${process.env.APP_URL}/app`, { headers: cookie === null ? {} : { Cookie: cookie } });
  const response = (await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: "/app" } as never,
    async () => new Response("page"),
  )) as Response;
  return { session: getSession(context), response };
}

const sessionsOf = (userId: string) => db.select().from(session).where(eq(session.userId, userId));

describe("the session guard", () => {
  it("lets a signed-in person through and forbids caching their pages", async () => {
    const { cookie } = await signedInAs("reader@example.com");
    const { session: current, response } = await visit(cookie);
    expect(current?.user.email).toBe("reader@example.com");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("finds nobody for a request without cookies, and leaves its page's caching alone", async () => {
    await signedInAs("present@example.com");
    for (const cookie of [null, "theme=ImRhcmsi"]) {
      const { session: current, response } = await visit(cookie);
      expect(current).toBeNull();
      expect(response.headers.get("Cache-Control")).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("signs out a user banned straight in the table, ends all their sessions and clears the cookie", async () => {
    const { userId, cookie } = await signedInAs("rogue@example.com");
    const other = await signedInAs("rogue@example.com");
    expect(await sessionsOf(userId)).toHaveLength(2);
    await db.update(user).set({ banned: true }).where(eq(user.id, userId));

    const { session: current, response } = await visit(cookie);
    expect(current).toBeNull();
    expect(response.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/);
    expect(await sessionsOf(userId)).toHaveLength(0);
    expect((await visit(other.cookie)).session, "the other device is signed out too").toBeNull();
  });

  it("does not extend a banned user's session", async () => {
    const { userId, cookie } = await signedInAs("stale@example.com");
    // A session due for its daily refresh: better-auth would push it 30 days on.
    await db
      .update(session)
      .set({ updatedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, userId));
    await db.update(user).set({ banned: true }).where(eq(user.id, userId));
    const { response } = await visit(cookie);
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/session_token=[^;]+;.*Max-Age=2592000/);
    expect(await sessionsOf(userId)).toHaveLength(0);
  });

  it("lets a user whose ban has ended back in", async () => {
    const { userId, cookie } = await signedInAs("pardoned@example.com");
    await db
      .update(user)
      .set({ banned: true, banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.id, userId));
    expect((await visit(cookie)).session?.user.email).toBe("pardoned@example.com");
  });

  it("ends every session when a ban is written through better-auth", async () => {
    const { userId } = await signedInAs("banned-by-api@example.com");
    const context = await auth.$context;
    await context.internalAdapter.updateUser(userId, { banned: true, banReason: "spam" });
    expect(await sessionsOf(userId)).toHaveLength(0);
  });
});
