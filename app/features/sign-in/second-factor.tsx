// The second step of a sign-in (ADR 052): the first factor is proven (an e-mail code, GitHub, or a passkey
// that did not verify the person), no session exists yet; a code from the authenticator app or a recovery code ends
// the sign-in. Only the browser that proved the first factor holds the pending sign-in's cookie. Works without
// JavaScript, like every sign-in page.
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";

import { verifySecondFactor } from "~/.server/features/second-factor";
import { auditActorOf, callerOf } from "~/.server/web/caller";
import { destinationFor, getOptionalUser } from "~/.server/web/guards";
import { readForm, tooManyRequests, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import {
  clearPendingSecondFactorCookie,
  pendingSecondFactorOf,
  rememberDeviceCookie,
} from "~/.server/web/sign-in-cookies";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { retryAfterHeaders } from "~/lib/headers";
import { pageTitle } from "~/lib/meta";
import { safeRedirect, withRedirect } from "~/lib/redirect";
import { secondFactorSchema } from "~/lib/schemas/second-factor";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { message, translateMessage } from "~/lib/validation";
import type { Route } from "./+types/second-factor";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  const user = getOptionalUser({ context });
  if (user) throw redirect(destinationFor(user, redirectTo));
  if (!(await pendingSecondFactorOf(request))) throw redirect(withRedirect("/login", redirectTo));
  return { title: getInstance(context).t("secondFactor.pageTitle"), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const redirectTo = safeRedirect(formData.get("redirect"));
  if (formData.get("intent") !== "verify") return unknownIntent();
  const submission = parseWithZod(formData, { schema: secondFactorSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), formError: undefined }, { status: 400 });
  const caller = callerOf(request, context);
  const verified = await verifySecondFactor(
    { pendingId: await pendingSecondFactorOf(request), code: submission.value.code },
    caller,
    auditActorOf(request, context),
  );
  if (verified.ok) {
    const cookies = new Headers();
    for (const cookie of verified.setCookies) cookies.append("Set-Cookie", cookie);
    cookies.append("Set-Cookie", await clearPendingSecondFactorCookie());
    cookies.append("Set-Cookie", await rememberDeviceCookie(request, verified.user.email));
    throw redirect(destinationFor(verified.user, redirectTo), { headers: cookies });
  }
  if (verified.reason === "rate-limited")
    return tooManyRequests(verified.retryAfterSeconds, caller.language, { result: submission.reply() });
  if (verified.reason === "invalid")
    return data(
      { result: submission.reply({ fieldErrors: { code: [message("secondFactor.invalid")] } }), formError: undefined },
      { status: 400 },
    );
  // Too many wrong codes, or too late: the sign-in starts again from the first factor.
  const error = verified.reason === "exhausted" ? "second_factor_exhausted" : "second_factor_expired";
  throw redirect(withRedirect(`/login/error?error=${error}`, redirectTo), {
    headers: { "Set-Cookie": await clearPendingSecondFactorCookie() },
  });
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(secondFactorSchema, { lastResult: actionData?.result });
  return (
    <AuthCard title={t("secondFactor.title")} description={t("secondFactor.description")}>
      {actionData?.formError ? <Alert tone="error">{translateMessage(t, actionData.formError)}</Alert> : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <input type="hidden" name="redirect" value={loaderData.redirectTo} />
        <Field
          {...getInputProps(fields.code, { type: "text" })}
          dir="ltr"
          label={t("secondFactor.codeLabel")}
          autoComplete="one-time-code"
          spellCheck={false}
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        />
        <Button name="intent" value="verify">
          {t("secondFactor.confirm")}
        </Button>
      </Form>
      <Link
        to={withRedirect("/login", loaderData.redirectTo)}
        className="text-sm text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100"
      >
        {t("secondFactor.startOver")}
      </Link>
    </AuthCard>
  );
}
