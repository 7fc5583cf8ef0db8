// The account page's HTTP rules, against a server of its own: who may load and post it, forged and unknown posts, the
// refusals of its forms (a wrong code, an address in use, the last admin) with their messages, revoking sessions, and
// no session token in anything the page, its data request or the JSON export sends.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

import { SmtpSink } from "../support/smtp-sink";
import { emailJobs, sessionCookie, sql, stepUpDone } from "./fixtures";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "./server";

let server: TestServer;
let mail: SmtpSink;
let client = 0;

test.beforeAll(async () => {
  mail = await new SmtpSink().start();
  server = await startServer("account", { SMTP_URL: mail.url, LOG_LEVEL: "error" });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

type Person = { email: string; userId: string; cookie: string; token: string };

const tokenOf = (cookieValue: string) => decodeURIComponent(cookieValue).split(".")[0]!;

/** A fresh onboarded person with a session (made on the server); `token` is the raw session token. */
async function person(label: string, role: "user" | "admin" = "user"): Promise<Person> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const made = await sessionCookie(server, { email, name: `The ${label}`, role });
  // Its step-up done: this spec is about what follows it (ADR 053; tests/e2e/step-up.spec.ts takes it).
  await stepUpDone(server, made.userId);
  return { email, userId: made.userId, cookie: `${made.name}=${made.value}`, token: tokenOf(made.value) };
}

/** One more session of the same person, as another browser would have it. */
async function anotherSession(who: Person): Promise<{ id: string; cookie: string; token: string }> {
  const now = Date.now();
  const id = randomUUID();
  const token = randomBytes(24).toString("base64url");
  await sql(
    server.databaseUrl,
    "insert into session (id, token, user_id, expires_at, created_at, updated_at, user_agent) values (?, ?, ?, ?, ?, ?, ?)",
    [id, token, who.userId, now + 60 * 60 * 1000, now, now, "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Firefox/128.0"],
  );
  const signature = createHmac("sha256", TEST_AUTH_SECRET).update(token).digest("base64");
  return { id, token, cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
}

function get(path: string, cookie = "") {
  client += 1;
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: { Cookie: cookie, "X-Forwarded-For": `198.18.7.${client % 250}` },
  });
}

function post(path: string, form: Record<string, string>, cookie = "", origin = server.url) {
  client += 1;
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: cookie,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `198.18.7.${client % 250}`,
    },
    body: new URLSearchParams(form),
  });
}

