// The passwordless sign-in journey with sign-up on, against a real SMTP server. App modules are imported only after
// SMTP_URL points at the sink, because the environment is read once per test file.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import en from "../locales/en/translation";
import fr from "../locales/fr/translation";
import { SmtpSink } from "../../tests/support/smtp-sink";
import { user, verification } from "./db/schema";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
const { sendSignInCode, signOut, verifySignInCode } = await import("./sign-in");
const { auth } = await import("./auth/auth");
const { db } = await import("./db/client");

afterAll(() => sink.stop());

let clients = 0;
/** Each test is a different visitor, so the per-client limits of one test never touch another. */
const visitor = (language = "en") => ({ headers: new Headers(), client: `203.0.113.${++clients}`, language });

async function requestCode(email: string, caller = visitor()) {
  const since = Date.now();
  expect(await sendSignInCode(email, caller)).toEqual({ ok: true });
  return sink.waitForCode(email, { since });
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]).join("; ");

describe("signing in with a code sent by e-mail", () => {
  it("mails a 6-digit code to a new address and signs the visitor up with it", async () => {
    const caller = visitor();
    const since = Date.now();
    expect(await sendSignInCode("New.Person@Example.com ", caller)).toEqual({ ok: true });
    const email = await sink.waitForEmail("new.person@example.com", { since });
    const code = email.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(email.text).toContain(en.email.signInCode.intro);

    const result = await verifySignInCode("new.person@example.com", code!, caller);
    expect(result).toMatchObject({ ok: true, user: { email: "new.person@example.com", onboardedAt: null } });
    if (!result.ok) return;
    expect(result.setCookies.join("\n")).toContain("session_token");
  });

  it("accepts a code only once", async () => {
    const caller = visitor();
    const code = await requestCode("once@example.com", caller);
    expect((await verifySignInCode("once@example.com", code, caller)).ok).toBe(true);
    expect(await verifySignInCode("once@example.com", code, caller)).toEqual({ ok: false, reason: "invalid" });
  });

  it("locks a code after three wrong tries, until a new one is sent", async () => {
    const caller = visitor();
    const code = await requestCode("clumsy@example.com", caller);
    const reasons = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await verifySignInCode("clumsy@example.com", wrongCode(code), caller);
      reasons.push(result.ok ? "ok" : result.reason);
    }
    expect(reasons).toEqual(["invalid", "invalid", "exhausted"]);
    const withRightCode = await verifySignInCode("clumsy@example.com", code, caller);
    expect(withRightCode.ok).toBe(false);
    if (!withRightCode.ok) expect(["exhausted", "invalid"]).toContain(withRightCode.reason);

    const newCode = await requestCode("clumsy@example.com", caller);
    expect(await verifySignInCode("clumsy@example.com", wrongCode(newCode), caller)).toEqual({ ok: false, reason: "invalid" });
    expect((await verifySignInCode("clumsy@example.com", newCode, caller)).ok).toBe(true);
  });

  it("says when a code has run out", async () => {
    const caller = visitor();
    const code = await requestCode("slow@example.com", caller);
    const expired = await db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, "sign-in-otp-slow@example.com")).returning();
    expect(expired).toHaveLength(1);
    expect(await verifySignInCode("slow@example.com", code, caller)).toEqual({ ok: false, reason: "expired" });
  });

  it("writes the e-mail in the visitor's language", async () => {
    const since = Date.now();
    await sendSignInCode("francoise@example.com", visitor("fr"));
    const email = await sink.waitForEmail("francoise@example.com", { since });
    expect(email.text).toContain(fr.email.signInCode.intro);
    expect(email.text).not.toContain(en.email.signInCode.intro);
    expect(email.raw).toContain("Votre code de connexion Groundwork");
    expect(email.raw).not.toContain("Your Groundwork sign-in code");
  });

  it("refuses a fourth code for one address within ten minutes", async () => {
    for (let send = 0; send < 3; send++) expect(await sendSignInCode("eager@example.com", visitor())).toEqual({ ok: true });
    const fourth = await sendSignInCode("EAGER@example.com", visitor());
    expect(fourth).toMatchObject({ ok: false, reason: "rate-limited" });
    if (fourth.ok) return;
    expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
    expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it("tells a banned person they are banned instead of signing them in", async () => {
    const caller = visitor();
    const first = await requestCode("banned@example.com", caller);
    expect((await verifySignInCode("banned@example.com", first, caller)).ok).toBe(true);
    await db.update(user).set({ banned: true }).where(eq(user.email, "banned@example.com"));

    const code = await requestCode("banned@example.com", caller);
    expect(await verifySignInCode("banned@example.com", code, caller)).toEqual({ ok: false, reason: "banned" });
  });

  it("ends the session on sign-out", async () => {
    const caller = visitor();
    const code = await requestCode("leaving@example.com", caller);
    const result = await verifySignInCode("leaving@example.com", code, caller);
    if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
    const headers = new Headers({ cookie: cookieHeader(result.setCookies) });
    expect((await auth.api.getSession({ headers }))?.user.email).toBe("leaving@example.com");

    const cleared = await signOut(headers);
    expect(cleared.join("\n")).toContain("session_token");
    expect(await auth.api.getSession({ headers })).toBeNull();
  });
});
