import { getInputProps, type FieldMetadata } from "@conform-to/react";

import { CODE_LENGTH } from "~/lib/schemas/sign-in";
import { Field } from "./field";

/** The field of a 6-digit code sent by e-mail: sign-in, an e-mail change, an account deletion. */
export function CodeField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  return (
    <Field
      {...getInputProps(field, { type: "text" })}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      errors={field.errors}
      errorId={field.errorId}
      className="tracking-[0.5em]"
    />
  );
}
