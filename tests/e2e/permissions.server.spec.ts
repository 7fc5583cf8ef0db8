// The permission matrix (docs/product.md, "Roles and permissions"): every page and every action of /app and /manager, for each kind of visitor, against
// a real server with real sessions. A page answers 200, a redirect to the login page, or 403; an action refused
// changes nothing (the tables are compared before and after). An action an admin may post is probed with an unknown
// intent or an empty form: a 400 proves the guard let them through without writing anything.
import { expect, test } from "@playwright/test";

import { sessionCookie, sql } from "./fixtures";
import { startServer, type TestServer } from "./server";

const ENV_ADMIN_ID = "permissions-env-admin";
const WHO = ["anonymous", "user", "admin", "envAdmin", "banned", "impersonating"] as const;
type Who = (typeof WHO)[number];

let server: TestServer;
const cookies: Record<Who, string> = {
  anonymous: "",
  user: "",
  admin: "",
  envAdmin: "",
  banned: "",
  impersonating: "",
};
let repositoryId = "";
let organizationId = "";
let targetId = "";
let client = 0;

test.beforeAll(async () => {
  server = await startServer("permissions", { LOG_LEVEL: "error", ADMIN_USER_IDS: ENV_ADMIN_ID });
  const make = async (who: Who, role: "admin" | "user", extra: { id?: string } = {}, impersonatedBy?: string) => {
    const made = await sessionCookie(
      server,
      { email: `${who.toLowerCase()}-matrix@example.test`, name: `The ${who}`, role, ...extra },
      { impersonatedBy },
    );
    cookies[who] = `${made.name}=${made.value}`;
    return made.userId;
  };
  await make("user", "user");
  const adminId = await make("admin", "admin");
  await make("envAdmin", "user", { id: ENV_ADMIN_ID });
  await make("banned", "user");
  await sql(server.databaseUrl, "update user set banned = 1 where email = 'banned-matrix@example.test'");
  // An admin impersonating someone: the session is theirs, with the admin behind it. The one impersonated is an admin
  // too, so that only the impersonation itself keeps this session out of /manager.
  targetId = await make("impersonating", "admin", {}, adminId);
  repositoryId = String((await sql(server.databaseUrl, "select id from repository where name = 'libsql'")).rows[0]?.id);
  // The seeded organization: the manager's organization pages are for admins, whoever its members are.
  organizationId = String(
    (await sql(server.databaseUrl, "select id from organization where slug = 'groundwork-demo'")).rows[0]?.id,
  );
});

let bannedCookieValue = "";

/** The banned visitor's session again (their first request ended it), so each refusal is checked from signed in. */
async function rebanSession() {
  const made = await sessionCookie(server, {
    email: `banned-${client}-matrix@example.test`,
    name: "The banned",
    role: "user",
  });
  await sql(server.databaseUrl, "update user set banned = 1 where id = ?", [made.userId]);
  bannedCookieValue = `${made.name}=${made.value}`;
  cookies.banned = bannedCookieValue;
}

test.afterAll(async () => {
  await server?.stop();
});

