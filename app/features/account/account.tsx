// The account page of both areas (/app/account, /manager/account): one module, registered under each area, whose
// layout guards it (routes.ts). Name, e-mail (a code to the new address, `?newEmail=`), sessions, a copy of the
// user's data (account-data.ts), and the deletion of the account (a code to the current address). The rules:
// account.server.ts.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { listPasskeys } from "~/.server/features/passkeys";
import { hasSecondFactor, recoveryCodesLeft } from "~/.server/features/second-factor";
import { listSessions, revokeOtherOwnSessions, revokeOwnSession } from "~/.server/features/sessions";
import { updateName } from "~/.server/features/user-access";
import { ONE_TIME_CODE_MINUTES } from "~/.server/platform/auth/one-time-code";
import { getEnv } from "~/.server/platform/env";
import { auditActorOf } from "~/.server/web/caller";
import { isAdminUser, requirePermission } from "~/.server/web/guards";
import { cookieHeaders, readForm, tooManyRequests, unknownIntent } from "~/.server/web/http";
import { getInstance, getLocale } from "~/.server/web/i18n";
import { getSession } from "~/.server/web/session";
import { redirectWithToast } from "~/.server/web/toast";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireRecentVerification } from "~/features/step-up.server";
import { retryAfterHeaders } from "~/lib/headers";
import { formatDuration } from "~/lib/i18n";
import { pageTitle } from "~/lib/meta";
import { emailField } from "~/lib/schemas/sign-in";
import { message } from "~/lib/validation";
import type { Route } from "./+types/account";
import {
  confirmEmailChange,
  deleteAccount,
  requestAccountDeletion,
  requestEmailChange,
  type DeletionRefused,
} from "./account.server";
import { AccountPage } from "./components/account-page";
import { changeEmailSchema, changeNameSchema, confirmEmailChangeSchema, deleteAccountSchema } from "./entity";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { account: ["read"] });
  const newEmail = emailField.safeParse(new URL(request.url).searchParams.get("newEmail") ?? "");
  return {
    title: getInstance(context).t("account.pageTitle"),
    user: {
      email: user.email,
      name: user.name,
      image: user.image ?? null,
      admin: isAdminUser(user),
      createdAt: user.createdAt.toISOString(),
    },
    pictureMaxBytes: getEnv().UPLOAD_MAX_BYTES,
    // SessionView: where and when, never a token.
    sessions: await listSessions(user.id, getSession(context)?.session.id),
    passkeys: await listPasskeys(user.id),
    secondFactor: { enabled: await hasSecondFactor(user.id), recoveryCodesLeft: await recoveryCodesLeft(user.id) },
    pendingEmail: newEmail.success ? newEmail.data.toLowerCase() : null,
    codeExpiresIn: formatDuration(ONE_TIME_CODE_MINUTES * 60, getLocale(context)),
  };
}

/** The intents whose answer a form of the page shows (a 400 or a 429 keeps the typed values and says why). */
type AccountIntent = "change-name" | "change-email" | "confirm-email-change" | "send-delete-code" | "delete-account";

function refused(intent: AccountIntent, result?: SubmissionResult<string[]>, formError?: string, status = 400) {
  return data({ intent, result, formError }, { status });
}

/** A refused deletion, in words: the last admin, or the organizations the user alone owns, named. */
function deletionRefusalMessage(refusal: DeletionRefused): string {
  if (refusal.reason === "sole-owner")
    return message("organizations.soleOwnerSelf", { names: (refusal.organizations ?? []).join(", ") });
  return message("account.lastAdmin");
}

/** A code on its way; a warning when it was the last one the limits allow for now (the next request is refused). */
const codeSentToast = (sent: { lastCode: boolean }, email: string) =>
  sent.lastCode
    ? { type: "warning" as const, message: "account.lastCodeSent" as const, params: { email } }
    : { type: "success" as const, message: "account.codeSent" as const, params: { email } };

