// A job commits with the change that asks for it, or neither does (ADR 046): the account codes' e-mails, the notice
// of an e-mail change and of a second factor's reset. The database itself refuses one side (a trigger made for the
// test, as a full disk or a lost connection would), and the other side must not be left behind. No worker runs here:
// the jobs stay in the table to be counted.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { issueOneTimeCode, oneTimeCodeId } from "~/.server/platform/auth/one-time-code";
import { db } from "~/.server/platform/db/client";
import { job, recoveryCode, secondFactor, signInCode, user } from "~/.server/platform/db/schema";
import { confirmEmailChange, requestAccountDeletion, requestEmailChange } from "~/features/account/account.server";
import { signedInAs } from "../../../tests/support/sessions";
import { requestStepUpCode } from "./account-access";
import { resetSecondFactor } from "./second-factor";

const actor = { user: null, ip: "198.51.100.8" };
const caller = { language: "en", actor, headers: new Headers() };

let counter = 0;
const unique = (label: string) => `${label}-${(counter += 1)}@example.test`;

async function person(label: string) {
  const email = unique(label);
  const { userId, cookie } = await signedInAs(email);
  return { id: userId, email, cookie };
}

/** Makes the database refuse every `event` on `table` until the test ends. */
async function refuse(event: "INSERT" | "UPDATE" | "DELETE", table: string) {
  await db.run(
    sql.raw(`CREATE TRIGGER test_refuse_${event} BEFORE ${event} ON "${table}"
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`),
  );
}
afterEach(async () => {
  for (const event of ["INSERT", "UPDATE", "DELETE"])
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS test_refuse_${event}`));
});

const jobsOf = (kind: string, text: string) =>
  db
    .select({ id: job.id })
    .from(job)
    .where(and(eq(job.kind, kind), sql`${job.payload} LIKE ${`%${text}%`}`));

const codeRow = (purpose: Parameters<typeof oneTimeCodeId>[0], userId: string) =>
  db
    .select({ id: signInCode.id })
    .from(signInCode)
    .where(eq(signInCode.id, oneTimeCodeId(purpose, userId)));

const codeRequests = [
  {
    purpose: "step-up",
    kind: "email.step-up-code",
    request: (me: { id: string; email: string }) => requestStepUpCode(me, caller),
    to: (me: { email: string }) => me.email,
  },
  {
    purpose: "delete-account",
    kind: "email.delete-account-code",
    request: (me: { id: string; email: string }) => requestAccountDeletion(me, caller),
    to: (me: { email: string }) => me.email,
  },
  {
    purpose: "change-email",
    kind: "email.change-email-code",
    request: (me: { id: string; email: string }) => requestEmailChange(me, `new-${me.email}`, caller),
    to: (me: { email: string }) => `new-${me.email}`,
  },
] as const;

describe.each(codeRequests)("a $purpose code and its e-mail", ({ purpose, kind, request, to }) => {
  it("are written together", async () => {
    const me = await person(purpose);
    expect(await request(me)).toMatchObject({ ok: true });
    expect(await codeRow(purpose, me.id)).toHaveLength(1);
    expect(await jobsOf(kind, to(me))).toHaveLength(1);
  });

  it("leave no code when the e-mail's job cannot be written", async () => {
    const me = await person(purpose);
    await refuse("INSERT", "job");
    await expect(request(me)).rejects.toThrow();
    expect(await codeRow(purpose, me.id)).toEqual([]);
  });

  it("leave no job when the code cannot be written", async () => {
    const me = await person(purpose);
    await refuse("INSERT", "sign_in_code");
    await expect(request(me)).rejects.toThrow();
    expect(await jobsOf(kind, to(me))).toEqual([]);
  });
});

// The change ends the person's other sessions, as their own browser asks.
const from = (me: { cookie: string }) => ({ ...caller, headers: new Headers({ cookie: me.cookie }) });
const emailOf = async (id: string) =>
  (await db.select({ email: user.email }).from(user).where(eq(user.id, id)))[0]?.email;

describe("an e-mail change and the old address's notice", () => {
  it("are written together", async () => {
    const me = await person("mover");
    const code = await issueOneTimeCode("change-email", me.id, `moved-${me.email}`);
    expect(await confirmEmailChange(me, { newEmail: `moved-${me.email}`, code }, from(me))).toMatchObject({ ok: true });
    expect(await emailOf(me.id)).toBe(`moved-${me.email}`);
    expect(await jobsOf("email.email-changed", me.email)).toHaveLength(1);
  });

  it("leave the address as it was when the notice's job cannot be written", async () => {
    const me = await person("stayer");
    const code = await issueOneTimeCode("change-email", me.id, `moved-${me.email}`);
    await refuse("INSERT", "job");
    await expect(confirmEmailChange(me, { newEmail: `moved-${me.email}`, code }, from(me))).rejects.toThrow();
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it("leave no notice when the address was taken since the code (the unique index refuses it)", async () => {
    const me = await person("late");
    const newEmail = unique("taken");
    const code = await issueOneTimeCode("change-email", me.id, newEmail);
    await signedInAs(newEmail);
    expect(await confirmEmailChange(me, { newEmail, code }, from(me))).toEqual({ ok: false, reason: "email-used" });
    expect(await jobsOf("email.email-changed", me.email)).toEqual([]);
  });
});

async function withSecondFactor(label: string) {
  const target = await person(label);
  await db.insert(secondFactor).values({ userId: target.id, sealedSecret: "sealed", enabledAt: new Date() });
  await db.insert(recoveryCode).values({ userId: target.id, codeHash: "hash" });
  return target;
}
const hasSecondFactor = async (userId: string) =>
  (await db.select().from(secondFactor).where(eq(secondFactor.userId, userId))).length > 0;

describe("a second factor's reset and its notice", () => {
  const admin = { actor, language: "fr" };

  it("are written together", async () => {
    const target = await withSecondFactor("reset");
    expect(await resetSecondFactor(target, admin)).toBe(true);
    expect(await hasSecondFactor(target.id)).toBe(false);
    expect(await jobsOf("email.second-factor-reset", target.email)).toHaveLength(1);
  });

  it("keeps the second factor when the notice's job cannot be written", async () => {
    const target = await withSecondFactor("kept");
    await refuse("INSERT", "job");
    await expect(resetSecondFactor(target, admin)).rejects.toThrow();
    expect(await hasSecondFactor(target.id)).toBe(true);
  });

  it("writes no notice when the reset cannot be made, or when there was nothing to reset", async () => {
    const target = await withSecondFactor("refused");
    await refuse("DELETE", "second_factor");
    await expect(resetSecondFactor(target, admin)).rejects.toThrow();
    expect(await jobsOf("email.second-factor-reset", target.email)).toEqual([]);

    const without = await person("without");
    expect(await resetSecondFactor(without, admin)).toBe(false);
    expect(await jobsOf("email.second-factor-reset", without.email)).toEqual([]);
  });
});