function request(who: Who, path: string, form?: Record<string, string>) {
  client += 1;
  const headers: Record<string, string> = { "X-Forwarded-For": `198.18.7.${client % 250}` };
  if (cookies[who]) headers.Cookie = cookies[who];
  if (!form) return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/**
 * What a kind of visitor gets from an area: the login page for whoever is not signed in (a banned user is signed out
 * by their request), /app for an admin who is impersonating someone (the banner there lets them stop), and 403 for a
 * user in /manager. `allowed` is the status of a request the guard lets through.
 */
function expected(who: Who, area: "app" | "manager", path: string, allowed: number) {
  if (who === "anonymous" || who === "banned")
    return { status: 302, location: `/login?redirect=${encodeURIComponent(path)}` };
  if (area === "app") return { status: allowed };
  if (who === "impersonating") return { status: 302, location: "/app" };
  return who === "admin" || who === "envAdmin" ? { status: allowed } : { status: 403 };
}

const pages = (): Array<[string, "app" | "manager"]> => [
  ["/app", "app"],
  ["/app/account", "app"],
  ["/app/account/data", "app"],
  ["/app/repositories", "app"],
  [`/app/repositories/${repositoryId}`, "app"],
  ["/manager/dashboard", "manager"],
  ["/manager/account", "manager"],
  ["/manager/account/data", "manager"],
  ["/manager/users", "manager"],
  ["/manager/users/new", "manager"],
  [`/manager/users/${targetId}`, "manager"],
  [`/manager/users/${targetId}/update`, "manager"],
  ["/manager/repositories", "manager"],
  ["/manager/repositories/new", "manager"],
  [`/manager/repositories/${repositoryId}`, "manager"],
  [`/manager/repositories/${repositoryId}/update`, "manager"],
  ["/manager/audit", "manager"],
  ["/manager/organizations", "manager"],
  [`/manager/organizations/${organizationId}`, "manager"],
];

/**
 * The state an action could change: compared before and after the refused posts. The banned visitors are left out:
 * their own request ends their sessions, by design.
 */
async function snapshot() {
  const notBanned = "user_id not in (select id from user where email like 'banned%')";
  const statements = [
    "select * from user where email not like 'banned%' order by id",
    `select * from session where ${notBanned} order by id`,
    `select * from account where ${notBanned} order by id`,
    "select * from repository order by id",
    "select * from organization order by id",
    "select * from member order by id",
    "select * from team order by id",
  ];
  const rows = await Promise.all(statements.map(async (statement) => (await sql(server.databaseUrl, statement)).rows));
  return JSON.stringify(rows);
}

test("who gets each page of /app and /manager", async () => {
  const seen: string[] = [];
  for (const [path, area] of pages()) {
    for (const who of WHO) {
      const response = await request(who, path);
      await response.arrayBuffer();
      const want = expected(who, area, path, 200);
      seen.push(`${who} GET ${path} → ${response.status}`);
      expect(response.status, `${who} GET ${path}`).toBe(want.status);
      if (want.location) expect(response.headers.get("location"), `${who} GET ${path}`).toBe(want.location);
    }
  }
  expect(seen).toHaveLength(pages().length * WHO.length);
});

/** The account page's intents, in one area. */
const accountActions = (area: "app" | "manager"): Array<[string, "app" | "manager", Record<string, string>]> =>
  (
    [
      { intent: "change-name", name: "Forged Name" },
      { intent: "change-email", email: "forged@example.test" },
      { intent: "confirm-email-change", email: "forged@example.test", code: "123456" },
      { intent: "send-delete-code" },
      { intent: "delete-account", code: "123456" },
      { intent: "revoke-session", sessionId: "x" },
      { intent: "sign-out-others" },
    ] as Array<Record<string, string>>
  ).map((form) => [`/${area}/account`, area, form]);

/** Every action of both areas, with a form that would do something if the guard let it through. */
const actions = (): Array<[string, "app" | "manager", Record<string, string>]> => {
  const user = `/manager/users/${targetId}`;
  const repository = `/manager/repositories/${repositoryId}`;
  return [
    ...accountActions("app"),
    ...accountActions("manager"),
    [
      "/manager/users/new",
      "manager",
      { email: "forged-new@example.test", name: "Forged", role: "admin", language: "en" },
    ],
    [`${user}/update`, "manager", { email: "forged-update@example.test", name: "Forged", role: "user" }],
    [user, "manager", { intent: "ban", reason: "forged" }],
    [user, "manager", { intent: "unban" }],
    [user, "manager", { intent: "impersonate" }],
    [user, "manager", { intent: "delete" }],
    [user, "manager", { intent: "revoke-session", sessionId: "x" }],
    [user, "manager", { intent: "revoke-all-sessions" }],
    ["/manager/repositories/new", "manager", { name: "Forged", link: "example.com/forged", description: "" }],
    [`${repository}/update`, "manager", { name: "Forged", link: "example.com/forged", description: "" }],
    [repository, "manager", { intent: "delete" }],
    [`/manager/organizations/${organizationId}`, "manager", { intent: "delete" }],
  ];
};

test("every action refuses whoever may not post it, and changes nothing", async () => {
  const before = await snapshot();
  let refusals = 0;
  for (const [path, area, form] of actions()) {
    for (const who of WHO) {
      const want = expected(who, area, path, 0);
      if (want.status === 0) continue; // allowed: probed below, without side effects
      const response = await request(who, path, form);
      await response.arrayBuffer();
      expect(response.status, `${who} POST ${path} ${form.intent ?? ""}`).toBe(want.status);
      if (want.location)
        expect(response.headers.get("location"), `${who} POST ${path}`).toMatch(
          who === "impersonating" ? /^\/app$/ : /^\/login\?redirect=/,
        );
      refusals += 1;
    }
    // The banned visitor's session is gone after their first request: make them banned-and-signed-in again.
    await rebanSession();
  }
  expect(refusals).toBeGreaterThan(actions().length * 3);
  expect(await snapshot()).toBe(before);
});

test("whoever may post an action gets past its guard (an unknown intent, or an empty form, is their 400)", async () => {
  const before = await snapshot();
  const paths = [...new Set(actions().map(([path, area]) => `${area} ${path}`))];
  for (const entry of paths) {
    const [area, path] = entry.split(" ") as ["app" | "manager", string];
    const editor = /\/(new|update)$/.test(path);
    for (const who of WHO) {
      if (expected(who, area, path, 0).status !== 0) continue;
      const response = await request(who, path, editor ? { name: "" } : { intent: "no-such-intent" });
      await response.arrayBuffer();
      expect(response.status, `${who} POST ${path}`).toBe(400);
    }
  }
  expect(await snapshot()).toBe(before);
});
