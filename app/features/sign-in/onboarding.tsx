import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";

import { completeOnboarding } from "~/.server/features/user-access";
import { destinationFor, isOnboarded, requireSignedIn } from "~/.server/web/guards";
import { readForm } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { AuthCard } from "~/components/auth/auth-card";
import { SignOutButton } from "~/components/auth/sign-out-button";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { pageTitle } from "~/lib/meta";
import { safeRedirect } from "~/lib/redirect";
import { onboardingSchema } from "~/lib/schemas/sign-in";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { Route } from "./+types/onboarding";
import { AuthShell } from "./components/auth-shell";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireSignedIn({ request, context });
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (isOnboarded(user)) throw redirect(destinationFor(user, redirectTo));
  return { title: getInstance(context).t("onboarding.pageTitle"), email: user.email, redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireSignedIn({ request, context });
  const formData = await readForm(request);
  const redirectTo = safeRedirect(formData.get("redirect"));
  if (isOnboarded(user)) throw redirect(destinationFor(user, redirectTo));
  const submission = parseWithZod(formData, { schema: onboardingSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await completeOnboarding(user.id, submission.value.name);
  throw redirect(destinationFor({ ...user, onboardedAt: new Date() }, redirectTo));
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(onboardingSchema, { lastResult: actionData?.result });
  return (
    <AuthShell home="/onboarding">
      <AuthCard title={t("onboarding.title")} description={t("onboarding.description")}>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
          <input type="hidden" name="redirect" value={loaderData.redirectTo} />
          <Field
            {...getInputProps(fields.name, { type: "text" })}
            label={t("onboarding.nameLabel")}
            placeholder={t("onboarding.namePlaceholder")}
            autoComplete="name"
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <Button pending={navigation.state === "submitting"}>{t("onboarding.continue")}</Button>
        </Form>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <span>{t("onboarding.loggedInWith", { email: loaderData.email })}</span>
          <SignOutButton variant="link" />
        </div>
      </AuthCard>
    </AuthShell>
  );
}
