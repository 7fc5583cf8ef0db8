import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

import { refusedValuesFor, useDemoRefusal } from "./demo-refusal";

const FIRST_INVALID = Symbol("the first invalid field of its form");

/**
 * Whether `errors` are those of the first invalid field of a form made with useSchemaForm: that field takes focus
 * when the page is rendered with them (`autoFocus`), which is how a form answered by the server with a 400 puts focus
 * where the visitor has to act without JavaScript (with JavaScript conform focuses it when the answer arrives).
 */
export function isFirstInvalid(errors: readonly string[] | undefined): boolean {
  return Boolean(errors && FIRST_INVALID in errors);
}

/**
 * conform's useForm wired to a shared zod schema, the same way on every form: native constraints from the schema,
 * validation on submit then on input (an error line that appears on blur would move the button under the pointer).
 * The errors of the first invalid field, in the schema's order (the order of the form's fields), are marked for
 * `isFirstInvalid`. After a demo-mode refusal the form starts from the values that were refused.
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  schema: Schema,
  {
    lastResult,
    defaultValue,
  }: { lastResult: SubmissionResult<string[]> | null | undefined; defaultValue?: Partial<z.input<Schema>> },
) {
  // A demo-mode refusal sent the visitor back here: what they typed is shown again, as after a validation error.
  const refused = refusedValuesFor(useDemoRefusal(), Object.keys(schema.shape));
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    defaultValue: (refused ? { ...defaultValue, ...refused } : defaultValue) as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const errors = form.allErrors;
  const first = Object.keys(schema.shape).find((name) => errors[name]?.length);
  if (first === undefined) return [form, fields] as const;
  const marked = new Proxy(fields, {
    get(target, key, receiver) {
      const field = Reflect.get(target, key, receiver);
      if (key !== first) return field;
      return new Proxy(field, {
        get(metadata, property) {
          const value = Reflect.get(metadata, property);
          return property === "errors" && Array.isArray(value)
            ? Object.assign([...value], { [FIRST_INVALID]: true })
            : value;
        },
      });
    },
  });
  return [form, marked] as const;
}
