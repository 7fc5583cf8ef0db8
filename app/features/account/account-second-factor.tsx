// Turning the second factor on and off, in both areas (/app/account/second-factor, /manager/account/second-factor):
// a QR code and the secret as text, a first code to confirm, then the recovery codes, shown once. Works without
// JavaScript. The rules: app/.server/features/second-factor.ts (ADR 052).
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import {
  confirmSecondFactor,
  disableSecondFactor,
  hasSecondFactor,
  newSecondFactorSetup,
} from "~/.server/features/second-factor";
import { auditActorOf } from "~/.server/web/caller";
import { requirePermission } from "~/.server/web/guards";
import { readForm, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { redirectWithToast } from "~/.server/web/toast";
import { PageHeader } from "~/components/layout/page-header";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClassName } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { requireRecentVerification } from "~/features/step-up.server";
import { pageTitle } from "~/lib/meta";
import { confirmSecondFactorSchema } from "~/lib/schemas/second-factor";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { message } from "~/lib/validation";
import type { Route } from "./+types/account-second-factor";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

const accountPage = (request: Request) =>
  new URL(request.url).pathname.replace(/(\.data)?$/, "").replace(/\/second-factor$/, "");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission({ request, context }, { account: ["update"] });
  const enabled = await hasSecondFactor(user.id);
  return {
    title: getInstance(context).t("secondFactor.setupTitle"),
    back: accountPage(request),
    setup: enabled ? null : await newSecondFactorSetup(user.email),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission({ request, context }, { account: ["update"] });
  const formData = await readForm(request);
  const me = { id: user.id, email: user.email };
  const by = auditActorOf(request, context);
  switch (formData.get("intent")) {
    case "confirm": {
      const submission = parseWithZod(formData, { schema: confirmSecondFactorSchema });
      if (submission.status !== "success") return data({ result: submission.reply(), recoveryCodes: null }, 400);
      const confirmed = await confirmSecondFactor(me, submission.value, by);
      if (!confirmed.ok)
        return data(
          {
            result: submission.reply({ fieldErrors: { code: [message("secondFactor.invalid")] } }),
            recoveryCodes: null,
          },
          400,
        );
      // Shown once, on this answer: the database keeps only their HMACs.
      return { result: undefined, recoveryCodes: confirmed.recoveryCodes };
    }
    case "disable": {
      // The form's code is the step-up's: a code of this very factor, or a passkey (ADR 053).
      await requireRecentVerification({ request, context }, formData);
      await disableSecondFactor(me, by);
      return redirectWithToast(accountPage(request), { type: "success", message: "secondFactor.disabled" });
    }
    default:
      return unknownIntent();
  }
}

export default function AccountSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(confirmSecondFactorSchema, { lastResult: actionData?.result });
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  if (recoveryCodes)
    return (
      <section className="flex max-w-2xl flex-col gap-4">
        <PageHeader title={t("secondFactor.enabledTitle")} description={t("secondFactor.recoveryText")} />
        <ul aria-label={t("secondFactor.recoveryCodes")} className="grid grid-cols-2 gap-2 font-mono" dir="ltr">
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Link to={loaderData.back} className={buttonClassName("primary", "self-start")}>
          {t("secondFactor.done")}
        </Link>
      </section>
    );
  if (!loaderData.setup)
    return (
      <section className="flex max-w-2xl flex-col gap-4">
        <PageHeader title={t("secondFactor.setupTitle")} description={t("secondFactor.alreadyOn")} />
        <Link to={loaderData.back} className={buttonClassName("secondary", "self-start")}>
          {t("secondFactor.done")}
        </Link>
      </section>
    );
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <PageHeader title={t("secondFactor.setupTitle")} description={t("secondFactor.setupText")} />
      <img
        src={loaderData.setup.qrCode}
        alt={t("secondFactor.qrCode")}
        width={200}
        height={200}
        className="rounded-md bg-white p-2"
      />
      <p className="text-sm">
        {t("secondFactor.manualEntry")}{" "}
        <code dir="ltr" className="font-mono">
          {loaderData.setup.secret}
        </code>
      </p>
      {actionData?.result?.error?.code ? <Alert tone="error">{t("secondFactor.invalid")}</Alert> : null}
      <Form method="post" {...getFormProps(form)} className="flex max-w-sm flex-col gap-2">
        <input type="hidden" name="sealed" value={loaderData.setup.sealed} />
        <Field
          {...getInputProps(fields.code, { type: "text" })}
          dir="ltr"
          inputMode="numeric"
          autoComplete="one-time-code"
          label={t("secondFactor.firstCode")}
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        />
        <Button name="intent" value="confirm">
          {t("secondFactor.turnOn")}
        </Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
