import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { client, db } from "~/.server/platform/db/client";
import { auditEvent, user } from "~/.server/platform/db/schema";
import { logger } from "~/.server/platform/logger";
import { repositoryNameKey } from "~/features/repositories/entity";
import { repositoryAuditTargets } from "~/features/repositories/repositories.server";
import { repository } from "~/features/repositories/table.server";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_REASONS,
  isAuditAction,
  listAudit,
  pruneAuditTrail,
  recordAudit,
  type AuditRow,
} from "./audit.server";
import { AUDIT_ACTION_LABELS, AUDIT_REASON_LABELS } from "./components/audit-labels";

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

const hour = 60 * 60 * 1000;
const base = Date.UTC(2026, 2, 10, 12);
const at = (hours: number) => new Date(base + hours * hour);
const entry = (
  hours: number,
  action: string,
  more: Partial<typeof auditEvent.$inferInsert> = {},
): typeof auditEvent.$inferInsert => ({ at: at(hours), action, outcome: "success", ...more });
const actions = (page: { items: AuditRow[] }) => page.items.map((row) => row.action);

describe("reading the trail", () => {
  const ada = "ada-id";
  let repo = "";

  beforeAll(async () => {
    // A clean trail: the entries of the tests above are not part of this story.
    await db.delete(auditEvent);
    const now = new Date();
    await db.insert(user).values({ id: ada, email: "ada@example.test", name: "Ada", createdAt: now, updatedAt: now });
    const [engine] = await db
      .insert(repository)
      .values({ name: "Engine", nameKey: repositoryNameKey("Engine"), link: "example.com/engine", description: "" })
      .returning({ id: repository.id });
    repo = engine!.id;
    const byAda = { actorId: ada, actorLabel: "ada@example.test" };
    const gone = { targetType: "repository", targetId: "gone-repo", targetLabel: "Old name" };
    await db.insert(auditEvent).values([
      // 1: Ada signs in under her old address; 2: someone types her address and a wrong code
      entry(0, "sign-in", { actorId: ada, actorLabel: "ada-old@example.test", targetType: "user", targetId: ada }),
      entry(1, "sign-in", { outcome: "refused", reason: "wrong-code", targetType: "user", targetId: ada }),
      // 3-5: Ada (an admin) creates a repository; renames and deletes another
      entry(24, "repository.created", { ...byAda, targetType: "repository", targetId: repo, targetLabel: "Engine" }),
      entry(25, "repository.updated", { ...byAda, ...gone }),
      entry(48, "repository.deleted", {
        ...byAda,
        ...gone,
        ip: "203.0.113.5",
        details: JSON.stringify({ why: "cleanup" }),
      }),
      // 6: a user since deleted, banned by an admin who impersonated Ada
      entry(49, "user.banned", {
        ...byAda,
        impersonatorId: "root-admin",
        targetType: "user",
        targetId: "deleted-user",
        targetLabel: "gone@example.test",
      }),
      // 7: somebody else signs out
      entry(72, "sign-out", {
        actorId: "bob-id",
        actorLabel: "bob@example.test",
        targetType: "user",
        targetId: "bob-id",
      }),
    ]);
  });

  it("lists newest first, and says what still exists", async () => {
    const page = await listAudit({}, { repository: repositoryAuditTargets });
    expect(actions(page)).toEqual([
      "sign-out",
      "user.banned",
      "repository.deleted",
      "repository.updated",
      "repository.created",
      "sign-in",
      "sign-in",
    ]);
    expect(page.nextCursor).toBeNull();
    const [signOut, banned, deleted, , created] = page.items;
    expect(signOut).toMatchObject({ actorExists: false, targetExists: false });
    expect(banned).toMatchObject({ actorExists: true, targetExists: false, impersonatorId: "root-admin" });
    expect(deleted).toMatchObject({ ip: "203.0.113.5", details: { why: "cleanup" }, targetExists: false });
    expect(created).toMatchObject({ targetType: "repository", targetExists: true });
    expect(created!.at).toEqual(at(24));
  });

  it("pages on the id with Load more, and shrugs off a cursor that is not one of ours", async () => {
    const first = await listAudit({ limit: 3 });
    expect(actions(first)).toEqual(["sign-out", "user.banned", "repository.deleted"]);
    const second = await listAudit({ limit: 3, cursor: first.nextCursor });
    expect(actions(second)).toEqual(["repository.updated", "repository.created", "sign-in"]);
    const third = await listAudit({ limit: 3, cursor: second.nextCursor });
    expect(actions(third)).toEqual(["sign-in"]);
    expect(third.nextCursor).toBeNull();
    for (const garbage of ["", "%%%", "bm90LWEtbnVtYmVy", "LTE", "OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5"])
      expect(actions(await listAudit({ limit: 3, cursor: garbage }))).toEqual(actions(first));
    expect(AUDIT_PAGE_SIZE).toBeGreaterThan(10);
  });

  it("filters by action and by outcome", async () => {
    expect(actions(await listAudit({ action: "sign-in" }))).toEqual(["sign-in", "sign-in"]);
    const refused = await listAudit({ action: "sign-in", outcome: "refused" });
    expect(refused.items.map((row) => [row.outcome, row.reason])).toEqual([["refused", "wrong-code"]]);
    expect(actions(await listAudit({ outcome: "refused" }))).toEqual(["sign-in"]);
  });

  it("finds an actor by id, by the address recorded then, and by the address they have now", async () => {
    const byId = actions(await listAudit({ actor: ada }));
    expect(byId).toEqual(["user.banned", "repository.deleted", "repository.updated", "repository.created", "sign-in"]);
    expect(actions(await listAudit({ actor: " ADA@example.test " }))).toEqual(byId);
    expect(actions(await listAudit({ actor: "ada-old@example.test" }))).toEqual(["sign-in"]);
    expect(actions(await listAudit({ actor: "bob@example.test" }))).toEqual(["sign-out"]);
    expect(actions(await listAudit({ actor: "nobody@example.test" }))).toEqual([]);
  });

  it("finds a target by id, by a recorded label, and by the name a repository has now", async () => {
    expect(actions(await listAudit({ target: "gone-repo" }))).toEqual(["repository.deleted", "repository.updated"]);
    expect(actions(await listAudit({ target: "Old name" }))).toEqual(["repository.deleted", "repository.updated"]);
    expect(actions(await listAudit({ target: "ENGINE" }, { repository: repositoryAuditTargets }))).toEqual([
      "repository.created",
    ]);
    expect(actions(await listAudit({ target: "gone@example.test" }))).toEqual(["user.banned"]);
    expect(actions(await listAudit({ target: "ada@example.test" }))).toEqual(["sign-in", "sign-in"]);
  });

  it("combines filters: each either-or with the others", async () => {
    expect(actions(await listAudit({ actor: "ada@example.test", target: "Old name" }))).toEqual([
      "repository.deleted",
      "repository.updated",
    ]);
    expect(actions(await listAudit({ actor: ada, action: "repository.created" }))).toEqual(["repository.created"]);
    expect(actions(await listAudit({ actor: "bob@example.test", action: "sign-in" }))).toEqual([]);
  });

  it("gives a user's part of the trail: what they did, and what was done to them", async () => {
    expect(actions(await listAudit({ userId: ada }))).toEqual([
      "user.banned",
      "repository.deleted",
      "repository.updated",
      "repository.created",
      "sign-in",
      "sign-in",
    ]);
    const paged = await listAudit({ userId: ada, limit: 4 });
    expect(actions(await listAudit({ userId: ada, limit: 4, cursor: paged.nextCursor }))).toEqual([
      "sign-in",
      "sign-in",
    ]);
    expect(actions(await listAudit({ userId: "bob-id" }))).toEqual(["sign-out"]);
  });

  it("keeps the entries from `since` (included) to `before` (excluded)", async () => {
    expect(actions(await listAudit({ since: at(24), before: at(48) }))).toEqual([
      "repository.updated",
      "repository.created",
    ]);
    expect(actions(await listAudit({ since: at(49) }))).toEqual(["sign-out", "user.banned"]);
    expect(actions(await listAudit({ before: at(1) }))).toEqual(["sign-in"]);
    expect(actions(await listAudit({ since: at(48), before: at(24) }))).toEqual([]);
  });

  it("names every action and refusal reason of the trail in the dictionaries, and knows its own", () => {
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.keys(AUDIT_REASON_LABELS).sort()).toEqual([...AUDIT_REASONS].sort());
    expect(isAuditAction("sign-in")).toBe(true);
    expect(isAuditAction("drop table")).toBe(false);
    expect(isAuditAction(undefined)).toBe(false);
  });
});
