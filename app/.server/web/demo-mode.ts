import {
  createContext,
  createCookie,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";

import { getEnv } from "~/.server/platform/env";
import { SAFE_METHODS } from "~/.server/platform/security/origin";
import type { DemoRefusal } from "~/lib/demo-refusal";
import { dialogHref, hasOpenDialog } from "~/lib/dialog";
import { sameSitePath } from "~/lib/redirect";

// What a demo visitor may still do: sign in, sign out, choose a language and a theme.
const ALLOWED = [/^\/login(\/verify)?$/, /^\/logout$/, /^\/preferences$/, /^\/api\/auth\/callback\//];

// A cookie holds ~4 KB: past this much typed text the refusal still says why, without the values.
const MAX_VALUES_LENGTH = 2000;

/** The refused form's values, across the redirect back, read once (as toasts are, app/.server/web/toast.ts). */
const refusalCookie = createCookie("demo-refusal", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60,
  secrets: [getEnv().AUTH_SECRET],
  secure: getEnv().https,
});

/** The demo notice put away by the visitor: a cookie of the browser's session (no Max-Age), so for this visit only. */
export const demoNoticeCookie = createCookie("demo-notice", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: getEnv().https,
});

/** Whether the visitor put the demo notice away for this visit. */
export async function isDemoNoticeHidden(request: Request): Promise<boolean> {
  return (await demoNoticeCookie.parse(request.headers.get("Cookie"))) === "hidden";
}

const refusalContext = createContext<DemoRefusal | null>(null);

/** The refusal that sent the visitor to this page (the root loader hands it to the page), or null. */
export function getDemoRefusal(context: Readonly<RouterContextProvider>): DemoRefusal | null {
  return context.get(refusalContext);
}

function isAllowedInDemo(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return ALLOWED.some((pattern) => pattern.test(path));
}

/** The text fields of the refused form (files and an unreadable body give nothing). */
async function postedValues(request: Request): Promise<Record<string, string>> {
  try {
    const values: Record<string, string> = {};
    for (const [name, value] of await request.formData()) {
      if (typeof value === "string" && !(name in values)) values[name] = value;
    }
    return JSON.stringify(values).length <= MAX_VALUES_LENGTH ? values : {};
  } catch {
    return {};
  }
}

function readRefusal(value: unknown): DemoRefusal | null {
  if (!value || typeof value !== "object") return null;
  const { values, inDialog } = value as Partial<DemoRefusal>;
  if (!values || typeof values !== "object" || typeof inDialog !== "boolean") return null;
  const strings = Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return { values: Object.fromEntries(strings), inDialog };
}

/**
 * In demo mode every other mutation is refused here, before any action runs: the visitor goes back to the page they
 * were on, with what they typed (docs/product.md, "Demo mode"). A form in a dialog stays open and says why; a form on
 * the page gets the "Demo Mode" dialog over it. Nothing changes.
 */
export const demoModeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!getEnv().DEMO_MODE) return next();
  if (SAFE_METHODS.has(request.method)) {
    const cookie = request.headers.get("Cookie");
    if (!cookie?.includes("demo-refusal=")) return next();
    context.set(refusalContext, readRefusal(await refusalCookie.parse(cookie)));
    const response = await next();
    response.headers.append("Set-Cookie", await refusalCookie.serialize("", { maxAge: 0 }));
    return response;
  }
  if (isAllowedInDemo(new URL(request.url).pathname)) return next();
  const back = new URL(sameSitePath(request.headers.get("referer"), request.url) || "/", "http://groundwork.invalid");
  const inDialog = hasOpenDialog(back.searchParams);
  const target = inDialog ? `${back.pathname}${back.search}` : dialogHref(back, "demo");
  const refusal: DemoRefusal = { values: await postedValues(request), inDialog };
  throw redirect(target, { status: 303, headers: { "Set-Cookie": await refusalCookie.serialize(refusal) } });
};
