// What the feature modules write to the audit trail, against a real database and SMTP sink: every sign-in outcome
// with its reason, sign-out, the GitHub callback, and the repository events. And the rule of the trail: writing an
// entry never makes the action fail, and is never skipped when the action succeeds.
import { desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";

import { auditEvent, signInCode, user } from "~/.server/platform/db/schema";
import { repository } from "~/features/repositories/table.server";
import { auditActorOfBrowser, codeBrowser, codePages } from "../../../tests/support/code-browser";
import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
const { sendSignInCode, signOut, verifySignInCode, recordGitHubCallback } = await import("~/.server/features/sign-in");
const { deleteRepository, saveRepository } = await import("~/features/repositories/repositories.server");
const { SESSION_COOKIE } = await import("~/.server/platform/auth/auth");
const { client, db } = await import("~/.server/platform/db/client");
const { logger } = await import("~/.server/platform/logger");
const { signedInAs } = await import("../../../tests/support/sessions");

afterAll(() => sink.stop());

const { send, verify } = codePages({ sendSignInCode, verifySignInCode });
let network = 0;
/** Each test is a browser of its own, on an address of its own (so the rate limits of one never touch another). */
const visitor = () => codeBrowser(`192.0.${(network += 1)}`);
const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]).join("; ");

async function requestCode(email: string, browser: ReturnType<typeof visitor>) {
  const since = Date.now();
  expect(await send(email, browser)).toMatchObject({ ok: true });
  return sink.waitForCode(email, { since });
}

/** The entries about `label` (the address or name they concern), oldest first. */
async function entriesAbout(label: string) {
  return (await db.select().from(auditEvent).where(eq(auditEvent.targetLabel, label)).orderBy(auditEvent.id)).map(
    ({ action, outcome, reason, actorId, actorLabel, targetType, targetId, ip, details }) => ({
      action,
      outcome,
      reason,
      actorId,
      actorLabel,
      targetType,
      targetId,
      ip,
      details: details ? (JSON.parse(details) as Record<string, unknown>) : null,
    }),
  );
}

