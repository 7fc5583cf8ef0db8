// Sign-in with SIGN_UP_ENABLED=false: an unknown address is answered exactly like a known one, and gets nothing.
// App modules are imported only after the environment is set, because it is read once per test file.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SmtpSink } from "../../tests/support/smtp-sink";
import { user, verification } from "./db/schema";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
process.env.SIGN_UP_ENABLED = "false";
const { sendSignInCode, verifySignInCode } = await import("./sign-in");
const { signUpEnabled } = await import("./auth/auth");
const { db } = await import("./db/client");
const { seedDatabase } = await import("./db/seed");

await seedDatabase(db);
afterAll(() => sink.stop());

let clients = 0;
const visitor = () => ({ headers: new Headers(), client: `198.51.100.${++clients}`, language: "en" });

async function reasonsOfWrongCodes(email: string, code: string, caller = visitor()) {
  const reasons = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const result = await verifySignInCode(email, code, caller);
    reasons.push(result.ok ? "ok" : result.reason);
  }
  return reasons;
}

describe("signing in when sign-up is closed", () => {
  it("reads the closed sign-up from the environment", () => {
    expect(signUpEnabled).toBe(false);
  });

  it("answers an unknown address like a known one, but sends nothing and creates no account", async () => {
    expect(await sendSignInCode("stranger@example.com", visitor())).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messagesTo("stranger@example.com")).toEqual([]);
    expect(await db.select().from(user).where(eq(user.email, "stranger@example.com"))).toEqual([]);
  });

  it("still sends a code to an existing account, which signs in with it", async () => {
    const caller = visitor();
    const since = Date.now();
    expect(await sendSignInCode("user@example.com", caller)).toEqual({ ok: true });
    const code = await sink.waitForCode("user@example.com", { since });
    const result = await verifySignInCode("user@example.com", code, caller);
    expect(result).toMatchObject({ ok: true, user: { email: "user@example.com", name: "User" } });
  });

  it("does not reveal an account by saying its code has run out", async () => {
    const caller = visitor();
    const since = Date.now();
    await sendSignInCode("user@example.com", caller);
    const code = await sink.waitForCode("user@example.com", { since });
    const expired = await db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, "sign-in-otp-user@example.com")).returning();
    expect(expired).toHaveLength(1);
    expect(await verifySignInCode("user@example.com", code, caller)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses codes for an unknown address with the same reasons as wrong codes for a known one", async () => {
    const since = Date.now();
    await sendSignInCode("admin@example.com", visitor());
    const code = await sink.waitForCode("admin@example.com", { since });
    const known = await reasonsOfWrongCodes("admin@example.com", code === "000000" ? "111111" : "000000");

    await sendSignInCode("nobody@example.com", visitor());
    const unknown = await reasonsOfWrongCodes("nobody@example.com", "123456");

    expect(known).toEqual(["invalid", "invalid", "exhausted", "exhausted"]);
    expect(unknown).toEqual(known);
    expect(await db.select().from(user).where(eq(user.email, "nobody@example.com"))).toEqual([]);
  });
});
