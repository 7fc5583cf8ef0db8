// The scheduled pruning tasks (ADR 046) against the real database: what has ended goes, what still counts stays. (The
// audit trail's and the rate limits' pruning: audit.test.ts and rate-limit.test.ts.) No worker runs here.
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/platform/db/client";
import { invitation, job, organization, session, signInCode, verification } from "~/.server/platform/db/schema";
import { pruneFinishedJobs } from "~/.server/platform/jobs/queue";
import { signedInAs } from "../../../tests/support/sessions";
import { pruneExpiredSignIns } from "./background-jobs";

const DAY = 86_400_000;
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id).sort();

describe("pruning expired sign-ins", () => {
  it("removes ended codes, sessions, verifications and long-ended invitations, and keeps the live ones", async () => {
    const now = Date.now();
    const { userId } = await signedInAs("pruner@example.test");

    await db.insert(signInCode).values([
      { id: "code-ended", email: "a@example.test", codeHash: "h", expiresAt: now - 1_000 },
      { id: "delete-account:someone", email: "a@example.test", codeHash: "h", expiresAt: now - 1_000 },
      { id: "code-live", email: "a@example.test", codeHash: "h", expiresAt: now + 60_000 },
    ]);
    const aSession = (id: string, expiresAt: number) => ({
      id,
      token: `token-${id}`,
      userId,
      expiresAt: new Date(expiresAt),
      updatedAt: new Date(now),
    });
    await db.insert(session).values([aSession("session-ended", now - 1_000), aSession("session-live", now + DAY)]);
    await db.insert(verification).values([
      { id: "verification-ended", identifier: "sign-in-otp-a@example.test", value: "v", expiresAt: new Date(now - 1) },
      { id: "verification-live", identifier: "sign-in-otp-b@example.test", value: "v", expiresAt: new Date(now + 1e5) },
    ]);
    const organizationId = randomUUID();
    await db.insert(organization).values({ id: organizationId, name: "Pruned", slug: "pruned", createdAt: new Date() });
    const anInvitation = (id: string, status: string, endedDaysAgo: number) => ({
      id,
      organizationId,
      email: `${id}@example.test`,
      role: "member",
      status,
      inviterId: userId,
      expiresAt: new Date(now - endedDaysAgo * DAY),
    });
    await db.insert(invitation).values([
      anInvitation("invitation-ended-long-ago", "pending", 31),
      // Shown as expired, and renewable, for 30 days after its end.
      anInvitation("invitation-ended-lately", "pending", 29),
      anInvitation("invitation-live", "pending", -7),
      anInvitation("invitation-accepted-long-ago", "accepted", 90),
    ]);

    await pruneExpiredSignIns();

    const codes = await db.select({ id: signInCode.id }).from(signInCode);
    expect(ids(codes)).toEqual(["code-live"]);
    const sessions = await db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
    expect(ids(sessions)).not.toContain("session-ended");
    expect(ids(sessions)).toContain("session-live");
    const verifications = await db
      .select({ id: verification.id })
      .from(verification)
      .where(inArray(verification.id, ["verification-ended", "verification-live"]));
    expect(ids(verifications)).toEqual(["verification-live"]);
    const invitations = await db
      .select({ id: invitation.id })
      .from(invitation)
      .where(eq(invitation.organizationId, organizationId));
    expect(ids(invitations)).toEqual(["invitation-accepted-long-ago", "invitation-ended-lately", "invitation-live"]);
  });
});

describe("pruning finished jobs", () => {
  it("removes done and expired jobs finished over `days` ago, and keeps failed, waiting and recent ones", async () => {
    const now = Date.now();
    const aJob = (id: string, state: "queued" | "done" | "expired" | "failed", finishedDaysAgo: number | null) => ({
      id,
      kind: "email.welcome",
      payload: "{}",
      state,
      runAt: now - 10 * DAY,
      createdAt: now - 10 * DAY,
      finishedAt: finishedDaysAgo === null ? null : now - finishedDaysAgo * DAY,
    });
    await db
      .insert(job)
      .values([
        aJob("done-old", "done", 8),
        aJob("expired-old", "expired", 8),
        aJob("done-recent", "done", 6),
        aJob("failed-old", "failed", 8),
        aJob("queued-old", "queued", null),
      ]);

    expect(await pruneFinishedJobs(7)).toBe(2);

    const left = await db.select({ id: job.id }).from(job).where(eq(job.kind, "email.welcome"));
    expect(ids(left)).toEqual(["done-recent", "failed-old", "queued-old"]);
  });
});
