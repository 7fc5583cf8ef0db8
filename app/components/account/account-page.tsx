import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";

import { changeNameSchema } from "~/lib/schemas/account";
import { useSchemaForm } from "~/lib/use-schema-form";
import { PageHeader } from "../layout/page-header";
import { Button, buttonClassName } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Field } from "../ui/field";
import { DialogLink, ResponsiveDialog } from "../ui/responsive-dialog";
import { useUserLabels } from "../users/user-status";

type AccountUser = { email: string; name: string; admin: boolean; createdAt: string };

/** The account page of both areas: who you are, change your name (?state=change-name), sign out elsewhere. */
export function AccountPage({ user, result }: { user: AccountUser; result: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation();
  const labels = useUserLabels();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(changeNameSchema, { lastResult: result, defaultValue: { name: user.name } });
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(user.createdAt));
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <PageHeader title={t("account.title")} description={t("account.description")} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.name")}</dt>
        <dd className="flex flex-wrap items-center gap-3">
          <bdi>{user.name}</bdi>
          <DialogLink
            name="change-name"
            param="state"
            className="text-sm text-brand-600 underline-offset-4 hover:underline dark:text-brand-100"
          >
            {t("account.changeName")}
          </DialogLink>
        </dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.email")}</dt>
        <dd>
          <bdi dir="ltr">{user.email}</bdi>
        </dd>
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.role")}</dt>
        <dd>{labels.role(user)}</dd>
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.memberSince", { date: since })}</p>
      <div>
        <DialogLink name="sign-out-others" className={buttonClassName("secondary")}>
          {t("account.signOutEverywhere")}
        </DialogLink>
      </div>

      <ResponsiveDialog name="change-name" param="state" title={t("account.changeNameTitle")}>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="change-name" />
          <Field
            {...getInputProps(fields.name, { type: "text" })}
            label={t("account.name")}
            autoComplete="name"
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <Button pending={navigation.state === "submitting"}>{t("common.save")}</Button>
        </Form>
      </ResponsiveDialog>
      <ConfirmDialog
        name="sign-out-others"
        description={t("account.signOutEverywhere")}
        fields={{ intent: "sign-out-others" }}
      />
    </section>
  );
}
