import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

/**
 * An authenticator app holding `secret`, as a test uses it. The server takes each code once (a later time step than
 * the last one used) and accepts one step either side of its clock (ADR 052). So `code()` gives the step after the
 * last one, never earlier than the clock's: the first is the current step's, still right in the next period; the
 * second is one step ahead, right now and for two periods. Only a third code within one period waits for the next.
 */
export function authenticatorApp(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: PERIOD_MS / 1000 });
  let last = -Infinity;
  return {
    async code(): Promise<string> {
      const step = Math.max(last + 1, Math.floor(Date.now() / PERIOD_MS));
      const early = (step - 1) * PERIOD_MS - Date.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early + 100));
      last = step;
      return totp.generate({ timestamp: step * PERIOD_MS });
    },
  };
}

export type AuthenticatorApp = ReturnType<typeof authenticatorApp>;
