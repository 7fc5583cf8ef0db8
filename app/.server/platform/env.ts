// The one place process.env is read. Every variable is documented in .env.example.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";

import { isBannerColor } from "./banner-colors";

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? fallback : ["true", "1", "yes", "on"].includes(value),
    );

/** A whole number, `fallback` when unset or empty (an empty line in .env means "the default", not 0). */
const wholeNumber = (fallback: number, { min, max }: { min: number; max: number }) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === "" ? fallback : Number(value)))
    .pipe(z.number().int().min(min).max(max));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z
    .string()
    .default("file:./data/app.db")
    .refine(
      (url) => /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/.test(url),
      "must start with file:, libsql://, http(s):// or ws(s)://",
    )
    // libSQL takes a bare `file:` as a throwaway database: every restart would start empty.
    .refine((url) => !/^file:(\?|$)/.test(url), "file: needs a path, e.g. file:./data/app.db"),
  DATABASE_AUTH_TOKEN: optionalText,
  // An embedded replica of DATABASE_URL (a libSQL server) in this file: reads local, writes sent to the primary (ADR 050).
  DATABASE_REPLICA_FILE: optionalText,
  // How often that replica syncs; at most 30 s, so that the read-your-writes cookie (60 s) outlasts the lag.
  REPLICA_SYNC_MS: wholeNumber(1000, { min: 50, max: 30_000 }),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  EMAIL_FROM: z.string().default("Groundwork <no-reply@localhost>"),
  SIGN_UP_ENABLED: booleanFlag(true),
  // With sign-up closed, whether any member's invitation lets a new address in; off: an administrator's only (ADR 018).
  INVITATIONS_OPEN_SIGN_UP: booleanFlag(false),
  ADMIN_USER_IDS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  DEMO_MODE: booleanFlag(false),
  /** Administrators set up a second factor before they can use /manager (ADR 052). */
  REQUIRE_ADMIN_SECOND_FACTOR: booleanFlag(false),
  ENV_NAME: optionalText,
  ENV_EMOJI: optionalText,
  ENV_COLOR: optionalText.pipe(
    z.string().refine(isBannerColor, "must be a CSS colour (a name, #hex, rgb(), hsl())").optional(),
  ),
  SEED: booleanFlag(true),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Readable text lines, or one JSON object a line for a log collector (app/.server/platform/logger.ts).
  LOG_FORMAT: z.enum(["text", "json"]).default("text"),
  // server/cluster.ts: server processes on this host (node:cluster beyond 1; docs/design/operations.md).
  WEB_CONCURRENCY: wholeNumber(1, { min: 1, max: 64 }),
  TRUST_PROXY: booleanFlag(false),
  // server/: requests in flight per client (0 = no cap), and the seconds a client may take to send one request.
  MAX_REQUESTS_PER_CLIENT: wholeNumber(8, { min: 0, max: 10_000 }),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(30, { min: 1, max: 3600 }),
  // The audit trail keeps its entries this many days (app/features/audit/audit.server.ts).
  AUDIT_RETENTION_DAYS: wholeNumber(180, { min: 1, max: 36_500 }),
  // Organizations' limits (app/.server/platform/auth/auth.ts, docs/architecture.md "Organizations").
  ORGANIZATIONS_PER_USER: wholeNumber(10, { min: 1, max: 10_000 }),
  MEMBERS_PER_ORGANIZATION: wholeNumber(100, { min: 2, max: 100_000 }),
  TEAMS_PER_ORGANIZATION: wholeNumber(20, { min: 1, max: 10_000 }),
  INVITATION_LIFETIME_HOURS: wholeNumber(48, { min: 1, max: 24 * 90 }),
  // Pictures (ADR 051): where they are kept (unset: data/pictures beside the database), and the largest upload.
  STORAGE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(file:.+|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/, "must be file:<path> or s3://<bucket>")
      .optional(),
  ),
  UPLOAD_MAX_BYTES: wholeNumber(5 * 1024 * 1024, { min: 1024, max: 100 * 1024 * 1024 }),
  // The AWS SDK reads its own variables; these two decide how the client is made (app/.server/platform/storage/).
  AWS_REGION: optionalText,
  AWS_ENDPOINT_URL_S3: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

export type Env = Omit<z.output<typeof schema>, "APP_URL" | "AUTH_SECRET"> & {
  APP_URL: string;
  AUTH_SECRET: string;
  /** GitHub sign-in is offered only when both halves of the OAuth app are configured. */
  githubEnabled: boolean;
  /** APP_URL is https: every cookie is Secure, the session cookie `__Host-`, and HSTS is sent (ADR 010). */
  https: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Folder for the generated secret: beside the embedded database file, or ./data for a remote database. */
export function dataDirectory(databaseUrl: string): string {
  if (!databaseUrl.startsWith("file:")) return "data";
  return dirname(databaseUrl.slice("file:".length).split("?")[0] ?? "./data/app.db");
}

function generatedSecret(directory: string, warn: (message: string) => void): string {
  const file = join(directory, "auth-secret");
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(directory, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  warn(`AUTH_SECRET is not set: generated one and kept it in ${file}. Set AUTH_SECRET in production.`);
  return secret;
}

/** Parses a raw environment; throws an EnvError whose message is one line naming the variable. */
export function parseEnv(
  source: Record<string, string | undefined>,
  warn: (message: string) => void = (message) => console.warn(message),
): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message} (got "${source[name] ?? ""}")`);
  }
  const parsed = result.data;
  if (Boolean(parsed.GITHUB_CLIENT_ID) !== Boolean(parsed.GITHUB_CLIENT_SECRET)) {
    const missing = parsed.GITHUB_CLIENT_ID ? "GITHUB_CLIENT_SECRET" : "GITHUB_CLIENT_ID";
    throw new EnvError(
      `Invalid environment variable ${missing}: GitHub sign-in needs both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET`,
    );
  }
  if (parsed.DATABASE_REPLICA_FILE && parsed.DATABASE_URL.startsWith("file:"))
    throw new EnvError(
      `Invalid environment variable DATABASE_REPLICA_FILE: a replica needs DATABASE_URL to be its primary, a libSQL server, not a file:`,
    );
  // The replica's file keeps one process's sync state: two processes on one file would each miss the other's frames.
  if (parsed.DATABASE_REPLICA_FILE && parsed.WEB_CONCURRENCY > 1)
    throw new EnvError(
      `Invalid environment variable WEB_CONCURRENCY: one process per DATABASE_REPLICA_FILE, so it must be 1 (got "${parsed.WEB_CONCURRENCY}")`,
    );
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  return {
    ...parsed,
    APP_URL: appUrl,
    https: appUrl.startsWith("https://"),
    AUTH_SECRET: parsed.AUTH_SECRET ?? generatedSecret(dataDirectory(parsed.DATABASE_URL), warn),
    githubEnabled: Boolean(parsed.GITHUB_CLIENT_ID && parsed.GITHUB_CLIENT_SECRET),
  };
}

let cached: Env | undefined;

/** The validated environment of this process, read once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
