// What other features ask of the account, kept below its folder (app/features/account/, ADR 045): app/.server/features
// never imports a feature folder. Here: the account codes' send budgets and their queued e-mails, which
// background-jobs.ts runs (ADR 046), and a step-up's e-mail code (step-up.ts). The account page's own rules are in
// app/features/account/account.server.ts.
import { newOneTimeCode, ONE_TIME_CODE_MINUTES, type OneTimeCodePurpose } from "~/.server/platform/auth/one-time-code";
import {
  sendChangeEmailCodeEmail,
  sendDeleteAccountCodeEmail,
  sendEmailChangedEmail,
  sendStepUpCodeEmail,
} from "~/.server/platform/email/account";
import type { CodeEmailInput } from "~/.server/platform/email/templates/code-email";
import { enqueue, openSecret, sealSecret, type JobKind } from "~/.server/platform/jobs/queue";
import { consumeAll, rateLimits, type RateLimitRule } from "~/.server/platform/security/rate-limit";
import type { AuditActor } from "~/features/audit/audit.server";

/** The signed-in user whose account this is. */
export type Me = { id: string; email: string };
/** Who asks: the page's language and browser (for the e-mails) and the actor the audit trail records. */
export type Caller = { language: string; actor: AuditActor; userAgent?: string | null };
export type RateLimited = { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/** The send budgets of one account code: per user and purpose, per user a day, and per recipient a day. */
export function codeBudgets(purpose: OneTimeCodePurpose, userId: string, to: string): Array<[string, RateLimitRule]> {
  return [
    [`account-code:${purpose}:${userId}`, rateLimits.accountCodePerUser],
    [`account-code:user-day:${userId}`, rateLimits.accountCodePerUserDaily],
    [`account-code:to-day:${to}`, rateLimits.accountCodePerAddressDaily],
  ];
}

// ——— The account's e-mails, queued (ADR 046) ———

type CodeEmailPayload = {
  to: string;
  sealedCode: string;
  language: string;
  userAgent: string | null;
  at: number;
};

/** A code's e-mail, retried while the code lasts; written in one batch with the code (`sendAccountCode`). */
function codeEmailJob(name: string, send: (input: CodeEmailInput) => Promise<void>): JobKind<CodeEmailPayload> {
  return {
    name,
    maxAttempts: 8,
    backoffMs: 5_000,
    async run({ to, sealedCode, language, userAgent, at }) {
      const code = await openSecret(sealedCode);
      await send({ to, code, language, minutes: ONE_TIME_CODE_MINUTES, origin: { userAgent, at: new Date(at) } });
    },
  };
}

export const changeEmailCodeJob = codeEmailJob("email.change-email-code", sendChangeEmailCodeEmail);
export const deleteAccountCodeJob = codeEmailJob("email.delete-account-code", sendDeleteAccountCodeEmail);
export const stepUpCodeJob = codeEmailJob("email.step-up-code", sendStepUpCodeEmail);

/** Makes a new code for `purpose` and queues its e-mail to `to`: both commit, or neither does (ADR 046). */
export async function sendAccountCode(
  kind: JobKind<CodeEmailPayload>,
  purpose: OneTimeCodePurpose,
  userId: string,
  to: string,
  caller: Caller,
) {
  const at = Date.now();
  const { code, expiresAt, store } = newOneTimeCode(purpose, userId, to, at);
  await enqueue(
    kind,
    { to, sealedCode: await sealSecret(code), language: caller.language, userAgent: caller.userAgent ?? null, at },
    { expiresAt, with: [store] },
  );
}

/** The notice to the address an account had before, retried for some six hours (ADR 046). */
export const emailChangedNoticeJob: JobKind<{
  to: string;
  newEmail: string;
  language: string;
  userAgent: string | null;
  at: number;
}> = {
  name: "email.email-changed",
  maxAttempts: 15,
  backoffMs: 10_000,
  async run({ to, newEmail, language, userAgent, at }) {
    await sendEmailChangedEmail({ to, newEmail, language, origin: { userAgent, at: new Date(at) } });
  },
};

// ——— A step-up's e-mail code ———

/**
 * Sends a code to the account's own address that proves the person again before what cannot be undone, for those
 * without a second factor (a step-up, app/.server/features/step-up.ts). The account codes' send budgets apply.
 */
export async function requestStepUpCode(
  me: Me,
  caller: Caller,
): Promise<{ ok: true; lastCode: boolean } | RateLimited> {
  const limited = await consumeAll(codeBudgets("step-up", me.id, me.email));
  if (!limited.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  await sendAccountCode(stepUpCodeJob, "step-up", me.id, me.email, caller);
  return { ok: true, lastCode: limited.remaining === 0 };
}
