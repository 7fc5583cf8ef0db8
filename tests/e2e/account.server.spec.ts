// The account page's HTTP rules, against a server of its own: who may load and post it, forged and unknown posts, the
// refusals of its forms (a wrong code, an address in use, the last admin) with their messages, revoking sessions, and
// no session token in anything the page, its data request or the JSON export sends.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

import { SmtpSink } from "../support/smtp-sink";
import { sessionCookie, sql } from "./fixtures";
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
