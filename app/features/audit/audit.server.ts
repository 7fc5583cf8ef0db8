// The audit trail: who did what to whom, when, from where, and whether it was allowed. Feature modules record their
// own events, right after the change they record has been written, so a route cannot forget one.
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { decodeCursor, keysetPage } from "~/.server/platform/db/keyset";
import { auditEvent, user } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import type { AuditEntryView } from "./entity";

/** Every action the trail records. The manager's audit page offers them as a filter, each with a translated name. */
export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-out",
  "user.created",
  "user.updated",
  "user.role-changed",
  "user.banned",
  "user.unbanned",
  "user.deleted",
  "user.email-changed",
  "impersonation.started",
  "impersonation.stopped",
  "session.revoked",
  "account.deleted",
  "passkey.added",
  "passkey.renamed",
  "passkey.removed",
  "second-factor.enabled",
  "second-factor.disabled",
  "second-factor.reset",
  "recovery-code.used",
  "step-up",
  "repository.created",
  "repository.updated",
  "repository.deleted",
  // An entry of an entity written by `npm run new:entity`; its target type is the entity's name (ADR 045).
  "entry.created",
  "entry.updated",
  "entry.deleted",
  "organization.created",
  "organization.updated",
  "organization.deleted",
  "member.added",
  "member.role-changed",
  "member.removed",
  "member.left",
  "invitation.sent",
  "invitation.cancelled",
  "invitation.accepted",
  "invitation.declined",
  "team.created",
  "team.updated",
  "team.deleted",
  "team.member-added",
  "team.member-removed",
  "job.retried",
  "job.discarded",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Why an attempt was refused, in our own words: each has a label in every language (audit-labels.ts; a test keeps the
 * two in step). A refusal from better-auth is "auth-refused", with its code in the details.
 */
export const AUDIT_REASONS = [
  "wrong-code",
  "expired",
  "exhausted",
  "banned",
  "rate-limited",
  "github-refused",
  "self",
  "last-admin",
  "sole-owner",
  "not-recipient",
  "auth-refused",
] as const;
type AuditReason = (typeof AUDIT_REASONS)[number];

/** Who acts: a signed-in user (and the admin behind them while impersonating), or nobody yet; and from where. */
export type AuditActor = {
  user: { id: string; email: string } | null;
  impersonatorId?: string | null;
  ip: string | null;
};

export type AuditEntry = {
  action: AuditAction;
  /** "refused": the action was attempted and not allowed; `reason` says why (a wrong code, a ban, a rate limit…). */
  outcome?: "success" | "refused";
  reason?: AuditReason;
  /** `type` names the kind of thing: "user", "session", or the entity's table name ("repository"). */
  target?: { type: string; id: string; label?: string | null };
  details?: Record<string, string | number | boolean | null>;
};

/**
 * A refusal repeated by the same actor, on the same target, for the same reason, within this window, counts on the
 * window's first entry (`repeats`, `lastAt` in its details) instead of writing another (ADR 015).
 */
export const AUDIT_REPEAT_WINDOW_MS = 60 * 60 * 1000;

/**
 * The key a refusal's repeats count under; null for a success, which is never collapsed. Nobody signed in is known by
 * their address. A rate limit refuses the client, whatever it typed: its key has no target, so changing the address
 * typed on each try does not make a new entry.
 */
function repeatKey(by: AuditActor, entry: AuditEntry, at: Date): string | null {
  if (entry.outcome !== "refused") return null;
  const actor = by.user ? ["user", by.user.id, by.impersonatorId ?? null] : ["ip", by.ip];
  const target = entry.reason === "rate-limited" ? null : [entry.target?.type ?? null, entry.target?.id ?? null];
  const window = Math.floor(at.getTime() / AUDIT_REPEAT_WINDOW_MS);
  return JSON.stringify([entry.action, entry.reason ?? null, actor, target, window]);
}

