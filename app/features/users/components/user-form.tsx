import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";

import { Button, buttonClassName } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { newUserSchema, userSchema, type UserRole } from "~/features/users/entity";
import { languageNames, languages, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";

type Values = { email: string; name: string; role: UserRole };

/**
 * Create and update a user: one form, the shared schema; what was typed stays after a refusal. On create it also asks
 * the language of the welcome e-mail. Without the set-role permission the role is sent as it is, not offered.
 */
export function UserForm({
  result,
  defaultValue,
  welcomeLanguage,
  canSetRole,
  submitLabel,
  cancelHref,
}: {
  result: SubmissionResult<string[]> | undefined;
  defaultValue?: Values;
  /** Set on create only: the language the welcome e-mail select starts on (the admin's own). */
  welcomeLanguage?: Language;
  canSetRole: boolean;
  submitLabel: string;
  cancelHref: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const creating = welcomeLanguage !== undefined;
  const [form, fields] = useSchemaForm(creating ? newUserSchema : userSchema, {
    lastResult: result,
    defaultValue: { role: "user", ...defaultValue, ...(creating ? { language: welcomeLanguage } : {}) },
  });
  // conform's `fields` answers for any name: whether the form asks the language is `creating`'s to say.
  const { language } = fields as typeof fields & { language: FieldMetadata<string> };
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-2">
      <Field
        {...getInputProps(fields.email, { type: "email" })}
        label={t("users.email")}
        dir="ltr"
        autoComplete="off"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      />
      <Field
        {...getInputProps(fields.name, { type: "text" })}
        label={t("users.name")}
        autoComplete="off"
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      />
      {canSetRole ? (
        <SelectField field={fields.role} label={t("users.role")}>
          <option value="user">{t("users.roleUser")}</option>
          <option value="admin">{t("users.roleAdmin")}</option>
        </SelectField>
      ) : (
        <input type="hidden" name={fields.role.name} value={defaultValue?.role ?? "user"} />
      )}
      {creating ? (
        <SelectField field={language} label={t("users.welcomeLanguage")}>
          {languages.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageNames[code]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button pending={navigation.state === "submitting"}>{submitLabel}</Button>
        <Link to={cancelHref} className={buttonClassName("secondary")}>
          {t("users.cancel")}
        </Link>
      </div>
    </Form>
  );
}
