import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { SESSION_COOKIE } from "~/.server/platform/auth/auth";
import { client, db } from "~/.server/platform/db/client";
import {
  account,
  auditEvent,
  invitation,
  job,
  member,
  organization,
  passkey,
  session,
  signInCode,
  user,
  verification,
} from "~/.server/platform/db/schema";
import type { Email } from "~/.server/platform/email/transport";
import { recordAudit } from "~/features/audit/audit.server";
import { repository } from "~/features/repositories/table.server";
import { signedInAs } from "../../../tests/support/sessions";
import {
  confirmEmailChange,
  deleteAccount,
  exportAccountData,
  requestAccountDeletion,
  requestEmailChange,
} from "./account.server";

// The e-mails the module sends, caught where they would leave (the transport), so the tests read the codes.
const sent = vi.hoisted(() => [] as Email[]);
vi.mock("~/.server/platform/email/transport", () => ({
  sendEmail: async (email: Email) => {
    sent.push(email);
  },
}));

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

const caller = (me: { id: string; email: string; cookie?: string }) => ({
  language: "en",
  actor: { user: { id: me.id, email: me.email }, ip: "198.51.100.7" },
  headers: new Headers(me.cookie ? { cookie: me.cookie } : {}),
});

/** E-mails leave through the job queue (ADR 046): waits until this process's worker has run every queued job. */
async function queueDrained() {
  for (;;) {
    const [pending] = await db
      .select({ id: job.id })
      .from(job)
      .where(inArray(job.state, ["queued", "running"]))
      .limit(1);
    if (!pending) return;
    await new Promise((done) => setTimeout(done, 20));
  }
}