const codeRefusals = {
  invalid: message("validation.codeInvalid"),
  expired: message("verify.expired"),
  exhausted: message("verify.exhausted"),
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission({ request, context }, { account: ["update"] });
  const formData = await readForm(request);
  const here = new URL(request.url).pathname.replace(/\.data$/, "");
  const me = { id: user.id, email: user.email };
  const caller = {
    language: getLocale(context),
    actor: auditActorOf(request, context),
    userAgent: request.headers.get("user-agent"),
  };
  const intent = formData.get("intent");
  switch (intent) {
    case "change-name": {
      const submission = parseWithZod(formData, { schema: changeNameSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      await updateName(user.id, submission.value.name);
      return redirectWithToast(here, { type: "success", message: "account.nameUpdated" });
    }
    case "change-email": {
      await requireRecentVerification({ request, context }, formData);
      const submission = parseWithZod(formData, { schema: changeEmailSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      const sent = await requestEmailChange(me, submission.value.email, caller);
      if (sent.ok) {
        return redirectWithToast(
          `${here}?newEmail=${encodeURIComponent(sent.newEmail)}`,
          codeSentToast(sent, sent.newEmail),
        );
      }
      if (sent.reason === "rate-limited")
        return tooManyRequests(sent.retryAfterSeconds, caller.language, { intent, result: submission.reply() });
      const refusal = sent.reason === "email-used" ? "account.emailUsed" : "account.sameEmail";
      return refused(intent, submission.reply({ fieldErrors: { email: [message(refusal)] } }));
    }
    case "confirm-email-change": {
      await requireRecentVerification({ request, context }, formData);
      const submission = parseWithZod(formData, { schema: confirmEmailChangeSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      const changed = await confirmEmailChange(me, submission.value, { ...caller, headers: request.headers });
      if (changed.ok) return redirectWithToast(here, { type: "success", message: "account.emailChanged" });
      if (changed.reason === "email-used")
        return refused(intent, submission.reply({ formErrors: [message("account.emailUsed")] }));
      return refused(intent, submission.reply({ fieldErrors: { code: [codeRefusals[changed.reason]] } }));
    }
    case "send-delete-code": {
      await requireRecentVerification({ request, context }, formData, { emailCodeOfItsOwn: true });
      const sent = await requestAccountDeletion(me, caller);
      if (sent.ok) {
        return redirectWithToast(`${here}?modal=delete-account-code`, codeSentToast(sent, user.email));
      }
      if (sent.reason === "rate-limited") return tooManyRequests(sent.retryAfterSeconds, caller.language, { intent });
      return refused(intent, undefined, deletionRefusalMessage(sent));
    }
    case "delete-account": {
      await requireRecentVerification({ request, context }, formData, { emailCodeOfItsOwn: true });
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      const deleted = await deleteAccount(me, submission.value.code, { ...caller, headers: request.headers });
      if (deleted.ok) {
        return redirectWithToast(
          "/login",
          { type: "success", message: "account.deleted" },
          { headers: cookieHeaders(deleted.setCookies) },
        );
      }
      if (deleted.reason === "last-admin" || deleted.reason === "sole-owner")
        return refused(intent, submission.reply({ formErrors: [deletionRefusalMessage(deleted)] }));
      return refused(intent, submission.reply({ fieldErrors: { code: [codeRefusals[deleted.reason]] } }));
    }
    case "revoke-session": {
      const sessionId = formData.get("sessionId");
      const currentSessionId = getSession(context)?.session.id ?? "";
      const revoked =
        typeof sessionId === "string" &&
        (await revokeOwnSession({ ...me, currentSessionId }, sessionId, {
          headers: request.headers,
          actor: caller.actor,
        }));
      return redirectWithToast(
        here,
        revoked ? { type: "success", message: "sessions.revoked" } : { type: "error", message: "sessions.notFound" },
      );
    }
    case "sign-out-others": {
      await revokeOtherOwnSessions(me, { headers: request.headers, actor: caller.actor });
      return redirectWithToast(here, { type: "success", message: "account.otherSessionsRevoked" });
    }
    default:
      return unknownIntent();
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage
      user={loaderData.user}
      sessions={loaderData.sessions}
      passkeys={loaderData.passkeys}
      secondFactor={loaderData.secondFactor}
      pendingEmail={loaderData.pendingEmail}
      codeExpiresIn={loaderData.codeExpiresIn}
      pictureMaxBytes={loaderData.pictureMaxBytes}
      reply={actionData && "intent" in actionData ? actionData : undefined}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