/** Deletes the entries older than AUDIT_RETENTION_DAYS; returns how many went. Scheduled (background-jobs.ts). */
export async function pruneAuditTrail(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - getEnv().AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db.delete(auditEvent).where(lt(auditEvent.at, cutoff)).returning({ id: auditEvent.id });
  return gone.length;
}

/**
 * Records one event. Never throws: the action it records has already happened, and must not fail because of its
 * record. A write that fails is tried once more, then written whole to the server log as an error, so that the entry
 * is never silently lost. A refusal repeated within its window is counted on its first entry, by the database's
 * unique index on the key, so that nobody can fill the trail by repeating one (ADR 015).
 */
export async function recordAudit(by: AuditActor, entry: AuditEntry): Promise<void> {
  const row = {
    at: new Date(),
    action: entry.action,
    outcome: entry.outcome ?? "success",
    reason: entry.reason ?? null,
    actorId: by.user?.id ?? null,
    actorLabel: by.user?.email ?? null,
    impersonatorId: by.impersonatorId ?? null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    ip: by.ip,
    details: entry.details ? JSON.stringify(entry.details) : null,
  };
  const key = repeatKey(by, entry, row.at);
  const repeated = {
    details: sql`json_set(coalesce(${auditEvent.details}, '{}'),
      '$.repeats', coalesce(json_extract(${auditEvent.details}, '$.repeats'), 1) + 1,
      '$.lastAt', ${row.at.toISOString()})`,
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await db
        .insert(auditEvent)
        .values({ ...row, repeatKey: key })
        .onConflictDoUpdate({ target: auditEvent.repeatKey, set: repeated });
      lastError = undefined;
      break;
    } catch (error) {
      lastError = error;
    }
  }
  if (lastError !== undefined) {
    logger.error("audit entry not stored", { entry: { ...row, at: row.at.toISOString() }, error: String(lastError) });
  }
}

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export const AUDIT_PAGE_SIZE = 25;

/** One entry as the audit pages show it (the shape of `AuditEntryView`, with its time as a Date). */
export type AuditRow = Omit<AuditEntryView, "at"> & { at: Date };
export type AuditPage = { items: AuditRow[]; nextCursor: string | null };

export type AuditFilter = {
  /** Who acted: a user id or an e-mail address (the address recorded then, or the user who has it now). */
  actor?: string;
  /** What was acted on: an id, an e-mail address or a repository name. */
  target?: string;
  action?: AuditAction;
  outcome?: "success" | "refused";
  /** From this instant on (inclusive). */
  since?: Date;
  /** Before this instant (exclusive). */
  before?: Date;
  /** A user's part of the trail: entries where they acted or were acted on. */
  userId?: string;
  cursor?: string | null;
  limit?: number;
};

async function userIdByEmail(email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}

/**
 * What the trail asks of a feature whose rows it names, by target type ("repository"): the row a name belongs to now,
 * and which of the ids it names still exist (those are linked). The trail imports no feature (ADR 045): the routes
 * that list it pass these in.
 */
export type AuditTargets = {
  idByName(name: string): Promise<string | null>;
  existing(ids: string[]): Promise<Set<string>>;
};

/** The conditions of which one must hold for `actor`: its id, or an address and whoever has that address now. */
async function actorMatches(actor: string): Promise<SQL[]> {
  const matches = [eq(auditEvent.actorId, actor)];
  if (actor.includes("@")) {
    const email = actor.toLowerCase();
    matches.push(eq(auditEvent.actorLabel, email));
    const id = await userIdByEmail(email);
    if (id) matches.push(eq(auditEvent.actorId, id));
  }
  return matches;
}

/** The same for `target`: an id, a label as recorded (an address, a name), the user or row known by it now. */
async function targetMatches(target: string, targets: Readonly<Record<string, AuditTargets>>): Promise<SQL[]> {
  const labels = new Set([target, target.normalize("NFC"), target.toLowerCase()]);
  const matches = [eq(auditEvent.targetId, target), ...[...labels].map((label) => eq(auditEvent.targetLabel, label))];
  const ids = target.includes("@")
    ? [await userIdByEmail(target.toLowerCase())]
    : await Promise.all(Object.values(targets).map((kind) => kind.idByName(target)));
  for (const id of ids) if (id) matches.push(eq(auditEvent.targetId, id));
  return matches;
}

