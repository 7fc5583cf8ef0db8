// A step-up before what cannot be undone (ADR 053), through the real route actions: a post that skips it is refused
// and changes nothing, whatever the action; the step-up form's answer (an e-mail code, or the second factor for those
// who have one) lets the original action run, and a session then acts for STEP_UP_MINUTES; wrong codes are limited.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";

import { confirmSecondFactor, hasSecondFactor, newSecondFactorSetup } from "~/.server/features/second-factor";
import { STEP_UP_MINUTES } from "~/.server/features/step-up";
import { issueOneTimeCode } from "~/.server/platform/auth/one-time-code";
import { db } from "~/.server/platform/db/client";
import {
  auditEvent,
  member,
  organization,
  rateLimitCounter,
  session,
  stepUp,
  user,
} from "~/.server/platform/db/schema";
import { organizationScope } from "~/.server/web/organization-scope";
import { sessionMiddleware } from "~/.server/web/session";
import { action as accountAction } from "~/features/account/account";
import { action as secondFactorAction } from "~/features/account/account-second-factor";
import { action as organizationMembersAction } from "~/features/organizations/app-members";
import { action as organizationSettingsAction } from "~/features/organizations/app-settings";
import { action as organizationAction } from "~/features/organizations/manager-detail";
import { action as userAction } from "~/features/users/detail";
import { action as editorAction } from "~/features/users/editor";
import type { StepUpPrompt } from "~/lib/step-up";
import { signedInAs } from "../../tests/support/sessions";
import { codeAt, previousStepCode } from "../../tests/support/totp";

const appUrl = process.env.APP_URL!;
type Action = (args: never) => Promise<unknown>;

/** A signed-in, onboarded person; an administrator when asked. */
async function person(email: string, role: "user" | "admin" = "user") {
  const { userId, cookie } = await signedInAs(email);
  await db.update(user).set({ onboardedAt: new Date(), role }).where(eq(user.id, userId));
  return { id: userId, email, cookie };
}

type Answer = { status: number; stepUp?: StepUpPrompt; location?: string | null };

