import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";

import { PageHeader } from "~/components/layout/page-header";
import { PictureForm } from "~/components/pictures/picture-form";
import { SessionList } from "~/components/sessions/session-list";
import { Button, buttonClassName } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { DialogLink, ResponsiveDialog } from "~/components/ui/responsive-dialog";
import { UserRoleBadge } from "~/components/users/user-status";
import { changeNameSchema } from "~/features/account/entity";
import { useFormat } from "~/lib/format";
import type { SessionView } from "~/lib/session-view";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { resultFor, type AccountReply } from "./account-reply";
import { ChangeEmailDialog, ConfirmEmailChange } from "./change-email";
import { DeleteAccount } from "./delete-account";
import { PasskeyList, type PasskeyItem } from "./passkeys";
import { SecondFactorSection } from "./second-factor";

type AccountUser = { email: string; name: string; image: string | null; admin: boolean; createdAt: string };

const linkClassName = "text-sm text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100";

/**
 * The account page of both areas: who you are, change your name (`?state=change-name`) and your e-mail address
 * (`?modal=change-email`, then the code step at `?newEmail=`), your sessions, a copy of your data, and the deletion
 * of your account.
 */
export function AccountPage({
  user,
  sessions,
  passkeys,
  secondFactor,
  pendingEmail,
  codeExpiresIn,
  pictureMaxBytes,
  reply,
}: {
  user: AccountUser;
  sessions: SessionView[];
  passkeys: PasskeyItem[];
  secondFactor: { enabled: boolean; recoveryCodesLeft: number };
  /** The address a code was sent to, while its code step is shown (`?newEmail=`). */
  pendingEmail: string | null;
  codeExpiresIn: string;
  /** The largest picture upload (UPLOAD_MAX_BYTES). */
  pictureMaxBytes: number;
  reply: AccountReply | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const [form, fields] = useSchemaForm(changeNameSchema, {
    lastResult: resultFor(reply, "change-name"),
    defaultValue: { name: user.name },
  });
  const since = useFormat().date(user.createdAt);
  return (
    <section className="flex max-w-2xl min-w-0 flex-col gap-8">
      <PageHeader title={t("account.title")} description={t("account.description")} />
      {pendingEmail ? <ConfirmEmailChange newEmail={pendingEmail} expiresIn={codeExpiresIn} reply={reply} /> : null}
      <div className="flex flex-col gap-3">
        {/* minmax(0, 1fr) and min-w-0: a long address wraps inside the card instead of widening the page. */}
        <dl className="grid min-w-0 grid-cols-1 gap-x-6 gap-y-1 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3 dark:border-zinc-800">
          <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.name")}</dt>
          <dd className="mb-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 sm:mb-0">
            <bdi className="min-w-0 [overflow-wrap:anywhere]">{user.name}</bdi>
            <DialogLink name="change-name" param="state" className={linkClassName}>
              {t("account.changeName")}
            </DialogLink>
          </dd>
          <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.email")}</dt>
          <dd className="mb-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 sm:mb-0">
            <bdi dir="ltr" className="min-w-0 [overflow-wrap:anywhere]">
              {user.email}
            </bdi>
            <DialogLink name="change-email" className={linkClassName}>
              {t("account.changeEmail")}
            </DialogLink>
          </dd>
          <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.role")}</dt>
          <dd>
            <UserRoleBadge user={user} />
          </dd>
        </dl>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.memberSince", { date: since })}</p>
      </div>
      <PictureForm
        action={`${location.pathname.replace(/\/+$/, "")}/picture`}
        title={t("pictures.photoTitle")}
        name={user.name || user.email}
        image={user.image}
        maxBytes={pictureMaxBytes}
      />

      <SessionList sessions={sessions} mode="self" />

      <PasskeyList passkeys={passkeys} />

      <SecondFactorSection {...secondFactor} />

      <section aria-labelledby="account-data-title" className="flex flex-col items-start gap-3">
        <h2 id="account-data-title" className="text-lg font-semibold">
          {t("account.dataTitle")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.dataDescription")}</p>
        <Link to={`${location.pathname}/data`} reloadDocument download className={buttonClassName("secondary")}>
          {t("account.downloadData")}
        </Link>
      </section>

      <DeleteAccount email={user.email} reply={reply} />

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
      <ChangeEmailDialog reply={reply} />
    </section>
  );
}
