import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonClassName } from "~/components/ui/button";
import { CodeField } from "~/components/ui/code-field";
import { DialogLink, ResponsiveDialog } from "~/components/ui/responsive-dialog";
import { WithUserText } from "~/components/users/user-text";
import { deleteAccountSchema } from "~/features/account/entity";
import { dialogHref } from "~/lib/dialog";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";
import { messagesFor, resultFor, type AccountReply } from "./account-reply";

/**
 * "Delete my account", in two steps that work without JavaScript: a dialog that sends a code to the account's address
 * (`?modal=delete-account`), then one that takes the code and deletes (`?modal=delete-account-code`).
 */
export function DeleteAccount({ email, reply }: { email: string; reply: AccountReply | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [form, fields] = useSchemaForm(deleteAccountSchema, { lastResult: resultFor(reply, "delete-account") });
  const cancel = (
    <Link to={dialogHref(location, null)} replace preventScrollReset className={buttonClassName("secondary")}>
      {t("ui.confirmCancel")}
    </Link>
  );
  const sendProblems = messagesFor(reply, "send-delete-code");
  const deleteProblems = [
    ...(reply?.intent === "delete-account" && reply.formError ? [reply.formError] : []),
    ...(form.errors ?? []),
  ];
  return (
    <section aria-labelledby="delete-account-title" className="flex flex-col items-start gap-3">
      <h2 id="delete-account-title" className="text-lg font-semibold">
        {t("account.deleteTitle")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.deleteDescription")}</p>
      <DialogLink name="delete-account" className={buttonClassName("danger")}>
        {t("account.deleteAccount")}
      </DialogLink>

      <ResponsiveDialog
        name="delete-account"
        title={t("account.deleteTitle")}
        description={
          <WithUserText
            sentence={(address) => t("account.deleteSendText", { email: address })}
            value={email}
            dir="ltr"
          />
        }
        closeButton={false}
      >
        <div className="flex flex-col gap-3">
          {sendProblems.map((problem, index) => (
            <Alert key={index} tone="error">
              {translateMessage(t, problem)}
            </Alert>
          ))}
          <Form method="post" className="flex flex-wrap justify-end gap-3">
            <input type="hidden" name="intent" value="send-delete-code" />
            {cancel}
            <Button variant="danger" pending={pending === "send-delete-code"}>
              {t("account.sendCode")}
            </Button>
          </Form>
        </div>
      </ResponsiveDialog>

      <ResponsiveDialog
        name="delete-account-code"
        title={t("account.deleteTitle")}
        description={
          <WithUserText
            sentence={(address) => t("account.deleteCodeText", { email: address })}
            value={email}
            dir="ltr"
          />
        }
        closeButton={false}
      >
        <div className="flex flex-col gap-3">
          {[...deleteProblems, ...sendProblems].map((problem, index) => (
            <Alert key={index} tone="error">
              {translateMessage(t, problem)}
            </Alert>
          ))}
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="delete-account" />
            <CodeField field={fields.code} label={t("account.code")} />
            <div className="flex flex-wrap justify-end gap-3">
              {cancel}
              <Button variant="danger" pending={pending === "delete-account"}>
                {t("account.deleteConfirm")}
              </Button>
            </div>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="send-delete-code" />
            <Button variant="link" pending={pending === "send-delete-code"}>
              {t("account.resendCode")}
            </Button>
          </Form>
        </div>
      </ResponsiveDialog>
    </section>
  );
}
