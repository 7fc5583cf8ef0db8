// A step-up (ADR 053): before what cannot be undone, a session proves its person again, once every STEP_UP_MINUTES:
// with the second factor (an authenticator code or a recovery code) or a passkey when the person has one, otherwise
// with a fresh code sent to their address. When it was last done is kept server-side, one row per session (`step_up`).
// Plain values in and out: app/.server/web/step-up.ts asks for it on the spot.
import { and, eq, gt } from "drizzle-orm";

import { checkOneTimeCode } from "~/.server/platform/auth/one-time-code";
import { db, primaryDb } from "~/.server/platform/db/client";
import { passkey, stepUp } from "~/.server/platform/db/schema";
import { consumeAll, rateLimits } from "~/.server/platform/security/rate-limit";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { requestStepUpCode } from "./account-access";
import { verifyPasskeyStepUp, type Challenge } from "./passkeys";
import { checkSecondFactor, hasSecondFactor } from "./second-factor";
import type { RateLimited } from "./sign-in";

/** How long one step-up lets a session do what cannot be undone. */
export const STEP_UP_MINUTES = 10;

type Me = { id: string; email: string };

/**
 * Whether this session proved its person again within the last STEP_UP_MINUTES. Read from the primary, like the ways
 * below: a step-up made, or a second factor or passkey changed, on another instance counts here at once (ADR 050).
 */
export async function isRecentlyVerified(sessionId: string, now = Date.now()): Promise<boolean> {
  const [row] = await primaryDb
    .select({ sessionId: stepUp.sessionId })
    .from(stepUp)
    .where(and(eq(stepUp.sessionId, sessionId), gt(stepUp.verifiedAt, new Date(now - STEP_UP_MINUTES * 60_000))))
    .limit(1);
  return Boolean(row);
}

/** How a person can step up: a code of their second factor (else an e-mail code), and a passkey (with JavaScript). */
export async function stepUpWaysOf(userId: string): Promise<{ secondFactor: boolean; passkey: boolean }> {
  const [secondFactor, passkeys] = await Promise.all([
    hasSecondFactor(userId),
    primaryDb.$count(passkey, eq(passkey.userId, userId)),
  ]);
  return { secondFactor, passkey: passkeys > 0 };
}

/** Sends the e-mail code of a step-up, to a person without a second factor (a second factor is never skipped). */
export async function sendStepUpCode(
  me: Me,
  caller: { language: string; actor: AuditActor; userAgent?: string | null },
) {
  return requestStepUpCode(me, caller);
}

export type StepUpProof = { code: string } | { passkey: { response: unknown; challenge: Challenge | null } };
export type StepUpResult = { ok: true } | { ok: false; reason: "invalid" | "expired" | "exhausted" } | RateLimited;

/**
 * Checks a step-up's proof for `me` and, when right, records the session as verified. The second factor's code when
 * the person has one (the e-mail code is then refused: it would skip the second factor), else the e-mail code; a
 * passkey of theirs either way. Wrong answers are limited per client and per person like second-factor codes, and
 * every outcome is audited.
 */
export async function verifyStepUp(
  me: Me,
  sessionId: string,
  proof: StepUpProof,
  caller: { client: string },
  by: AuditActor,
): Promise<StepUpResult> {
  const target = { type: "user" as const, id: me.id, label: me.email };
  const limited = await consumeAll([
    [`step-up:client:${caller.client}`, rateLimits.verifyCodePerClient],
    [`step-up:user:${me.id}`, rateLimits.verifyCodePerClient],
  ]);
  if (!limited.allowed) {
    await recordAudit(by, { action: "step-up", outcome: "refused", reason: "rate-limited", target });
    return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  let method: "totp" | "recovery" | "email-code" | "passkey" | null = null;
  let refusal: "invalid" | "expired" | "exhausted" = "invalid";
  if ("passkey" in proof) {
    if (await verifyPasskeyStepUp(me.id, proof.passkey)) method = "passkey";
  } else if (await hasSecondFactor(me.id)) {
    method = await checkSecondFactor(me.id, me.email, proof.code);
  } else {
    const checked = await checkOneTimeCode("step-up", me.id, me.email, proof.code.replace(/\s/g, ""));
    if (checked === "right") method = "email-code";
    else refusal = checked;
  }
  if (!method) {
    const reason = refusal === "invalid" ? "wrong-code" : refusal;
    await recordAudit(by, {
      action: "step-up",
      outcome: "refused",
      reason,
      target,
      details: { method: "passkey" in proof ? "passkey" : "code" },
    });
    return { ok: false, reason: refusal };
  }
  const verifiedAt = new Date();
  await db
    .insert(stepUp)
    .values({ sessionId, verifiedAt })
    .onConflictDoUpdate({ target: stepUp.sessionId, set: { verifiedAt } });
  if (method === "recovery") await recordAudit(by, { action: "recovery-code.used", target });
  await recordAudit(by, { action: "step-up", target, details: { method } });
  return { ok: true };
}
