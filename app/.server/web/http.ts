// Small response helpers shared by route actions.
import { data } from "react-router";

import { formatDuration } from "~/lib/i18n";
import { message } from "~/lib/validation";

/** 429 with Retry-After, and a form error saying when to try again (in the visitor's language). */
export function tooManyRequests<T extends object>(retryAfterSeconds: number, language: string, body: T) {
  const formError = message("rateLimit.message", { duration: formatDuration(retryAfterSeconds, language) });
  return data({ ...body, formError }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** Response headers carrying the cookies better-auth set. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** An action was posted with an intent it does not know: a client error, never a 500. */
export function unknownIntent() {
  return data({ result: undefined, formError: undefined }, { status: 400 });
}

/** The page for a missing thing: the area's 404 page (the error page reads the status, nothing else). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** The page for a refusal: the 403 page. */
export function forbidden(): never {
  throw data(null, { status: 403, statusText: "Forbidden" });
}

/** The posted form; a body that is not a form (JSON, garbage) is the client's mistake: 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400, statusText: "Bad Request" });
  }
}
