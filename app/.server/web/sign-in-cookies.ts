// The two cookies of the e-mail code journey (ADR 010), signed with AUTH_SECRET and `__Host-` under https:
// - the pending sign-in: which code attempt this browser started, so only this browser can spend its attempts;
// - the device cookie: the addresses this browser signed in to before, each with a random nonce, so the browser gets
//   a send budget of its own for them (OWASP's device-cookie approach).
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "zod";

import { SIGN_IN_CODE_MINUTES } from "~/.server/platform/auth/auth";
import { getEnv } from "~/.server/platform/env";

const env = getEnv();
/** SECOND_FACTOR_MINUTES of app/.server/features/sign-in.ts (this layer does not import a feature). */
const SECOND_FACTOR_SECONDS = 5 * 60;
const https = env.https;
const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: https, secrets: [env.AUTH_SECRET] };
const named = (name: string) => `${https ? "__Host-" : ""}${name}`;

const pendingCookie = createCookie(named("gw-sign-in"), { ...options, maxAge: SIGN_IN_CODE_MINUTES * 60 });
/** A sign-in waiting for its second factor (ADR 052): which pending sign-in this browser may finish. */
const secondFactorCookie = createCookie(named("gw-second-factor"), { ...options, maxAge: SECOND_FACTOR_SECONDS });
const deviceCookie = createCookie(named("gw-device"), { ...options, maxAge: 400 * 24 * 60 * 60 });

/** How many addresses one browser remembers: a shared family computer, not a list to harvest. */
const DEVICE_ADDRESSES = 5;

const pendingSchema = z.object({ id: z.string().max(64), email: z.string().max(254) });
const deviceSchema = z.array(z.object({ email: z.string().max(254), nonce: z.string().max(64) })).max(DEVICE_ADDRESSES);
type DeviceEntries = z.output<typeof deviceSchema>;

async function parse<T>(cookie: typeof pendingCookie, request: Request, schema: z.ZodType<T>): Promise<T | null> {
  try {
    const result = schema.safeParse(await cookie.parse(request.headers.get("Cookie")));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The code attempt this browser started for `email`, if its cookie is still there. */
export async function pendingAttemptFor(request: Request, email: string): Promise<string | null> {
  const pending = await parse(pendingCookie, request, pendingSchema);
  return pending && pending.email === email.trim().toLowerCase() ? pending.id : null;
}

/** This browser's current attempt, whatever its address (a new code replaces it). */
export async function pendingAttempt(request: Request): Promise<string | null> {
  return (await parse(pendingCookie, request, pendingSchema))?.id ?? null;
}

export function pendingSignInCookie(attemptId: string, email: string): Promise<string> {
  return pendingCookie.serialize({ id: attemptId, email: email.trim().toLowerCase() });
}

export function clearPendingSignInCookie(): Promise<string> {
  return pendingCookie.serialize("", { maxAge: 0 });
}

async function devices(request: Request): Promise<DeviceEntries> {
  return (await parse(deviceCookie, request, deviceSchema)) ?? [];
}

/** The nonce under which this browser has a send budget of its own for `email`, when it signed in to it before. */
export async function trustedDeviceFor(request: Request, email: string): Promise<string | null> {
  const normalised = email.trim().toLowerCase();
  return (await devices(request)).find((entry) => entry.email === normalised)?.nonce ?? null;
}

/** The device cookie after a sign-in to `email`: that address first, its nonce kept when it had one. */
export async function rememberDeviceCookie(request: Request, email: string): Promise<string> {
  const normalised = email.trim().toLowerCase();
  const entries = await devices(request);
  const nonce = entries.find((entry) => entry.email === normalised)?.nonce ?? randomBytes(18).toString("base64url");
  const next = [{ email: normalised, nonce }, ...entries.filter((entry) => entry.email !== normalised)].slice(
    0,
    DEVICE_ADDRESSES,
  );
  return deviceCookie.serialize(next);
}

/** The pending sign-in this browser may finish with its second factor, if its cookie is still there. */
export async function pendingSecondFactorOf(request: Request): Promise<string | null> {
  return (await parse(secondFactorCookie, request, z.object({ id: z.string().max(64) })))?.id ?? null;
}

export function pendingSecondFactorCookie(pendingId: string): Promise<string> {
  return secondFactorCookie.serialize({ id: pendingId });
}

export function clearPendingSecondFactorCookie(): Promise<string> {
  return secondFactorCookie.serialize("", { maxAge: 0 });
}
