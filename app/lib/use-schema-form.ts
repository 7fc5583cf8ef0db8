import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * conform's useForm wired to a shared zod schema, the same way on every form: native constraints from the schema,
 * validation on submit then on input (an error line that appears on blur would move the button under the pointer).
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  schema: Schema,
  {
    lastResult,
    defaultValue,
  }: { lastResult: SubmissionResult<string[]> | null | undefined; defaultValue?: Partial<z.input<Schema>> },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
