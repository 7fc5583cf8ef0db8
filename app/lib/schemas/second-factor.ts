// The second factor's forms (app/features/sign-in/second-factor.tsx, app/features/account/account-second-factor.tsx).
import { z } from "zod";

import { message } from "~/lib/validation";

/** A code from the authenticator app (6 digits) or a recovery code (16 letters and digits, dashes allowed). */
const secondFactorCode = z
  .string({ error: message("validation.required") })
  .trim()
  .min(1, message("validation.required"))
  .max(40, message("secondFactor.invalid"));

export const secondFactorSchema = z.object({ code: secondFactorCode });

/** Setting up: the sealed secret the page was given, and the first code the app shows for it. */
export const confirmSecondFactorSchema = z.object({ sealed: z.string().min(1).max(500), code: secondFactorCode });
