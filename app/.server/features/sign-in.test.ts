// The passwordless sign-in journey with sign-up on, against a real SMTP server. App modules are imported only after
// SMTP_URL points at the sink, because the environment is read once per test file.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";

import { signInCode, user } from "~/.server/platform/db/schema";
import en from "~/locales/en/translation";
import fr from "~/locales/fr/translation";
import { auditActorOfBrowser, codeBrowser, codePages } from "../../../tests/support/code-browser";
import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
const { sendSignInCode, signOut, verifySignInCode } = await import("./sign-in");
const { auth, SIGN_IN_CODE_ATTEMPTS } = await import("~/.server/platform/auth/auth");
const { MAX_GUESSES_PER_ADDRESS_PER_DAY } = await import("./sign-in");
const { rateLimits } = await import("~/.server/platform/security/rate-limit");
const { db } = await import("~/.server/platform/db/client");

afterAll(() => sink.stop());

const visitor = (language = "en") => codeBrowser("203.0.113", language);
const { send, verify } = codePages({ sendSignInCode, verifySignInCode });

async function requestCode(email: string, browser = visitor()) {
  const since = Date.now();
  expect(await send(email, browser)).toMatchObject({ ok: true });
  return sink.waitForCode(email, { since });
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]).join("; ");

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("signing in with a code sent by e-mail", () => {
  it("mails a 6-digit code to a new address and signs the visitor up with it", async () => {
    const caller = visitor();
    const since = Date.now();
    expect(await send("New.Person@Example.com ", caller)).toMatchObject({ ok: true });
    const email = await sink.waitForEmail("new.person@example.com", { since });
    const code = email.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(email.text).toContain(en.email.signInCode.intro);

    const result = await verify("new.person@example.com", code!, caller);
    expect(result).toMatchObject({ ok: true, user: { email: "new.person@example.com", onboardedAt: null } });
    if (!result.ok) return;
    expect(result.setCookies.join("\n")).toContain("session_token");
  });

  it("accepts a code only once", async () => {
    const caller = visitor();
    const code = await requestCode("once@example.com", caller);
    expect((await verify("once@example.com", code, caller)).ok).toBe(true);
    expect(await verify("once@example.com", code, caller)).toEqual({ ok: false, reason: "invalid" });
  });

  it("locks a code after three wrong tries, until a new one is sent", async () => {
    const caller = visitor();
    const code = await requestCode("clumsy@example.com", caller);
    const reasons = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await verify("clumsy@example.com", wrongCode(code), caller);
      reasons.push(result.ok ? "ok" : result.reason);
    }
    expect(reasons).toEqual(["invalid", "invalid", "exhausted"]);
    const withRightCode = await verify("clumsy@example.com", code, caller);
    expect(withRightCode.ok).toBe(false);
    if (!withRightCode.ok) expect(["exhausted", "invalid"]).toContain(withRightCode.reason);

    const newCode = await requestCode("clumsy@example.com", caller);
    expect(await verify("clumsy@example.com", wrongCode(newCode), caller)).toEqual({ ok: false, reason: "invalid" });
    expect((await verify("clumsy@example.com", newCode, caller)).ok).toBe(true);
  });

  it("says when a code has run out", async () => {
    const caller = visitor();
    const code = await requestCode("slow@example.com", caller);
    const expired = await db
      .update(signInCode)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(signInCode.email, "slow@example.com"))
      .returning();
    expect(expired).toHaveLength(1);
    expect(await verify("slow@example.com", code, caller)).toEqual({ ok: false, reason: "expired" });
  });

  it("writes the e-mail in the visitor's language", async () => {
    const since = Date.now();
    await send("francoise@example.com", visitor("fr"));
    const email = await sink.waitForEmail("francoise@example.com", { since });
    expect(email.text).toContain(fr.email.signInCode.intro);
    expect(email.text).not.toContain(en.email.signInCode.intro);
    expect(email.raw).toContain("Votre code de connexion Groundwork");
    expect(email.raw).not.toContain("Your Groundwork sign-in code");
  });

  it("refuses a fourth code for one address within ten minutes", async () => {
    for (let sent = 0; sent < 3; sent++) expect(await send("eager@example.com", visitor())).toMatchObject({ ok: true });
    const fourth = await send("EAGER@example.com", visitor());
    expect(fourth).toMatchObject({ ok: false, reason: "rate-limited" });
    if (fourth.ok) return;
    expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
    expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it("tells a banned person they are banned instead of signing them in", async () => {
    const caller = visitor();
    const first = await requestCode("banned@example.com", caller);
    expect((await verify("banned@example.com", first, caller)).ok).toBe(true);
    await db.update(user).set({ banned: true }).where(eq(user.email, "banned@example.com"));

    const code = await requestCode("banned@example.com", caller);
    expect(await verify("banned@example.com", code, caller)).toEqual({
      ok: false,
      reason: "banned",
      ban: { reason: null, expiresAt: null },
    });
  });

  it("ends the session on sign-out", async () => {
    const caller = visitor();
    const code = await requestCode("leaving@example.com", caller);
    const result = await verify("leaving@example.com", code, caller);
    if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
    const headers = new Headers({ cookie: cookieHeader(result.setCookies) });
    expect((await auth.api.getSession({ headers }))?.user.email).toBe("leaving@example.com");

    const cleared = await signOut(headers, {
      user: { id: result.user.id, email: result.user.email },
      impersonatorId: null,
      ip: caller.client,
    });
    expect(cleared.join("\n")).toContain("session_token");
    expect(await auth.api.getSession({ headers })).toBeNull();
  });
});

