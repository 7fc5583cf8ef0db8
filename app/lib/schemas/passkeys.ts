// The passkey forms of the account page (app/routes/account-passkeys.ts, app/components/account/passkeys.tsx).
import { z } from "zod";

import { personNameField } from "./sign-in";

/** A passkey's name follows a person's name's rules (visible characters, at most 100): a label people compare by eye. */
const passkeyName = personNameField;
const passkeyId = z.string().min(1).max(64);
/** The browser's answer, as JSON: a few kilobytes at most for any real authenticator. */
const credential = z.string().min(2).max(16_384);

export const addPasskeySchema = z.object({ name: passkeyName, credential });
export const renamePasskeySchema = z.object({ id: passkeyId, name: passkeyName });
export const removePasskeySchema = z.object({ id: passkeyId });