async function userId(email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** An admin for the repository events: a real user (a repository keeps its creator's id). */
async function anAdmin(email: string, ip: string) {
  const now = new Date();
  const [row] = await db
    .insert(user)
    .values({ id: crypto.randomUUID(), email, name: "Admin", role: "admin", createdAt: now, updatedAt: now })
    .returning({ id: user.id });
  return { user: { id: row!.id, email }, impersonatorId: null, ip };
}

/** Makes every insert into the trail fail (as a full disk or a locked table would) while `run` runs. */
async function withFailingTrail<T>(run: () => Promise<T>): Promise<T> {
  await client.execute(
    "create trigger audit_refuse before insert on audit_event begin select raise(abort, 'refused'); end",
  );
  try {
    return await run();
  } finally {
    await client.execute("drop trigger audit_refuse");
  }
}

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("sign-in in the audit trail", () => {
  it("records a sign-in as done by the person who signed in, from their address, without the code", async () => {
    const browser = visitor();
    const code = await requestCode("Audited@Example.com", browser);
    expect((await verify("audited@example.com", code, browser)).ok).toBe(true);
    const id = await userId("audited@example.com");
    expect(await entriesAbout("audited@example.com")).toEqual([
      {
        action: "sign-in",
        outcome: "success",
        reason: null,
        actorId: id,
        actorLabel: "audited@example.com",
        targetType: "user",
        targetId: id,
        ip: browser.client,
        details: { method: "email-code" },
      },
    ]);
    const rows = await db.select().from(auditEvent);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
  });

  it("records each refusal with its reason, no actor, and the address typed (normalised) as the target", async () => {
    const email = "refusals@example.com";
    const browser = visitor();
    // A known address (the first of its three codes in ten minutes): the refusals point at its user.
    expect((await verify(email, await requestCode(email, browser), browser)).ok).toBe(true);
    const id = await userId(email);
    // wrong-code twice, then exhausted on the third wrong try (the second code)
    const code = await requestCode(email, browser);
    for (let attempt = 0; attempt < 3; attempt++) await verify(` ${email.toUpperCase()} `, wrongCode(code), browser);
    // expired: the third code ran out
    const slow = visitor();
    const late = await requestCode(email, slow);
    await db
      .update(signInCode)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(signInCode.email, email));
    await verify(email, late, slow);
    // rate-limited: a fourth code within ten minutes
    const eager = visitor();
    expect(await send(email, eager)).toMatchObject({ ok: false, reason: "rate-limited" });

    const refusals = (await entriesAbout(email)).filter((entry) => entry.outcome === "refused");
    // The two wrong codes from one browser are one entry that counts them (ADR 015).
    expect(refusals.map((entry) => entry.reason)).toEqual(["wrong-code", "exhausted", "expired", "rate-limited"]);
    expect(refusals[0]!.details).toMatchObject({ repeats: 2 });
    for (const entry of refusals)
      expect(entry).toMatchObject({
        action: "sign-in",
        actorId: null,
        actorLabel: null,
        targetType: "user",
        targetId: id,
        details: { method: "email-code" },
      });
    expect(refusals.at(-1)!.ip).toBe(eager.client);
  });

  it("records a banned person's attempt as refused, banned", async () => {
    const email = "banned-audit@example.com";
    const browser = visitor();
    expect((await verify(email, await requestCode(email, browser), browser)).ok).toBe(true);
    const id = await userId(email);
    await db.update(user).set({ banned: true }).where(eq(user.id, id));
    expect(await verify(email, await requestCode(email, browser), browser)).toMatchObject({
      ok: false,
      reason: "banned",
    });
    expect((await entriesAbout(email)).map((entry) => [entry.outcome, entry.reason, entry.targetId])).toEqual([
      ["success", null, id],
      ["refused", "banned", id],
    ]);
  });

  it("names an unknown address by the address itself", async () => {
    const browser = visitor();
    await requestCode("nobody-yet@example.com", browser);
    await verify("nobody-yet@example.com", "000001", browser);
    expect(await entriesAbout("nobody-yet@example.com")).toEqual([
      expect.objectContaining({ outcome: "refused", reason: "wrong-code", targetId: "nobody-yet@example.com" }),
    ]);
  });

  it("records a code page posted without its pending sign-in, and a rate-limited code page", async () => {
    const browser = visitor();
    await verifySignInCode(
      { email: "no-attempt@example.com", code: "123456", attemptId: null },
      browser,
      auditActorOfBrowser(browser),
    );
    for (let attempt = 0; attempt < 11; attempt++)
      await verifySignInCode(
        { email: "no-attempt@example.com", code: "123456", attemptId: null },
        browser,
        auditActorOfBrowser(browser),
      );
    // One entry per reason, counting the pages (ADR 015): ten within the client's limit, two past it.
    expect(
      (await entriesAbout("no-attempt@example.com")).map((entry) => [entry.reason, entry.details?.repeats]),
    ).toEqual([
      ["expired", 10],
      ["rate-limited", 2],
    ]);
  });

  it("records sign-out as done by the person signing out, and nothing when nobody was signed in", async () => {
    const { userId: id, cookie } = await signedInAs("leaving-audit@example.com");
    const by = { user: { id, email: "leaving-audit@example.com" }, impersonatorId: null, ip: "192.0.2.50" };
    expect((await signOut(new Headers({ cookie }), by)).join()).toContain("session_token");
    await signOut(new Headers(), { user: null, impersonatorId: null, ip: "192.0.2.50" });
    expect(await entriesAbout("leaving-audit@example.com")).toEqual([
      expect.objectContaining({ action: "sign-out", outcome: "success", actorId: id, targetId: id, ip: "192.0.2.50" }),
    ]);
  });
});

describe("GitHub sign-in in the audit trail", () => {
  it("reads the session the callback set, and records its user's sign-in", async () => {
    const { userId: id, cookie } = await signedInAs("octo-audit@example.com");
    const setCookie = `${cookie.split("; ").find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))}; Path=/; HttpOnly`;
    await recordGitHubCallback(
      { location: "/app", setCookies: ["state=; Max-Age=0", setCookie] },
      { user: null, impersonatorId: null, ip: "192.0.2.60" },
    );
    expect(await entriesAbout("octo-audit@example.com")).toEqual([
      expect.objectContaining({
        action: "sign-in",
        outcome: "success",
        actorId: id,
        targetId: id,
        ip: "192.0.2.60",
        details: { method: "github" },
      }),
    ]);
  });

  it("records a refused callback with its reason, and nothing for an answer that is neither", async () => {
    const before = await db.select().from(auditEvent).orderBy(desc(auditEvent.id)).limit(1);
    const nobody = { user: null, impersonatorId: null, ip: "192.0.2.61" };
    await recordGitHubCallback(
      { location: "/login/error?error=BANNED_USER&error_description=You+have+been+banned", setCookies: [] },
      nobody,
    );
    await recordGitHubCallback({ location: "/login/error?error=access_denied", setCookies: [] }, nobody);
    await recordGitHubCallback({ location: "/somewhere", setCookies: [] }, nobody);
    const rows = await db.select().from(auditEvent).where(eq(auditEvent.ip, "192.0.2.61")).orderBy(auditEvent.id);
    expect(rows.every((row) => row.id > (before[0]?.id ?? 0))).toBe(true);
    expect(
      rows.map(({ action, outcome, reason, actorId, details }) => ({ action, outcome, reason, actorId, details })),
    ).toEqual([
      {
        action: "sign-in",
        outcome: "refused",
        reason: "banned",
        actorId: null,
        details: JSON.stringify({ method: "github", error: "BANNED_USER" }),
      },
      {
        action: "sign-in",
        outcome: "refused",
        reason: "github-refused",
        actorId: null,
        details: JSON.stringify({ method: "github", error: "access_denied" }),
      },
    ]);
  });
});

const admin = await anAdmin("admin-audit@example.com", "192.0.2.70");
const input = (name: string) => ({ name, link: "example.com/audited", description: "" });

describe("repositories in the audit trail", () => {
  it("records a creation, an update and a deletion, each labelled with the repository's name", async () => {
    const created = await saveRepository(input("Audited repo"), null, admin);
    if (!created.ok) throw new Error(created.error);
    const id = created.repository.id;
    expect((await saveRepository(input("Audited repo 2"), id, admin)).ok).toBe(true);
    expect(await deleteRepository(id, admin)).toBe(true);
    const rows = await db.select().from(auditEvent).where(eq(auditEvent.targetId, id)).orderBy(auditEvent.id);
    expect(
      rows.map(({ action, targetType, targetLabel, actorId, ip }) => ({
        action,
        targetType,
        targetLabel,
        actorId,
        ip,
      })),
    ).toEqual([
      {
        action: "repository.created",
        targetType: "repository",
        targetLabel: "Audited repo",
        actorId: admin.user.id,
        ip: "192.0.2.70",
      },
      {
        action: "repository.updated",
        targetType: "repository",
        targetLabel: "Audited repo 2",
        actorId: admin.user.id,
        ip: "192.0.2.70",
      },
      {
        action: "repository.deleted",
        targetType: "repository",
        targetLabel: "Audited repo 2",
        actorId: admin.user.id,
        ip: "192.0.2.70",
      },
    ]);
  });

  it("records nothing for a save the database refused, or a deletion of nothing", async () => {
    const before = (await db.select().from(auditEvent)).length;
    expect(await saveRepository(input("libsql-twin"), null, admin)).toMatchObject({ ok: true });
    expect(await saveRepository(input("LIBSQL-twin"), null, admin)).toEqual({ ok: false, error: "name-used" });
    expect(await saveRepository(input("Ghost"), "does-not-exist", admin)).toEqual({ ok: false, error: "not-found" });
    expect(await deleteRepository("does-not-exist", admin)).toBe(false);
    expect((await db.select().from(auditEvent)).length).toBe(before + 1);
  });
});

describe("the trail never fails an action, and never loses a success", () => {
  it("signs in, signs out and saves when every audit insert fails, and logs each entry whole", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    const browser = visitor();
    const code = await requestCode("unrecorded@example.com", browser);
    const someAdmin = await anAdmin("admin-x@example.com", "192.0.2.80");
    const { signedIn, saved, deleted } = await withFailingTrail(async () => {
      const verified = await verify("unrecorded@example.com", code, browser);
      const created = await saveRepository(
        { name: "Unrecorded", link: "example.com/u", description: "" },
        null,
        someAdmin,
      );
      const gone = created.ok ? await deleteRepository(created.repository.id, someAdmin) : false;
      if (verified.ok)
        await signOut(new Headers({ cookie: cookieHeader(verified.setCookies) }), {
          user: { id: verified.user.id, email: verified.user.email },
          impersonatorId: null,
          ip: browser.client,
        });
      return { signedIn: verified, saved: created, deleted: gone };
    });
    expect(signedIn.ok).toBe(true);
    expect(saved.ok).toBe(true);
    expect(deleted).toBe(true);
    expect(await db.select().from(repository).where(eq(repository.name, "Unrecorded"))).toEqual([]);
    // Not in the table: the entries went to the server log instead, each of them whole.
    expect(await entriesAbout("unrecorded@example.com")).toEqual([]);
    const logged = error.mock.calls
      .filter(([message]) => message === "audit entry not stored")
      .map(([, fields]) => (fields as { entry: { action: string; targetLabel: string } }).entry);
    expect(logged.map((entry) => [entry.action, entry.targetLabel])).toEqual([
      ["sign-in", "unrecorded@example.com"],
      ["repository.created", "Unrecorded"],
      ["repository.deleted", "Unrecorded"],
      ["sign-out", "unrecorded@example.com"],
    ]);
    error.mockRestore();
  });

  it("tries a failed insert once more, so that a passing hiccup loses nothing", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    const insert = db.insert.bind(db);
    let refused = 0;
    const spy = vi.spyOn(db, "insert").mockImplementation(((table: Parameters<typeof db.insert>[0]) => {
      if (table === auditEvent && refused === 0) {
        refused += 1;
        throw new Error("database is locked");
      }
      return insert(table);
    }) as typeof db.insert);
    const created = await saveRepository({ name: "Recorded at last", link: "example.com/r", description: "" }, null, {
      user: null,
      impersonatorId: null,
      ip: null,
    });
    spy.mockRestore();
    expect(created.ok).toBe(true);
    expect(refused).toBe(1);
    expect(await entriesAbout("Recorded at last")).toEqual([
      expect.objectContaining({ action: "repository.created", outcome: "success" }),
    ]);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
