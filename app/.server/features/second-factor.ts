// The second factor (ADR 052): an authenticator app (TOTP) and one-time recovery codes. Turning it on, and
// the step of a sign-in that waits for it: the first factor proven, no session yet (sign-in.ts, `startSession`, makes
// the pending sign-in). Plain values in and out: the routes hold the cookies.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, exists, gt, isNull, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";

import { db, primaryDb } from "~/.server/platform/db/client";
import { pendingSecondFactor, recoveryCode, secondFactor, user } from "~/.server/platform/db/schema";
import { sendSecondFactorResetEmail } from "~/.server/platform/email/account";
import { getEnv } from "~/.server/platform/env";
import { jobInsert, wakeJobs, type JobKind } from "~/.server/platform/jobs/queue";
import { consumeRateLimit, rateLimits } from "~/.server/platform/security/rate-limit";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { PRODUCT } from "~/locales/product";
import { recordRefusedSignIn, startSession, type RateLimited, type SignInMethod, type VerifyResult } from "./sign-in";

/** Wrong codes one pending sign-in may take before it must start again from the first factor (like a code's 3). */
export const SECOND_FACTOR_ATTEMPTS = 5;
const RECOVERY_CODES = 10;
const PERIOD_SECONDS = 30;

const seal = (value: string) => symmetricEncrypt({ key: getEnv().AUTH_SECRET, data: value });
const open = (sealed: string) => symmetricDecrypt({ key: getEnv().AUTH_SECRET, data: sealed });
const recoveryHash = (userId: string, code: string) =>
  createHmac("sha256", getEnv().AUTH_SECRET)
    .update(`${userId}:${code.replace(/[\s-]/g, "").toLowerCase()}`)
    .digest("base64url");

