// The audit trail: who did what to whom, when, from where, and whether it was allowed. Feature modules record their
// own events, right after the change they record has been written, so a route cannot forget one.
import { lt } from "drizzle-orm";

import { db } from "../platform/db/client";
import { auditEvent } from "../platform/db/schema";
import { getEnv } from "../platform/env";
import { logger } from "../platform/logger";

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
  "repository.created",
  "repository.updated",
  "repository.deleted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
  reason?: string;
  target?: { type: "user" | "repository" | "session"; id: string; label?: string | null };
  details?: Record<string, string | number | boolean | null>;
};

const PRUNE_EVERY_MS = 60 * 60 * 1000;
let lastPrune = 0;

/** Deletes the entries older than AUDIT_RETENTION_DAYS; returns how many went. */
export async function pruneAuditTrail(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - getEnv().AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db.delete(auditEvent).where(lt(auditEvent.at, cutoff)).returning({ id: auditEvent.id });
  return gone.length;
}

/**
 * Records one event. Never throws: the action it records has already happened, and must not fail because of its
 * record. A write that fails is tried once more, then written whole to the server log as an error, so that the entry
 * is never silently lost. Old entries are pruned here too, at most once an hour per process.
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
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await db.insert(auditEvent).values(row);
      lastError = undefined;
      break;
    } catch (error) {
      lastError = error;
    }
  }
  if (lastError !== undefined) {
    logger.error("audit entry not stored", { entry: { ...row, at: row.at.toISOString() }, error: String(lastError) });
  }
  if (row.at.getTime() - lastPrune >= PRUNE_EVERY_MS) {
    lastPrune = row.at.getTime();
    await pruneAuditTrail(row.at.getTime()).catch((error: unknown) =>
      logger.warn("audit trail not pruned", { error: String(error) }),
    );
  }
}
