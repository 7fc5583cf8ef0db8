import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button, buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { DialogLink, ResponsiveDialog } from "~/components/ui/responsive-dialog";
import { WithUserText } from "~/components/users/user-text";
import { banSchema } from "~/lib/schemas/ban";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";
import type { UserDetailView } from "./user-profile";

export type UserActionRights = { ban: boolean; impersonate: boolean; delete: boolean };

/**
 * What an admin can do to a user from their page, as plain forms (each posts an `intent` to the page's action):
 * ban (a dialog with a reason and an end date) or unban, impersonate, delete (confirmed first). `can` says what the
 * page offers (the loader leaves out what the server would refuse); the server checks every rule again.
 */
export function UserActions({
  user,
  can,
  firstBanDay,
  banResult,
}: {
  user: UserDetailView;
  can: UserActionRights;
  /** The earliest end date a ban may have (YYYY-MM-DD, UTC): the date field's minimum. */
  firstBanDay: string;
  banResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [form, fields] = useSchemaForm(banSchema, { lastResult: banResult });
  const name = user.name || user.email;
  // A ban the server refused keeps its dialog, to say why, even where Ban is no longer offered.
  const banDialog = (can.ban && !user.ban) || banResult !== undefined;
  return (
    <div className="flex flex-wrap gap-3">
      {can.impersonate && !user.admin && !user.ban ? (
        <Form method="post">
          <input type="hidden" name="intent" value="impersonate" />
          <Button variant="secondary" pending={pendingIntent === "impersonate"}>
            {t("userAdmin.impersonate")}
          </Button>
        </Form>
      ) : null}
      {can.ban && user.ban ? (
        <Form method="post">
          <input type="hidden" name="intent" value="unban" />
          <Button variant="secondary" pending={pendingIntent === "unban"}>
            {t("userAdmin.unban")}
          </Button>
        </Form>
      ) : null}
      {can.ban && !user.ban ? (
        <DialogLink name="ban" className={buttonClassName("secondary")}>
          {t("userAdmin.ban")}
        </DialogLink>
      ) : null}
      {can.delete ? (
        <DialogLink name="delete" className={buttonClassName("danger")}>
          {t("userAdmin.delete")}
        </DialogLink>
      ) : null}

      {banDialog ? (
        <ResponsiveDialog
          name="ban"
          title={t("userAdmin.banTitle")}
          description={
            <WithUserText sentence={(person) => t("userAdmin.banDescription", { name: person })} value={name} />
          }
        >
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="ban" />
            {form.errors?.[0] ? <Alert tone="error">{translateMessage(t, form.errors[0])}</Alert> : null}
            <Field
              {...getInputProps(fields.reason, { type: "text" })}
              label={t("userAdmin.banReasonLabel")}
              description={t("userAdmin.banReasonHint")}
              errors={fields.reason.errors}
              errorId={fields.reason.errorId}
            />
            <Field
              {...getInputProps(fields.until, { type: "date" })}
              label={t("userAdmin.banUntilLabel")}
              description={t("userAdmin.banUntilHint")}
              min={firstBanDay}
              errors={fields.until.errors}
              errorId={fields.until.errorId}
            />
            <Button variant="danger" pending={pendingIntent === "ban"}>
              {t("userAdmin.banSubmit")}
            </Button>
          </Form>
        </ResponsiveDialog>
      ) : null}
      {can.delete ? (
        <ConfirmDialog
          name="delete"
          description={
            <WithUserText sentence={(person) => t("userAdmin.deleteDescription", { name: person })} value={name} />
          }
          fields={{ intent: "delete" }}
        />
      ) : null}
    </div>
  );
}
