// Reading a request's session (ADR 036): whatever the cookies, the answer is the one better-auth's getSession gives,
// and only the requests that need nothing written are answered without it.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { db } from "~/.server/platform/db/client";
import { organization, session, user } from "~/.server/platform/db/schema";
import { signedInAs } from "../../../../tests/support/sessions";
import { auth, SESSION_COOKIE } from "./auth";
import { readSession } from "./session-read";

const DAY = 24 * 60 * 60 * 1000;

const headersWith = (cookie: string) => new Headers({ Cookie: cookie });

/** What better-auth's own getSession answers for these cookies. */
async function betterAuthAnswer(cookie: string) {
  const result = await auth.api.getSession({ headers: headersWith(cookie), returnHeaders: true });
  return { session: result.response, setCookies: result.headers.getSetCookie() };
}

/** Our answer, and whether better-auth was asked for it. */
async function ourAnswer(cookie: string) {
  const getSession = vi.spyOn(auth.api, "getSession");
  const answer = await readSession(headersWith(cookie));
  const askedBetterAuth = getSession.mock.calls.length > 0;
  getSession.mockRestore();
  return { ...answer, askedBetterAuth };
}

const tokenCookie = (cookie: string) => cookie.split("; ").find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))!;
const signedValue = (cookie: string) => decodeURIComponent(tokenCookie(cookie).slice(SESSION_COOKIE.length + 1));
const sessionRow = async (userId: string) => (await db.select().from(session).where(eq(session.userId, userId)))[0];

afterEach(() => vi.restoreAllMocks());