/** Posts a form to a route's action as the browser holding `cookie` would, through the session middleware. */
async function post(action: Action, path: string, cookie: string, fields: Record<string, string>, params = {}) {
  const context = new RouterContextProvider();
  const request = new Request(`${appUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  let answer: Answer | undefined;
  const run = async () => {
    try {
      const result = await action({ request, context, params } as never);
      answer = outcome(result);
    } catch (thrown) {
      answer = outcome(thrown);
    }
    return new Response(null);
  };
  const args = { request, context, params, unstable_pattern: path } as never;
  // An organization's pages run under its layout's scope guard.
  await sessionMiddleware(args, () => ("slug" in params ? organizationScope()(args, run) : run()) as never);
  return answer!;
}

/** A thrown or returned answer: a Response (a redirect), or React Router's `data()`. */
function outcome(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location") };
  const init = (value as { init?: { status?: number } }).init;
  const body = (value as { data?: { stepUp?: StepUpPrompt } }).data;
  return { status: init?.status ?? 200, stepUp: body?.stepUp };
}

async function stepUpAudit(userId: string) {
  return db
    .select({ outcome: auditEvent.outcome, reason: auditEvent.reason, details: auditEvent.details })
    .from(auditEvent)
    .where(and(eq(auditEvent.action, "step-up"), eq(auditEvent.actorId, userId)));
}

describe("a step-up", () => {
  // Outside production every request is the same client ("unknown"): each test starts with that client's budget whole.
  beforeEach(async () => {
    await db.delete(rateLimitCounter).where(eq(rateLimitCounter.key, "step-up:client:unknown"));
  });

  it("refuses every listed action posted without one, and changes nothing", async () => {
    const admin = await person("forger@example.test", "admin");
    const target = await person("forged-target@example.test");
    await db.insert(organization).values({ id: "org-forged", name: "Forged", slug: "forged", createdAt: new Date() });
    await db.insert(member).values({
      id: "owner-forged",
      organizationId: "org-forged",
      userId: admin.id,
      role: "owner",
      createdAt: new Date(),
    });
    await db.insert(member).values({
      id: "member-forged",
      organizationId: "org-forged",
      userId: target.id,
      role: "member",
      createdAt: new Date(),
    });
    const forged: Array<[string, Action, string, Record<string, string>, Record<string, string>?]> = [
      ["ban", userAction, `/manager/users/${target.id}`, { intent: "ban", reason: "x" }, { id: target.id }],
      ["impersonate", userAction, `/manager/users/${target.id}`, { intent: "impersonate" }, { id: target.id }],
      ["delete a user", userAction, `/manager/users/${target.id}`, { intent: "delete" }, { id: target.id }],
      [
        "change a role",
        editorAction,
        `/manager/users/${target.id}/update`,
        { email: target.email, name: "Target", role: "admin" },
        { id: target.id },
      ],
      ["delete an organization", organizationAction, "/manager/organizations/org-forged", { intent: "delete" }, {}],
      [
        "delete one's organization",
        organizationSettingsAction,
        "/app/organizations/forged/settings",
        { intent: "delete" },
        { slug: "forged" },
      ],
      [
        "change a member's role",
        organizationMembersAction,
        "/app/organizations/forged/members",
        { intent: "change-role", memberId: "member-forged", role: "owner" },
        { slug: "forged" },
      ],
      ["change the e-mail", accountAction, "/manager/account", { intent: "change-email", email: "new@example.test" }],
      [
        "confirm the e-mail",
        accountAction,
        "/manager/account",
        { intent: "confirm-email-change", newEmail: "new@example.test", code: "123456" },
      ],
      ["turn the second factor off", secondFactorAction, "/manager/account/second-factor", { intent: "disable" }],
    ];
    for (const [name, action, path, fields, params] of forged) {
      const answer = await post(action, path, admin.cookie, fields, { ...params, id: params?.id ?? "org-forged" });
      expect(answer.status, name).toBe(403);
      expect(answer.stepUp, name).toMatchObject({ action: path, way: "email", sent: false, error: null });
      expect(answer.stepUp?.fields, name).toEqual(Object.entries(fields));
    }
    // A step-up field with a wrong value is no way around it either.
    const wrong = await post(
      userAction,
      `/manager/users/${target.id}`,
      admin.cookie,
      { intent: "delete", stepUpCode: "000000" },
      { id: target.id },
    );
    expect(wrong).toMatchObject({ status: 403, stepUp: { error: "stepUp.invalid" } });
    const [still] = await db.select().from(user).where(eq(user.id, target.id));
    expect(still).toMatchObject({ banned: false, role: "user" });
    expect(await db.select().from(organization).where(eq(organization.id, "org-forged"))).toHaveLength(1);
    const [stillMember] = await db.select().from(member).where(eq(member.id, "member-forged"));
    expect(stillMember).toMatchObject({ role: "member" });
    expect(await db.select().from(session).where(eq(session.impersonatedBy, admin.id))).toHaveLength(0);
    // Deleting one's account asks its own code to the person's address: for someone without a second factor, that
    // code is the step-up (the account test deletes with it).
    expect(await post(accountAction, "/app/account", target.cookie, { intent: "send-delete-code" })).toMatchObject({
      status: 302,
      location: "/app/account?modal=delete-account-code",
    });
  });

  it("answers hostile proofs with the form again, never a 500", async () => {
    const me = await person("stepped-hostile@example.test");
    const path = "/app/account";
    const fields = { intent: "change-email", email: "elsewhere@example.test" };
    const proofs: Array<Record<string, string>> = [
      { stepUpCode: "9".repeat(10_000) },
      { stepUpCode: "١٢٣٤٥٦" },
      { stepUpPasskey: "{not json" },
      { stepUpPasskey: JSON.stringify({ id: "x".repeat(5000), response: {} }) },
      { stepUp: "send".repeat(100) },
    ];
    for (const proof of proofs)
      expect(
        await post(accountAction, path, me.cookie, { ...fields, ...proof }),
        JSON.stringify(proof).slice(0, 40),
      ).toMatchObject({ status: 403, stepUp: { way: "email" } });
  });

  it("by e-mail code: the original action runs with its values, then the session acts for a while", async () => {
    const admin = await person("mailed-admin@example.test", "admin");
    const target = await person("mailed-target@example.test");
    const path = `/manager/users/${target.id}`;
    const params = { id: target.id };
    const ban = { intent: "ban", reason: "Spam" };
    const sent = await post(userAction, path, admin.cookie, { ...ban, stepUp: "send" }, params);
    expect(sent).toMatchObject({ status: 403, stepUp: { way: "email", sent: true } });
    expect(sent.stepUp?.fields).toEqual(Object.entries(ban));
    // The code the e-mail carries (a new one replaces it: the test knows this one).
    const code = await issueOneTimeCode("step-up", admin.id, admin.email);
    const banned = await post(userAction, path, admin.cookie, { ...ban, stepUpCode: code }, params);
    expect(banned).toMatchObject({ status: 302, location: path });
    const [row] = await db.select().from(user).where(eq(user.id, target.id));
    expect(row).toMatchObject({ banned: true, banReason: "Spam" });
    // Within STEP_UP_MINUTES, another action asks nothing; the code is spent.
    expect(await post(userAction, path, admin.cookie, { intent: "unban" }, params)).toMatchObject({ status: 302 });
    expect(await post(userAction, path, admin.cookie, { ...ban }, params)).toMatchObject({ status: 302 });
    // Later, it asks again.
    const stale = new Date(Date.now() - (STEP_UP_MINUTES * 60_000 + 1000));
    await db.update(stepUp).set({ verifiedAt: stale });
    expect(await post(userAction, path, admin.cookie, { intent: "delete" }, params)).toMatchObject({ status: 403 });
    expect(await post(userAction, path, admin.cookie, { intent: "delete", stepUpCode: code }, params)).toMatchObject({
      status: 403,
      stepUp: { error: "stepUp.invalid" },
    });
    expect((await stepUpAudit(admin.id)).map((entry) => [entry.outcome, entry.reason])).toEqual([
      ["success", null],
      ["refused", "wrong-code"],
    ]);
  });

  it("with a second factor: its code or a recovery code, never an e-mail code; turned off after one", async () => {
    const me = await person("stepped-totp@example.test");
    const setup = await newSecondFactorSetup(me.email);
    const confirmed = await confirmSecondFactor(
      me,
      { sealed: setup.sealed, code: await previousStepCode(setup.secret) },
      { user: null, ip: null },
    );
    if (!confirmed.ok) throw new Error("no second factor");
    const path = "/app/account/second-factor";
    const off = { intent: "disable" };
    const asked = await post(secondFactorAction, path, me.cookie, { ...off, stepUp: "send" });
    // No e-mail code for a person with a second factor: the same form again.
    expect(asked).toMatchObject({ status: 403, stepUp: { way: "second-factor", sent: false } });
    const mailed = await issueOneTimeCode("step-up", me.id, me.email);
    expect(await post(secondFactorAction, path, me.cookie, { ...off, stepUpCode: mailed })).toMatchObject({
      status: 403,
      stepUp: { error: "stepUp.invalid" },
    });
    expect(await hasSecondFactor(me.id)).toBe(true);
    // With a second factor, deleting the account asks it too, besides the deletion's own e-mail code.
    const deletion: Array<Record<string, string>> = [
      { intent: "send-delete-code" },
      { intent: "delete-account", code: "1" },
    ];
    for (const fields of deletion)
      expect(await post(accountAction, "/app/account", me.cookie, fields), fields.intent).toMatchObject({
        status: 403,
        stepUp: { way: "second-factor" },
      });
    const done = await post(secondFactorAction, path, me.cookie, { ...off, stepUpCode: confirmed.recoveryCodes[0]! });
    expect(done).toMatchObject({ status: 302, location: "/app/account" });
    expect(await hasSecondFactor(me.id)).toBe(false);
    const used = await db
      .select({ action: auditEvent.action })
      .from(auditEvent)
      .where(and(eq(auditEvent.actorId, me.id), eq(auditEvent.action, "recovery-code.used")));
    expect(used).toHaveLength(1);
    expect((await stepUpAudit(me.id)).map((entry) => JSON.parse(entry.details ?? "{}").method)).toEqual([
      "code",
      "recovery",
    ]);
  });

  it("takes an authenticator code, once", async () => {
    const me = await person("stepped-app@example.test");
    const setup = await newSecondFactorSetup(me.email);
    // The current step's code turns it on, the next step's is the step-up's: each is right for this period and the
    // next (the server takes one step either side), so neither fails at a period's end.
    const at = Date.now();
    const confirmed = await confirmSecondFactor(
      me,
      { sealed: setup.sealed, code: codeAt(setup.secret, at) },
      { user: null, ip: null },
    );
    if (!confirmed.ok) throw new Error("no second factor");
    const path = "/app/account";
    const change = { intent: "change-email", email: "stepped-new@example.test" };
    const code = codeAt(setup.secret, at + 30_000);
    expect(await post(accountAction, path, me.cookie, { ...change, stepUpCode: code })).toMatchObject({ status: 302 });
    // The same code, from another session of theirs, is spent.
    const other = await signedInAs(me.email);
    expect(await post(accountAction, path, other.cookie, { ...change, stepUpCode: code })).toMatchObject({
      status: 403,
    });
  });

  it("limits wrong codes like the second factor's: a right one is refused once the limit is reached", async () => {
    // 10 wrong codes per client (and per person) in 10 minutes, as for the second factor.
    const me = await person("stepped-limit@example.test");
    const path = "/app/account";
    const fields = { intent: "change-email", email: "elsewhere@example.test" };
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await post(accountAction, path, me.cookie, { ...fields, stepUpCode: "000000" })).status);
    expect(answers).toEqual([...Array<number>(10).fill(403), 429]);
    const code = await issueOneTimeCode("step-up", me.id, me.email);
    expect(await post(accountAction, path, me.cookie, { ...fields, stepUpCode: code })).toMatchObject({ status: 429 });
    expect((await stepUpAudit(me.id)).at(-1)).toMatchObject({ outcome: "refused", reason: "rate-limited" });
  });
});
