// The second factor against the real database and better-auth: turning it on with a code computed from the secret
// shown, then sign-ins that wait for it, codes used once, recovery codes, wrong codes limited.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/platform/db/client";
import { auditEvent, session } from "~/.server/platform/db/schema";
import { exportAccountData } from "~/features/account/account.server";
import { signedInAs } from "../../../tests/support/sessions";
import { codeAt, previousStepCode } from "../../../tests/support/totp";
import { signInWithPasskey } from "./passkeys";
import {
  confirmSecondFactor,
  disableSecondFactor,
  newSecondFactorSetup,
  recoveryCodesLeft,
  SECOND_FACTOR_ATTEMPTS,
  verifySecondFactor,
} from "./second-factor";
import { startSession } from "./sign-in";

const actor = { user: null, ip: "198.51.100.9" };
const browser = (client: string) => ({ headers: new Headers(), client });

/** A person with the second factor on; the secret as the page shows it, and the recovery codes. */
async function personWithSecondFactor(email: string) {
  const { userId } = await signedInAs(email);
  const me = { id: userId, email };
  const setup = await newSecondFactorSetup(email);
  expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await confirmSecondFactor(
    me,
    { sealed: setup.sealed, code: await previousStepCode(setup.secret) },
    actor,
  );
  if (!confirmed.ok) throw new Error(`not confirmed: ${confirmed.reason}`);
  return { me, secret: setup.secret, recoveryCodes: confirmed.recoveryCodes };
}

async function pendingSignIn(email: string) {
  const started = await startSession(email, "email-code", browser("c"), actor);
  if (started.ok || started.reason !== "second-factor") throw new Error("no second factor asked");
  return started.pendingId;
}

describe("the second factor", () => {
  it("is turned on only by a right first code, and refuses a sealed secret that was tampered with", async () => {
    const { userId } = await signedInAs("setup@example.test");
    const me = { id: userId, email: "setup@example.test" };
    const setup = await newSecondFactorSetup(me.email);
    expect(await confirmSecondFactor(me, { sealed: setup.sealed, code: "000000" }, actor)).toMatchObject({ ok: false });
    expect(
      await confirmSecondFactor(me, { sealed: "x" + setup.sealed, code: codeAt(setup.secret, Date.now()) }, actor),
    ).toEqual({ ok: false, reason: "invalid" });
    const confirmed = await confirmSecondFactor(
      me,
      { sealed: setup.sealed, code: codeAt(setup.secret, Date.now()) },
      actor,
    );
    expect(confirmed).toMatchObject({ ok: true });
    if (confirmed.ok) expect(confirmed.recoveryCodes).toHaveLength(10);
  });

  it("holds every sign-in until a code from the app: no session before, one after; a code works once", async () => {
    const { me, secret } = await personWithSecondFactor("gated@example.test");
    const sessionsBefore = (await db.select().from(session).where(eq(session.userId, me.id))).length;
    const pendingId = await pendingSignIn(me.email);
    expect((await db.select().from(session).where(eq(session.userId, me.id))).length).toBe(sessionsBefore);

    const code = codeAt(secret, Date.now());
    const signedIn = await verifySecondFactor({ pendingId, code }, browser("c"), actor);
    expect(signedIn).toMatchObject({ ok: true, user: { email: me.email } });
    expect((await db.select().from(session).where(eq(session.userId, me.id))).length).toBe(sessionsBefore + 1);

    // The same code again, on a new sign-in: refused (used once).
    const again = await pendingSignIn(me.email);
    expect(await verifySecondFactor({ pendingId: again, code }, browser("c"), actor)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("takes each recovery code once", async () => {
    const { me, recoveryCodes } = await personWithSecondFactor("recovery@example.test");
    const first = await pendingSignIn(me.email);
    expect(await verifySecondFactor({ pendingId: first, code: recoveryCodes[0]! }, browser("c"), actor)).toMatchObject({
      ok: true,
    });
    expect(await recoveryCodesLeft(me.id)).toBe(9);
    const second = await pendingSignIn(me.email);
    expect(await verifySecondFactor({ pendingId: second, code: recoveryCodes[0]! }, browser("c"), actor)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const trail = await db.select({ action: auditEvent.action }).from(auditEvent).where(eq(auditEvent.targetId, me.id));
    expect(trail.map((entry) => entry.action)).toContain("recovery-code.used");
  });

  it("ends a pending sign-in after its wrong codes, without touching the person's other sign-ins", async () => {
    const { me, secret } = await personWithSecondFactor("wrong@example.test");
    const attacked = await pendingSignIn(me.email);
    const mine = await pendingSignIn(me.email);
    for (let attempt = 1; attempt < SECOND_FACTOR_ATTEMPTS; attempt++)
      expect(await verifySecondFactor({ pendingId: attacked, code: "000000" }, browser("a"), actor)).toEqual({
        ok: false,
        reason: "invalid",
      });
    expect(await verifySecondFactor({ pendingId: attacked, code: "000000" }, browser("a"), actor)).toEqual({
      ok: false,
      reason: "exhausted",
    });
    expect(
      await verifySecondFactor({ pendingId: attacked, code: codeAt(secret, Date.now()) }, browser("a"), actor),
    ).toEqual({ ok: false, reason: "exhausted" });
    // Another browser's pending sign-in still takes the right code.
    expect(
      await verifySecondFactor({ pendingId: mine, code: codeAt(secret, Date.now()) }, browser("b"), actor),
    ).toMatchObject({ ok: true });
    expect(await verifySecondFactor({ pendingId: null, code: "123456" }, browser("b"), actor)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("is in the data download without its secret or recovery codes", async () => {
    const { me, secret, recoveryCodes } = await personWithSecondFactor("export-2fa@example.test");
    const exported = await exportAccountData(me.id, null, { administrator: "a", organizationAdministrator: "o" });
    expect(exported?.secondFactor).toMatchObject({ recoveryCodesLeft: 10 });
    expect(exported?.secondFactor.enabledAt).toEqual(expect.any(String));
    const text = JSON.stringify(exported);
    expect(text).not.toContain(secret.replace(/\s/g, ""));
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });

  it("lets a passkey that verified the person through; asks one that did not for the second factor", async () => {
    const { me } = await personWithSecondFactor("passkey-2fa@example.test");
    expect(
      await signInWithPasskey({ userId: me.id, email: me.email, userVerified: false }, browser("p"), actor),
    ).toMatchObject({ ok: false, reason: "second-factor" });
    expect(
      await signInWithPasskey({ userId: me.id, email: me.email, userVerified: true }, browser("p"), actor),
    ).toMatchObject({ ok: true, user: { email: me.email } });
  });

  // The code it takes is the step-up's (app/.server/web/step-up.test.ts).
  it("is turned off once; sign-in then asks for the e-mail code alone", async () => {
    const { me } = await personWithSecondFactor("off@example.test");
    expect(await disableSecondFactor(me, actor)).toBe(true);
    expect(await disableSecondFactor(me, actor)).toBe(false);
    expect(await startSession(me.email, "email-code", browser("c"), actor)).toMatchObject({ ok: true });
  });
});