async function codeSentTo(address: string): Promise<string> {
  await queueDrained();
  const email = sent.findLast((message) => message.to === address);
  const code = email?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${address}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function person(email: string, role: "user" | "admin" = "user") {
  const { userId, cookie } = await signedInAs(email);
  await db.update(user).set({ role, onboardedAt: new Date() }).where(eq(user.id, userId));
  return { id: userId, email, cookie };
}

async function userRow(id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

beforeEach(() => {
  sent.length = 0;
});

describe("changing the e-mail address", () => {
  it("sends a code to the new address; the right code changes it, and the old address is told", async () => {
    const me = await person("change-me@example.test");
    const requested = await requestEmailChange(me, "  New-Me@Example.test ", caller(me));
    expect(requested).toEqual({ ok: true, newEmail: "new-me@example.test", lastCode: false });
    await queueDrained();
    expect(sent.map((message) => message.to)).toEqual(["new-me@example.test"]);
    expect(sent[0]!.html).toContain('dir="ltr"');

    const code = await codeSentTo("new-me@example.test");
    expect(await confirmEmailChange(me, { newEmail: "new-me@example.test", code }, caller(me))).toEqual({
      ok: true,
      newEmail: "new-me@example.test",
    });
    expect(await userRow(me.id)).toMatchObject({ email: "new-me@example.test", emailVerified: true });
    await queueDrained();
    const notice = sent.findLast((message) => message.to === "change-me@example.test");
    expect(notice?.text).toContain("new-me@example.test");
    expect(notice?.text).toContain("If this wasn't you");
    const [entry] = await db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "user.email-changed"), eq(auditEvent.targetId, me.id)));
    expect(entry).toMatchObject({ actorId: me.id, outcome: "success", targetLabel: "new-me@example.test" });
    expect(JSON.parse(entry!.details!)).toEqual({ from: "change-me@example.test", to: "new-me@example.test" });
  });

  it("writes the e-mails in the page's language, right to left in Arabic", async () => {
    const me = await person("arabic@example.test");
    await requestEmailChange(me, "arabic-new@example.test", { ...caller(me), language: "ar" });
    await queueDrained();
    const [email] = sent;
    expect(email!.html).toContain('dir="rtl"');
    expect(email!.subject).toContain("Groundwork");
    expect(email!.text).not.toContain("Here is your code");
  });

  it("refuses a wrong, an expired or an exhausted code, and changes nothing", async () => {
    const me = await person("careful@example.test");
    await requestEmailChange(me, "careful-new@example.test", caller(me));
    const code = await codeSentTo("careful-new@example.test");
    const attempt = (tried: string, newEmail = "careful-new@example.test") =>
      confirmEmailChange(me, { newEmail, code: tried }, caller(me));
    // The code belongs to the address it was sent to.
    expect(await attempt(code, "someone-else@example.test")).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt(wrongCode(code))).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt(wrongCode(code))).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt(wrongCode(code))).toEqual({ ok: false, reason: "exhausted" });
    expect(await attempt(code)).toEqual({ ok: false, reason: "exhausted" });

    await requestEmailChange(me, "careful-new@example.test", caller(me));
    await db
      .update(signInCode)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(signInCode.id, `change-email:${me.id}`));
    expect(await attempt(await codeSentTo("careful-new@example.test"))).toEqual({ ok: false, reason: "expired" });
    expect((await userRow(me.id))?.email).toBe("careful@example.test");
    await queueDrained();
    expect(sent.filter((message) => message.to === "careful@example.test")).toEqual([]);
  });

  it("refuses an address already used, without a code and without saying whose, and the current address", async () => {
    const me = await person("taken-test@example.test");
    await person("already-there@example.test");
    expect(await requestEmailChange(me, "Already-There@example.test", caller(me))).toEqual({
      ok: false,
      reason: "email-used",
    });
    expect(await requestEmailChange(me, "TAKEN-TEST@example.test", caller(me))).toEqual({
      ok: false,
      reason: "same-address",
    });
    await queueDrained();
    expect(sent).toEqual([]);
  });

  it("refuses an address taken between the code and the confirmation with the same answer, never an error", async () => {
    const me = await person("racer@example.test");
    await requestEmailChange(me, "contested@example.test", caller(me));
    const code = await codeSentTo("contested@example.test");
    const winner = await person("contested@example.test");
    expect(await confirmEmailChange(me, { newEmail: "contested@example.test", code }, caller(me))).toEqual({
      ok: false,
      reason: "email-used",
    });
    expect((await userRow(me.id))?.email).toBe("racer@example.test");
    expect((await userRow(winner.id))?.email).toBe("contested@example.test");
  });

  it("limits how many codes a user can have sent, and says which one was the last", async () => {
    const me = await person("eager@example.test");
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expect(await requestEmailChange(me, `eager-${attempt}@example.test`, caller(me))).toMatchObject({
        ok: true,
        lastCode: attempt === 3,
      });
    expect(await requestEmailChange(me, "eager-4@example.test", caller(me))).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    // Probing addresses spends the same budget: the "already used" answer is not free.
    expect(await requestEmailChange(me, "already-there@example.test", caller(me))).toMatchObject({
      reason: "rate-limited",
    });
    await queueDrained();
    expect(sent).toHaveLength(3);
  });
});