describe("reading a request's session", () => {
  it("reads a live session itself, exactly as better-auth would", async () => {
    const { cookie } = await signedInAs("reader-one@example.com");
    const ours = await ourAnswer(cookie);
    expect(ours.askedBetterAuth).toBe(false);
    expect(ours.session?.user.email).toBe("reader-one@example.com");
    expect({ session: ours.session, setCookies: ours.setCookies }).toEqual(await betterAuthAnswer(cookie));
  });

  it("gives every field better-auth gives: role, ban, onboarding, impersonation, active organization and team", async () => {
    const { userId, cookie } = await signedInAs("reader-fields@example.com");
    const [org] = await db
      .insert(organization)
      .values({ id: "org-read", name: "Read", slug: "read-org", createdAt: new Date() })
      .returning();
    await db
      .update(user)
      .set({ role: "admin", banned: false, banReason: "earlier", banExpires: new Date(Date.now() - DAY) })
      .where(eq(user.id, userId));
    await db
      .update(user)
      .set({ onboardedAt: new Date(Date.now() - 1000), image: "https://example.com/a.png" })
      .where(eq(user.id, userId));
    await db
      .update(session)
      .set({ impersonatedBy: userId, activeOrganizationId: org!.id, activeTeamId: "team-read" })
      .where(eq(session.userId, userId));
    const ours = await ourAnswer(cookie);
    expect(ours.askedBetterAuth).toBe(false);
    expect(ours.session?.session).toMatchObject({ impersonatedBy: userId, activeOrganizationId: "org-read" });
    expect(ours.session?.user).toMatchObject({ role: "admin", banReason: "earlier" });
    expect({ session: ours.session, setCookies: ours.setCookies }).toEqual(await betterAuthAnswer(cookie));
  });

  it("finds nobody for a cookie that is missing, unsigned, tampered with or signed with another secret", async () => {
    const { cookie } = await signedInAs("reader-forged@example.com");
    const value = signedValue(cookie);
    const token = value.slice(0, value.lastIndexOf("."));
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const otherSignature = Buffer.from("x".repeat(32)).toString("base64");
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const cookies = [
      "theme=dark",
      `${SESSION_COOKIE}=`,
      `${SESSION_COOKIE}=${token}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${flipped}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${otherSignature}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}x.${signature}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature.replace("=", "")}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`.${signature}`)}`,
      `${SESSION_COOKIE}=%E0%A4%A`,
      // Only the first cookie of the name counts, even when a valid one follows.
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${flipped}`)}; ${tokenCookie(cookie)}`,
      // Other names, however close.
      `__Host-${tokenCookie(cookie)}`,
      `x${tokenCookie(cookie)}`,
      `${tokenCookie(cookie).replace("=", "x=")}`,
    ];
    for (const forged of cookies) {
      const ours = await ourAnswer(forged);
      expect(ours.session, forged).toBeNull();
      expect(ours.askedBetterAuth, forged).toBe(false);
      expect({ session: ours.session, setCookies: ours.setCookies }, forged).toEqual(await betterAuthAnswer(forged));
    }
  });

  it("takes the spellings of a signature better-auth takes, and only those", async () => {
    // Two spellings that decode to the same bytes: the last character's two spare bits (standard base64 ignores them,
    // so better-auth takes it), and the URL-safe alphabet (which better-auth refuses).
    let signed = await signedInAs("reader-spelling@example.com");
    for (let attempt = 0; !/[+/]/.test(signedValue(signed.cookie)) && attempt < 20; attempt++)
      signed = await signedInAs(`reader-spelling-${attempt}@example.com`);
    const value = signedValue(signed.cookie);
    const at = value.length - 2;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const spareBitsSet = `${value.slice(0, at)}${alphabet[alphabet.indexOf(value[at]!) ^ 1]}=`;
    const urlSafe = value.replace(/\+/g, "-").replace(/\//g, "_");
    expect(urlSafe).not.toBe(value);
    const spellings = [spareBitsSet, urlSafe].map((spelling) => `${SESSION_COOKIE}=${encodeURIComponent(spelling)}`);
    const spare = await ourAnswer(spellings[0]!);
    const url = await ourAnswer(spellings[1]!);
    expect(spare.session?.session.token).toBe(value.slice(0, value.lastIndexOf(".")));
    expect(url.session).toBeNull();
    for (const [index, spelling] of spellings.entries()) {
      const ours = index === 0 ? spare : url;
      expect(ours.askedBetterAuth, spelling).toBe(false);
      expect({ session: ours.session, setCookies: ours.setCookies }, spelling).toEqual(
        await betterAuthAnswer(spelling),
      );
    }
  });

  it("reads the cookie as better-auth does: the first of its name, in quotes or not, among others", async () => {
    const { cookie } = await signedInAs("reader-parse@example.com");
    const other = await signedInAs("reader-parse-other@example.com");
    const raw = tokenCookie(cookie);
    const variants = [
      `theme=dark; ${raw}; lang=fr`,
      `${SESSION_COOKIE}="${raw.slice(SESSION_COOKIE.length + 1)}"`,
      `${raw}; ${tokenCookie(other.cookie)}`,
      ` ${raw} ;x=1`,
    ];
    for (const variant of variants) {
      const ours = await ourAnswer(variant);
      expect(ours.session?.user.email, variant).toBe("reader-parse@example.com");
      expect({ session: ours.session, setCookies: ours.setCookies }, variant).toEqual(await betterAuthAnswer(variant));
    }
  });

  it("leaves a session that no longer exists to better-auth, which clears its cookie", async () => {
    const { userId, cookie } = await signedInAs("reader-gone@example.com");
    await db.delete(session).where(eq(session.userId, userId));
    const ours = await ourAnswer(cookie);
    expect(ours.askedBetterAuth).toBe(true);
    expect(ours.session).toBeNull();
    expect(ours.setCookies.join("\n")).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
  });

  it("leaves an expired session to better-auth, which deletes it and clears its cookie", async () => {
    const { userId, cookie } = await signedInAs("reader-expired@example.com");
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, userId));
    const ours = await ourAnswer(cookie);
    expect(ours.askedBetterAuth).toBe(true);
    expect(ours.session).toBeNull();
    expect(ours.setCookies.join("\n")).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(await sessionRow(userId)).toBeUndefined();
  });

  it("leaves a session due for its daily refresh to better-auth, which extends it and renews the cookie", async () => {
    const { userId, cookie } = await signedInAs("reader-refresh@example.com");
    // Extended 25 hours ago: better-auth refreshes a session once a day (updateAge).
    const extendedAt = Date.now() - 25 * 60 * 60 * 1000;
    await db
      .update(session)
      .set({ expiresAt: new Date(extendedAt + 30 * DAY) })
      .where(eq(session.userId, userId));
    const ours = await ourAnswer(cookie);
    expect(ours.askedBetterAuth).toBe(true);
    expect(ours.session?.user.email).toBe("reader-refresh@example.com");
    expect(ours.setCookies.join("\n")).toMatch(new RegExp(`${SESSION_COOKIE}=[^;]+;.*Max-Age=2592000`));
    expect((await sessionRow(userId))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);

    const extendedYesterday = await signedInAs("reader-fresh@example.com");
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 23 * 60 * 60 * 1000 + 30 * DAY) })
      .where(eq(session.userId, extendedYesterday.userId));
    expect((await ourAnswer(extendedYesterday.cookie)).askedBetterAuth, "extended 23 hours ago").toBe(false);
  });

  it("leaves better-auth's other session cookies to better-auth: a stale session-data cookie is cleared", async () => {
    const { cookie } = await signedInAs("reader-data@example.com");
    const withData = `${cookie}; better-auth.session_data=stale`;
    const ours = await ourAnswer(withData);
    expect(ours.askedBetterAuth).toBe(true);
    expect(ours.session?.user.email).toBe("reader-data@example.com");
    expect(ours.setCookies.join("\n")).toMatch(/better-auth\.session_data=;.*Max-Age=0/);
    expect((await ourAnswer(`${cookie}; better-auth.dont_remember=x`)).askedBetterAuth).toBe(true);
  });
});