/** Every way to pick one condition from each group: (a or b) and (c or d) as the four conjunctions. */
function eachCombination(groups: SQL[][]): SQL[][] {
  return groups.reduce<SQL[][]>(
    (combinations, group) => combinations.flatMap((combination) => group.map((match) => [...combination, match])),
    [[]],
  );
}

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (!details) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The trail, newest first, keyset-paginated on the id. Each "either" of a filter (an actor known by id or by
 * address; a user as actor or as target) runs as its own query along its own index, in id order, limited to one
 * page; the pages are then merged. An OR in one query would make SQLite collect and sort every matching entry.
 */
export async function listAudit(
  filter: AuditFilter = {},
  targets: Readonly<Record<string, AuditTargets>> = {},
): Promise<AuditPage> {
  const limit = filter.limit ?? AUDIT_PAGE_SIZE;
  const afterKey = decodeCursor(filter.cursor);
  const afterId = afterKey !== null && /^\d{1,15}$/.test(afterKey) ? Number(afterKey) : null;
  const common = and(
    afterId === null ? undefined : lt(auditEvent.id, afterId),
    filter.action ? eq(auditEvent.action, filter.action) : undefined,
    filter.outcome ? eq(auditEvent.outcome, filter.outcome) : undefined,
    filter.since ? gte(auditEvent.at, filter.since) : undefined,
    filter.before ? lt(auditEvent.at, filter.before) : undefined,
  );
  const groups: SQL[][] = [];
  const actor = filter.actor?.trim();
  const target = filter.target?.trim();
  if (actor) groups.push(await actorMatches(actor));
  if (target) groups.push(await targetMatches(target, targets));
  if (filter.userId) groups.push([eq(auditEvent.actorId, filter.userId), eq(auditEvent.targetId, filter.userId)]);

  const pages = await Promise.all(
    eachCombination(groups).map((matches) =>
      db
        .select()
        .from(auditEvent)
        .where(and(common, ...matches))
        .orderBy(desc(auditEvent.id))
        .limit(limit + 1),
    ),
  );
  const byId = new Map(pages.flat().map((row) => [row.id, row]));
  const rows = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit + 1);

  const userIds = new Set(
    rows
      .flatMap((row) => [row.actorId, row.impersonatorId, row.targetType === "user" ? row.targetId : null])
      .filter((id) => id !== null),
  );
  const users = new Map(
    userIds.size
      ? (
          await db
            .select({ id: user.id, email: user.email })
            .from(user)
            .where(inArray(user.id, [...userIds]))
        ).map((row) => [row.id, row.email])
      : [],
  );
  // The rows of each other kind that still exist, asked of the feature they belong to.
  const existing = new Map(
    await Promise.all(
      Object.entries(targets).map(async ([type, kind]) => {
        const ids = [
          ...new Set(rows.flatMap((row) => (row.targetType === type && row.targetId ? [row.targetId] : []))),
        ];
        return [type, ids.length ? await kind.existing(ids) : new Set<string>()] as const;
      }),
    ),
  );
  const items = rows.map((row): AuditRow => ({
    id: row.id,
    at: row.at,
    action: row.action,
    outcome: row.outcome,
    reason: row.reason,
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    actorExists: row.actorId !== null && users.has(row.actorId),
    impersonatorId: row.impersonatorId,
    impersonatorLabel: row.impersonatorId ? (users.get(row.impersonatorId) ?? null) : null,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    targetExists:
      row.targetId !== null &&
      (row.targetType === "user"
        ? users.has(row.targetId)
        : (existing.get(row.targetType ?? "")?.has(row.targetId) ?? false)),
    ip: row.ip,
    details: parseDetails(row.details),
  }));
  return keysetPage(items, limit, (row) => String(row.id));
}
