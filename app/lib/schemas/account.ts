import { z } from "zod";
import { onboardingSchema } from "./sign-in";

/** The account pages' search parameters; anything else falls back to the default. */
export const accountSearchSchema = z.object({
  state: z.enum(["", "change-name"]).catch(""),
  newEmail: z.string().catch(""),
});

/** Changing the name follows the rules of onboarding's "What is your name?". */
export const changeNameSchema = onboardingSchema;
