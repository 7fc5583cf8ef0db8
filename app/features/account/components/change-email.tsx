import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonClassName } from "~/components/ui/button";
import { CodeField } from "~/components/ui/code-field";
import { Field } from "~/components/ui/field";
import { ResponsiveDialog } from "~/components/ui/responsive-dialog";
import { WithUserText } from "~/components/users/user-text";
import { changeEmailSchema, confirmEmailChangeSchema } from "~/features/account/entity";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";
import { messagesFor, resultFor, type AccountReply } from "./account-reply";

function usePendingIntent() {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
}

/** The dialog (`?modal=change-email`) that asks for the new address and sends it a code. */
export function ChangeEmailDialog({ reply }: { reply: AccountReply | undefined }) {
  const { t } = useTranslation();
  const pending = usePendingIntent();
  const [form, fields] = useSchemaForm(changeEmailSchema, { lastResult: resultFor(reply, "change-email") });
  const formError = reply?.intent === "change-email" ? reply.formError : undefined;
  return (
    <ResponsiveDialog
      name="change-email"
      title={t("account.changeEmailTitle")}
      description={t("account.changeEmailText")}
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="change-email" />
        {formError ? <Alert tone="error">{translateMessage(t, formError)}</Alert> : null}
        <Field
          {...getInputProps(fields.email, { type: "email" })}
          label={t("account.newEmail")}
          autoComplete="email"
          dir="ltr"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <Button pending={pending === "change-email"}>{t("account.sendCode")}</Button>
      </Form>
    </ResponsiveDialog>
  );
}

/**
 * The code step of an e-mail change, shown on the page while `?newEmail=` names the address the code went to: the
 * code, "Send a new code", and Cancel (which only leaves the step: the code expires by itself).
 */
export function ConfirmEmailChange({
  newEmail,
  expiresIn,
  reply,
}: {
  newEmail: string;
  expiresIn: string;
  reply: AccountReply | undefined;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const pending = usePendingIntent();
  const [form, fields] = useSchemaForm(confirmEmailChangeSchema, {
    lastResult: resultFor(reply, "confirm-email-change"),
    defaultValue: { newEmail },
  });
  const problems = [
    ...(reply?.intent === "confirm-email-change" && reply.formError ? [reply.formError] : []),
    ...(form.errors ?? []),
    ...messagesFor(reply, "change-email"),
  ];
  return (
    <section
      aria-labelledby="confirm-email-title"
      className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <h2 id="confirm-email-title" className="text-lg font-semibold">
        {t("account.confirmEmailTitle")}
      </h2>
      <p className="text-sm">
        <WithUserText
          sentence={(email) => t("account.confirmEmailText", { email, duration: expiresIn })}
          value={newEmail}
          dir="ltr"
        />
      </p>
      {problems.map((problem, index) => (
        <Alert key={index} tone="error">
          {translateMessage(t, problem)}
        </Alert>
      ))}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="confirm-email-change" />
        <input {...getInputProps(fields.newEmail, { type: "hidden" })} />
        <CodeField field={fields.code} label={t("account.code")} />
        <Button pending={pending === "confirm-email-change"}>{t("account.confirmEmail")}</Button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="change-email" />
          <input type="hidden" name="email" value={newEmail} />
          <Button variant="link" pending={pending === "change-email"}>
            {t("account.resendCode")}
          </Button>
        </Form>
        <Link to={location.pathname} replace className={buttonClassName("secondary")}>
          {t("account.cancelEmailChange")}
        </Link>
      </div>
    </section>
  );
}
