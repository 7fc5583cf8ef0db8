// What an admin does to a user, against the real better-auth and a real database: each rule, and what each
// better-auth call leaves in the tables (users, sessions, the audit trail). App modules are imported only after
// SMTP_URL points at the sink, because the environment is read once per test file.
import { and, desc, eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { codeBrowser, codePages } from "../../../tests/support/code-browser";
import { SmtpSink } from "../../../tests/support/smtp-sink";

const sink = await new SmtpSink().start();
process.env.SMTP_URL = sink.url;
const { auth } = await import("~/.server/platform/auth/auth");
const { db } = await import("~/.server/platform/db/client");
const { auditEvent, session, user } = await import("~/.server/platform/db/schema");
const { signedInAs } = await import("../../../tests/support/sessions");
const { sendSignInCode, verifySignInCode } = await import("~/.server/features/sign-in");
const { banUser, deleteUser, getUserDetail, impersonateUser, unbanUser } = await import("./user-admin.server");
const { getBan, stopImpersonating } = await import("~/.server/features/user-access");
const { changePicture, readPicture } = await import("~/features/pictures/pictures.server");
const { smallPng } = await import("../../../tests/support/pictures");

afterAll(() => sink.stop());

const DAY_MS = 24 * 60 * 60 * 1000;
const ip = "198.51.100.7";
const { send, verify } = codePages({ sendSignInCode, verifySignInCode });

/** A signed-in person with the given role: their id, e-mail, and what an action passes as the acting admin. */
async function person(email: string, role: "admin" | "user") {
  const signed = await signedInAs(email);
  await db.update(user).set({ role }).where(eq(user.id, signed.userId));
  return {
    id: signed.userId,
    email,
    cookie: signed.cookie,
    headers: new Headers({ cookie: signed.cookie }),
    actor: { user: { id: signed.userId, email }, ip },
  };
}

const row = async (id: string) => (await db.select().from(user).where(eq(user.id, id)))[0];
const sessionsOf = (id: string) => db.select().from(session).where(eq(session.userId, id));
const trail = (targetId: string) =>
  db.select().from(auditEvent).where(eq(auditEvent.targetId, targetId)).orderBy(desc(auditEvent.id));

/** Signs in with a code, as the code page does. */
async function signInWithCode(email: string) {
  const browser = codeBrowser("203.0.113");
  const since = Date.now();
  expect(await send(email, browser)).toMatchObject({ ok: true });
  return verify(email, await sink.waitForCode(email, { since }), browser);
}

/** A browser's cookie jar: each Set-Cookie replaces its name; an emptied or expired one leaves. */
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

// E-mails leave through the job queue: this process runs its worker.
await import("../../../tests/support/jobs");

describe("banning", () => {
  it("bans with a reason until the end of a day: better-auth marks the user and ends every session at once", async () => {
    const admin = await person("ban-admin@example.test", "admin");
    const target = await person("ban-target@example.test", "user");
    await signedInAs(target.email);
    expect(await sessionsOf(target.id)).toHaveLength(2);
    const until = new Date(Date.UTC(2031, 2, 13));

    const banned = await banUser(target, { reason: "Spam", until }, admin);
    expect(banned).toMatchObject({ ok: true, ban: { reason: "Spam" } });
    const stored = await row(target.id);
    expect(stored).toMatchObject({ banned: true, banReason: "Spam" });
    // The ban ends within the last second of 12 March 2031, never after it.
    expect(stored!.banExpires!.getTime()).toBeLessThanOrEqual(until.getTime());
    expect(stored!.banExpires!.getTime()).toBeGreaterThan(until.getTime() - 2000);
    expect(await sessionsOf(target.id)).toHaveLength(0);
    expect(await auth.api.getSession({ headers: target.headers })).toBeNull();
    expect(await getBan({ id: target.id })).toEqual({ reason: "Spam", expiresAt: stored!.banExpires });
    expect((await getUserDetail(target.id))?.ban?.reason).toBe("Spam");

    const [entry] = await trail(target.id);
    expect(entry).toMatchObject({
      action: "user.banned",
      outcome: "success",
      actorId: admin.id,
      targetLabel: "ban-target@example.test",
      ip,
    });
    expect(JSON.parse(entry!.details!)).toEqual({ reason: "Spam", until: stored!.banExpires!.toISOString() });
  });

  it("a ban without a reason or an end has neither (not better-auth's placeholder)", async () => {
    const admin = await person("ban-admin2@example.test", "admin");
    const target = await person("ban-plain@example.test", "user");
    expect(await banUser(target, { reason: "", until: null }, admin)).toMatchObject({ ok: true });
    expect(await getBan({ id: target.id })).toEqual({ reason: null, expiresAt: null });
    expect(JSON.parse((await trail(target.id))[0]!.details!)).toEqual({ reason: null, until: null });
  });

  it("refuses an admin who bans themselves, changes nothing, and says so on the trail", async () => {
    const admin = await person("ban-self@example.test", "admin");
    await person("ban-other-admin@example.test", "admin");
    expect(await banUser(admin, { reason: "", until: null }, admin)).toEqual({ ok: false, error: "self" });
    expect(await row(admin.id)).toMatchObject({ banned: false });
    expect(await sessionsOf(admin.id)).toHaveLength(1);
    expect((await trail(admin.id))[0]).toMatchObject({ action: "user.banned", outcome: "refused", reason: "self" });
  });

  it("refuses to ban or delete the last admin, whoever asks", async () => {
    const asking = await person("last-asking@example.test", "admin");
    const last = await person("last-admin@example.test", "admin");
    // Everyone else has lost the admin role (the one asking, too, by the time they post): `last` is the last admin.
    await db
      .update(user)
      .set({ role: "user" })
      .where(and(eq(user.role, "admin"), ne(user.id, last.id)));

    expect(await banUser(last, { reason: "", until: null }, asking)).toEqual({ ok: false, error: "last-admin" });
    expect(await deleteUser(last, asking)).toEqual({ ok: false, error: "last-admin" });
    expect(await row(last.id)).toMatchObject({ banned: false, role: "admin" });
    expect(await sessionsOf(last.id)).toHaveLength(1);
  });

  it("passes better-auth's own refusal on as its code, and changes nothing", async () => {
    const notAdmin = await person("ban-not-admin@example.test", "user");
    const target = await person("ban-untouched@example.test", "user");
    expect(await banUser(target, { reason: "", until: null }, notAdmin)).toEqual({
      ok: false,
      error: "auth",
      code: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS",
    });
    expect(await deleteUser(target, notAdmin)).toEqual({
      ok: false,
      error: "auth",
      code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS",
    });
    expect(await row(target.id)).toMatchObject({ banned: false });
  });

  it("tells the banned person, at their next sign-in, that they are banned, why, and until when", async () => {
    const admin = await person("ban-admin3@example.test", "admin");
    const target = await person("ban-told@example.test", "user");
    const until = new Date(Date.now() + 3 * DAY_MS);
    await banUser(target, { reason: "Abuse of the forum", until }, admin);

    const refused = await signInWithCode(target.email);
    expect(refused).toMatchObject({ ok: false, reason: "banned", ban: { reason: "Abuse of the forum" } });
    if (refused.ok || refused.reason !== "banned") return;
    expect(refused.ban.expiresAt?.getTime()).toBe((await row(target.id))!.banExpires!.getTime());
    expect(await sessionsOf(target.id)).toHaveLength(0);
  });

  it("lets them in again once the ban has ended", async () => {
    const admin = await person("ban-admin4@example.test", "admin");
    const target = await person("ban-ended@example.test", "user");
    await banUser(target, { reason: "Cooling off", until: new Date(Date.now() + DAY_MS) }, admin);
    expect(await signInWithCode(target.email)).toMatchObject({ ok: false, reason: "banned" });
    // A day later.
    await db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.id, target.id));
    expect(await getBan({ id: target.id })).toBeNull();

    expect(await signInWithCode(target.email)).toMatchObject({ ok: true, user: { email: target.email } });
    // better-auth clears an ended ban when the person signs in.
    expect(await row(target.id)).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });

  it("unbans: the ban is gone and they can sign in again", async () => {
    const admin = await person("ban-admin5@example.test", "admin");
    const target = await person("ban-lifted@example.test", "user");
    await banUser(target, { reason: "Mistake", until: null }, admin);
    expect(await unbanUser(target, admin)).toEqual({ ok: true });
    expect(await row(target.id)).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect((await trail(target.id))[0]).toMatchObject({ action: "user.unbanned", outcome: "success" });
    expect(await signInWithCode(target.email)).toMatchObject({ ok: true });
  });
});

