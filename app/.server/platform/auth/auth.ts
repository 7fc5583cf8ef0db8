// The better-auth instance (ADR 003). Relative imports: the `auth` CLI loads this file outside Vite.
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { admin, emailOTP, organization } from "better-auth/plugins";

import { db } from "~/.server/platform/db/client";
import * as schema from "~/.server/platform/db/schema";
import { SEED_USERS } from "~/.server/platform/db/seed";
import { getEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import { CLIENT_ADDRESS_HEADER } from "~/.server/platform/security/client-address";
import { PRODUCT } from "~/locales/product";
import { ac, roles } from "./permissions";
import { userHooks } from "./user-hooks";

const env = getEnv();

/** Seeded accounts that sign in with a fixed code when DEMO_MODE is on (shown on the login page). */
export const DEMO_ACCOUNTS: readonly string[] = SEED_USERS.map((seeded) => seeded.email);

/** Whether `email` signs in with the fixed demo code: demo mode, and one of the seeded accounts. */
export function isDemoAccount(email: string): boolean {
  return env.DEMO_MODE && DEMO_ACCOUNTS.includes(email.trim().toLowerCase());
}
export const DEMO_CODE = "000000";
export const SIGN_IN_CODE_MINUTES = 5;
export const SIGN_IN_CODE_ATTEMPTS = 3;

export const signUpEnabled = env.SIGN_UP_ENABLED && !env.DEMO_MODE;

const https = env.https;

/** The session cookie: `__Host-` under https, so no subdomain can set or shadow it (ADR 010). */
export const SESSION_COOKIE = `${https ? "__Host-" : ""}better-auth.session_token`;

export const auth = betterAuth({
  appName: PRODUCT.name,
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
  databaseHooks: userHooks,
  advanced: {
    // The Node server entry writes the client's address here from the socket (or a trusted proxy).
    ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 64 },
    // better-auth's own secure prefix is `__Secure-`; we name the session cookie ourselves and mark every cookie Secure.
    useSecureCookies: false,
    cookies: { session_token: { name: SESSION_COOKIE } },
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
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
  // better-auth writes through our logger, so LOG_LEVEL and the line format hold for its messages too.
  logger: {
    log: (level, message, ...args) =>
      logger[level](`[better-auth] ${message}`, args.length ? { details: args.map(String) } : undefined),
  },
  // Only the GitHub callback is served over HTTP (routes/api.auth.ts, ADR 010); these are also switched off in
  // better-auth itself, so that no later change of that route can open them.
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
      generateOTP: ({ email }) => (isDemoAccount(email) ? DEMO_CODE : undefined),
      // Our sign-in pages send their own codes, bound to the browser (app/.server/features/sign-in.ts, ADR 010), and only use
      // better-auth's code server-side, at once, to create the session. Nothing should ask better-auth to send one.
      async sendVerificationOTP({ type }) {
        logger.warn("better-auth was asked to send a one-time code; our sign-in pages send their own", { type });
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
    // Organizations (docs/architecture.md, "Organizations"): our feature modules call these endpoints in-process,
    // after our own scope guard; the HTTP endpoints are not served. Invitation e-mails are ours too (in the
    // invitee's language), so no `sendInvitationEmail` here.
    organization({
      organizationLimit: env.ORGANIZATIONS_PER_USER,
      membershipLimit: env.MEMBERS_PER_ORGANIZATION,
      invitationExpiresIn: env.INVITATION_LIFETIME_HOURS * 60 * 60,
      invitationLimit: env.MEMBERS_PER_ORGANIZATION,
      teams: { enabled: true, maximumTeams: env.TEAMS_PER_ORGANIZATION },
      schema: { invitation: { additionalFields: { language: { type: "string", required: false, input: true } } } },
    }),
  ],
});

export type Session = typeof auth.$Infer.Session;
export type SessionUser = Session["user"];