async function expectLoginRedirect(response: Response, path: string) {
  await response.arrayBuffer();
  expect(response.status, path).toBe(302);
  expect(response.headers.get("location"), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
}

const everyIntent: Array<Record<string, string>> = [
  { intent: "change-name", name: "Forged" },
  { intent: "change-email", email: "forged@example.test" },
  { intent: "confirm-email-change", newEmail: "forged@example.test", code: "123456" },
  { intent: "send-delete-code" },
  { intent: "delete-account", code: "123456" },
  { intent: "revoke-session", sessionId: "x" },
  { intent: "sign-out-others" },
];

test("a visitor is sent to the login page from the page, its data and each of its forms", async () => {
  for (const path of ["/app/account", "/manager/account", "/app/account/data", "/manager/account/data"])
    await expectLoginRedirect(await get(path), path);
  for (const path of ["/app/account", "/manager/account"])
    for (const form of everyIntent) await expectLoginRedirect(await post(path, form), path);
});

test("a user may not load the manager's account page nor its data", async () => {
  const user = await person("plain");
  for (const path of ["/manager/account", "/manager/account/data"]) {
    const response = await get(path, user.cookie);
    await response.arrayBuffer();
    expect(response.status, path).toBe(403);
  }
});

test("a forged cross-origin post is refused before it changes anything", async () => {
  const user = await person("forged");
  const since = Date.now();
  for (const form of everyIntent) {
    const response = await post("/app/account", form, user.cookie, "https://evil.example");
    await response.arrayBuffer();
    expect(response.status, form.intent).toBe(403);
  }
  const rows = await sql(server.databaseUrl, "select name, email from user where id = ?", [user.userId]);
  expect(rows.rows[0]).toMatchObject({ name: "The forged", email: user.email });
  expect(await emailJobs(server.databaseUrl, since)).toEqual([]);
  expect(mail.messages.filter((message) => message.receivedAt >= since && message.to.includes(user.email))).toEqual([]);
});

test("an unknown intent is a 400, never a 500", async () => {
  const user = await person("unknown");
  for (const intent of ["", "delete-everything", "revoke-all-sessions"]) {
    const response = await post("/app/account", { intent }, user.cookie);
    await response.arrayBuffer();
    expect(response.status, intent).toBe(400);
  }
});

test("a wrong code is a 400 with its message, and the typed address stays on the page", async () => {
  const user = await person("wrong-code");
  const newEmail = `new-${user.email}`;
  const since = Date.now();
  const sent = await post("/app/account", { intent: "change-email", email: newEmail }, user.cookie);
  await sent.arrayBuffer();
  expect(sent.status).toBe(302);
  expect(sent.headers.get("location")).toBe(`/app/account?newEmail=${encodeURIComponent(newEmail)}`);
  const code = await mail.waitForCode(newEmail, { since });
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  const response = await post(
    `/app/account?newEmail=${encodeURIComponent(newEmail)}`,
    { intent: "confirm-email-change", newEmail, code: wrong },
    user.cookie,
  );
  expect(response.status).toBe(400);
  const page = await response.text();
  expect(page).toContain("Code is invalid");
  expect(page).toContain(`value="${newEmail}"`);
  expect(page).toContain(wrong);
  const rows = await sql(server.databaseUrl, "select email from user where id = ?", [user.userId]);
  expect(rows.rows[0]?.email).toBe(user.email);
});

test("an address in use is refused without saying whose; the typed address stays", async () => {
  const user = await person("in-use");
  const other = await person("owner");
  // The form is in the dialog of `?modal=change-email`, and posts to that address.
  const response = await post(
    "/app/account?modal=change-email",
    { intent: "change-email", email: other.email },
    user.cookie,
  );
  expect(response.status).toBe(400);
  const page = await response.text();
  expect(page).toContain("This e-mail address is already used");
  expect(page).toContain(`value="${other.email}"`);
});

test("the last admin cannot delete their account; the message says why", async () => {
  const admin = await person("last-admin", "admin");
  await sql(server.databaseUrl, "update user set role = 'user' where role = 'admin' and id != ?", [admin.userId]);
  const since = Date.now();
  const response = await post("/manager/account?modal=delete-account", { intent: "send-delete-code" }, admin.cookie);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("You are the last admin");
  const refused = await post(
    "/manager/account?modal=delete-account-code",
    { intent: "delete-account", code: "123456" },
    admin.cookie,
  );
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("You are the last admin");
  expect((await sql(server.databaseUrl, "select id from user where id = ?", [admin.userId])).rows).toHaveLength(1);
  expect(await emailJobs(server.databaseUrl, since)).toEqual([]);
  expect(mail.messages.filter((message) => message.receivedAt >= since && message.to.includes(admin.email))).toEqual(
    [],
  );
});

test("a user revokes their own other session, never someone else's; the revoked cookie is signed out", async () => {
  const me = await person("revoker");
  const mine = await anotherSession(me);
  const stranger = await person("stranger");
  const theirs = await anotherSession(stranger);

  const refused = await post("/app/account", { intent: "revoke-session", sessionId: theirs.id }, me.cookie);
  await refused.arrayBuffer();
  expect(refused.status).toBe(302);
  expect((await sql(server.databaseUrl, "select id from session where id = ?", [theirs.id])).rows).toHaveLength(1);

  const revoked = await post("/app/account", { intent: "revoke-session", sessionId: mine.id }, me.cookie);
  await revoked.arrayBuffer();
  expect(revoked.status).toBe(302);
  expect(revoked.headers.get("location")).toBe("/app/account");
  expect((await sql(server.databaseUrl, "select id from session where id = ?", [mine.id])).rows).toHaveLength(0);
  await expectLoginRedirect(await get("/app/account", mine.cookie), "/app/account");
  const still = await get("/app/account", me.cookie);
  await still.arrayBuffer();
  expect(still.status).toBe(200);
});

test("no session token is in the page, its data request or the export", async () => {
  for (const [area, role] of [
    ["app", "user"],
    ["manager", "admin"],
  ] as const) {
    const me = await person(`tokens-${area}`, role);
    const other = await anotherSession(me);
    const responses = {
      page: await get(`/${area}/account`, me.cookie),
      data: await get(`/${area}/account.data`, me.cookie),
      confirmStep: await get(`/${area}/account?newEmail=${encodeURIComponent(`x-${me.email}`)}`, me.cookie),
      export: await get(`/${area}/account/data`, me.cookie),
    };
    for (const [what, response] of Object.entries(responses)) {
      expect(response.status, `${area} ${what}`).toBe(200);
      const body = await response.text();
      // The page does show the sessions: the other one's id is there, its token is not.
      if (what !== "confirmStep") expect(body, `${area} ${what} lists the sessions`).toContain(other.id);
      expect(body, `${area} ${what}`).not.toContain(me.token);
      expect(body, `${area} ${what}`).not.toContain(other.token);
      expect(body, `${area} ${what}`).not.toContain(encodeURIComponent(me.token));
    }
    const exported = responses.export;
    expect(exported.headers.get("content-type")).toContain("application/json");
    expect(exported.headers.get("cache-control")).toBe("private, no-store");
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="groundwork-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
  }
});

test("the export holds the profile, the sessions and the user's audit entries, newest first", async () => {
  const me = await person("exporter");
  const other = await anotherSession(me);
  const revoked = await post("/app/account", { intent: "revoke-session", sessionId: other.id }, me.cookie);
  await revoked.arrayBuffer();
  const renamed = await post("/app/account", { intent: "change-name", name: "Exporter Renamed" }, me.cookie);
  await renamed.arrayBuffer();

  const response = await get("/app/account/data", me.cookie);
  const exported = (await response.json()) as {
    profile: { id: string; email: string; name: string };
    sessions: Array<{ id: string; current: boolean }>;
    auditEntries: Array<{ action: string; target: { id: string } | null }>;
  };
  expect(exported.profile).toMatchObject({ id: me.userId, email: me.email, name: "Exporter Renamed" });
  expect(exported.sessions).toHaveLength(1);
  expect(exported.sessions[0]?.current).toBe(true);
  expect(exported.auditEntries[0]).toMatchObject({ action: "session.revoked", target: { id: me.userId } });
});

test("others' actions are in the export and the session list without their address, e-mail or browser", async () => {
  const me = await person("watched");
  const admin = await person("overseer", "admin");
  const orgAdmin = await person("org-overseer");
  const organization = { id: randomUUID(), slug: `watch-${randomUUID().slice(0, 8)}` };
  await sql(server.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    organization.id,
    "Watch Works",
    organization.slug,
    Date.now(),
  ]);
  const membership = randomUUID();
  for (const [id, userId, role] of [
    [randomUUID(), orgAdmin.userId, "owner"],
    [membership, me.userId, "member"],
  ])
    await sql(
      server.databaseUrl,
      "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, ?)",
      [id!, organization.id, userId!, role!, Date.now()],
    );
  // Each person from an address of their own; the admin from a browser of their own.
  const adminBrowser = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.4 Safari/605.1.15";
  const from = (ip: string, path: string, form: Record<string, string>, cookie: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": ip,
        "User-Agent": adminBrowser,
      },
      body: new URLSearchParams(form),
    });
  const mine = await anotherSession(me);
  const theirs = await anotherSession(me);
  const answers = [
    // The user revokes one of their own sessions: theirs to see, address and all.
    await from("198.18.9.1", "/app/account", { intent: "revoke-session", sessionId: mine.id }, me.cookie),
    await from(
      "203.0.113.11",
      `/manager/users/${me.userId}`,
      { intent: "revoke-session", sessionId: theirs.id },
      admin.cookie,
    ),
    await from("203.0.113.12", `/manager/users/${me.userId}`, { intent: "impersonate" }, admin.cookie),
    await from(
      "203.0.113.13",
      `/app/organizations/${organization.slug}/members`,
      { intent: "remove", memberId: membership },
      orgAdmin.cookie,
    ),
  ];
  for (const answer of answers) {
    await answer.arrayBuffer();
    expect(answer.status).toBe(302);
  }
  // The admin's impersonation stays open: a session of the user's, from the admin's address and browser.
  const impersonation = await sql(server.databaseUrl, "select ip_address from session where impersonated_by = ?", [
    admin.userId,
  ]);
  expect(impersonation.rows).toEqual([expect.objectContaining({ ip_address: "203.0.113.12" })]);

  const exported = await get("/app/account/data", me.cookie);
  expect(exported.status).toBe(200);
  const text = await exported.text();
  const page = await (await get("/app/account", me.cookie)).text();
  const data = JSON.parse(text) as {
    sessions: Array<{ impersonated: boolean; ip: string | null; browser: string }>;
    auditEntries: Array<{ action: string; actor: { id: string | null; label: string | null }; ip: string | null }>;
  };
  expect(
    data.auditEntries.map(({ action, actor, ip }) => ({ action, actor: { id: actor.id, label: actor.label }, ip })),
  ).toEqual([
    { action: "member.removed", actor: { id: null, label: "an organization administrator" }, ip: null },
    { action: "impersonation.started", actor: { id: null, label: "an administrator" }, ip: null },
    { action: "session.revoked", actor: { id: null, label: "an administrator" }, ip: null },
    { action: "session.revoked", actor: { id: me.userId, label: me.email }, ip: "198.18.9.1" },
  ]);
  expect(data.sessions.find((item) => item.impersonated)).toMatchObject({ ip: null, browser: "" });
  for (const other of ["203.0.113.", admin.email, admin.userId, orgAdmin.email, orgAdmin.userId, "Safari"]) {
    expect(text, `the export holds ${other}`).not.toContain(other);
    expect(page, `the account page holds ${other}`).not.toContain(other);
  }
  // The page lists the impersonation, without where it came from.
  expect(page).toContain("Impersonation");

  const french = await fetch(`${server.url}/app/account/data`, {
    headers: { Cookie: me.cookie, "Accept-Language": "fr", "X-Forwarded-For": "198.18.9.1" },
  });
  const inFrench = (await french.json()) as typeof data;
  expect(inFrench.auditEntries.map((entry) => entry.actor.label).slice(0, 2)).toEqual([
    "un administrateur de l’organisation",
    "un administrateur",
  ]);
});

test("no hostile value in any field of the page's forms gives a 5xx", async () => {
  const me = await person("hostile");
  const hostile = [
    "",
    "\u0000",
    "\u202e<script>x</script>",
    "a".repeat(100_000),
    "😀".repeat(300),
    "%00'\"--",
    "ａ@ｂ.ｃ",
  ];
  for (const form of everyIntent) {
    for (const field of Object.keys(form).filter((name) => name !== "intent")) {
      for (const value of hostile) {
        const response = await post("/app/account?newEmail=x%40example.test", { ...form, [field]: value }, me.cookie);
        await response.arrayBuffer();
        expect(response.status, `${form.intent} ${field}=${JSON.stringify(value.slice(0, 20))}`).toBeLessThan(500);
      }
    }
  }
  expect((await sql(server.databaseUrl, "select id from user where id = ?", [me.userId])).rows).toHaveLength(1);
});
