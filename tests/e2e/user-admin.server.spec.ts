// The rules of the manager's user detail page over HTTP, against a server of its own: a user's forged POSTs for every
// intent are 403 and change nothing, a visitor goes to the login, an unknown intent is a 400, a missing user a 404;
// the ban form's bad input and the admin rules answer with their message, never a 500; impersonation closes /manager.
// The ban form is posted to the page with its dialog open (?modal=ban), as the browser does.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

import { sessionCookie, sql, stepUpDone } from "./fixtures";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "./server";

/** An admin by ADMIN_USER_IDS only: their role in the table is "user". */
const ROOT_ADMIN_ID = "root-admin-ua";

let server: TestServer;
const cookies = { visitor: "", user: "", admin: "", root: "" };
type Who = keyof typeof cookies;
const ids = { admin: "", target: "", otherAdmin: "", targetSession: "" };
let client = 0;

test.beforeAll(async () => {
  server = await startServer("user-admin", { LOG_LEVEL: "error", ADMIN_USER_IDS: ROOT_ADMIN_ID });
  for (const who of ["user", "admin"] as const) {
    const made = await sessionCookie(server, { email: `${who}-ua@example.test`, name: `The ${who}`, role: who });
    cookies[who] = `${made.name}=${made.value}`;
    if (who === "admin") ids.admin = made.userId;
  }
  const target = await sessionCookie(server, { email: "target-ua@example.test", name: "Tara Target", role: "user" });
  ids.target = target.userId;
  ids.targetSession = String(
    (await sql(server.databaseUrl, "select id from session where user_id = ?", [ids.target])).rows[0]?.id,
  );
  cookies.root = await rootAdminCookie();
  ids.otherAdmin = (
    await sessionCookie(server, { email: "other-admin-ua@example.test", name: "Otto Admin", role: "admin" })
  ).userId;
  // Their step-up done: this spec is about what follows it (ADR 053; tests/e2e/step-up.spec.ts takes it).
  for (const id of [ids.admin, ROOT_ADMIN_ID]) await stepUpDone(server, id);
});

