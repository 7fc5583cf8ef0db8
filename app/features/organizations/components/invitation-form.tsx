import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";

import { roleLabel } from "~/components/organizations/role-badge";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { invitationSchema, type MemberRole } from "~/features/organizations/entity";
import { useFormat } from "~/lib/format";
import { languageNames, languages, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";

type InvitationFormProps = Parameters<typeof InvitationFields>[0];

/**
 * Invite someone: the address, a role among those the inviter may give (owner only for owners), and the language of
 * the e-mail (the page's, to start with). What was typed stays after a refusal; a sent invitation's redirect starts the
 * form again, with JavaScript as the new page does without (each navigation has its own location key).
 */
export function InvitationForm(props: InvitationFormProps) {
  return <InvitationFields key={useLocation().key} {...props} />;
}

function InvitationFields({
  result,
  roles,
  language,
  lifetimeHours,
  limit,
  newcomersNeedAnAdministrator = false,
}: {
  result: SubmissionResult<string[]> | undefined;
  roles: readonly MemberRole[];
  language: Language;
  lifetimeHours: number;
  limit: number;
  /** Sign-up is closed and the inviter is not an administrator: only someone with an account can accept. */
  newcomersNeedAnAdministrator?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(invitationSchema, {
    lastResult: result,
    defaultValue: { role: "member", language },
  });
  const duration = format.hours(lifetimeHours);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  return (
    <section aria-labelledby="invite-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="invite-heading" className="text-lg font-semibold">
          {t("invitations.invite")}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t("invitations.inviteDescription", { duration, limit })}
        </p>
      </div>
      {newcomersNeedAnAdministrator ? <Alert>{t("invitations.newcomersNeedAnAdministrator")}</Alert> : null}
      <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-2">
        <input type="hidden" name="intent" value="invite" />
        {form.errors?.length ? <Alert tone="error">{translateMessage(t, form.errors[0]!)}</Alert> : null}
        <Field
          {...getInputProps(fields.email, { type: "email" })}
          label={t("invitations.email")}
          dir="ltr"
          autoComplete="off"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <SelectField field={fields.role} label={t("invitations.role")}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(t, role)}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.language} label={t("invitations.language")}>
          {languages.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageNames[code]}
            </option>
          ))}
        </SelectField>
        <div>
          <Button pending={submitting}>{t("invitations.send")}</Button>
        </div>
      </Form>
    </section>
  );
}
