// What a step-up asks for (ADR 053), shared by the server that asks (app/features/step-up.server.ts) and the form that
// answers (app/components/step-up/step-up-form.tsx).

/** The fields of a step-up's own, taken out of the original form's fields before the action reads them. */
export const STEP_UP_FIELDS = ["stepUp", "stepUpCode", "stepUpPasskey"] as const;

/**
 * The answer to an action posted without a fresh step-up: where the original form posted and its fields (carried as
 * hidden inputs, so the action runs as first asked once the person is proven), and how they can prove themselves.
 */
export type StepUpPrompt = {
  action: string;
  fields: Array<[name: string, value: string]>;
  /** "second-factor": an authenticator or recovery code; "email": a code sent to `email`. */
  way: "second-factor" | "email";
  /** The person has a passkey: offered with JavaScript. */
  passkey: boolean;
  email: string;
  /** An e-mail code was just sent. */
  sent: boolean;
  /** Why the last answer was refused, as a message (app/lib/validation.ts). */
  error: string | null;
};

export function isStepUpPrompt(value: unknown): value is { stepUp: StepUpPrompt } {
  return typeof value === "object" && value !== null && "stepUp" in value;
}
