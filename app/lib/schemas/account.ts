import { onboardingSchema } from "./sign-in";

/** Changing the name follows the rules of onboarding's "What is your name?". */
export const changeNameSchema = onboardingSchema;
