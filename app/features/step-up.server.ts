// The step-up guard (ADR 053), for the actions that cannot be undone: the first lines of their action, after the
// permission guard. It is route-shaped code, not in .server/web, because it joins both sides: the request (web) and
// the step-up's rules (features), which .server/web may not import. It sits in app/features/, not app/routes/, because
// the routes of feature folders call it too, and app/routes/ imports those folders (no loop between folders).
import { data, type RouterContextProvider } from "react-router";

import { isRecentlyVerified, sendStepUpCode, stepUpWaysOf, verifyStepUp } from "~/.server/features/step-up";
import { auditActorOf, callerOf } from "~/.server/web/caller";
import { requireUser } from "~/.server/web/guards";
import { getSession } from "~/.server/web/session";
import { clearChallengeCookie, readChallenge } from "~/.server/web/webauthn-cookie";
import { formatDuration } from "~/lib/i18n";
import { STEP_UP_FIELDS, type StepUpPrompt } from "~/lib/step-up";
import { message } from "~/lib/validation";

type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

function parseJson(text: FormDataEntryValue | null): unknown {
  if (typeof text !== "string" || text.length > 16_384) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The URL the original form posted to, as a form's action: without React Router's `.data` and `_routes`. */
function actionOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${url.pathname.replace(/\.data$/, "")}${search ? `?${search}` : ""}`;
}

const refusals = {
  invalid: message("stepUp.invalid"),
  expired: message("verify.expired"),
  exhausted: message("verify.exhausted"),
} as const;

/**
 * Lets the action go on when this session proved its person again within STEP_UP_MINUTES, or when the form carries a
 * right proof (the step-up form posts the original fields with it, so the action then runs as first asked). Otherwise
 * it answers, in place of the action, with the step-up form (403; 429 when rate-limited): nothing was done. The
 * freshness is the server's (`step_up`), never the form's. `emailCodeOfItsOwn`: the action itself checks a code sent
 * to the person's own address, which is the step-up of a person without a second factor.
 */
export async function requireRecentVerification(
  args: GuardArgs,
  formData: FormData,
  options: { emailCodeOfItsOwn?: boolean } = {},
): Promise<void> {
  const user = requireUser(args);
  const sessionId = getSession(args.context)?.session.id ?? "";
  if (await isRecentlyVerified(sessionId)) return;
  const { request, context } = args;
  const ways = await stepUpWaysOf(user.id);
  // An action confirmed by a code sent to the person's own address (deleting the account) already asks what a
  // step-up would ask of someone without a second factor: one e-mail code, not two.
  if (options.emailCodeOfItsOwn && !ways.secondFactor) return;
  const me = { id: user.id, email: user.email };
  const caller = callerOf(request, context);
  const by = auditActorOf(request, context);
  const fields: StepUpPrompt["fields"] = [];
  for (const [name, value] of formData)
    if (typeof value === "string" && !(STEP_UP_FIELDS as readonly string[]).includes(name)) fields.push([name, value]);
  const prompt = (
    answer: { sent?: boolean; error?: string },
    init: { status?: number; headers?: HeadersInit } = {},
  ): never => {
    const stepUp: StepUpPrompt = {
      action: actionOf(request),
      fields,
      way: ways.secondFactor ? "second-factor" : "email",
      passkey: ways.passkey,
      email: user.email,
      sent: answer.sent ?? false,
      error: answer.error ?? null,
    };
    throw data({ stepUp }, { status: init.status ?? 403, headers: init.headers });
  };
  const rateLimited = (seconds: number) =>
    prompt(
      { error: message("rateLimit.message", { duration: formatDuration(seconds, caller.language) }) },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );

  if (formData.get("stepUp") === "send" && !ways.secondFactor) {
    const sent = await sendStepUpCode(me, {
      language: caller.language,
      actor: by,
      userAgent: request.headers.get("user-agent"),
    });
    if (!sent.ok) return rateLimited(sent.retryAfterSeconds);
    return prompt({ sent: true });
  }
  const code = formData.get("stepUpCode");
  const passkeyAnswer = formData.get("stepUpPasskey");
  if (typeof passkeyAnswer === "string" && passkeyAnswer) {
    const verified = await verifyStepUp(
      me,
      sessionId,
      { passkey: { response: parseJson(passkeyAnswer), challenge: await readChallenge(request) } },
      caller,
      by,
    );
    if (verified.ok) return;
    if (verified.reason === "rate-limited") return rateLimited(verified.retryAfterSeconds);
    return prompt(
      { error: message("stepUp.passkeyRefused") },
      { headers: { "Set-Cookie": await clearChallengeCookie() } },
    );
  }
  if (typeof code === "string" && code.trim()) {
    const verified = await verifyStepUp(me, sessionId, { code: code.slice(0, 64) }, caller, by);
    if (verified.ok) return;
    if (verified.reason === "rate-limited") return rateLimited(verified.retryAfterSeconds);
    return prompt({
      sent: ways.secondFactor ? false : verified.reason === "invalid",
      error: refusals[verified.reason],
    });
  }
  return prompt({});
}
