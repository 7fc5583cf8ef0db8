// Toasts across a redirect: a short-lived signed cookie, read and cleared by the root loader (Epic Stack's idea).
import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "react-router";

import { getEnv } from "~/.server/platform/env";
import { toastTypes, type Toast } from "~/lib/toast";

const toastCookie = createCookie("toast", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60,
  secrets: [getEnv().AUTH_SECRET],
  secure: getEnv().https,
});

/** Redirects and shows `toast` on the next page (as a toast with JavaScript, as a status message without). */
export async function redirectWithToast(url: string, toast: Omit<Toast, "id">, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize({ ...toast, id: randomUUID() }));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the Set-Cookie that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return { toast: null, setCookie: null };
  const toast = value as Toast;
  const valid = typeof toast.message === "string" && typeof toast.id === "string" && toastTypes.includes(toast.type);
  return { toast: valid ? toast : null, setCookie: await toastCookie.serialize("", { maxAge: 0 }) };
}
