// Under https every cookie is Secure and the session cookie is `__Host-` (ADR 010): no subdomain can set or shadow it.
import { describe, expect, it } from "vitest";

process.env.APP_URL = "https://groundwork.example";
const { auth, SESSION_COOKIE } = await import("~/.server/platform/auth/auth");
const { pendingSignInCookie, rememberDeviceCookie } = await import("./sign-in-cookies");
const { languageCookie } = await import("./i18n");
const { themeCookie } = await import("./theme");
const { readSession } = await import("~/.server/platform/auth/session-read");
const { signedInAs } = await import("../../../tests/support/sessions");

describe("cookies under https", () => {
  it("names the session cookie __Host- and marks every better-auth cookie Secure", async () => {
    const context = await auth.$context;
    expect(SESSION_COOKIE).toBe("__Host-better-auth.session_token");
    expect(context.authCookies.sessionToken.name).toBe(SESSION_COOKIE);
    expect(context.authCookies.sessionToken.attributes).toMatchObject({ secure: true, path: "/", httpOnly: true });
    expect(context.authCookies.sessionToken.attributes).not.toHaveProperty("domain");
    expect(context.createAuthCookie("state").attributes.secure).toBe(true);
  });

  it("marks our own cookies Secure, the sign-in ones __Host-", async () => {
    const pending = await pendingSignInCookie("attempt", "a@example.com");
    const device = await rememberDeviceCookie(new Request("https://groundwork.example/login"), "a@example.com");
    for (const cookie of [pending, device]) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
    }
    expect(await languageCookie.serialize("fr")).toMatch(/; Secure/);
    expect(await themeCookie.serialize("dark")).toMatch(/; Secure/);
  });

  it("reads the __Host- session cookie, and no cookie of the unprefixed name", async () => {
    const { cookie } = await signedInAs("secure-reader@example.com");
    expect(cookie).toMatch(/^__Host-better-auth\.session_token=/);
    expect((await readSession(new Headers({ Cookie: cookie }))).session?.user.email).toBe("secure-reader@example.com");
    const unprefixed = cookie.replace(/^__Host-/, "");
    expect((await readSession(new Headers({ Cookie: unprefixed }))).session).toBeNull();
  });
});
