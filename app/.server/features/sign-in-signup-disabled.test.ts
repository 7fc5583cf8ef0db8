// Sign-in with SIGN_UP_ENABLED=false: an unknown address is answered exactly like a known one, and gets nothing.
// App modules are imported only after the environment is set, because it is read once per test file.
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { invitation, job, organization, signInCode, user } from "~/.server/platform/db/schema";
import { codeBrowser, codePages, type CodeBrowser } from "../../../tests/support/code-browser";
import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
process.env.SIGN_UP_ENABLED = "false";
process.env.ADMIN_USER_IDS = "listed-admin";
const { sendSignInCode, verifySignInCode } = await import("./sign-in");
const { signUpEnabled } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { seedDatabase } = await import("~/.server/platform/db/seed");
const { invitationsBringNewcomers } = await import("~/features/organizations/invitations.server");

await seedDatabase(db);
afterAll(() => sink.stop());

type Browser = CodeBrowser;
const visitor = () => codeBrowser("198.51.100");
const { send, verify } = codePages({ sendSignInCode, verifySignInCode });

/** The sign-in code e-mails queued for an address. */
async function codeJobsFor(address: string) {
  const rows = await db.select().from(job).where(eq(job.kind, "email.sign-in-code"));
  return rows.filter((row) => row.payload.includes(address));
}

