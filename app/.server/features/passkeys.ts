// Passkeys (ADR 052): WebAuthn credentials a person adds on the account page and signs in with on /login. Verified by
// SimpleWebAuthn behind our own routes; better-auth's passkey plugin is not used, because its sign-in endpoint creates
// the session itself, before a second factor could be asked. Plain values in and out: the routes hold the cookies.
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, desc, eq, lt } from "drizzle-orm";

import { db, primaryDb } from "~/.server/platform/db/client";
import { isUniqueViolation } from "~/.server/platform/db/errors";
import { passkey, spentWebauthnChallenge, user } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import { consumeRateLimit, rateLimits } from "~/.server/platform/security/rate-limit";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { PRODUCT } from "~/locales/product";
import { recordRefusedSignIn, startSession, type RateLimited, type VerifyResult } from "./sign-in";

/**
 * SimpleWebAuthn and the certificate parsers it brings (about a sixth of the server bundle) load with the first passkey
 * operation, not at every start: a start loads what serving a page needs (ADR 029).
 */
const webauthn = () => import("@simplewebauthn/server");

/** How long a challenge may be answered: the browser's prompt, and a person choosing a key. */
const CHALLENGE_MINUTES = 5;
/** Passkeys one person may hold: enough for every device they own, not a table to fill. */
const MAX_PASSKEYS = 20;

/** A challenge as the route keeps it in the browser's signed cookie: what was asked, for whom, until when. */
export type Challenge = { challenge: string; userId: string | null; expiresAt: number };

function relyingParty() {
  const origin = new URL(getEnv().APP_URL);
  return { origin: origin.origin, rpID: origin.hostname };
}

/** SimpleWebAuthn makes the challenge (32 random bytes, base64url in the options); we keep it with its owner and end. */
function challengeOf(options: { challenge: string }, userId: string | null): Challenge {
  return { challenge: options.challenge, userId, expiresAt: Date.now() + CHALLENGE_MINUTES * 60_000 };
}

/**
 * Records a challenge as answered; false when it was answered before (a replay) or has expired. Expired records are
 * pruned on the way: a record is only needed while its challenge could still be answered.
 */
async function spend(challenge: Challenge): Promise<boolean> {
  const now = Date.now();
  if (challenge.expiresAt <= now) return false;
  await db.delete(spentWebauthnChallenge).where(lt(spentWebauthnChallenge.expiresAt, now));
  const spent = await db
    .insert(spentWebauthnChallenge)
    .values({ challenge: challenge.challenge, expiresAt: challenge.expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: spentWebauthnChallenge.challenge });
  return spent.length === 1;
}

export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

export async function listPasskeys(userId: string): Promise<PasskeyView[]> {
  const rows = await db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(desc(passkey.createdAt));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The options the browser needs to create a passkey for `me`, and the challenge the route keeps. */
export async function registrationOptions(me: { id: string; email: string; name: string }) {
  const existing = await db
    .select({ credentialId: passkey.credentialId, transports: passkey.transports })
    .from(passkey)
    .where(eq(passkey.userId, me.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: PRODUCT.name,
    rpID: relyingParty().rpID,
    userName: me.email,
    userDisplayName: me.name || me.email,
    userID: new TextEncoder().encode(me.id),
    timeout: CHALLENGE_MINUTES * 60_000,
    attestationType: "none",
    // A key already on this account is not offered again.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
    // A discoverable credential, so that /login can offer it without an address typed first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { options, challenge: challengeOf(options, me.id) };
}

function transportsOf(stored: string | null): AuthenticatorTransportFuture[] | undefined {
  return stored ? (stored.split(",") as AuthenticatorTransportFuture[]) : undefined;
}

export type AddPasskeyResult = { ok: true } | { ok: false; reason: "invalid" | "expired" | "too-many" };

/** Verifies the browser's answer to a registration challenge and keeps the passkey under `name`. Audited. */
export async function addPasskey(
  me: { id: string; email: string },
  input: { name: string; response: unknown; challenge: Challenge | null },
  by: AuditActor,
): Promise<AddPasskeyResult> {
  const { challenge } = input;
  if (!challenge || challenge.userId !== me.id || !(await spend(challenge))) return { ok: false, reason: "expired" };
  const count = await db.$count(passkey, eq(passkey.userId, me.id));
  if (count >= MAX_PASSKEYS) return { ok: false, reason: "too-many" };
  const { origin, rpID } = relyingParty();
  let verified;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    logger.info("passkey registration refused", { error: String(error) });
    return { ok: false, reason: "invalid" };
  }
  if (!verified.verified || !verified.registrationInfo) return { ok: false, reason: "invalid" };
  const info = verified.registrationInfo;
  try {
    const [added] = await db
      .insert(passkey)
      .values({
        userId: me.id,
        name: input.name,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: info.credential.transports?.join(",") ?? null,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        createdAt: new Date(),
      })
      .returning({ id: passkey.id });
    await recordAudit(by, {
      action: "passkey.added",
      target: { type: "user", id: me.id, label: me.email },
      details: { passkey: added!.id, name: input.name },
    });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error, "passkey.credential_id")) return { ok: false, reason: "invalid" };
    throw error;
  }
}

export async function renamePasskey(me: { id: string; email: string }, id: string, name: string, by: AuditActor) {
  const renamed = await db
    .update(passkey)
    .set({ name })
    .where(and(eq(passkey.id, id), eq(passkey.userId, me.id)))
    .returning({ id: passkey.id });
  if (renamed.length === 0) return false;
  await recordAudit(by, {
    action: "passkey.renamed",
    target: { type: "user", id: me.id, label: me.email },
    details: { passkey: id, name },
  });
  return true;
}

