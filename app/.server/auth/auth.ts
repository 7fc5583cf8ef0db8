// The better-auth instance (ADR 003). Relative imports: the `auth` CLI loads this file outside Vite.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, emailOTP, organization } from "better-auth/plugins";
import { db } from "../db/client";
import * as schema from "../db/schema";
import { sendSignInCodeEmail } from "../email/sign-in-code";
import { getEnv } from "../env";
import { logger } from "../logger";
import { ac, roles } from "./permissions";

const env = getEnv();

/** Seeded accounts that sign in with a fixed code when DEMO_MODE is on (shown on the login page). */
export const DEMO_ACCOUNTS = ["admin@example.com", "user@example.com"] as const;
export const DEMO_CODE = "000000";
export const SIGN_IN_CODE_MINUTES = 5;
export const SIGN_IN_CODE_ATTEMPTS = 3;

export const signUpEnabled = env.SIGN_UP_ENABLED && !env.DEMO_MODE;

export const auth = betterAuth({
  appName: "Groundwork",
  baseURL: env.APP_URL,
  basePath: "/api/auth",
  secret: env.AUTH_SECRET,
  trustedOrigins: [env.APP_URL],
  database: drizzleAdapter(db, { provider: "sqlite", schema }),
  session: {
    expiresIn: 60 * 60 * 24 * 30,
    updateAge: 60 * 60 * 24,
    // No cookie cache: a ban, a role change or a revocation must take effect on the next request.
    cookieCache: { enabled: false },
  },
  user: {
    additionalFields: {
      onboardedAt: { type: "date", required: false, input: false },
    },
  },
  rateLimit: {
    enabled: env.NODE_ENV === "production",
    storage: "database",
    modelName: "rateLimit",
  },
  advanced: {
    // The Node server entry writes the client's address here from the socket (or a trusted proxy).
    ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    useSecureCookies: env.APP_URL.startsWith("https://"),
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
  },
  socialProviders: env.githubEnabled
    ? {
        github: {
          clientId: env.GITHUB_CLIENT_ID!,
          clientSecret: env.GITHUB_CLIENT_SECRET!,
          disableSignUp: !signUpEnabled,
        },
      }
    : {},
  onAPIError: { errorURL: "/login/error" },
  // The e-mail code journey runs only through our own pages, which add what better-auth's HTTP endpoints lack: the
  // per-address send limit, the per-client verify limit, and answers that do not tell known addresses from unknown
  // ones. Over HTTP these endpoints answer 404; `auth.api.*` calls from our actions are not affected.
  disabledPaths: [
    "/email-otp/send-verification-otp",
    "/sign-in/email-otp",
    "/email-otp/check-verification-otp",
    "/email-otp/verify-email",
    "/email-otp/request-password-reset",
    "/forget-password/email-otp",
    "/email-otp/reset-password",
    "/email-otp/request-email-change",
    "/email-otp/change-email",
  ],
  plugins: [
    emailOTP({
      otpLength: 6,
      expiresIn: SIGN_IN_CODE_MINUTES * 60,
      allowedAttempts: SIGN_IN_CODE_ATTEMPTS,
      storeOTP: "encrypted",
      disableSignUp: !signUpEnabled,
      generateOTP: ({ email }) =>
        env.DEMO_MODE && (DEMO_ACCOUNTS as readonly string[]).includes(email.toLowerCase()) ? DEMO_CODE : undefined,
      async sendVerificationOTP({ email, otp, type }, ctx) {
        if (type !== "sign-in") return;
        // Not awaited: a known address must answer as fast as an unknown one (no e-mail), so timing reveals nothing.
        const language = ctx?.request?.headers.get("x-groundwork-language") ?? ctx?.headers?.get("x-groundwork-language");
        void sendSignInCodeEmail({ to: email, code: otp, language: language ?? "en", minutes: SIGN_IN_CODE_MINUTES }).catch((error: unknown) =>
          logger.error("sign-in code e-mail failed", { email, error: String(error) }),
        );
      },
    }),
    admin({
      ac,
      roles,
      defaultRole: "user",
      adminRoles: ["admin"],
      adminUserIds: env.ADMIN_USER_IDS,
      bannedUserMessage: "You have been banned from this application",
    }),
    organization({
      teams: { enabled: true },
    }),
  ],
});

export type Session = typeof auth.$Infer.Session;
export type SessionUser = Session["user"];
