import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

/** The authenticator app's code for the time `at`, from the secret as the setup page shows it. */
export const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: PERIOD_MS / 1000 }).generate({
    timestamp: at,
  });

/**
 * The previous time step's code, so that the current step's is still unused after it. The server takes one step
 * either side of its clock (ADR 052): within a period's last second the clock may move on before the server checks,
 * and the code would be two steps old, so that second is waited out.
 */
export async function previousStepCode(secret: string) {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 1_000) await new Promise((done) => setTimeout(done, left + 50));
  return codeAt(secret, Date.now() - PERIOD_MS);
}