async function reasonsOfWrongCodes(email: string, code: string, caller: Browser) {
  const reasons = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const result = await verify(email, code, caller);
    reasons.push(result.ok ? "ok" : result.reason);
  }
  return reasons;
}

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("signing in when sign-up is closed", () => {
  it("reads the closed sign-up from the environment", () => {
    expect(signUpEnabled).toBe(false);
  });

  it("answers an unknown address like a known one, but sends nothing and creates no account", async () => {
    expect(await send("stranger@example.com", visitor())).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messagesTo("stranger@example.com")).toEqual([]);
    expect(await db.select().from(user).where(eq(user.email, "stranger@example.com"))).toEqual([]);
  });

  it("queues the same e-mail job for an unknown address as for a known one; only the known one's sends", async () => {
    const since = Date.now();
    const addresses = ["user@example.com", "nobody-here@example.com"];
    for (const address of addresses) expect(await send(address, visitor())).toMatchObject({ ok: true });
    // The question "may this address get a code?" is the job's, after the answer: both answers wrote the same rows.
    const queued = await Promise.all(addresses.map(codeJobsFor));
    expect(queued.map((rows) => rows.length)).toEqual([1, 1]);
    await sink.waitForCode("user@example.com", { since });
    for (const [row] of queued) {
      for (let wait = 0; wait < 100; wait++) {
        const [now] = await db.select().from(job).where(eq(job.id, row!.id));
        if (now!.state === "done") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await db.select().from(job).where(eq(job.id, row!.id)))[0]).toMatchObject({ state: "done", attempts: 1 });
    }
    expect(sink.messagesTo("nobody-here@example.com")).toEqual([]);
  });

  it("still sends a code to an existing account, which signs in with it", async () => {
    const caller = visitor();
    const since = Date.now();
    expect(await send("user@example.com", caller)).toMatchObject({ ok: true });
    const code = await sink.waitForCode("user@example.com", { since });
    const result = await verify("user@example.com", code, caller);
    expect(result).toMatchObject({ ok: true, user: { email: "user@example.com", name: "User" } });
  });

  it("says a code has run out for an unknown address exactly as for a known one", async () => {
    const known = visitor();
    const since = Date.now();
    await send("user@example.com", known);
    const code = await sink.waitForCode("user@example.com", { since });
    const unknown = visitor();
    await send("ghost@example.com", unknown);
    const expired = await db
      .update(signInCode)
      .set({ expiresAt: Date.now() - 1000 })
      .where(inArray(signInCode.id, [known.attemptId!, unknown.attemptId!]))
      .returning();
    expect(expired).toHaveLength(2);
    expect(await verify("user@example.com", code, known)).toEqual({ ok: false, reason: "expired" });
    expect(await verify("ghost@example.com", code, unknown)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses codes for an unknown address with the same reasons as wrong codes for a known one", async () => {
    const since = Date.now();
    const first = visitor();
    await send("admin@example.com", first);
    const code = await sink.waitForCode("admin@example.com", { since });
    const known = await reasonsOfWrongCodes("admin@example.com", code === "000000" ? "111111" : "000000", first);

    const second = visitor();
    await send("nobody@example.com", second);
    const unknown = await reasonsOfWrongCodes("nobody@example.com", "123456", second);

    expect(known).toEqual(["invalid", "invalid", "exhausted", "exhausted"]);
    expect(unknown).toEqual(known);
    expect(await db.select().from(user).where(eq(user.email, "nobody@example.com"))).toEqual([]);
  });

  it("opens for an address with an administrator's pending invitation: a code, then an account onboarding names", async () => {
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com"));
    const [demo] = await db.select({ id: organization.id }).from(organization).limit(1);
    await db.insert(invitation).values({
      id: "invitation-for-newcomer",
      organizationId: demo!.id,
      email: "newcomer@example.com",
      role: "member",
      status: "pending",
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      inviterId: owner!.id,
    });
    const caller = visitor();
    const since = Date.now();
    expect(await send("newcomer@example.com", caller)).toMatchObject({ ok: true });
    const code = await sink.waitForCode("newcomer@example.com", { since });
    expect(await verify("newcomer@example.com", code, caller)).toMatchObject({
      ok: true,
      user: { email: "newcomer@example.com", name: "", onboardedAt: null },
    });

    // A cancelled invitation opens nothing.
    await db.update(invitation).set({ status: "canceled" }).where(eq(invitation.id, "invitation-for-newcomer"));
    await db.update(invitation).set({ email: "late@example.com" }).where(eq(invitation.id, "invitation-for-newcomer"));
    await send("late@example.com", visitor());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messagesTo("late@example.com")).toEqual([]);
    expect(await db.select().from(user).where(eq(user.email, "late@example.com"))).toEqual([]);
  });

  it("stays closed for an address invited by a user who is not an administrator: answered as any unknown address", async () => {
    const [inviter] = await db.select({ id: user.id }).from(user).where(eq(user.email, "user@example.com"));
    const [demo] = await db.select({ id: organization.id }).from(organization).limit(1);
    await db.insert(invitation).values({
      id: "invitation-by-a-user",
      organizationId: demo!.id,
      email: "friend@example.com",
      role: "member",
      status: "pending",
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      inviterId: inviter!.id,
    });
    const invited = visitor();
    expect(await send("friend@example.com", invited)).toMatchObject({ ok: true });
    const unknown = visitor();
    expect(await send("nobody-else@example.com", unknown)).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messagesTo("friend@example.com")).toEqual([]);
    expect(await reasonsOfWrongCodes("friend@example.com", "123456", invited)).toEqual(
      await reasonsOfWrongCodes("nobody-else@example.com", "123456", unknown),
    );
    expect(await db.select().from(user).where(eq(user.email, "friend@example.com"))).toEqual([]);

    // The invitations page tells such an inviter, whatever the address (ADR 018); not an administrator.
    expect(invitationsBringNewcomers({ id: inviter!.id, role: "user" })).toBe(false);
    expect(invitationsBringNewcomers({ id: "someone", role: "user, admin" })).toBe(true);
    expect(invitationsBringNewcomers({ id: "listed-admin", role: "user" })).toBe(true);

    // The same invitation from an administrator known by ADMIN_USER_IDS (their role is "user") opens it.
    const now = new Date();
    await db
      .insert(user)
      .values({ id: "listed-admin", email: "listed@example.com", name: "Listed", createdAt: now, updatedAt: now });
    await db.update(invitation).set({ inviterId: "listed-admin" }).where(eq(invitation.id, "invitation-by-a-user"));
    const again = visitor();
    const since = Date.now();
    expect(await send("friend@example.com", again)).toMatchObject({ ok: true });
    const code = await sink.waitForCode("friend@example.com", { since });
    expect(await verify("friend@example.com", code, again)).toMatchObject({ ok: true });
  });
});
