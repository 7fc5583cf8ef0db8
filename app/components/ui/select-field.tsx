import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

import { useTranslation } from "~/lib/translation";
import { isFirstInvalid } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";

/**
 * A labelled native select (it posts without JavaScript), with the error line's height kept and focus on it when it is
 * the form's first invalid field (as `Field`).
 */
export function SelectField({
  field,
  label,
  children,
}: {
  field: FieldMetadata<string>;
  label: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const error = field.errors?.[0];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        // Only the first invalid field, only when rendered with its error: where the visitor has to act next.
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={isFirstInvalid(field.errors) || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={field.errorId}
        className={`min-h-10 rounded-md border bg-white px-3 py-2 text-base text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:bg-zinc-900 dark:text-zinc-100 ${
          error ? "border-red-600 dark:border-red-400" : "border-zinc-300 dark:border-zinc-700"
        }`}
      >
        {children}
      </select>
      <p id={field.errorId} className="min-h-5 text-sm text-red-700 dark:text-red-400" aria-live="polite">
        {error ? translateMessage(t, error) : null}
      </p>
    </div>
  );
}
