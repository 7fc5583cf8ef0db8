// The passwordless sign-in journey: send a code, verify it, GitHub, sign out. Called by the login routes with plain
// values; it never reads a Request nor builds a Response. Why codes are bound to a browser: ADR 010.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, eq, gt, lt, sql } from "drizzle-orm";

import {
  auth,
  DEMO_CODE,
  isDemoAccount,
  SESSION_COOKIE,
  SIGN_IN_CODE_ATTEMPTS,
  SIGN_IN_CODE_MINUTES,
  signUpEnabled,
  type SessionUser,
} from "~/.server/platform/auth/auth";
import { db, primaryDb } from "~/.server/platform/db/client";
import { isUniqueViolation } from "~/.server/platform/db/errors";
import { pendingSecondFactor, secondFactor, session, signInCode, user } from "~/.server/platform/db/schema";
import { sendSignInCodeEmail } from "~/.server/platform/email/sign-in-code";
import { getEnv } from "~/.server/platform/env";
import { enqueue, openSecret, sealSecret, type JobKind } from "~/.server/platform/jobs/queue";
import { logger } from "~/.server/platform/logger";
import { consumeAll, consumeRateLimit, rateLimits, type RateLimitRule } from "~/.server/platform/security/rate-limit";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { invitationOpensSignUp } from "./organization-access";
import { getBan, type Ban } from "./user-access";

export type RateLimited = { ok: false; reason: "rate-limited"; retryAfterSeconds: number };
type Caller = { headers: Headers; client: string; language: string };

const normalise = (email: string) => email.trim().toLowerCase();

/** Why a sign-in was refused, as the audit trail records it (the page's own messages are separate). */
type SignInRefusal = "wrong-code" | "expired" | "exhausted" | "banned" | "rate-limited" | "github-refused";
export type SignInMethod = "email-code" | "github" | "passkey" | "second-factor";

/** How long a proven first factor waits for the second (ADR 052). */
const SECOND_FACTOR_MINUTES = 5;

/**
 * A refused sign-in, in the trail: nobody has signed in, so there is no actor; the target is the address typed
 * (normalised), known by the id of the user who has it when there is one, else by the address itself. The code
 * typed is never recorded.
 */
export async function recordRefusedSignIn(
  by: AuditActor,
  email: string,
  reason: SignInRefusal,
  method: SignInMethod = "email-code",
): Promise<void> {
  let userId: string | null = null;
  try {
    const [known] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    userId = known?.id ?? null;
  } catch (error) {
    logger.warn("audit: the refused address's user could not be read", { error: String(error) });
  }
  await recordAudit(
    { user: null, impersonatorId: null, ip: by.ip },
    {
      action: "sign-in",
      outcome: "refused",
      reason,
      target: { type: "user", id: userId ?? email, label: email },
      details: { method },
    },
  );
}

/** A sign-in in the trail: the person who signed in is both who acted and whom it concerns. */
async function recordSignIn(by: AuditActor, signedIn: { id: string; email: string }, method: SignInMethod) {
  await recordAudit(
    { user: { id: signedIn.id, email: signedIn.email }, impersonatorId: null, ip: by.ip },
    { action: "sign-in", target: { type: "user", id: signedIn.id, label: signedIn.email }, details: { method } },
  );
}

/**
 * The most codes anyone but the person's own browsers can get for one address per day window, times the attempts of
 * each: the bound on an attacker's guesses at one account (ADR 010). One guess in a million each.
 */
export const MAX_GUESSES_PER_ADDRESS_PER_DAY = rateLimits.sendCodePerEmailDaily.limit * SIGN_IN_CODE_ATTEMPTS;

/** The code as stored: an HMAC bound to the attempt's id, so a leaked table gives neither codes nor a lookup table. */
const codeHash = (attemptId: string, code: string) =>
  createHmac("sha256", getEnv().AUTH_SECRET).update(`${attemptId}:${code}`).digest("base64url");