describe("deleting the account", () => {
  it("is refused for the last admin, before a code is sent and at the confirmation", async () => {
    // The only admin of this file's database until the end of the test.
    const admin = await person("only-admin@example.test", "admin");
    expect(await requestAccountDeletion(admin, caller(admin))).toEqual({ ok: false, reason: "last-admin" });
    await queueDrained();
    expect(sent).toEqual([]);

    const other = await person("second-admin@example.test", "admin");
    expect(await requestAccountDeletion(admin, caller(admin))).toEqual({ ok: true, lastCode: false });
    const code = await codeSentTo("only-admin@example.test");
    await db.update(user).set({ role: "user" }).where(eq(user.id, other.id));
    expect(await deleteAccount(admin, code, { ...caller(admin), headers: new Headers() })).toEqual({
      ok: false,
      reason: "last-admin",
    });
    expect(await userRow(admin.id)).toBeDefined();
    await db.update(user).set({ role: "user" }).where(eq(user.id, admin.id));
  });

  it("lets only one of the last two admins go when both delete their accounts at the same moment", async () => {
    const ana = await person("race-ana@example.test", "admin");
    const ben = await person("race-ben@example.test", "admin");
    expect(await requestAccountDeletion(ana, caller(ana))).toEqual({ ok: true, lastCode: false });
    expect(await requestAccountDeletion(ben, caller(ben))).toEqual({ ok: true, lastCode: false });
    const [anaCode, benCode] = [await codeSentTo(ana.email), await codeSentTo(ben.email)];
    const results = await Promise.all([
      deleteAccount(ana, anaCode, { ...caller(ana), headers: new Headers() }),
      deleteAccount(ben, benCode, { ...caller(ben), headers: new Headers() }),
    ]);
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "last-admin" });
    const left = (await userRow(ana.id)) ?? (await userRow(ben.id));
    expect(left?.role).toBe("admin");
    await db.update(user).set({ role: "user" }).where(eq(user.id, left!.id));
  });

  it("removes the account and what it alone owns; shared data stays, without the owner", async () => {
    const me = await person("leaving@example.test");
    await signedInAs("leaving@example.test");
    const now = new Date();
    await db.insert(account).values({
      id: randomUUID(),
      accountId: "gh-1",
      providerId: "github",
      userId: me.id,
      createdAt: now,
      updatedAt: now,
    });
    const orgId = randomUUID();
    await db.insert(organization).values({ id: orgId, name: "Org", slug: `org-${orgId}`, createdAt: now });
    await db
      .insert(member)
      .values({ id: randomUUID(), organizationId: orgId, userId: me.id, role: "owner", createdAt: now });
    await db.insert(invitation).values({
      id: randomUUID(),
      organizationId: orgId,
      email: "invited@example.test",
      inviterId: me.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const repositoryId = randomUUID();
    await db.insert(repository).values({
      id: repositoryId,
      name: "Leaver's repository",
      nameKey: "leaver's repository",
      link: "example.com/leaver",
      createdById: me.id,
    });
    await db.insert(signInCode).values({
      id: "pending-sign-in",
      email: me.email,
      codeHash: "x",
      expiresAt: Date.now() + 60_000,
    });
    await db.insert(verification).values({
      id: randomUUID(),
      identifier: `sign-in-otp-${me.email}`,
      value: "x",
      expiresAt: new Date(Date.now() + 60_000),
    });
    // The only owner of an organization cannot leave it ownerless: refused, with the organization named...
    expect(await requestAccountDeletion(me, caller(me))).toEqual({
      ok: false,
      reason: "sole-owner",
      organizations: ["Org"],
    });
    await queueDrained();
    // No code (the invitation written above has its own e-mail, queued by the database).
    expect(sent.filter((message) => message.to === me.email)).toEqual([]);
    // ...until someone else owns it too.
    const coOwner = await person("co-owner@example.test", "user");
    await db
      .insert(member)
      .values({ id: randomUUID(), organizationId: orgId, userId: coOwner.id, role: "admin,owner", createdAt: now });
    await requestEmailChange(me, "leaving-new@example.test", caller(me));
    expect(await requestAccountDeletion(me, caller(me))).toEqual({ ok: true, lastCode: false });
    const code = await codeSentTo("leaving@example.test");

    expect(await deleteAccount(me, wrongCode(code), { ...caller(me), headers: new Headers() })).toEqual({
      ok: false,
      reason: "invalid",
    });
    const deleted = await deleteAccount(me, code, { ...caller(me), headers: new Headers({ cookie: me.cookie }) });
    expect(deleted).toMatchObject({ ok: true });
    // The browser's session cookie is cleared.
    expect(deleted.ok && deleted.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);

    expect(await userRow(me.id)).toBeUndefined();
    expect(await db.select().from(session).where(eq(session.userId, me.id))).toEqual([]);
    expect(await db.select().from(account).where(eq(account.userId, me.id))).toEqual([]);
    expect(await db.select().from(member).where(eq(member.userId, me.id))).toEqual([]);
    expect(await db.select().from(invitation).where(eq(invitation.inviterId, me.id))).toEqual([]);
    expect(await db.select().from(signInCode).where(eq(signInCode.email, me.email))).toEqual([]);
    expect(
      await db
        .select()
        .from(signInCode)
        .where(like(signInCode.id, `%:${me.id}`)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(verification)
        .where(like(verification.identifier, `%${me.email}`)),
    ).toEqual([]);
    const [kept] = await db.select().from(repository).where(eq(repository.id, repositoryId));
    expect(kept).toMatchObject({ name: "Leaver's repository", createdById: null });
    const [entry] = await db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "account.deleted"), eq(auditEvent.targetId, me.id)));
    expect(entry).toMatchObject({ actorId: me.id, targetLabel: "leaving@example.test", outcome: "success" });
    // A spent code cannot delete anything twice.
    expect(await deleteAccount(me, code, { ...caller(me), headers: new Headers() })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  describe("when a step fails", () => {
    beforeEach(async () => {
      // The last statement of the deletion's batch fails: everything before it must come back.
      await client.execute(
        "CREATE TRIGGER refuse_code_delete BEFORE DELETE ON sign_in_code WHEN OLD.id = 'planted' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
      );
    });
    afterEach(async () => {
      await client.execute("DROP TRIGGER IF EXISTS refuse_code_delete");
    });

    it("deletes nothing at all", async () => {
      const me = await person("half@example.test");
      await signedInAs("half@example.test");
      await db
        .insert(signInCode)
        .values({ id: "planted", email: me.email, codeHash: "x", expiresAt: Date.now() + 60_000 });
      await requestAccountDeletion(me, caller(me));
      const code = await codeSentTo("half@example.test");
      await expect(deleteAccount(me, code, { ...caller(me), headers: new Headers() })).rejects.toThrow();
      expect(await userRow(me.id)).toBeDefined();
      expect(await db.select().from(session).where(eq(session.userId, me.id))).toHaveLength(2);
      expect(await db.select().from(signInCode).where(eq(signInCode.id, "planted"))).toHaveLength(1);
      expect(
        await db
          .select()
          .from(auditEvent)
          .where(and(eq(auditEvent.action, "account.deleted"), eq(auditEvent.targetId, me.id))),
      ).toEqual([]);
    });
  });
});

describe("a copy of the user's data", () => {
  const labels = { administrator: "an administrator", organizationAdministrator: "an organization administrator" };

  it("holds the profile, the sessions without a token, and the user's audit entries, newest first", async () => {
    const me = await person("export@example.test");
    await signedInAs("export@example.test");
    const stranger = await person("stranger@example.test");
    await recordAudit({ user: me, ip: "198.51.100.7" }, { action: "sign-in" });
    await recordAudit(
      { user: stranger, ip: "203.0.113.21" },
      { action: "session.revoked", target: { type: "user", id: me.id, label: me.email }, details: { session: "x" } },
    );
    await recordAudit({ user: stranger, ip: "203.0.113.22" }, { action: "sign-in" });
    const sessions = await db.select().from(session).where(eq(session.userId, me.id));
    await db.insert(passkey).values({
      userId: me.id,
      name: "Laptop",
      credentialId: "credential-id-at-the-authenticator",
      publicKey: "public-key-bytes",
      deviceType: "multiDevice",
      createdAt: new Date(),
    });

    const exported = await exportAccountData(me.id, sessions[0]!.id, labels);
    expect(exported?.passkeys).toEqual([expect.objectContaining({ name: "Laptop", lastUsedAt: null })]);
    expect(exported?.profile).toMatchObject({ id: me.id, email: "export@example.test", role: "user" });
    expect(exported?.sessions).toHaveLength(2);
    expect(exported?.sessions.filter((item) => item.current)).toHaveLength(1);
    expect(exported?.auditEntries.map((entry) => entry.action)).toEqual(["session.revoked", "sign-in"]);
    expect(exported?.auditEntries[0]).toMatchObject({
      actor: { id: null, label: "an administrator", impersonated: false },
      ip: null,
      target: { type: "user", id: me.id },
      details: { session: "x" },
    });
    const text = JSON.stringify(exported);
    for (const row of sessions) expect(text).not.toContain(row.token);
    expect(text).not.toContain("credential-id-at-the-authenticator");
    expect(text).not.toContain("public-key-bytes");
    expect(await exportAccountData("no-such-user", null, labels)).toBeNull();
  });

  it("gives an address only for what the user did; others are named by their part, not their address", async () => {
    const me = await person("watched@example.test");
    await signedInAs("watched@example.test");
    const admin = await person("the-admin@example.test", "admin");
    const orgAdmin = await person("the-org-admin@example.test");
    const target = { type: "user", id: me.id, label: me.email };
    // Each one acts from an address of their own.
    await recordAudit({ user: me, ip: "198.51.100.7" }, { action: "sign-in", target });
    await recordAudit({ user: admin, ip: "203.0.113.1" }, { action: "user.banned", target });
    await recordAudit({ user: admin, ip: "203.0.113.1" }, { action: "impersonation.started", target });
    // While impersonating, the admin acts in the user's name, from the admin's address.
    await recordAudit(
      { user: me, impersonatorId: admin.id, ip: "203.0.113.2" },
      { action: "user.email-changed", target },
    );
    await recordAudit(
      { user: orgAdmin, ip: "203.0.113.3" },
      { action: "member.removed", target, details: { organization: "acme" } },
    );
    // A refused sign-in names nobody: whoever typed the address may not be the user.
    await recordAudit(
      { user: null, ip: "203.0.113.4" },
      { action: "sign-in", outcome: "refused", reason: "wrong-code", target },
    );
    // The admin's impersonation session is a session of the user's, opened from the admin's browser.
    const now = new Date();
    await db.insert(session).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: me.id,
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
      createdAt: now,
      updatedAt: now,
      ipAddress: "203.0.113.5",
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      impersonatedBy: admin.id,
    });
    const [current] = await db
      .select()
      .from(session)
      .where(and(eq(session.userId, me.id), isNull(session.impersonatedBy)));

    const exported = await exportAccountData(me.id, current?.id, labels);
    const byAction = (action: string) => exported?.auditEntries.filter((entry) => entry.action === action) ?? [];
    expect(byAction("sign-in")).toEqual([
      expect.objectContaining({ outcome: "refused", actor: { id: null, label: null, impersonated: false }, ip: null }),
      expect.objectContaining({
        outcome: "success",
        actor: { id: me.id, label: me.email, impersonated: false },
        ip: "198.51.100.7",
      }),
    ]);
    for (const action of ["user.banned", "impersonation.started", "user.email-changed"])
      expect(byAction(action)[0], action).toMatchObject({ actor: { id: null, label: "an administrator" }, ip: null });
    expect(byAction("user.email-changed")[0]?.actor.impersonated).toBe(true);
    expect(byAction("member.removed")[0]).toMatchObject({
      actor: { id: null, label: "an organization administrator", impersonated: false },
      ip: null,
      details: { organization: "acme" },
    });
    const impersonation = exported?.sessions.find((item) => item.impersonated);
    expect(impersonation).toMatchObject({ ip: null, browser: "", os: "", device: "unknown" });

    const text = JSON.stringify(exported);
    for (const other of ["203.0.113.", admin.email, admin.id, orgAdmin.email, orgAdmin.id, "Firefox", "Windows"])
      expect(text, other).not.toContain(other);
  });
});
