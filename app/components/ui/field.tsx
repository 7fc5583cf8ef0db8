import type { InputHTMLAttributes } from "react";

import { useTranslation } from "~/lib/translation";
import { isFirstInvalid } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";
import { DatePicker } from "./date-picker";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  errors?: string[] | undefined;
  errorId: string;
  description?: string;
};

/**
 * A labelled input whose error line keeps its height, so the layout never jumps under the pointer (stack P8). The
 * first invalid field of a form takes focus when the page is rendered with its error (useSchemaForm). A date field
 * is a DatePicker: the native input without JavaScript, a "Pick a date" button and calendar with it.
 */
export function Field({
  label,
  errors,
  errorId,
  description,
  id,
  type,
  defaultValue,
  className = "",
  ...input
}: FieldProps) {
  const { t } = useTranslation();
  const error = errors?.[0];
  const inputClassName = `min-h-10 rounded-md border bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:bg-zinc-900 dark:text-zinc-100 ${
    error ? "border-red-600 dark:border-red-400" : "border-zinc-300 dark:border-zinc-700"
  } ${className}`;
  return (
    <div className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {description ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      {type === "date" && id && input.name ? (
        <DatePicker
          id={id}
          labelId={`${id}-label`}
          // oxlint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={isFirstInvalid(errors) || undefined}
          {...input}
          name={input.name}
          defaultValue={typeof defaultValue === "string" ? defaultValue : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={inputClassName}
        />
      ) : (
        <input
          id={id}
          type={type}
          defaultValue={defaultValue}
          // Only the first invalid field, only when rendered with its error: where the visitor has to act next.
          // oxlint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={isFirstInvalid(errors) || undefined}
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={inputClassName}
        />
      )}
      <p id={errorId} className="min-h-5 text-sm text-red-700 dark:text-red-400" aria-live="polite">
        {error ? translateMessage(t, error) : null}
      </p>
    </div>
  );
}
