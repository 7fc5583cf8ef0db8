// A refusal that someone can repeat at will writes one entry per actor, target, action and reason in each window of
// the trail (ADR 015), counted: 150 refused answers to someone else's invitation are one entry that says 150, not
// 150 entries. Successes are never collapsed.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

import { auditActorOfBrowser, codeBrowser } from "../../../tests/support/code-browser";
import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
const { auth } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { auditEvent } = await import("~/.server/platform/db/schema");
const { signedInAs } = await import("../../../tests/support/sessions");
const { findMembership } = await import("~/.server/platform/auth/membership");
const { declineInvitation, inviteMember } = await import("~/features/organizations/invitations.server");
const { verifySignInCode } = await import("~/.server/features/sign-in");
const { AUDIT_REPEAT_WINDOW_MS, recordAudit } = await import("./audit.server");

afterAll(() => sink.stop());
afterEach(() => vi.useRealTimers());

const ip = "198.51.100.21";

async function person(email: string) {
  const signed = await signedInAs(email);
  const headers = new Headers({ cookie: signed.cookie });
  return {
    id: signed.userId,
    email,
    headers,
    caller: { userId: signed.userId, headers, actor: { user: { id: signed.userId, email }, ip } },
  };
}

/** The repeats of a test fall in one window: within the window's last 10 seconds, the next one is waited for. */
async function clearOfWindowEnd() {
  const left = AUDIT_REPEAT_WINDOW_MS - (Date.now() % AUDIT_REPEAT_WINDOW_MS);
  if (left < 10_000) await new Promise((done) => setTimeout(done, left + 50));
}

const details = (row: { details: string | null }) =>
  row.details ? (JSON.parse(row.details) as Record<string, unknown>) : {};

describe("repeated refusals in the audit trail", () => {
  it("writes one entry, counted, for 150 refused answers to someone else's invitation", async () => {
    const owner = await person("repeat-owner@example.test");
    await auth.api.createOrganization({ headers: owner.headers, body: { name: "Repeats", slug: "repeats" } });
    const scope = (await findMembership("repeats", owner.id))!;
    const invited = await inviteMember(
      scope,
      { email: "repeat-recipient@example.test", role: "member", language: "en" },
      owner.caller,
    );
    if (!invited.ok) throw new Error(invited.code);
    const stranger = await person("repeat-stranger@example.test");

    await clearOfWindowEnd();
    const started = performance.now();
    for (let attempt = 0; attempt < 150; attempt++)
      expect(await declineInvitation(invited.invitation.id, stranger.caller)).toEqual({
        ok: false,
        code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
      });
    const seconds = (performance.now() - started) / 1000;

    const rows = await db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.actorId, stranger.id), eq(auditEvent.targetId, invited.invitation.id)));
    console.info(`150 refused answers: ${rows.length} audit entries in ${seconds.toFixed(2)} s`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "invitation.declined", outcome: "refused", reason: "not-recipient" });
    expect(details(rows[0]!)).toMatchObject({ organization: "repeats", repeats: 150 });
    expect(Date.parse(String(details(rows[0]!).lastAt))).toBeGreaterThanOrEqual(rows[0]!.at.getTime());
  });

  it("writes one entry per client for rate-limited code pages, whatever address each one typed", async () => {
    const browser = codeBrowser("203.0.113");
    await clearOfWindowEnd();
    for (let attempt = 0; attempt < 40; attempt++)
      await verifySignInCode(
        { email: `typed-${attempt}@example.test`, code: "123456", attemptId: null },
        browser,
        auditActorOfBrowser(browser),
      );
    const rows = await db.select().from(auditEvent).where(eq(auditEvent.ip, browser.client));
    // Ten pages within the client's limit, each refused for another address (no pending sign-in); then 30 refused
    // by the limit, which is about the client and not the address: one entry.
    expect(rows.filter((row) => row.reason === "expired")).toHaveLength(10);
    const limited = rows.filter((row) => row.reason === "rate-limited");
    expect(limited).toHaveLength(1);
    expect(details(limited[0]!)).toMatchObject({ repeats: 30 });
  });

  it("starts a new entry in the next window, and never collapses a success", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Math.ceil(Date.now() / AUDIT_REPEAT_WINDOW_MS) * AUDIT_REPEAT_WINDOW_MS;
    vi.setSystemTime(start);
    const by = { user: { id: "window-actor", email: "window@example.test" }, impersonatorId: null, ip };
    const target = { type: "user", id: "window-target", label: "target@example.test" };
    for (const at of [start, start + 1000, start + AUDIT_REPEAT_WINDOW_MS - 1, start + AUDIT_REPEAT_WINDOW_MS]) {
      vi.setSystemTime(at);
      await recordAudit(by, { action: "user.banned", outcome: "refused", reason: "self", target });
      await recordAudit(by, { action: "user.banned", outcome: "refused", reason: "last-admin", target });
      await recordAudit(by, { action: "user.banned", target });
    }
    const rows = await db.select().from(auditEvent).where(eq(auditEvent.actorId, "window-actor"));
    const refused = (reason: string) => rows.filter((row) => row.reason === reason).map((row) => details(row).repeats);
    expect(refused("self")).toEqual([3, undefined]);
    expect(refused("last-admin")).toEqual([3, undefined]);
    expect(rows.filter((row) => row.outcome === "success")).toHaveLength(4);
  });
});
