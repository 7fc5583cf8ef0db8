// A fixed-window limiter stored in the database, so several server processes share one budget (ADR 005).
import { lt, sql } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { rateLimitCounter } from "~/.server/platform/db/schema";

export type RateLimitRule = { limit: number; windowSeconds: number };
/** Allowed, with how many more hits the window takes (0: this was the last), or refused with the wait. */
export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Every rule of the limiter, in one table (ADR 005, ADR 010). A client is an IPv4 address or an IPv6 /64. An address's
 * shared budget (sendCodePerEmail, sendCodePerEmailDaily) is spent by browsers that never signed in to it; a browser
 * that did has its own (sendCodePerDevice), so nobody can lock a person out of their own browser.
 */
export const rateLimits = {
  sendCodePerEmail: { limit: 3, windowSeconds: 10 * 60 },
  sendCodePerEmailDaily: { limit: 20, windowSeconds: 24 * 60 * 60 },
  sendCodePerDevice: { limit: 5, windowSeconds: 10 * 60 },
  sendCodePerClient: { limit: 10, windowSeconds: 10 * 60 },
  verifyCodePerClient: { limit: 10, windowSeconds: 10 * 60 },
  socialSignInPerClient: { limit: 10, windowSeconds: 60 },
  // Codes that confirm an account change (app/.server/features/account-access.ts): per user and purpose, per user a day (each
  // code gives 3 guesses), and per recipient a day, so that nobody can flood someone else's inbox with them.
  accountCodePerUser: { limit: 3, windowSeconds: 10 * 60 },
  accountCodePerUserDaily: { limit: 10, windowSeconds: 24 * 60 * 60 },
  accountCodePerAddressDaily: { limit: 10, windowSeconds: 24 * 60 * 60 },
  // Invitation e-mails (app/features/organizations/invitations.server.ts): per inviter a day, and per recipient a day, so that an
  // organization's admin cannot flood someone's inbox by sending one invitation again and again.
  invitationEmailPerUserDaily: { limit: 50, windowSeconds: 24 * 60 * 60 },
  invitationEmailPerAddressDaily: { limit: 5, windowSeconds: 24 * 60 * 60 },
  // Picture uploads per uploader (app/features/pictures/pictures.server.ts): each costs a decode and an encode (ADR 051).
  pictureUploadPerUser: { limit: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts one hit against `key` and tells whether it is within the rule. One atomic statement. */
export async function consumeRateLimit(key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = sql`${rateLimitCounter.windowStart} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimitCounter)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimitCounter.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounter.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimitCounter.windowStart} END`,
      },
    })
    .returning({ count: rateLimitCounter.count, windowStart: rateLimitCounter.windowStart });
  if (!row) return { allowed: true, remaining: rule.limit - 1 };
  if (row.count <= rule.limit) return { allowed: true, remaining: rule.limit - row.count };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000)) };
}

/** Drops counters whose window ended more than a day ago; scheduled (app/.server/features/background-jobs.ts). */
export async function pruneRateLimits(now = Date.now()) {
  await db.delete(rateLimitCounter).where(lt(rateLimitCounter.windowStart, now - 24 * 60 * 60 * 1000));
}

/**
 * Checks every rule and counts a hit against each; when several refuse, the longest wait is the answer. Allowed, the
 * remaining hits are the fewest any rule has left.
 */
export async function consumeAll(checks: Array<[key: string, rule: RateLimitRule]>): Promise<RateLimitResult> {
  let answer: RateLimitResult = { allowed: true, remaining: Infinity };
  for (const [key, rule] of checks) {
    const result = await consumeRateLimit(key, rule);
    if (result.allowed) {
      if (answer.allowed) answer = { allowed: true, remaining: Math.min(answer.remaining, result.remaining) };
    } else if (answer.allowed || result.retryAfterSeconds > answer.retryAfterSeconds) answer = result;
  }
  return answer;
}
