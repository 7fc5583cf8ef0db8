// One-time codes that confirm an account change (a new e-mail address, a deletion), made like the sign-in codes
// (app/.server/features/sign-in.ts): six digits, stored only as an HMAC, a few attempts counted atomically, a short
// life. They live in the sign-in codes' table under an id of their own, `<purpose>:<userId>`, so each user has at most
// one pending code per purpose and a new one replaces the last; `email` is the address the code was sent to.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { signInCode } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";

const ONE_TIME_CODE_PURPOSES = ["change-email", "delete-account", "step-up"] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

export const ONE_TIME_CODE_MINUTES = 10;
export const ONE_TIME_CODE_ATTEMPTS = 3;

/** What checking a code found: right (and now spent), wrong, past its time, or out of attempts. */
export type OneTimeCodeCheck = "right" | "invalid" | "expired" | "exhausted";

/** The row id of a user's pending code for `purpose`. Sign-in codes have random ids without a colon: no clash. */
export const oneTimeCodeId = (purpose: OneTimeCodePurpose, userId: string) => `${purpose}:${userId}`;

/** Every id a user's pending codes can have (to delete them with the account). */
export const oneTimeCodeIds = (userId: string) =>
  ONE_TIME_CODE_PURPOSES.map((purpose) => oneTimeCodeId(purpose, userId));

/** The code as stored: an HMAC bound to the row and to the address, so a leaked table gives no code. */
const codeHash = (id: string, email: string, code: string) =>
  createHmac("sha256", getEnv().AUTH_SECRET).update(`one-time-code:${id}:${email}:${code}`).digest("base64url");

function sameHash(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(candidate);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A new code for `purpose`, sent to `email`: the code for the e-mail, its end, and the statement that stores it, for
 * the caller to run in one batch with the e-mail's job (ADR 046). It replaces the user's pending code for that
 * purpose, attempts and all: the send budget (the caller's rate limit) bounds the guesses.
 */
export function newOneTimeCode(purpose: OneTimeCodePurpose, userId: string, email: string, now = Date.now()) {
  const id = oneTimeCodeId(purpose, userId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const row = {
    email,
    codeHash: codeHash(id, email, code),
    attempts: 0,
    expiresAt: now + ONE_TIME_CODE_MINUTES * 60_000,
  };
  const store = db
    .insert(signInCode)
    .values({ id, ...row })
    .onConflictDoUpdate({ target: signInCode.id, set: row });
  return { code, expiresAt: row.expiresAt, store };
}

/** Stores a new code without an e-mail, and returns it (the tests' way to hold a code the person would receive). */
export async function issueOneTimeCode(
  purpose: OneTimeCodePurpose,
  userId: string,
  email: string,
  now = Date.now(),
): Promise<string> {
  const { code, store } = newOneTimeCode(purpose, userId, email, now);
  await store;
  return code;
}

/**
 * Spends one attempt of the user's code for `purpose`, which must have been sent to `email`. A right code is spent
 * for good (a second use finds nothing); the last wrong attempt leaves the code unusable until a new one is issued.
 */
export async function checkOneTimeCode(
  purpose: OneTimeCodePurpose,
  userId: string,
  email: string,
  code: string,
  now = Date.now(),
): Promise<OneTimeCodeCheck> {
  const id = oneTimeCodeId(purpose, userId);
  const mine = and(eq(signInCode.id, id), eq(signInCode.email, email));
  // Counted before it is compared, in one statement: concurrent guesses cannot spend more than the allowed attempts.
  const [spent] = await db
    .update(signInCode)
    .set({ attempts: sql`${signInCode.attempts} + 1` })
    .where(and(mine, lt(signInCode.attempts, ONE_TIME_CODE_ATTEMPTS), gt(signInCode.expiresAt, now)))
    .returning({ attempts: signInCode.attempts, codeHash: signInCode.codeHash });
  if (!spent) {
    const [row] = await db.select({ expiresAt: signInCode.expiresAt }).from(signInCode).where(mine).limit(1);
    if (!row) return "invalid";
    return row.expiresAt <= now ? "expired" : "exhausted";
  }
  if (!sameHash(spent.codeHash, codeHash(id, email, code)))
    return spent.attempts >= ONE_TIME_CODE_ATTEMPTS ? "exhausted" : "invalid";
  // Whoever deletes the row spends the code: two right answers at once cannot both succeed.
  const taken = await db.delete(signInCode).where(mine).returning({ id: signInCode.id });
  return taken.length > 0 ? "right" : "invalid";
}