describe("impersonating", () => {
  it("starts a session of the user's marked with the admin, and stops back on the admin's own", async () => {
    const admin = await person("imp-admin@example.test", "admin");
    const target = await person("imp-target@example.test", "user");

    const started = await impersonateUser(target, admin);
    if (!started.ok) throw new Error(`impersonation refused: ${started.error}`);
    const jar = withCookies(admin.cookie, started.setCookies);
    expect(jar).toContain("better-auth.admin_session=");
    const impersonating = await auth.api.getSession({ headers: new Headers({ cookie: jar }) });
    expect(impersonating?.user.id).toBe(target.id);
    expect(impersonating?.session.impersonatedBy).toBe(admin.id);
    // An hour, better-auth's default for an impersonation.
    expect(impersonating!.session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect((await trail(target.id))[0]).toMatchObject({ action: "impersonation.started", actorId: admin.id });

    const actor = { user: { id: target.id, email: target.email }, impersonatorId: admin.id, ip };
    const stopped = await stopImpersonating(target, { headers: new Headers({ cookie: jar }), actor });
    if (!stopped.ok) throw new Error(`stop refused: ${stopped.error}`);
    const back = withCookies(jar, stopped.setCookies);
    expect(back).not.toContain("admin_session");
    const restored = await auth.api.getSession({ headers: new Headers({ cookie: back }) });
    expect(restored?.user.id).toBe(admin.id);
    expect(restored?.session.impersonatedBy ?? null).toBeNull();
    // The impersonation session is gone; the trail names the admin as the one who stopped.
    expect((await sessionsOf(target.id)).filter((each) => each.impersonatedBy)).toHaveLength(0);
    expect((await trail(target.id))[0]).toMatchObject({
      action: "impersonation.stopped",
      actorId: admin.id,
      impersonatorId: null,
    });
  });

  it("refuses admins (better-auth's rule) and banned users, and a stop that is no impersonation", async () => {
    const admin = await person("imp-admin2@example.test", "admin");
    const otherAdmin = await person("imp-other-admin@example.test", "admin");
    const banned = await person("imp-banned@example.test", "user");
    await banUser(banned, { reason: "", until: null }, admin);

    expect(await impersonateUser(otherAdmin, admin)).toEqual({
      ok: false,
      error: "auth",
      code: "YOU_CANNOT_IMPERSONATE_ADMINS",
    });
    expect(await impersonateUser(banned, admin)).toEqual({ ok: false, error: "banned" });
    expect(await stopImpersonating(admin, { headers: admin.headers, actor: admin.actor })).toMatchObject({
      ok: false,
      error: "auth",
    });
    expect((await sessionsOf(otherAdmin.id)).filter((each) => each.impersonatedBy)).toHaveLength(0);
  });
});

describe("deleting", () => {
  it("removes the user and their sessions through better-auth, and names them on the trail", async () => {
    const admin = await person("del-admin@example.test", "admin");
    const target = await person("del-target@example.test", "user");
    expect(await deleteUser(target, admin)).toEqual({ ok: true });
    expect(await row(target.id)).toBeUndefined();
    expect(await sessionsOf(target.id)).toHaveLength(0);
    expect(await getUserDetail(target.id)).toBeNull();
    expect((await trail(target.id))[0]).toMatchObject({
      action: "user.deleted",
      actorId: admin.id,
      targetLabel: "del-target@example.test",
    });
    expect(await deleteUser(target, admin)).toEqual({ ok: false, error: "not-found" });
  });

  it("removes the user's photo from the store with them (ADR 051)", async () => {
    const admin = await person("del-photo-admin@example.test", "admin");
    const target = await person("del-photo-target@example.test", "user");
    const owner = { kind: "user", id: target.id, label: target.email } as const;
    const picture = new Blob([new Uint8Array(await smallPng())]);
    expect(await changePicture(owner, picture, { uploaderId: target.id, actor: target.actor })).toEqual({ ok: true });
    const name = (await row(target.id))!.image!.slice("/pictures/".length);
    expect(await readPicture(name)).not.toBeNull();
    expect(await deleteUser(target, admin)).toEqual({ ok: true });
    expect(await readPicture(name)).toBeNull();
  });

  it("refuses an admin who deletes themselves", async () => {
    const admin = await person("del-self@example.test", "admin");
    await person("del-other-admin@example.test", "admin");
    expect(await deleteUser(admin, admin)).toEqual({ ok: false, error: "self" });
    expect(await row(admin.id)).toBeDefined();
  });
});

describe("the last admin who can act", () => {
  it("does not count an admin whose ban is in force, and does count one whose ban has ended", async () => {
    const { isLastAdmin } = await import("~/.server/features/user-access");
    const active = await person("active-admin@example.test", "admin");
    const shut = await person("banned-admin@example.test", "admin");
    await db
      .update(user)
      .set({ role: "user" })
      .where(and(ne(user.id, active.id), ne(user.id, shut.id)));
    await db.update(user).set({ banned: true, banExpires: null }).where(eq(user.id, shut.id));
    expect(await isLastAdmin(active.id)).toBe(true);
    // The banned admin can be removed: another admin can still act.
    expect(await isLastAdmin(shut.id)).toBe(false);
    await db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.id, shut.id));
    expect(await isLastAdmin(active.id)).toBe(false);
  });
});
