// The passwordless sign-in journey (spec sections 2, 4, 5): send a code, verify it, GitHub, sign out.
// Called by the login routes with plain values; it never reads a Request nor builds a Response.
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { auth, signUpEnabled, type SessionUser } from "./auth/auth";
import { db } from "./db/client";
import { session as sessionTable, rateLimitCounter } from "./db/schema";
import { logger } from "./logger";
import { consumeAll, consumeRateLimit, rateLimits } from "./security/rate-limit";

export type RateLimited = { ok: false; reason: "rate-limited"; retryAfterSeconds: number };
type Caller = { headers: Headers; client: string; language: string };

const normalise = (email: string) => email.trim().toLowerCase();
const failuresKey = (email: string) => `code-failures:${normalise(email)}`;

/** better-auth reads the visitor's language from this header to write the e-mail in it. */
function withLanguage(headers: Headers, language: string): Headers {
  const copy = new Headers(headers);
  copy.set("x-groundwork-language", language);
  return copy;
}

/**
 * Sends a sign-in code. With sign-up disabled an unknown address is answered exactly like a known one (better-auth
 * sends nothing, and the e-mail is never awaited), so the answer reveals nothing.
 */
export async function sendSignInCode(email: string, caller: Caller): Promise<{ ok: true } | RateLimited> {
  const limited = await consumeAll([
    [`send-code:email:${normalise(email)}`, rateLimits.sendCodePerEmail],
    [`send-code:client:${caller.client}`, rateLimits.sendCodePerClient],
  ]);
  if (!limited.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  await auth.api.sendVerificationOTP({
    body: { email: normalise(email), type: "sign-in" },
    headers: withLanguage(caller.headers, caller.language),
  });
  // A new code gets a fresh budget of attempts, as better-auth does for the code itself.
  await db.delete(rateLimitCounter).where(eq(rateLimitCounter.key, failuresKey(email)));
  return { ok: true };
}

export type VerifyResult =
  | { ok: true; user: SessionUser; setCookies: string[] }
  | { ok: false; reason: "invalid" | "expired" | "exhausted" | "banned" }
  | RateLimited;

/** Counts a wrong code for this address; the attempt budget is the same whether or not the account exists. */
async function recordFailure(email: string): Promise<"invalid" | "exhausted"> {
  const result = await consumeRateLimit(failuresKey(email), { limit: 2, windowSeconds: 10 * 60 });
  return result.allowed ? "invalid" : "exhausted";
}

export async function verifySignInCode(
  email: string,
  code: string,
  caller: Caller & { previousSessionToken?: string },
): Promise<VerifyResult> {
  const limited = await consumeRateLimit(`verify-code:client:${caller.client}`, rateLimits.verifyCodePerClient);
  if (!limited.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  try {
    const { headers, response } = await auth.api.signInEmailOTP({
      body: { email: normalise(email), otp: code },
      headers: caller.headers,
      returnHeaders: true,
    });
    // A new sign-in ends the session this browser had before (ASVS 7.2.4).
    if (caller.previousSessionToken) await db.delete(sessionTable).where(eq(sessionTable.token, caller.previousSessionToken));
    await db.delete(rateLimitCounter).where(eq(rateLimitCounter.key, failuresKey(email)));
    return { ok: true, user: response.user as SessionUser, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const errorCode = (error.body as { code?: string } | undefined)?.code;
    switch (errorCode) {
      case "BANNED_USER":
        return { ok: false, reason: "banned" };
      case "TOO_MANY_ATTEMPTS":
        return { ok: false, reason: "exhausted" };
      case "OTP_EXPIRED":
        // Only a real account can have an expired code: with sign-up off, saying so would reveal the account.
        return { ok: false, reason: signUpEnabled ? "expired" : await recordFailure(email) };
      case "INVALID_OTP":
        return { ok: false, reason: await recordFailure(email) };
      default:
        logger.warn("sign-in code refused", { code: errorCode, status: error.statusCode });
        return { ok: false, reason: "invalid" };
    }
  }
}

/** Starts GitHub sign-in: the URL to send the browser to, and the state cookie that must go with it. */
export async function startGitHubSignIn(
  redirectTo: string,
  caller: Omit<Caller, "language">,
): Promise<{ ok: true; url: string; setCookies: string[] } | RateLimited> {
  const limited = await consumeRateLimit(`github:client:${caller.client}`, rateLimits.socialSignInPerClient);
  if (!limited.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const back = redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : "/login";
  const { headers, response } = await auth.api.signInSocial({
    body: { provider: "github", callbackURL: back, errorCallbackURL: "/login/error", newUserCallbackURL: back },
    headers: caller.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("GitHub sign-in did not return a URL");
  return { ok: true, url: response.url, setCookies: headers.getSetCookie() };
}

/** Ends the session on the server; the returned cookies clear it in the browser. */
export async function signOut(headers: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    if (isAPIError(error)) return [];
    throw error;
  }
}

/** Ends every session of the signed-in user except this one. */
export async function signOutOtherSessions(headers: Headers): Promise<void> {
  await auth.api.revokeOtherSessions({ headers });
}