// Nobody can lock a chosen person out of sign-in (ADR 010): a code's attempts belong to the browser that asked for
// it, other browsers' requests never replace it, and a browser that signed in before has a send budget of its own.
/** Every attacker's request comes from a browser and an address of its own. */
const attacker = () => visitor();

describe("an attacker who knows only the victim's address", () => {
  it("cannot burn the victim's code with wrong guesses from other browsers", async () => {
    const victim = visitor();
    const code = await requestCode("target-1@example.com", victim);
    for (let round = 0; round < 5; round++) {
      const elsewhere = attacker();
      await send("target-1@example.com", elsewhere);
      for (let guess = 0; guess < 4; guess++)
        expect((await verify("target-1@example.com", wrongCode(code), elsewhere)).ok).toBe(false);
      // Guessing without any attempt of one's own (no pending sign-in cookie) spends nothing either.
      expect(
        await verifySignInCode(
          { email: "target-1@example.com", code: wrongCode(code), attemptId: null },
          elsewhere,
          auditActorOfBrowser(elsewhere),
        ),
      ).toEqual({ ok: false, reason: "expired" });
    }
    expect((await verify("target-1@example.com", code, victim)).ok).toBe(true);
  });

  it("cannot spend another browser's attempt even when it learns the attempt's id for another address", async () => {
    const victim = visitor();
    const code = await requestCode("target-2@example.com", victim);
    const thief = { ...attacker(), attemptId: victim.attemptId };
    expect(await verify("someone-else@example.com", code, thief)).toEqual({ ok: false, reason: "invalid" });
    expect((await verify("target-2@example.com", code, victim)).ok).toBe(true);
  });

  it("cannot replace the victim's pending code by asking for new ones", async () => {
    const victim = visitor();
    const code = await requestCode("target-3@example.com", victim);
    for (let round = 0; round < 3; round++) await send("target-3@example.com", attacker());
    expect((await verify("target-3@example.com", code, victim)).ok).toBe(true);
  });

  it("cannot starve the victim's own browser, even from 50 addresses", async () => {
    // The victim signed in from this browser before: its device cookie names the address with a nonce.
    const victim = { ...visitor(), trustedDevice: "device-nonce-of-the-victim" };
    const refused = [];
    for (let client = 0; client < 50; client++) {
      const result = await send("target-4@example.com", attacker());
      if (!result.ok) refused.push(result.reason);
    }
    expect(refused).toHaveLength(50 - rateLimits.sendCodePerEmail.limit);
    // The attacker's codes reach the victim's inbox too: wait for them, so the victim's own is the newest.
    await vi.waitFor(() =>
      expect(sink.messagesTo("target-4@example.com")).toHaveLength(rateLimits.sendCodePerEmail.limit),
    );
    // The victim's e-mail is the one after those (by count: an attacker's may have arrived in the same millisecond).
    expect(await send("target-4@example.com", victim)).toMatchObject({ ok: true });
    await vi.waitFor(() =>
      expect(sink.messagesTo("target-4@example.com")).toHaveLength(rateLimits.sendCodePerEmail.limit + 1),
    );
    const code = /\b(\d{6})\b/.exec(sink.messagesTo("target-4@example.com").at(-1)!.text)![1]!;
    expect((await verify("target-4@example.com", code, victim)).ok).toBe(true);
  });

  it("gets at most the documented number of codes, and so of guesses, for one address in a day", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      let codes = 0;
      // A burst from fresh addresses every ten minutes, all day long.
      for (let burst = 0; burst < 24 * 6; burst++) {
        for (let client = 0; client < 5; client++) if ((await send("target-5@example.com", attacker())).ok) codes += 1;
        vi.advanceTimersByTime(10 * 60 * 1000);
      }
      // Without the daily budget the ten-minute one alone would have allowed 3 codes in each of the 144 bursts.
      expect(codes).toBeGreaterThan(0);
      expect(codes).toBeLessThanOrEqual(rateLimits.sendCodePerEmailDaily.limit);
      expect(codes * SIGN_IN_CODE_ATTEMPTS).toBeLessThanOrEqual(MAX_GUESSES_PER_ADDRESS_PER_DAY);
    } finally {
      vi.useRealTimers();
    }
  });
});
