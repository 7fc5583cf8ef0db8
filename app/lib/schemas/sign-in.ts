// One schema per form, shared by the page (conform) and the action (parseWithZod); the rules: docs/product.md.
import { z } from "zod";

import { message } from "~/lib/validation";
import { visibleText } from "./text";

export const emailField = z
  .string({ error: message("validation.emailRequired") })
  .trim()
  .min(1, message("validation.emailRequired"))
  .max(254, message("validation.emailInvalid"))
  .pipe(z.email({ error: message("validation.emailInvalid") }));

/** Every code we e-mail has this many digits (sign-in, e-mail change, account deletion). */
export const CODE_LENGTH = 6;

const codeField = z
  .string({ error: message("validation.codeRequired") })
  .trim()
  .min(1, message("validation.codeRequired"))
  .length(CODE_LENGTH, message("validation.codeLength"))
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), message("validation.codeInvalid"));

export const verifySchema = z.object({ email: emailField, code: codeField });

const NAME_MAX_LENGTH = 100;

/**
 * A person's name, wherever one is written (onboarding, the account page): composed (NFC), trimmed, no markup
 * brackets, and only characters that show (./text.ts).
 */
export const personNameField = z
  .string({ error: message("validation.nameRequired") })
  .normalize("NFC")
  .trim()
  .min(1, message("validation.nameRequired"))
  .max(NAME_MAX_LENGTH, message("validation.nameTooLong", { max: NAME_MAX_LENGTH }))
  .regex(/^[^\p{Cc}<>]+$/u, message("validation.nameInvalid"))
  .refine(visibleText, message("validation.nameInvalid"));

export const onboardingSchema = z.object({ name: personNameField });
