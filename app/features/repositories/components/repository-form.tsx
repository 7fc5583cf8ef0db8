import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";

import { Button, buttonClassName } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { repositorySchema } from "~/features/repositories/entity";
import { useTranslation } from "~/lib/translation";
import { isFirstInvalid, useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";

type Values = { name: string; link: string; description: string };

/** Create and update: one form, one schema; what was typed stays after a refusal. */
export function RepositoryForm({
  result,
  defaultValue,
  submitLabel,
  cancelHref,
}: {
  result: SubmissionResult<string[]> | undefined;
  defaultValue?: Values;
  submitLabel: string;
  cancelHref: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(repositorySchema, { lastResult: result, defaultValue: defaultValue });
  const descriptionError = fields.description.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-2">
      <Field
        {...getInputProps(fields.name, { type: "text" })}
        label={t("repositories.name")}
        errors={fields.name.errors}
        errorId={fields.name.errorId}
      />
      <Field
        {...getInputProps(fields.link, { type: "text" })}
        label={t("repositories.link")}
        dir="ltr"
        inputMode="url"
        placeholder="github.com/owner/name"
        errors={fields.link.errors}
        errorId={fields.link.errorId}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.description.id} className="text-sm font-medium">
          {t("repositories.descriptionLabel")}
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={5}
          // The first invalid field takes focus when the server answers with errors (app/lib/use-schema-form.ts).
          // oxlint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={isFirstInvalid(fields.description.errors) || undefined}
          aria-describedby={fields.description.errorId}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-base dark:border-zinc-700 dark:bg-zinc-900"
        />
        <p id={fields.description.errorId} className="min-h-5 text-sm text-red-700 dark:text-red-400">
          {descriptionError ? translateMessage(t, descriptionError) : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button pending={navigation.state === "submitting"}>{submitLabel}</Button>
        <Link to={cancelHref} className={buttonClassName("secondary")}>
          {t("repositories.cancel")}
        </Link>
      </div>
    </Form>
  );
}
