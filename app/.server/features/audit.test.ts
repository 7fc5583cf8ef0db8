import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { client, db } from "../platform/db/client";
import { auditEvent } from "../platform/db/schema";
import { logger } from "../platform/logger";
import { pruneAuditTrail, recordAudit } from "./audit";

const actor = { user: { id: "admin-1", email: "admin@example.test" }, impersonatorId: null, ip: "198.51.100.7" };

describe("the audit trail", () => {
  it("records who did what to whom, from where, and how it ended", async () => {
    await recordAudit(actor, {
      action: "user.role-changed",
      target: { type: "user", id: "user-2", label: "user@example.test" },
      details: { from: "user", to: "admin" },
    });
    const [row] = await db.select().from(auditEvent).orderBy(desc(auditEvent.id)).limit(1);
    expect(row).toMatchObject({
      action: "user.role-changed",
      outcome: "success",
      actorId: "admin-1",
      actorLabel: "admin@example.test",
      targetType: "user",
      targetId: "user-2",
      targetLabel: "user@example.test",
      ip: "198.51.100.7",
      details: JSON.stringify({ from: "user", to: "admin" }),
    });
  });

  it("never fails the action it records: a failed write is logged whole instead", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    await client.execute(
      "create trigger audit_refuse before insert on audit_event begin select raise(abort, 'refused'); end",
    );
    try {
      await expect(
        recordAudit(actor, { action: "sign-in", outcome: "refused", reason: "wrong-code" }),
      ).resolves.toBeUndefined();
    } finally {
      await client.execute("drop trigger audit_refuse");
    }
    expect(error).toHaveBeenCalledWith(
      "audit entry not stored",
      expect.objectContaining({ entry: expect.objectContaining({ action: "sign-in", reason: "wrong-code" }) }),
    );
    error.mockRestore();
  });

  it("prunes the entries older than the retention period, and only those", async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    await db.insert(auditEvent).values([
      { at: new Date(now - 181 * day), action: "sign-out", outcome: "success" },
      { at: new Date(now - 179 * day), action: "sign-out", outcome: "success" },
    ]);
    const before = await db
      .select({ n: sql<number>`count(*)` })
      .from(auditEvent)
      .where(eq(auditEvent.action, "sign-out"));
    expect(await pruneAuditTrail(now)).toBe(1);
    const after = await db
      .select({ n: sql<number>`count(*)` })
      .from(auditEvent)
      .where(eq(auditEvent.action, "sign-out"));
    expect(after[0]!.n).toBe(before[0]!.n - 1);
  });
});
