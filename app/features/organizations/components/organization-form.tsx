import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { organizationSchema, slugify } from "~/features/organizations/entity";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";

/**
 * Create an organization, or rename it and change its slug: one form, the shared schema. With JavaScript the slug
 * follows the name until the person edits it; without, an empty slug is derived on the server. `intent` tells the
 * page's action which form this is.
 */
export function OrganizationForm({
  result,
  defaultValue,
  intent,
  submitLabel,
  slugNote,
}: {
  result: SubmissionResult<string[]> | undefined;
  defaultValue?: { name: string; slug: string };
  intent: string;
  submitLabel: string;
  slugNote?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(organizationSchema, { lastResult: result, defaultValue });
  // A new organization's slug follows its name until the slug field is typed in.
  // The slug is a controlled field, starting from what was last sent (a refused form keeps what was typed).
  const initialSlug = typeof fields.slug.initialValue === "string" ? fields.slug.initialValue : "";
  const [slugTouched, setSlugTouched] = useState(Boolean(defaultValue) || initialSlug !== "");
  const [slug, setSlug] = useState(initialSlug);
  const { defaultValue: _slugDefault, ...slugProps } = getInputProps(fields.slug, { type: "text" });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-2">
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.[0] ? <Alert tone="error">{translateMessage(t, form.errors[0])}</Alert> : null}
      <Field
        {...getInputProps(fields.name, { type: "text" })}
        label={t("organizations.name")}
        autoComplete="organization"
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        onChange={(event) => {
          if (!slugTouched) setSlug(slugify(event.currentTarget.value));
        }}
      />
      <Field
        {...slugProps}
        value={slug}
        label={t("organizations.slug")}
        description={slugNote ? `${t("organizations.slugHint")} ${slugNote}` : t("organizations.slugHint")}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        errors={fields.slug.errors}
        errorId={fields.slug.errorId}
        onChange={(event) => {
          setSlugTouched(true);
          setSlug(event.currentTarget.value);
        }}
      />
      <div>
        <Button pending={pending}>{submitLabel}</Button>
      </div>
    </Form>
  );
}
