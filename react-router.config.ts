import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router's own check answers a foreign Origin with a bare 400 before any middleware runs. Our security
  // middleware (app/.server/web/security-middleware.ts) is stricter (Sec-Fetch-Site or Origin must be APP_URL) and
  // answers 403 with the translated page, so it is the one check. See docs/decisions/004-origin-check.md.
  allowedActionOrigins: ["**"],
  routeDiscovery: { mode: "initial" },
} satisfies Config;
