// The account page's forms (app/routes/account.tsx), shared by the page and its action.
import { z } from "zod";

import { emailField, onboardingSchema, verifySchema } from "./sign-in";

/** A code of six digits, with the sign-in code's rules and messages. */
const codeField = verifySchema.shape.code;

/** Changing the name follows the rules of onboarding's "What is your name?". */
export const changeNameSchema = onboardingSchema;

/** The new address, to which a code is sent. */
export const changeEmailSchema = z.object({ email: emailField });

/** The code sent to the new address; the address travels with it (`?newEmail=`, kept in a hidden field). */
export const confirmEmailChangeSchema = z.object({ newEmail: emailField, code: codeField });

/** The code sent to the current address, which confirms the deletion of the account. */
export const deleteAccountSchema = z.object({ code: codeField });
