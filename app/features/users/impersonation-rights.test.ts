// An impersonation ends with its admin's rights (ADR 017): banning, demoting or deleting an admin, or the admin
// deleting their own account, ends every session that admin impersonates through, at once (the rows go), and the
// browser impersonating is signed out on its next request. Real better-auth, a real database, a real SMTP sink.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
afterAll(() => sink.stop());

const { RouterContextProvider } = await import("react-router");
const { signedInAs } = await import("../../../tests/support/sessions");
const { db } = await import("~/.server/platform/db/client");
const { session, user } = await import("~/.server/platform/db/schema");
const { getSession, sessionMiddleware } = await import("~/.server/web/session");
const { deleteAccount, requestAccountDeletion } = await import("~/features/account/account.server");
const { banUser, deleteUser, impersonateUser } = await import("./user-admin.server");
const { updateUser } = await import("./users.server");

const ip = "198.51.100.9";

async function person(email: string, role: "admin" | "user") {
  const signed = await signedInAs(email);
  await db.update(user).set({ role, onboardedAt: new Date() }).where(eq(user.id, signed.userId));
  return {
    id: signed.userId,
    email,
    cookie: signed.cookie,
    headers: new Headers({ Cookie: signed.cookie }),
    actor: { user: { id: signed.userId, email }, ip },
  };
}

/** A browser's cookie jar after these Set-Cookie lines: each replaces its name; an emptied or expired one leaves. */
function withCookies(jar: string, setCookies: string[]): string {
  const cookies = new Map(jar.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    const [name, value] = [pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1)];
    if (!value || /max-age=0/i.test(line)) cookies.delete(name);
    else cookies.set(name, pair);
  }
  return [...cookies.values()].join("; ");
}

/** One request through the session guard, as every page gets it: whose session it carries. */
async function whoIs(cookie: string) {
  const context = new RouterContextProvider();
  const request = new Request(`${process.env.APP_URL}/app`, { headers: { Cookie: cookie } });
  await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: "/app" } as never,
    async () => new Response(),
  );
  return getSession(context);
}

const impersonationsBy = (adminId: string) => db.select().from(session).where(eq(session.impersonatedBy, adminId));

/** Admin A impersonating two users; admin B, who acts on A. The browsers of both impersonations. */
async function scene(label: string) {
  const a = await person(`${label}-a@example.test`, "admin");
  const b = await person(`${label}-b@example.test`, "admin");
  const browsers: string[] = [];
  for (const who of ["v", "w"]) {
    const victim = await person(`${label}-${who}@example.test`, "user");
    const started = await impersonateUser(victim, a);
    if (!started.ok) throw new Error(`impersonation refused: ${started.error}`);
    const browser = withCookies(a.cookie, started.setCookies);
    expect((await whoIs(browser))?.user.id).toBe(victim.id);
    browsers.push(browser);
  }
  expect(await impersonationsBy(a.id)).toHaveLength(2);
  return { a, b, browsers };
}

async function expectEnded(adminId: string, browsers: string[]) {
  // The rows go with the change, before any request comes.
  expect(await impersonationsBy(adminId)).toHaveLength(0);
  for (const browser of browsers) expect(await whoIs(browser)).toBeNull();
}

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("an impersonation ends with its admin's rights", () => {
  it("when the admin is banned", async () => {
    const { a, b, browsers } = await scene("imp-ban");
    expect(await banUser(a, { reason: "", until: null }, b)).toMatchObject({ ok: true });
    await expectEnded(a.id, browsers);
  });

  it("when the admin is demoted", async () => {
    const { a, b, browsers } = await scene("imp-demote");
    const input = { email: a.email, name: "A", role: "user" as const };
    expect(await updateUser(a.id, input, { headers: b.headers, actor: b.actor, canSetRole: true })).toEqual({
      ok: true,
    });
    await expectEnded(a.id, browsers);
  });

  it("when the admin is deleted", async () => {
    const { a, b, browsers } = await scene("imp-delete");
    expect(await deleteUser(a, b)).toEqual({ ok: true });
    await expectEnded(a.id, browsers);
  });

  it("when the admin deletes their own account", async () => {
    const { a, browsers } = await scene("imp-self-delete");
    const caller = { language: "en", actor: a.actor, headers: a.headers };
    const since = Date.now();
    expect(await requestAccountDeletion(a, caller)).toMatchObject({ ok: true });
    const code = await sink.waitForCode(a.email, { since });
    expect(await deleteAccount(a, code, caller)).toMatchObject({ ok: true });
    await expectEnded(a.id, browsers);
  });

  it("but not when the admin's name or address changes, nor when another admin is demoted", async () => {
    const { a, b, browsers } = await scene("imp-keep");
    const caller = { headers: b.headers, actor: b.actor, canSetRole: true };
    expect(await updateUser(a.id, { email: a.email, name: "Renamed", role: "admin" }, caller)).toEqual({ ok: true });
    const c = await person("imp-keep-c@example.test", "admin");
    expect(await updateUser(c.id, { email: c.email, name: "C", role: "user" }, caller)).toEqual({ ok: true });
    expect(await impersonationsBy(a.id)).toHaveLength(2);
    for (const browser of browsers) expect(await whoIs(browser)).not.toBeNull();
  });
});