/** Removes one of `me`'s passkeys (another person's id removes nothing). Audited. */
export async function removePasskey(me: { id: string; email: string }, id: string, by: AuditActor) {
  const removed = await db
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, me.id)))
    .returning({ id: passkey.id, name: passkey.name });
  if (removed.length === 0) return false;
  await recordAudit(by, {
    action: "passkey.removed",
    target: { type: "user", id: me.id, label: me.email },
    details: { passkey: id, name: removed[0]!.name },
  });
  return true;
}

/** Options for signing in with any passkey of this site (discoverable credentials: no address needed). */
export async function authenticationOptions() {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    timeout: CHALLENGE_MINUTES * 60_000,
    userVerification: "preferred",
  });
  return { options, challenge: challengeOf(options, null) };
}

/** What a verified passkey says: whose it is, and whether the authenticator verified the person (PIN, biometrics). */
export type PasskeyProof = { userId: string; email: string; userVerified: boolean };

/**
 * Checks a passkey's answer to this browser's sign-in challenge. Returns whose passkey it is; the route decides what
 * follows (a session, or the second factor first). Refusals are audited; the rate limit is the sign-in code's.
 */
export async function verifyPasskeySignIn(
  input: { response: unknown; challenge: Challenge | null },
  caller: { client: string },
  by: AuditActor,
): Promise<{ ok: true; proof: PasskeyProof } | { ok: false; reason: "invalid" } | RateLimited> {
  const limited = await consumeRateLimit(`verify-passkey:client:${caller.client}`, rateLimits.verifyCodePerClient);
  const response = input.response as AuthenticationResponseJSON;
  const credentialId = typeof response?.id === "string" ? response.id.slice(0, 1024) : "";
  // From the primary, like every proof of who a person is: a passkey removed on another instance proves nothing here
  // (ADR 050).
  const [stored] = credentialId
    ? await primaryDb
        .select({ passkey, email: user.email })
        .from(passkey)
        .innerJoin(user, eq(passkey.userId, user.id))
        .where(eq(passkey.credentialId, credentialId))
        .limit(1)
    : [];
  const refuse = async (reason: "wrong-code" | "rate-limited") => {
    if (stored) await recordRefusedSignIn(by, stored.email, reason, "passkey");
    else
      await recordAudit(by, {
        action: "sign-in",
        outcome: "refused",
        reason,
        details: { method: "passkey" },
      });
  };
  if (!limited.allowed) {
    await refuse("rate-limited");
    return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const { challenge } = input;
  if (!stored || !challenge || challenge.userId !== null || !(await spend(challenge))) {
    await refuse("wrong-code");
    return { ok: false, reason: "invalid" };
  }
  const { origin, rpID } = relyingParty();
  let verified;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: stored.passkey.credentialId,
        publicKey: Buffer.from(stored.passkey.publicKey, "base64url"),
        counter: stored.passkey.counter,
        transports: transportsOf(stored.passkey.transports),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    logger.info("passkey sign-in refused", { error: String(error) });
    verified = null;
  }
  if (!verified?.verified) {
    await refuse("wrong-code");
    return { ok: false, reason: "invalid" };
  }
  await db
    .update(passkey)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkey.id, stored.passkey.id));
  return {
    ok: true,
    proof: {
      userId: stored.passkey.userId,
      email: stored.email,
      userVerified: verified.authenticationInfo.userVerified,
    },
  };
}

/** Options for a step-up (ADR 053): one of `userId`'s own passkeys, named, so no other account's key is offered. */
export async function stepUpPasskeyOptions(userId: string) {
  const mine = await db
    .select({ credentialId: passkey.credentialId, transports: passkey.transports })
    .from(passkey)
    .where(eq(passkey.userId, userId));
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    timeout: CHALLENGE_MINUTES * 60_000,
    userVerification: "preferred",
    allowCredentials: mine.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
  });
  return { options, challenge: challengeOf(options, userId) };
}

/**
 * Checks a passkey's answer to a step-up challenge made for `userId`: the passkey must be theirs, the challenge theirs
 * and unspent. The step-up's caller limits and audits the attempts (app/.server/features/step-up.ts).
 */
export async function verifyPasskeyStepUp(
  userId: string,
  input: { response: unknown; challenge: Challenge | null },
): Promise<boolean> {
  const response = input.response as AuthenticationResponseJSON;
  const credentialId = typeof response?.id === "string" ? response.id.slice(0, 1024) : "";
  const { challenge } = input;
  if (!credentialId || !challenge || challenge.userId !== userId) return false;
  // From the primary: a passkey removed on another instance proves nothing here (ADR 050).
  const [stored] = await primaryDb
    .select()
    .from(passkey)
    .where(and(eq(passkey.credentialId, credentialId), eq(passkey.userId, userId)))
    .limit(1);
  if (!stored || !(await spend(challenge))) return false;
  const { origin, rpID } = relyingParty();
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: stored.credentialId,
        publicKey: Buffer.from(stored.publicKey, "base64url"),
        counter: stored.counter,
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: false,
    });
    if (!verified.verified) return false;
    await db
      .update(passkey)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkey.id, stored.id));
    return true;
  } catch (error) {
    logger.info("passkey step-up refused", { error: String(error) });
    return false;
  }
}

/** Signs in the owner of a verified passkey: a full sign-in (session, audit entry, ban check). */
export function signInWithPasskey(
  proof: PasskeyProof,
  caller: { headers: Headers; previousSessionToken?: string },
  by: AuditActor,
): Promise<VerifyResult> {
  // A passkey that verified the person (PIN, biometrics) is both factors; one that did not asks for the second.
  return startSession(proof.email, "passkey", caller, by, { secondFactorProven: proof.userVerified });
}