/** The ADMIN_USER_IDS admin, made with their known id, and their session cookie (signed as better-auth signs it). */
async function rootAdminCookie(): Promise<string> {
  const now = Date.now();
  const token = randomBytes(24).toString("base64url");
  await sql(
    server.databaseUrl,
    "insert into user (id, name, email, email_verified, role, onboarded_at, created_at, updated_at) values (?, 'Rita Root', 'root-ua@example.test', 1, 'user', ?, ?, ?)",
    [ROOT_ADMIN_ID, now, now, now],
  );
  await sql(
    server.databaseUrl,
    "insert into session (id, token, user_id, expires_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
    [randomUUID(), token, ROOT_ADMIN_ID, now + 24 * 60 * 60 * 1000, now, now],
  );
  const signature = createHmac("sha256", TEST_AUTH_SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

test.afterAll(async () => {
  await server?.stop();
});

function request(who: Who | string, path: string, form?: Record<string, string>, origin = server.url) {
  client += 1;
  const cookie = who in cookies ? cookies[who as Who] : who;
  const headers: Record<string, string> = { Cookie: cookie, "X-Forwarded-For": `198.18.7.${client % 250}` };
  if (!form) return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** The translation key of the toast a response leaves (a signed cookie holding base64 JSON). */
function toastOf(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice("toast=".length).split(";")[0]!);
  const payload = value.slice(0, value.lastIndexOf("."));
  return (JSON.parse(decodeURIComponent(escape(atob(payload)))) as { message: string }).message;
}

async function expectStatus(response: Response, status: number, what: string) {
  await response.arrayBuffer();
  expect(response.status, what).toBe(status);
}

async function expectRedirect(response: Response, to: string | RegExp, what: string, toast?: string) {
  await response.arrayBuffer();
  expect(response.status, what).toBe(302);
  const location = response.headers.get("location") ?? "";
  if (typeof to === "string") expect(location, what).toBe(to);
  else expect(location, what).toMatch(to);
  if (toast) expect(toastOf(response), `${what}: the toast`).toBe(toast);
}

const detail = (id = ids.target) => `/manager/users/${id}`;
const intents = (): Array<Record<string, string> & { intent: string }> => [
  { intent: "ban", reason: "Forged", until: "" },
  { intent: "unban" },
  { intent: "impersonate" },
  { intent: "delete" },
  { intent: "revoke-session", sessionId: ids.targetSession },
  { intent: "revoke-all-sessions" },
];

/** What an admin action would change about the target: their row, their sessions, and the trail about them. */
async function targetState() {
  const [row, sessions, trail] = await Promise.all([
    sql(server.databaseUrl, "select banned, ban_reason, role from user where id = ?", [ids.target]),
    sql(server.databaseUrl, "select id, impersonated_by from session where user_id = ? order by id", [ids.target]),
    sql(server.databaseUrl, "select count(*) as n from audit_event where target_id = ?", [ids.target]),
  ]);
  return { row: row.rows, sessions: sessions.rows, trail: trail.rows };
}

test("a user's forged POSTs for every intent are 403, a visitor's go to the login, and nothing changes", async () => {
  const before = await targetState();
  expect(before.row).toHaveLength(1);
  for (const form of intents()) {
    await expectStatus(await request("user", detail(), form), 403, `user posts ${form.intent}`);
    await expectRedirect(
      await request("visitor", detail(), form),
      `/login?redirect=${encodeURIComponent(detail())}`,
      `visitor posts ${form.intent}`,
    );
  }
  await expectStatus(await request("user", detail()), 403, "user opens the page");
  await expectRedirect(
    await request("visitor", detail()),
    `/login?redirect=${encodeURIComponent(detail())}`,
    "visitor",
  );
  // From another site, even an admin's POST is refused before any action runs.
  for (const form of intents())
    await expectStatus(
      await request("admin", detail(), form, "https://evil.example"),
      403,
      `foreign origin ${form.intent}`,
    );
  expect(await targetState()).toEqual(before);
});

test("an unknown or missing intent is a 400, an unknown user a 404, for the page and every intent", async () => {
  await expectStatus(await request("admin", detail(), { intent: "promote-to-god" }), 400, "unknown intent");
  await expectStatus(await request("admin", detail(), {}), 400, "no intent");
  await expectStatus(await request("admin", detail(), { intent: "__proto__" }), 400, "an inherited name");
  await expectStatus(await request("admin", detail("nobody")), 404, "the page of nobody");
  for (const form of intents())
    await expectStatus(await request("admin", detail("nobody"), form), 404, `${form.intent} on nobody`);
});

test("the ban form's bad input is a field error, never a 500, and bans nobody", async () => {
  const before = await targetState();
  for (const [form, text] of [
    [{ until: "2001-01-01" }, "Choose a date from tomorrow on"],
    [{ until: new Date().toISOString().slice(0, 10) }, "Choose a date from tomorrow on"],
    [{ until: "not-a-date" }, "Enter a valid date"],
    [{ until: "2031-02-30" }, "Enter a valid date"],
    [{ until: "+275760-09-13" }, "Enter a valid date"],
    [{ reason: "x".repeat(201) }, "Must be at most 200 characters"],
    [{ reason: "right\u202eleft" }, "The reason holds characters that cannot be shown"],
  ] as const) {
    const response = await request("admin", `${detail()}?modal=ban`, { intent: "ban", ...form });
    expect(response.status, JSON.stringify(form)).toBe(400);
    expect(await response.text(), JSON.stringify(form)).toContain(text);
  }
  expect(await targetState()).toEqual(before);
});

test("the admin rules answer with their message: self ban, self delete, impersonating an admin", async () => {
  const selfBan = await request("admin", `${detail(ids.admin)}?modal=ban`, { intent: "ban", reason: "", until: "" });
  expect(selfBan.status).toBe(400);
  expect(await selfBan.text()).toContain("You cannot ban yourself");
  await expectRedirect(
    await request("admin", detail(ids.admin), { intent: "delete" }),
    detail(ids.admin),
    "self delete",
    "authErrors.YOU_CANNOT_REMOVE_YOURSELF",
  );
  await expectRedirect(
    await request("admin", detail(ids.otherAdmin), { intent: "impersonate" }),
    detail(ids.otherAdmin),
    "impersonating an admin",
    "authErrors.YOU_CANNOT_IMPERSONATE_ADMINS",
  );
  await expectRedirect(
    await request("admin", detail(), { intent: "revoke-session", sessionId: "no-such-session" }),
    detail(),
    "revoking a session that is not theirs",
    "sessions.notFound",
  );
  const admins = await sql(server.databaseUrl, "select count(*) as n from user where id in (?, ?) and banned = 0", [
    ids.admin,
    ids.otherAdmin,
  ]);
  expect(Number(admins.rows[0]?.n)).toBe(2);
  const impersonations = await sql(
    server.databaseUrl,
    "select count(*) as n from session where impersonated_by is not null",
  );
  expect(Number(impersonations.rows[0]?.n)).toBe(0);
});

test("stopping an impersonation: a visitor goes to the login, someone not impersonating to their area", async () => {
  await expectRedirect(await request("visitor", "/impersonation/stop", {}), "/login", "visitor");
  await expectRedirect(await request("user", "/impersonation/stop", {}), "/app", "a user");
  await expectRedirect(await request("admin", "/impersonation/stop", {}), "/manager", "an admin");
  await expectStatus(await request("admin", "/impersonation/stop", {}, "https://evil.example"), 403, "foreign origin");
  await expectRedirect(await request("admin", "/impersonation/stop"), "/", "a GET");
});

test("an impersonating admin has the user's area, not /manager, until they stop", async () => {
  const started = await request("admin", detail(), { intent: "impersonate" });
  await expectRedirect(started, "/app", "impersonate", "impersonation.started");
  const jar = new Map(cookies.admin.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const line of started.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    if (pair.endsWith("=")) jar.delete(pair.slice(0, -1));
    else if (!pair.startsWith("toast=")) jar.set(pair.split("=")[0]!, pair);
  }
  const impersonating = [...jar.values()].join("; ");

  const app = await request(impersonating, "/app");
  expect(app.status).toBe(200);
  expect(await app.text()).toContain("You are impersonating");
  for (const path of ["/manager", "/manager/dashboard", "/manager/users", detail()])
    await expectRedirect(await request(impersonating, path), "/app", `GET ${path}`, "impersonation.managerClosed");
  const before = await targetState();
  await expectRedirect(
    await request(impersonating, detail(ids.otherAdmin), { intent: "delete" }),
    "/app",
    "a delete posted while impersonating",
  );
  expect((await sql(server.databaseUrl, "select id from user where id = ?", [ids.otherAdmin])).rows).toHaveLength(1);
  expect(await targetState()).toEqual(before);

  await expectRedirect(
    await request(impersonating, "/impersonation/stop", {}),
    detail(),
    "stop",
    "impersonation.stopped",
  );
  const trail = await sql(
    server.databaseUrl,
    "select action, actor_id from audit_event where target_id = ? order by id desc limit 2",
    [ids.target],
  );
  expect(trail.rows.map((row) => [row.action, row.actor_id])).toEqual([
    ["impersonation.stopped", ids.admin],
    ["impersonation.started", ids.admin],
  ]);
});

test("an ADMIN_USER_IDS admin is an admin everywhere: they act, and cannot be impersonated", async () => {
  const page = await request("admin", detail(ROOT_ADMIN_ID));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Administrator");
  expect(html).not.toContain(">Impersonate<");
  expect(await (await request("admin", detail())).text(), "a user's page offers it").toContain(">Impersonate<");
  await expectRedirect(
    await request("admin", detail(ROOT_ADMIN_ID), { intent: "impersonate" }),
    detail(ROOT_ADMIN_ID),
    "impersonating an ADMIN_USER_IDS admin",
    "authErrors.YOU_CANNOT_IMPERSONATE_ADMINS",
  );

  // Their role says "user"; ADMIN_USER_IDS makes them an admin, here and in better-auth alike.
  await expectStatus(await request("root", detail()), 200, "the root admin opens a user's page");
  await expectRedirect(
    await request("root", `${detail()}?modal=ban`, { intent: "ban", reason: "By the root admin", until: "" }),
    detail(),
    "the root admin bans",
    "userAdmin.banned",
  );
  expect(
    (await sql(server.databaseUrl, "select ban_reason from user where id = ?", [ids.target])).rows[0]?.ban_reason,
  ).toBe("By the root admin");
  await expectRedirect(
    await request("root", detail(), { intent: "unban" }),
    detail(),
    "the root admin unbans",
    "userAdmin.unbanned",
  );
  await expectRedirect(
    await request("root", detail(ROOT_ADMIN_ID), { intent: "delete" }),
    detail(ROOT_ADMIN_ID),
    "the root admin deletes themselves",
    "authErrors.YOU_CANNOT_REMOVE_YOURSELF",
  );
});

test("an impersonation ends when its admin is banned: the next request is signed out, the session gone", async () => {
  const made = await sessionCookie(server, {
    email: "ban-imp-ua@example.test",
    name: "Ivan Impersonator",
    role: "admin",
  });
  await stepUpDone(server, made.userId);
  const started = await request(`${made.name}=${made.value}`, detail(), { intent: "impersonate" });
  await expectRedirect(started, "/app", "impersonate", "impersonation.started");
  const impersonating = started.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("=") && !pair.startsWith("toast="))
    .join("; ");
  const impersonations = async () =>
    Number(
      (await sql(server.databaseUrl, "select count(*) as n from session where impersonated_by = ?", [made.userId]))
        .rows[0]?.n,
    );
  expect((await request(impersonating, "/app")).status).toBe(200);
  expect(await impersonations()).toBe(1);

  await expectRedirect(
    await request("admin", `${detail(made.userId)}?modal=ban`, { intent: "ban", reason: "", until: "" }),
    detail(made.userId),
    "ban the impersonating admin",
    "userAdmin.banned",
  );
  expect(await impersonations()).toBe(0);
  const after = await request(impersonating, "/app");
  await expectRedirect(after, "/login?redirect=%2Fapp", "the impersonation's next request");
});
