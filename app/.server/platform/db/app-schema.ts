import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { session, user } from "./auth-schema";

/** Fixed-window counters of our own rate limiter (app/.server/platform/security/rate-limit.ts), shared by every process. */
export const rateLimitCounter = sqliteTable("rate_limit_counter", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});

/**
 * Leases of app/.server/platform/exclusive.ts: a key held by one process at a time, so that a check and the change it
 * guards ("the last owner?") take turns across every process on the database, not only within one.
 */
export const exclusiveLease = sqliteTable("exclusive_lease", {
  key: text("key").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * A sign-in code, bound to the browser that asked for it (ADR 010): the browser holds the row's id in a signed cookie,
 * so only that browser can spend the code's attempts. The code itself is kept only as an HMAC.
 */
export const signInCode = sqliteTable(
  "sign_in_code",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("sign_in_code_expires_at").on(table.expiresAt)],
);

/**
 * The audit trail (app/features/audit/audit.server.ts): one row per security-relevant event. Actor and target are copied
 * (id and a label), not referenced: an entry outlives the user or repository it names. The id grows with time, so
 * it is both the newest-first order and the pagination key.
 */
export const auditEvent = sqliteTable(
  "audit_event",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    action: text("action").notNull(),
    /** "success", or "refused" with a reason (a wrong code, a ban, a rate limit, a rule). */
    outcome: text("outcome").notNull(),
    reason: text("reason"),
    actorId: text("actor_id"),
    actorLabel: text("actor_label"),
    /** The admin behind the actor, while they impersonate them. */
    impersonatorId: text("impersonator_id"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    ip: text("ip"),
    /** Small facts of the event (a role before and after, a ban's end): a JSON object of strings and numbers. */
    details: text("details"),
    /**
     * A refusal's action, reason, actor, target and window (ADR 015): a repeat within the window counts on the entry
     * that holds the key instead of writing another. Null for a success.
     */
    repeatKey: text("repeat_key"),
  },
  (table) => [
    index("audit_event_at").on(table.at),
    uniqueIndex("audit_event_repeat_key").on(table.repeatKey),
    index("audit_event_actor").on(table.actorId, table.id),
    index("audit_event_actor_label").on(table.actorLabel, table.id),
    index("audit_event_target").on(table.targetId, table.id),
    index("audit_event_target_label").on(table.targetLabel, table.id),
    index("audit_event_action").on(table.action, table.id),
    // The dashboard's sign-ins per day.
    index("audit_event_action_at").on(table.action, table.at),
    // ...counted per day from this small index alone: the outcome is not in the one above, and reading it from each
    // row made the chart cost 40 ms at 100 000 sign-ins (`npm run bench:lists dashboard`).
    index("audit_event_sign_in_success_at")
      .on(table.at)
      .where(sql`action = 'sign-in' and outcome = 'success'`),
  ],
);

/**
 * Work that must happen after an answer (an e-mail, a pruning): app/.server/platform/jobs/queue.ts (ADR 046). Times
 * are the database's clock in milliseconds, so every process and instance reads the same one.
 */
export const job = sqliteTable(
  "job",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    /** JSON; a code an e-mail carries is stored encrypted (queue.ts). Emptied once the job is done. */
    payload: text("payload").notNull(),
    /** queued → running → done; or failed after its last attempt; or expired when it was not done in time. */
    state: text("state", { enum: ["queued", "running", "done", "failed", "expired"] })
      .notNull()
      .default("queued"),
    /** Attempts begun; the most a kind gets is its definition's (app/.server/features/background-jobs.ts). */
    attempts: integer("attempts").notNull().default(0),
    /** Not run before this: the next attempt's time after a failure (exponential backoff). */
    runAt: integer("run_at").notNull(),
    /** Not run after this (a sign-in code's end): the job is then expired instead. */
    expiresAt: integer("expires_at"),
    /** The worker running it, and until when: a lease renewed while it runs, taken again by another once it ends. */
    holder: text("holder"),
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (table) => [
    index("job_state_run_at").on(table.state, table.runAt),
    index("job_kind_state").on(table.kind, table.state),
  ],
);

/** Scheduled work (app/.server/platform/jobs/schedules.ts): each period's run is one job, made once across instances. */
export const jobSchedule = sqliteTable("job_schedule", {
  name: text("name").primaryKey(),
  /** A cron expression, in UTC. */
  cron: text("cron").notNull(),
  nextRunAt: integer("next_run_at").notNull(),
  lastRunAt: integer("last_run_at"),
  lastJobId: text("last_job_id"),
});

/**
 * A person's passkeys (app/.server/features/passkeys.ts, ADR 052): WebAuthn credentials verified by our own routes
 * with SimpleWebAuthn. The public key is stored; nothing here lets anyone sign in.
 */
export const passkey = sqliteTable(
  "passkey",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The credential's id, base64url, as the browser sends it back. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** How the browser reaches the authenticator (usb, internal, hybrid…), comma-separated. */
    transports: text("transports"),
    /** Whether the key is synced across devices ("multiDevice") or bound to one ("singleDevice"). */
    deviceType: text("device_type").notNull(),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("passkey_user").on(table.userId)],
);

/**
 * WebAuthn challenges already answered (ADR 052). A challenge travels signed in a cookie of the browser that asked for
 * it, so asking costs no write; answering records it here until it expires, so a captured answer cannot be replayed.
 */
export const spentWebauthnChallenge = sqliteTable(
  "spent_webauthn_challenge",
  {
    challenge: text("challenge").primaryKey(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("spent_webauthn_challenge_expires_at").on(table.expiresAt)],
);

/**
 * A person's authenticator app (app/.server/features/second-factor.ts, ADR 052): the TOTP secret, encrypted with
 * AUTH_SECRET, and the last time step used, so that one code signs in once.
 */
export const secondFactor = sqliteTable("second_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  sealedSecret: text("sealed_secret").notNull(),
  lastStep: integer("last_step").notNull().default(0),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }).notNull(),
});

/** One-time recovery codes, stored as HMACs: each is spent once. */
export const recoveryCode = sqliteTable(
  "recovery_code",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("recovery_code_user").on(table.userId)],
);

/**
 * A sign-in waiting for its second factor: the first factor is proven, no session exists yet. Its id rides in a
 * signed cookie of the browser that proved the first factor, so only that browser can spend its attempts (ADR 010).
 */
export const pendingSecondFactor = sqliteTable(
  "pending_second_factor",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** How the first factor was proven: "email-code", "github" or "passkey". */
    method: text("method").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("pending_second_factor_expires_at").on(table.expiresAt)],
);

/**
 * When a session last proved its person again (a step-up: the second factor, a passkey or an e-mail code), before
 * what cannot be undone (app/.server/features/step-up.ts, ADR 053). Kept beside better-auth's session table, not in
 * it, so better-auth's own writes never see it; it goes with its session.
 */
export const stepUp = sqliteTable("step_up", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  verifiedAt: integer("verified_at", { mode: "timestamp_ms" }).notNull(),
});
