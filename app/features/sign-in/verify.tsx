import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";

import { sendSignInCode, verifySignInCode } from "~/.server/features/sign-in";
import { DEMO_CODE, isDemoAccount, SIGN_IN_CODE_MINUTES, signUpEnabled } from "~/.server/platform/auth/auth";
import { auditActorOf, callerOf } from "~/.server/web/caller";
import { destinationFor, getOptionalUser } from "~/.server/web/guards";
import { cookieHeaders, readForm, tooManyRequests, unknownIntent } from "~/.server/web/http";
import { getInstance, getLocale } from "~/.server/web/i18n";
import {
  clearPendingSignInCookie,
  pendingAttempt,
  pendingAttemptFor,
  pendingSecondFactorCookie,
  pendingSignInCookie,
  rememberDeviceCookie,
  trustedDeviceFor,
} from "~/.server/web/sign-in-cookies";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CodeField } from "~/components/ui/code-field";
import { BanNotice, type BanView } from "~/components/users/ban-notice";
import { authErrorKey } from "~/lib/auth-errors";
import { retryAfterHeaders } from "~/lib/headers";
import { formatDuration } from "~/lib/i18n";
import { pageTitle } from "~/lib/meta";
import { safeRedirect, withRedirect } from "~/lib/redirect";
import { emailField, verifySchema } from "~/lib/schemas/sign-in";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { message, translateMessage } from "~/lib/validation";
import type { Route } from "./+types/verify";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

const refusals = {
  invalid: message("validation.codeInvalid"),
  expired: message("verify.expired"),
  exhausted: message("verify.exhausted"),
  banned: message(authErrorKey("BANNED_USER")),
} as const;

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  const user = getOptionalUser({ context });
  if (user) throw redirect(destinationFor(user, redirectTo));
  const email = emailField.safeParse(url.searchParams.get("email") ?? "");
  if (!email.success) throw redirect(withRedirect("/login", redirectTo));
  const demoAccount = isDemoAccount(email.data);
  return {
    title: getInstance(context).t("verify.pageTitle"),
    email: email.data,
    redirectTo,
    signUpEnabled,
    expiresIn: formatDuration(SIGN_IN_CODE_MINUTES * 60, getLocale(context)),
    demoCode: demoAccount ? DEMO_CODE : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const redirectTo = safeRedirect(formData.get("redirect"));
  const caller = callerOf(request, context);
  switch (formData.get("intent")) {
    case "verify": {
      const submission = parseWithZod(formData, { schema: verifySchema });
      if (submission.status !== "success")
        return data({ result: submission.reply(), formError: undefined, resent: false }, { status: 400 });
      const { email, code } = submission.value;
      const verified = await verifySignInCode(
        { email, code, attemptId: await pendingAttemptFor(request, email) },
        caller,
        auditActorOf(request, context),
      );
      if (verified.ok) {
        const cookies = cookieHeaders(verified.setCookies);
        cookies.append("Set-Cookie", await clearPendingSignInCookie());
        cookies.append("Set-Cookie", await rememberDeviceCookie(request, email));
        throw redirect(destinationFor(verified.user, redirectTo), { headers: cookies });
      }
      if (verified.reason === "second-factor") {
        const cookies = new Headers();
        cookies.append("Set-Cookie", await clearPendingSignInCookie());
        cookies.append("Set-Cookie", await pendingSecondFactorCookie(verified.pendingId));
        throw redirect(withRedirect("/login/second-factor", redirectTo), { headers: cookies });
      }
      if (verified.reason === "rate-limited") {
        return tooManyRequests(verified.retryAfterSeconds, caller.language, {
          result: submission.reply(),
          resent: false,
        });
      }
      const status = verified.reason === "banned" ? 403 : 400;
      const result = submission.reply({ fieldErrors: { code: [refusals[verified.reason]] } });
      // A banned person is told why and until when, if the admin said so.
      const ban =
        verified.reason === "banned"
          ? { reason: verified.ban.reason, expiresAt: verified.ban.expiresAt?.toISOString() ?? null }
          : null;
      return data({ result, formError: undefined, resent: false, ban }, { status });
    }
    case "resend": {
      const email = emailField.safeParse(formData.get("email"));
      if (!email.success) throw redirect(withRedirect("/login", redirectTo));
      const sent = await sendSignInCode(
        email.data,
        {
          ...caller,
          trustedDevice: await trustedDeviceFor(request, email.data),
          previousAttemptId: await pendingAttempt(request),
        },
        auditActorOf(request, context),
      );
      if (!sent.ok)
        return tooManyRequests(sent.retryAfterSeconds, caller.language, { result: undefined, resent: false });
      return data(
        { result: undefined, formError: undefined, resent: true },
        { headers: { "Set-Cookie": await pendingSignInCookie(sent.attemptId, email.data) } },
      );
    }
    default:
      return unknownIntent();
  }
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const [form, fields] = useSchemaForm(verifySchema, {
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
  });
  const sentText = loaderData.signUpEnabled
    ? t("verify.sent", { email: loaderData.email })
    : t("verify.sentIfAccount", { email: loaderData.email });
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;

  return (
    <AuthCard
      title={t("verify.title")}
      description={
        <>
          <p>{sentText}</p>
          <p>{t("verify.expires", { duration: loaderData.expiresIn })}</p>
        </>
      }
    >
      {formError ? <Alert tone="error">{translateMessage(t, formError)}</Alert> : null}
      {actionData && "resent" in actionData && actionData.resent ? (
        <Alert tone="success">{t("verify.resent")}</Alert>
      ) : null}
      {actionData && "ban" in actionData && actionData.ban ? <BanNotice ban={actionData.ban as BanView} /> : null}
      {loaderData.demoCode ? <Alert>{t("verify.demoHint", { code: loaderData.demoCode })}</Alert> : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <input type="hidden" name="redirect" value={loaderData.redirectTo} />
        <input {...getInputProps(fields.email, { type: "hidden" })} />
        <CodeField field={fields.code} label={t("verify.codeLabel")} />
        <Button name="intent" value="verify" pending={pendingIntent === "verify"}>
          {t("verify.confirm")}
        </Button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Form method="post">
          <input type="hidden" name="redirect" value={loaderData.redirectTo} />
          <input type="hidden" name="email" value={loaderData.email} />
          <Button name="intent" value="resend" variant="link" pending={pendingIntent === "resend"}>
            {t("verify.resend")}
          </Button>
        </Form>
        <Link
          to={withRedirect("/login", loaderData.redirectTo)}
          className="text-sm text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100"
        >
          {t("verify.changeEmail")}
        </Link>
      </div>
    </AuthCard>
  );
}
