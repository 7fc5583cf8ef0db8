// The account's forms, shared by the pages and their actions: the account page's (account.tsx) and its passkeys'
// (account-passkeys.ts, components/passkeys.tsx).
import { z } from "zod";

import { emailField, onboardingSchema, personNameField, verifySchema } from "~/lib/schemas/sign-in";

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

/** A passkey's name follows a person's name's rules (visible characters, at most 100): a label people compare by eye. */
const passkeyName = personNameField;
const passkeyId = z.string().min(1).max(64);
/** The browser's answer, as JSON: a few kilobytes at most for any real authenticator. */
const credential = z.string().min(2).max(16_384);

export const addPasskeySchema = z.object({ name: passkeyName, credential });
export const renamePasskeySchema = z.object({ id: passkeyId, name: passkeyName });
export const removePasskeySchema = z.object({ id: passkeyId });
