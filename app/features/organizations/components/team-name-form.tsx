import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { teamSchema } from "~/features/organizations/entity";
import { useTranslation } from "~/lib/translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";

/** A team's name, to create a team (`intent` "create") or rename one ("rename"): the shared schema, typed value kept. */
export function TeamNameForm({
  intent,
  result,
  defaultName,
  submitLabel,
}: {
  intent: "create" | "rename";
  result: SubmissionResult<string[]> | undefined;
  defaultName?: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(teamSchema, {
    lastResult: result,
    defaultValue: defaultName === undefined ? undefined : { name: defaultName },
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-2">
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.[0] ? <Alert tone="error">{translateMessage(t, form.errors[0])}</Alert> : null}
      <Field
        {...getInputProps(fields.name, { type: "text" })}
        label={t("organizations.teams.name")}
        autoComplete="off"
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      />
      <div>
        <Button pending={pending}>{submitLabel}</Button>
      </div>
    </Form>
  );
}