function sameHash(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(candidate);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Which send budgets a request spends. A browser that signed in to this address before (its device cookie, ADR 010)
 * has a budget of its own that nobody else can exhaust; every other browser shares the address's budget, which
 * also bounds how many codes, and so how many guesses, an attacker can get for one address in a day.
 */
function sendBudgets(
  email: string,
  caller: Caller & { trustedDevice?: string | null },
): Array<[string, RateLimitRule]> {
  const perClient: [string, RateLimitRule] = [`send-code:client:${caller.client}`, rateLimits.sendCodePerClient];
  // The demo accounts' code is public: a shared per-address budget would only let one visitor lock out the others.
  if (isDemoAccount(email)) return [perClient];
  if (caller.trustedDevice)
    return [perClient, [`send-code:device:${caller.trustedDevice}`, rateLimits.sendCodePerDevice]];
  return [
    perClient,
    [`send-code:email:${email}`, rateLimits.sendCodePerEmail],
    [`send-code:email-day:${email}`, rateLimits.sendCodePerEmailDaily],
  ];
}

/**
 * Sends a sign-in code and returns the id of the attempt, which the route keeps in the browser's pending sign-in
 * cookie: only that browser can spend the code's attempts. With sign-up disabled an unknown address is answered
 * exactly like a known one (an attempt is recorded, the e-mail is never awaited), so the answer reveals nothing.
 */
export async function sendSignInCode(
  rawEmail: string,
  caller: Caller & { trustedDevice?: string | null; previousAttemptId?: string | null },
  by: AuditActor,
): Promise<{ ok: true; attemptId: string } | RateLimited> {
  const email = normalise(rawEmail);
  const limited = await consumeAll(sendBudgets(email, caller));
  if (!limited.allowed) {
    await recordRefusedSignIn(by, email, "rate-limited");
    return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const now = Date.now();
  const demo = isDemoAccount(email);
  const code = demo ? DEMO_CODE : String(randomInt(0, 1_000_000)).padStart(6, "0");
  const attemptId = randomBytes(18).toString("base64url");
  // This browser's previous code (a resend) ends; other browsers' codes for the same address are left alone.
  if (caller.previousAttemptId) await db.delete(signInCode).where(eq(signInCode.id, caller.previousAttemptId));
  const expiresAt = now + SIGN_IN_CODE_MINUTES * 60_000;
  const insert = db.insert(signInCode).values({ id: attemptId, email, codeHash: codeHash(attemptId, code), expiresAt });
  if (demo) await insert;
  else {
    // The code and its e-mail commit together, for every address: whether it may be sent (a known address, or one
    // that may sign up) is the job's question, asked after this answer, so known and unknown addresses take the same
    // path here (`npm run bench:login enumeration`). The e-mail is retried while the code lasts (ADR 046).
    const payload = {
      attemptId,
      to: email,
      sealedCode: await sealSecret(code),
      language: caller.language,
      userAgent: caller.headers.get("user-agent"),
      at: now,
    };
    await enqueue(signInCodeEmailJob, payload, { with: [insert], expiresAt });
  }
  return { ok: true, attemptId };
}

/** Whether a code for this address is e-mailed: to an account, or to an address that may sign up (ADR 018). */
async function maySignInWithCode(email: string): Promise<boolean> {
  const [known] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return Boolean(known) || signUpEnabled || (await invitationOpensSignUp(email));
}

/** The e-mail of a sign-in code: sent while the code lasts and is still this browser's, to an address that may use it. */
export const signInCodeEmailJob: JobKind<{
  attemptId: string;
  to: string;
  sealedCode: string;
  language: string;
  userAgent: string | null;
  at: number;
}> = {
  name: "email.sign-in-code",
  maxAttempts: 8,
  backoffMs: 5_000,
  async run({ attemptId, to, sealedCode, language, userAgent, at }) {
    const [pending] = await db
      .select({ id: signInCode.id })
      .from(signInCode)
      .where(and(eq(signInCode.id, attemptId), gt(signInCode.expiresAt, Date.now())))
      .limit(1);
    if (!pending || !(await maySignInWithCode(to))) return;
    await sendSignInCodeEmail({
      to,
      code: await openSecret(sealedCode),
      language,
      minutes: SIGN_IN_CODE_MINUTES,
      origin: { userAgent, at: new Date(at) },
    });
  },
};

export type VerifyResult =
  | { ok: true; user: SessionUser; setCookies: string[] }
  /** The first factor is proven and the person has a second one: no session yet, this pending sign-in instead. */
  | { ok: false; reason: "second-factor"; pendingId: string }
  | { ok: false; reason: "invalid" | "expired" | "exhausted" }
  | { ok: false; reason: "banned"; ban: Ban }
  | RateLimited;

/** Spends one attempt of this browser's code; tells whether the code was right, and what is left otherwise. */
async function checkCode(
  attemptId: string,
  email: string,
  code: string,
): Promise<"right" | "invalid" | "expired" | "exhausted"> {
  const now = Date.now();
  // Counted before it is compared, in one statement: concurrent guesses cannot spend more than the allowed attempts.
  const [spent] = await db
    .update(signInCode)
    .set({ attempts: sql`${signInCode.attempts} + 1` })
    .where(
      and(
        eq(signInCode.id, attemptId),
        eq(signInCode.email, email),
        lt(signInCode.attempts, SIGN_IN_CODE_ATTEMPTS),
        gt(signInCode.expiresAt, now),
      ),
    )
    .returning({ attempts: signInCode.attempts, codeHash: signInCode.codeHash });
  if (!spent) {
    const [row] = await db
      .select()
      .from(signInCode)
      .where(and(eq(signInCode.id, attemptId), eq(signInCode.email, email)))
      .limit(1);
    if (!row) return "invalid";
    return row.expiresAt <= now ? "expired" : "exhausted";
  }
  if (!sameHash(spent.codeHash, codeHash(attemptId, code)))
    return spent.attempts >= SIGN_IN_CODE_ATTEMPTS ? "exhausted" : "invalid";
  const taken = await db.delete(signInCode).where(eq(signInCode.id, attemptId)).returning({ id: signInCode.id });
  return taken.length > 0 ? "right" : "invalid";
}

/**
 * Checks a code against the attempt this browser started (`attemptId`, from its pending sign-in cookie; none when the
 * cookie has expired). A right code signs the person in through better-auth, which creates the account when sign-up
 * is open, refuses a banned user, and sets the session cookie. Every outcome goes to the audit trail.
 */
/** The account of an invited newcomer, when sign-up is closed: made once (a concurrent sign-in may win the race). */
async function createInvitedAccount(email: string) {
  const [known] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (known || !(await invitationOpensSignUp(email))) return;
  try {
    await (
      await auth.$context
    ).internalAdapter.createUser({ email, name: "", emailVerified: true }, { method: "email-otp" });
  } catch (error) {
    if (!isUniqueViolation(error, "user.email")) throw error;
  }
}

export async function verifySignInCode(
  input: { email: string; code: string; attemptId: string | null },
  caller: Caller & { previousSessionToken?: string },
  by: AuditActor,
): Promise<VerifyResult> {
  const email = normalise(input.email);
  const limited = await consumeRateLimit(`verify-code:client:${caller.client}`, rateLimits.verifyCodePerClient);
  if (!limited.allowed) {
    await recordRefusedSignIn(by, email, "rate-limited");
    return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  if (!input.attemptId) {
    await recordRefusedSignIn(by, email, "expired");
    return { ok: false, reason: "expired" };
  }
  const checked = await checkCode(input.attemptId, email, input.code);
  if (checked !== "right") {
    await recordRefusedSignIn(by, email, checked === "invalid" ? "wrong-code" : checked);
    return { ok: false, reason: checked };
  }
  // Sign-up is closed, but this address was invited to an organization: its account is made here, as better-auth
  // makes one when sign-up is open (the onboarding page then asks the name).
  if (!signUpEnabled) await createInvitedAccount(email);
  return startSession(email, "email-code", caller, by);
}

/** A sign-in whose first factor is proven, waiting for the second; its id goes in the browser's cookie. */
async function holdForSecondFactor(userId: string, method: SignInMethod): Promise<string> {
  const pendingId = randomBytes(18).toString("base64url");
  await db
    .insert(pendingSecondFactor)
    .values({ id: pendingId, userId, method, expiresAt: Date.now() + SECOND_FACTOR_MINUTES * 60_000 });
  return pendingId;
}

/** The session token a better-auth answer sets, if any (the GitHub callback's). */
function sessionTokenSet(setCookies: string[]): string | null {
  return (
    setCookies
      .map((cookie) => cookie.split(";")[0]!)
      .filter((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
      .map((pair) => decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1)).split(".")[0]!)
      .find(Boolean) ?? null
  );
}

/**
 * GitHub's callback is better-auth's own code and makes its session itself. For a person with a second factor that
 * session is deleted before its cookie leaves (the browser never holds it) and a pending sign-in takes its place;
 * returns its id, or null when no second factor is due.
 */
export async function holdGitHubSession(setCookies: string[]): Promise<string | null> {
  const token = sessionTokenSet(setCookies);
  if (!token) return null;
  const [gated] = await primaryDb
    .select({ userId: session.userId })
    .from(session)
    .innerJoin(secondFactor, eq(secondFactor.userId, session.userId))
    .where(eq(session.token, token))
    .limit(1);
  if (!gated) return null;
  await db.delete(session).where(eq(session.token, token));
  return holdForSecondFactor(gated.userId, "github");
}

/**
 * Signs `email` in once its factors are proven (a right code, a passkey): better-auth's own one-time code is made and
 * spent at once, server-side only, so the session, the sign-up, the ban check and the cookies stay better-auth's.
 */
export async function startSession(
  email: string,
  method: SignInMethod,
  caller: { headers: Headers; previousSessionToken?: string },
  by: AuditActor,
  { secondFactorProven = false } = {},
): Promise<VerifyResult> {
  // Whoever has a second factor gives it before any session exists (ADR 052): a pending sign-in, bound to this
  // browser by the route's cookie, waits for it at /login/second-factor.
  // Read from the primary: a second factor turned on at another instance is asked for here too (ADR 050).
  if (!secondFactorProven) {
    const [gated] = await primaryDb
      .select({ id: user.id })
      .from(user)
      .innerJoin(secondFactor, eq(secondFactor.userId, user.id))
      .where(eq(user.email, email))
      .limit(1);
    if (gated) return { ok: false, reason: "second-factor", pendingId: await holdForSecondFactor(gated.id, method) };
  }
  try {
    const otp = await auth.api.createVerificationOTP({ body: { email, type: "sign-in" } });
    const { headers, response } = await auth.api.signInEmailOTP({
      body: { email, otp },
      headers: caller.headers,
      returnHeaders: true,
    });
    await recordSignIn(by, response.user, method);
    // A new sign-in ends the session this browser had before (ASVS 7.2.4).
    if (caller.previousSessionToken)
      await (await auth.$context).internalAdapter.deleteSession(caller.previousSessionToken);
    return { ok: true, user: response.user as SessionUser, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const errorCode = (error.body as { code?: string } | undefined)?.code;
    if (errorCode === "BANNED_USER") {
      await recordRefusedSignIn(by, email, "banned", method);
      return { ok: false, reason: "banned", ban: (await getBan({ email })) ?? { reason: null, expiresAt: null } };
    }
    // Sign-up is off and the address is unknown (or a concurrent sign-in won the race): the same answer as a wrong code.
    if (errorCode !== "USER_NOT_FOUND" && errorCode !== "INVALID_OTP")
      logger.warn("sign-in refused", { code: errorCode, status: error.statusCode });
    await recordRefusedSignIn(by, email, "wrong-code", method);
    return { ok: false, reason: "invalid" };
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

/**
 * What better-auth's GitHub callback (served over HTTP, routes/api.auth.ts) ended in, for the audit trail. The
 * callback is better-auth's own code, so the trail reads its answer: a session cookie set is a sign-in (its user is
 * read back from the session), a redirect to the error page with `?error=` is a refusal, without a target: GitHub
 * said who the person is to better-auth, not to us.
 */
export async function recordGitHubCallback(
  answer: { location: string | null; setCookies: string[] },
  by: AuditActor,
): Promise<void> {
  const token = sessionTokenSet(answer.setCookies);
  if (token) {
    let signedIn: { id: string; email: string } | undefined;
    try {
      [signedIn] = await db
        .select({ id: user.id, email: user.email })
        .from(session)
        .innerJoin(user, eq(session.userId, user.id))
        .where(eq(session.token, token))
        .limit(1);
    } catch (error) {
      logger.warn("audit: the GitHub sign-in's user could not be read", { error: String(error) });
    }
    if (signedIn) await recordSignIn(by, signedIn, "github");
    else await recordAudit({ ...by, user: null }, { action: "sign-in", details: { method: "github" } });
    return;
  }
  let error: string | null = null;
  try {
    error = answer.location ? new URL(answer.location, "http://callback.invalid").searchParams.get("error") : null;
  } catch {
    error = null;
  }
  if (!error) return;
  await recordAudit(
    { user: null, impersonatorId: null, ip: by.ip },
    {
      action: "sign-in",
      outcome: "refused",
      reason: error === "BANNED_USER" ? "banned" : "github-refused",
      details: { method: "github", error: error.slice(0, 100) },
    },
  );
}

/** Ends the session on the server; the returned cookies clear it in the browser. `by` is who is signing out. */
export async function signOut(headers: Headers, by: AuditActor): Promise<string[]> {
  let setCookies: string[];
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    setCookies = result.headers.getSetCookie();
  } catch (error) {
    if (isAPIError(error)) return [];
    throw error;
  }
  if (by.user)
    await recordAudit(by, { action: "sign-out", target: { type: "user", id: by.user.id, label: by.user.email } });
  return setCookies;
}
