import { createCookie } from "react-router";

import { getEnv } from "~/.server/platform/env";

export const themes = ["system", "light", "dark"] as const;
export type Theme = (typeof themes)[number];

/** The theme is a cookie so the server renders the right class and the page never flashes. */
export const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
  httpOnly: false,
  secure: getEnv().https,
});

export async function readTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return themes.includes(value as Theme) ? (value as Theme) : "system";
}
