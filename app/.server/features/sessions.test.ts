import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { LAST_ACTIVE_RESOLUTION_MS, touchSession } from "~/.server/platform/auth/session-activity";
import { db } from "~/.server/platform/db/client";
import { session, user } from "~/.server/platform/db/schema";
import { signedInAs } from "../../../tests/support/sessions";
import {
  describeUserAgent,
  listSessions,
  revokeAllUserSessions,
  revokeOtherOwnSessions,
  revokeOwnSession,
  revokeUserSession,
} from "./sessions";

const actor = { user: null, ip: "198.51.100.1" };
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function sessionsOf(email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return db.select().from(session).where(eq(session.userId, row!.id));
}

describe("reading a user agent", () => {
  it("names the device, the browser (major version) and the system", () => {
    expect(describeUserAgent(FIREFOX)).toEqual({ device: "desktop", browser: "Firefox 128", os: "Windows 10" });
    expect(describeUserAgent(IPHONE)).toEqual({ device: "mobile", browser: "Safari 17", os: "iOS 17.4" });
  });

  it("says nothing it cannot read, whatever it is given", () => {
    expect(describeUserAgent(null)).toEqual({ device: "unknown", browser: "", os: "" });
    expect(describeUserAgent("curl/8.5.0")).toMatchObject({ device: "unknown" });
    expect(() => describeUserAgent("\u0000".repeat(100_000))).not.toThrow();
  });
});

describe("a user's sessions", () => {
  it("lists those in force, the current one marked, never a token", async () => {
    const me = await signedInAs("sessions-list@example.test");
    await signedInAs("sessions-list@example.test");
    const [mine, other] = await sessionsOf("sessions-list@example.test");
    await db.update(session).set({ userAgent: FIREFOX, ipAddress: "203.0.113.9" }).where(eq(session.id, mine!.id));
    await signedInAs("someone-else@example.test");
    const expired = await signedInAs("sessions-list@example.test");
    expect(expired.userId).toBe(me.userId);
    const all = await sessionsOf("sessions-list@example.test");
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, all.at(-1)!.id));

    const listed = await listSessions(me.userId, mine!.id);
    expect(listed.map((item) => item.id).sort()).toEqual([mine!.id, other!.id].sort());
    expect(listed.find((item) => item.id === mine!.id)).toMatchObject({
      current: true,
      device: "desktop",
      browser: "Firefox 128",
      ip: "203.0.113.9",
    });
    expect(JSON.stringify(listed)).not.toContain(mine!.token);
    expect(JSON.stringify(listed)).not.toContain("token");
  });

  it("writes the last-active time at most once per resolution", async () => {
    const me = await signedInAs("sessions-touch@example.test");
    const [row] = await sessionsOf("sessions-touch@example.test");
    const soon = new Date(row!.updatedAt.getTime() + LAST_ACTIVE_RESOLUTION_MS / 2);
    await touchSession(row!.id, row!.updatedAt, soon);
    expect((await listSessions(me.userId))[0]!.lastActiveAt).toBe(row!.updatedAt.toISOString());
    const later = new Date(row!.updatedAt.getTime() + LAST_ACTIVE_RESOLUTION_MS + 1000);
    await touchSession(row!.id, row!.updatedAt, later);
    expect((await listSessions(me.userId))[0]!.lastActiveAt).toBe(later.toISOString());
  });

  it("lets a user end their other sessions, never the current one nor someone else's", async () => {
    const me = await signedInAs("sessions-own@example.test");
    await signedInAs("sessions-own@example.test");
    await signedInAs("sessions-own@example.test");
    const stranger = await signedInAs("sessions-stranger@example.test");
    const [current, second, third] = await sessionsOf("sessions-own@example.test");
    const [theirs] = await sessionsOf("sessions-stranger@example.test");
    const caller = { headers: new Headers({ cookie: me.cookie }), actor };
    const target = { id: me.userId, email: "sessions-own@example.test", currentSessionId: current!.id };
    // The cookie of `me` is the first session made.
    expect(current!.token).toBe(me.cookie.split("=")[1]!.split(".")[0]);

    expect(await revokeOwnSession(target, current!.id, caller)).toBe(false);
    expect(await revokeOwnSession(target, theirs!.id, caller)).toBe(false);
    expect(await revokeOwnSession(target, second!.id, caller)).toBe(true);
    expect((await sessionsOf("sessions-own@example.test")).map((row) => row.id).sort()).toEqual(
      [current!.id, third!.id].sort(),
    );
    await revokeOtherOwnSessions(target, caller);
    expect((await sessionsOf("sessions-own@example.test")).map((row) => row.id)).toEqual([current!.id]);
    expect(await sessionsOf("sessions-stranger@example.test")).toHaveLength(1);
    expect(stranger.userId).not.toBe(me.userId);
  });

  it("lets an admin end one or all of a user's sessions through the admin plugin", async () => {
    const admin = await signedInAs("sessions-admin@example.test");
    await db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
    const target = await signedInAs("sessions-target@example.test");
    await signedInAs("sessions-target@example.test");
    const [first] = await sessionsOf("sessions-target@example.test");
    const by = { headers: new Headers({ cookie: admin.cookie }), actor };
    const who = { id: target.userId, email: "sessions-target@example.test" };

    expect(await revokeUserSession(who, "no-such-session", by)).toBe(false);
    expect(await revokeUserSession(who, first!.id, by)).toBe(true);
    expect(await sessionsOf("sessions-target@example.test")).toHaveLength(1);
    await revokeAllUserSessions(who, by);
    expect(await sessionsOf("sessions-target@example.test")).toHaveLength(0);
  });

  it("refuses a revocation by someone who is not an admin", async () => {
    const notAdmin = await signedInAs("sessions-user@example.test");
    await signedInAs("sessions-victim@example.test");
    const [victim] = await sessionsOf("sessions-victim@example.test");
    const by = { headers: new Headers({ cookie: notAdmin.cookie }), actor };
    await expect(
      revokeUserSession({ id: victim!.userId, email: "sessions-victim@example.test" }, victim!.id, by),
    ).rejects.toThrow();
    expect(await sessionsOf("sessions-victim@example.test")).toHaveLength(1);
  });
});