function totpFor(email: string, base32: string) {
  return new TOTP({
    issuer: PRODUCT.name,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The time step a code was made for, when it is right now or one step either side; null otherwise. */
function stepOf(totp: TOTP, code: string, now = Date.now()): number | null {
  const delta = totp.validate({ token: code.replace(/\s/g, ""), timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Read from the primary, like every other read of the second factor that decides a sign-in or a step-up: turned on or
 * off on another instance, it counts here from the next request (ADR 050).
 */
export async function hasSecondFactor(userId: string): Promise<boolean> {
  const [row] = await primaryDb
    .select({ userId: secondFactor.userId })
    .from(secondFactor)
    .where(eq(secondFactor.userId, userId))
    .limit(1);
  return Boolean(row);
}

/**
 * A new secret to set up, shown as a QR code (an SVG data URL: no script, allowed by the page's CSP) and as text for
 * manual entry. The secret travels sealed in the form (`sealed`), so the server keeps nothing until it is confirmed.
 */
export async function newSecondFactorSetup(email: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(email, secret).toString();
  // qrcode loads when a QR code is first drawn, not at every start (ADR 029).
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    secret: secret.replace(/(.{4})/g, "$1 ").trim(),
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    sealed: await seal(secret),
  };
}

function newRecoveryCode(): string {
  const raw = randomBytes(8).toString("hex");
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}-${raw.slice(12)}`;
}

/**
 * Turns the second factor on once a first code from the app proves the secret was entered right. Returns the
 * recovery codes, shown once; the database keeps only their HMACs. Audited.
 */
export async function confirmSecondFactor(
  me: { id: string; email: string },
  input: { sealed: string; code: string },
  by: AuditActor,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; reason: "invalid" | "already-on" }> {
  let secret: string;
  try {
    secret = await open(input.sealed);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const step = stepOf(totpFor(me.email, secret), input.code);
  if (step === null) return { ok: false, reason: "invalid" };
  if (await hasSecondFactor(me.id)) return { ok: false, reason: "already-on" };
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.batch([
    db
      .insert(secondFactor)
      .values({ userId: me.id, sealedSecret: await seal(secret), lastStep: step, enabledAt: new Date() }),
    db.delete(recoveryCode).where(eq(recoveryCode.userId, me.id)),
    db.insert(recoveryCode).values(codes.map((code) => ({ userId: me.id, codeHash: recoveryHash(me.id, code) }))),
  ]);
  await recordAudit(by, { action: "second-factor.enabled", target: { type: "user", id: me.id, label: me.email } });
  return { ok: true, recoveryCodes: codes };
}

/** Checks a code from the app, or spends a recovery code; "totp" or "recovery" when right, null otherwise. */
export async function checkSecondFactor(
  userId: string,
  email: string,
  code: string,
): Promise<"totp" | "recovery" | null> {
  const [row] = await primaryDb.select().from(secondFactor).where(eq(secondFactor.userId, userId)).limit(1);
  if (!row) return null;
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const step = stepOf(totpFor(email, await open(row.sealedSecret)), digits);
    if (step === null) return null;
    // A code signs in once: a later step than the last one used, claimed in one statement.
    const claimed = await db
      .update(secondFactor)
      .set({ lastStep: step })
      .where(and(eq(secondFactor.userId, userId), lt(secondFactor.lastStep, step)))
      .returning({ userId: secondFactor.userId });
    return claimed.length === 1 ? "totp" : null;
  }
  const hash = recoveryHash(userId, code);
  const codes = await primaryDb
    .select({ id: recoveryCode.id, codeHash: recoveryCode.codeHash })
    .from(recoveryCode)
    .where(and(eq(recoveryCode.userId, userId), isNull(recoveryCode.usedAt)));
  const match = codes.find(
    (item) => item.codeHash.length === hash.length && timingSafeEqual(Buffer.from(item.codeHash), Buffer.from(hash)),
  );
  if (!match) return null;
  const spent = await db
    .update(recoveryCode)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCode.id, match.id), isNull(recoveryCode.usedAt)))
    .returning({ id: recoveryCode.id });
  return spent.length === 1 ? "recovery" : null;
}

export type SecondFactorResult = VerifyResult | { ok: false; reason: "exhausted" | "expired" } | RateLimited;

/**
 * The second step of a sign-in: a code from the app or a recovery code, against the pending sign-in this browser
 * holds (its cookie). Wrong codes are counted on that pending sign-in only (nobody elsewhere can spend them, ADR 010)
 * and per client; a right one signs the person in. Every outcome is audited.
 */
export async function verifySecondFactor(
  input: { pendingId: string | null; code: string },
  caller: { headers: Headers; client: string; previousSessionToken?: string },
  by: AuditActor,
): Promise<SecondFactorResult> {
  const now = Date.now();
  if (!input.pendingId) return { ok: false, reason: "expired" };
  const [pending] = await db
    .update(pendingSecondFactor)
    .set({ attempts: sql`${pendingSecondFactor.attempts} + 1` })
    .where(
      and(
        eq(pendingSecondFactor.id, input.pendingId),
        lt(pendingSecondFactor.attempts, SECOND_FACTOR_ATTEMPTS),
        gt(pendingSecondFactor.expiresAt, now),
      ),
    )
    .returning();
  if (!pending) {
    const [row] = await db.select().from(pendingSecondFactor).where(eq(pendingSecondFactor.id, input.pendingId));
    return { ok: false, reason: row && row.expiresAt > now ? "exhausted" : "expired" };
  }
  const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, pending.userId)).limit(1);
  if (!person) return { ok: false, reason: "expired" };
  const limited = await consumeRateLimit(`second-factor:client:${caller.client}`, rateLimits.verifyCodePerClient);
  if (!limited.allowed) {
    await recordRefusedSignIn(by, person.email, "rate-limited", "second-factor");
    return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const checked = await checkSecondFactor(pending.userId, person.email, input.code);
  if (!checked) {
    const last = pending.attempts >= SECOND_FACTOR_ATTEMPTS;
    await recordRefusedSignIn(by, person.email, last ? "exhausted" : "wrong-code", "second-factor");
    return last ? { ok: false, reason: "exhausted" } : { ok: false, reason: "invalid" };
  }
  await db.delete(pendingSecondFactor).where(eq(pendingSecondFactor.id, pending.id));
  if (checked === "recovery")
    await recordAudit(
      { user: { id: pending.userId, email: person.email }, ip: by.ip },
      { action: "recovery-code.used", target: { type: "user", id: pending.userId, label: person.email } },
    );
  return startSession(person.email, pending.method as SignInMethod, caller, by, { secondFactorProven: true });
}

/**
 * Turns the second factor off; its recovery codes go with it. Audited. The route asks for a step-up first (a code of
 * this very factor, or a passkey: ADR 053). False when it was not on.
 */
export async function disableSecondFactor(me: { id: string; email: string }, by: AuditActor): Promise<boolean> {
  const [removed] = await db.batch([
    db.delete(secondFactor).where(eq(secondFactor.userId, me.id)).returning({ userId: secondFactor.userId }),
    db.delete(recoveryCode).where(eq(recoveryCode.userId, me.id)),
  ]);
  if (removed.length === 0) return false;
  await recordAudit(by, { action: "second-factor.disabled", target: { type: "user", id: me.id, label: me.email } });
  return true;
}

/** How many recovery codes are left unused: the account page says when to make new ones. */
export async function recoveryCodesLeft(userId: string): Promise<number> {
  return db.$count(recoveryCode, and(eq(recoveryCode.userId, userId), isNull(recoveryCode.usedAt)));
}

/** What the data download says of the second factor: when it was turned on, and the recovery codes left. */
export async function secondFactorFacts(userId: string) {
  const [row] = await db
    .select({ enabledAt: secondFactor.enabledAt })
    .from(secondFactor)
    .where(eq(secondFactor.userId, userId))
    .limit(1);
  return { enabledAt: row?.enabledAt.toISOString() ?? null, recoveryCodesLeft: await recoveryCodesLeft(userId) };
}

/** The notice of a reset, retried until the person's mail server takes it (ADR 046). */
export const secondFactorResetNoticeJob: JobKind<{ to: string; language: string }> = {
  name: "email.second-factor-reset",
  maxAttempts: 15,
  backoffMs: 10_000,
  async run({ to, language }) {
    await sendSecondFactorResetEmail({ to, language });
  },
};

/**
 * An administrator resets a person's second factor (a lost phone and no recovery code): the app and the recovery
 * codes go, sign-in asks for the e-mail code alone, and the person is told by e-mail. Audited. False when there was
 * none.
 */
export async function resetSecondFactor(
  target: { id: string; email: string },
  admin: { actor: AuditActor; language: string },
): Promise<boolean> {
  const mine = eq(secondFactor.userId, target.id);
  // The reset and its notice commit together (ADR 046); the notice, written first, only if there is a factor to reset.
  const [, removed] = await db.batch([
    jobInsert(
      db,
      secondFactorResetNoticeJob,
      { to: target.email, language: admin.language },
      { onlyIf: exists(db.select({ userId: secondFactor.userId }).from(secondFactor).where(mine)) },
    ),
    db.delete(secondFactor).where(mine).returning({ userId: secondFactor.userId }),
    db.delete(recoveryCode).where(eq(recoveryCode.userId, target.id)),
  ]);
  if (removed.length === 0) return false;
  wakeJobs();
  await recordAudit(admin.actor, {
    action: "second-factor.reset",
    target: { type: "user", id: target.id, label: target.email },
  });
  return true;
}
