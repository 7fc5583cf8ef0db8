import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";

import { sendSignInCode, startGitHubSignIn } from "~/.server/features/sign-in";
import { DEMO_ACCOUNTS, DEMO_CODE, signUpEnabled } from "~/.server/platform/auth/auth";
import { getEnv } from "~/.server/platform/env";
import { auditActorOf, callerOf } from "~/.server/web/caller";
import { documentCache } from "~/.server/web/document-cache";
import { destinationFor, getOptionalUser } from "~/.server/web/guards";
import { cookieHeaders, readForm, tooManyRequests, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { pendingAttempt, pendingSignInCookie, trustedDeviceFor } from "~/.server/web/sign-in-cookies";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { retryAfterHeaders } from "~/lib/headers";
import { pageTitle } from "~/lib/meta";
import { safeRedirect, withRedirect } from "~/lib/redirect";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";
import type { Route } from "./+types/login";
import { loginSchema } from "./entity";

export const headers: Route.HeadersFunction = retryAfterHeaders;

/** A plain script in public/, versioned by name: the page keeps shipping no framework (ADR 007, ADR 052). */
const PASSKEY_SCRIPT = "/passkey-sign-in.v2.js";

// The page is the same for every visitor without a cookie: rendered once a minute per URL and language (ADR 028).
export const middleware: Route.MiddlewareFunction[] = [documentCache()];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  const user = getOptionalUser({ context });
  if (user) throw redirect(destinationFor(user, redirectTo));
  const env = getEnv();
  return {
    title: getInstance(context).t(signUpEnabled ? "login.titleSignUp" : "login.pageTitle"),
    redirectTo,
    signUpEnabled,
    githubEnabled: env.githubEnabled,
    demo: env.DEMO_MODE ? { accounts: [...DEMO_ACCOUNTS], code: DEMO_CODE } : null,
    // Demo mode keeps to the demo accounts' codes: no passkey sign-in (./passkey.ts).
    passkeys: !env.DEMO_MODE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const redirectTo = safeRedirect(formData.get("redirect"));
  const caller = callerOf(request, context);
  switch (formData.get("intent")) {
    case "email": {
      const submission = parseWithZod(formData, { schema: loginSchema });
      if (submission.status !== "success")
        return data({ result: submission.reply(), formError: undefined }, { status: 400 });
      const { email } = submission.value;
      const sent = await sendSignInCode(
        email,
        {
          ...caller,
          trustedDevice: await trustedDeviceFor(request, email),
          previousAttemptId: await pendingAttempt(request),
        },
        auditActorOf(request, context),
      );
      if (!sent.ok) {
        return tooManyRequests(sent.retryAfterSeconds, caller.language, { result: submission.reply() });
      }
      throw redirect(withRedirect(`/login/verify?email=${encodeURIComponent(email)}`, redirectTo), {
        headers: { "Set-Cookie": await pendingSignInCookie(sent.attemptId, email) },
      });
    }
    case "github": {
      if (!getEnv().githubEnabled) return unknownIntent();
      const started = await startGitHubSignIn(redirectTo, caller);
      if (!started.ok) return tooManyRequests(started.retryAfterSeconds, caller.language, { result: undefined });
      throw redirect(started.url, { headers: cookieHeaders(started.setCookies) });
    }
    default:
      return unknownIntent();
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const [form, fields] = useSchemaForm(loginSchema, { lastResult: actionData?.result });
  const formError = actionData?.formError;

  return (
    <AuthCard
      title={loaderData.signUpEnabled ? t("login.titleSignUp") : t("login.title")}
      description={loaderData.signUpEnabled ? t("login.descriptionSignUp") : t("login.description")}
    >
      {formError ? <Alert tone="error">{translateMessage(t, formError)}</Alert> : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <input type="hidden" name="redirect" value={loaderData.redirectTo} />
        <Field
          {...getInputProps(fields.email, { type: "email" })}
          dir="ltr"
          label={t("common.email")}
          placeholder={t("common.emailPlaceholder")}
          autoComplete="email"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <Button name="intent" value="email" pending={pendingIntent === "email"}>
          {t("login.submit")}
        </Button>
      </Form>
      {loaderData.githubEnabled ? (
        <>
          <p className="flex items-center gap-3 text-xs text-zinc-600 uppercase before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:text-zinc-400 dark:before:bg-zinc-800 dark:after:bg-zinc-800">
            {t("login.separator")}
          </p>
          <Form method="post">
            <input type="hidden" name="redirect" value={loaderData.redirectTo} />
            <Button
              name="intent"
              value="github"
              variant="secondary"
              className="w-full"
              pending={pendingIntent === "github"}
            >
              {t("login.github")}
            </Button>
          </Form>
        </>
      ) : null}
      {loaderData.demo ? (
        <Alert>
          <p className="font-medium">{t("login.demoTitle")}</p>
          <p>{t("login.demoText", { code: loaderData.demo.code })}</p>
          <ul className="mt-1 list-disc ps-5">
            {loaderData.demo.accounts.map((account) => (
              <li key={account}>
                <code>{account}</code>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {/* Passkeys, with JavaScript: autofill on the e-mail field and a button, added by this small script, which loads
          nothing else until a passkey is used (ADR 052). Without JavaScript the page is the e-mail form alone. */}
      {loaderData.passkeys ? <script src={PASSKEY_SCRIPT} defer /> : null}
    </AuthCard>
  );
}
