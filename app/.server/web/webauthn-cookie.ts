// The WebAuthn challenge of this browser (ADR 052): signed with AUTH_SECRET, `__Host-` under https, kept as long as
// the challenge may be answered. Asking for one writes nothing on the server; answering spends it once.
import { createCookie } from "react-router";
import { z } from "zod";

import { getEnv } from "~/.server/platform/env";

const env = getEnv();
/** As long as a challenge may be answered (CHALLENGE_MINUTES in app/.server/features/passkeys.ts). */
const CHALLENGE_SECONDS = 5 * 60;

/** The feature's `Challenge`: what was asked, for whom (null: signing in), until when. */
type Challenge = { challenge: string; userId: string | null; expiresAt: number };
const cookie = createCookie(`${env.https ? "__Host-" : ""}gw-webauthn`, {
  path: "/",
  httpOnly: true,
  sameSite: "strict",
  secure: env.https,
  secrets: [env.AUTH_SECRET],
  maxAge: CHALLENGE_SECONDS,
});

const schema = z.object({
  challenge: z.string().max(128),
  userId: z.string().max(64).nullable(),
  expiresAt: z.number(),
});

export async function readChallenge(request: Request): Promise<Challenge | null> {
  try {
    const parsed = schema.safeParse(await cookie.parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function challengeCookie(challenge: Challenge): Promise<string> {
  return cookie.serialize(challenge);
}

export function clearChallengeCookie(): Promise<string> {
  return cookie.serialize("", { maxAge: 0 });
}
