// Route-level rules, over HTTP against the worker's server: every loader and action with a real Request and a real
// session cookie (made on the server, `sessionCookie`), for each kind of visitor. The browser specs keep the
// journeys; these keep the rules: who gets the page, who gets 403, the login redirect, 404 for an unknown id, 400 for
// an unknown intent or a name already used, and a redirect with a toast when an action succeeds.
import { expect, sessionCookie, sql, stepUpDone, httpTest as test } from "./fixtures";
import type { TestServer } from "./server";

let server: TestServer;
const cookies = { visitor: "", user: "", admin: "", banned: "" };
type Who = keyof typeof cookies;
let repositoryId = "";
let client = 0;

// The worker's server: the people and data below are this spec's own.
test.beforeAll(async ({ app }) => {
  server = app;
  for (const who of ["user", "admin", "banned"] as const) {
    const made = await sessionCookie(server, {
      email: `${who}-routes@example.test`,
      name: `The ${who}`,
      role: who === "admin" ? "admin" : "user",
    });
    cookies[who] = `${made.name}=${made.value}`;
    // Giving a role asks for a recent step-up (ADR 053, tested in step-up.spec.ts): these rules come after it.
    if (who === "admin") await stepUpDone(server, made.userId);
  }
  await sql(server.databaseUrl, "update user set banned = 1 where email = 'banned-routes@example.test'");
  repositoryId = String((await sql(server.databaseUrl, "select id from repository where name = 'libsql'")).rows[0]?.id);
});

function request(who: Who, path: string, form?: Record<string, string>) {
  client += 1;
  const headers: Record<string, string> = { Cookie: cookies[who], "X-Forwarded-For": `198.18.9.${client % 250}` };
  if (!form) return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

// The small matchers of this file.
async function expectStatus(response: Response, status: number, what: string) {
  await response.arrayBuffer();
  expect(response.status, what).toBe(status);
}

async function expectRedirect(response: Response, to: string | RegExp, what: string, { toast = false } = {}) {
  await response.arrayBuffer();
  expect(response.status, what).toBe(302);
  const location = response.headers.get("location") ?? "";
  if (typeof to === "string") expect(location, what).toBe(to);
  else expect(location, what).toMatch(to);
  if (toast)
    expect(
      response.headers.getSetCookie().some((cookie) => cookie.startsWith("toast=")),
      `${what}: a toast`,
    ).toBe(true);
}

async function expectFieldError(response: Response, text: string, what: string) {
  expect(response.status, what).toBe(400);
  expect(await response.text(), what).toContain(text);
}

const appPages = () => ["/app", "/app/account", "/app/repositories", `/app/repositories/${repositoryId}`];
const managerPages = () => [
  "/manager/dashboard",
  "/manager/account",
  "/manager/users",
  "/manager/repositories",
  "/manager/repositories/new",
  `/manager/repositories/${repositoryId}`,
  `/manager/repositories/${repositoryId}/update`,
];

test("who gets each page of /app and /manager", async () => {
  for (const path of [...appPages(), ...managerPages()]) {
    await expectRedirect(
      await request("visitor", path),
      `/login?redirect=${encodeURIComponent(path)}`,
      `visitor ${path}`,
    );
    await expectRedirect(
      await request("banned", path),
      `/login?redirect=${encodeURIComponent(path)}`,
      `banned ${path}`,
    );
    await expectStatus(await request("admin", path), 200, `admin ${path}`);
  }
  for (const path of appPages()) await expectStatus(await request("user", path), 200, `user ${path}`);
  for (const path of managerPages()) await expectStatus(await request("user", path), 403, `user ${path}`);
  await expectRedirect(await request("admin", "/manager"), "/manager/dashboard", "admin /manager");
  await expectStatus(await request("user", "/manager"), 403, "user /manager");
});

test("every action refuses whoever may not post it, and changes nothing", async () => {
  const before = await sql(server.databaseUrl, "select count(*) as n from repository");
  const valid = { name: "Forged", link: "example.com/forged", description: "" };
  const forged: Array<[string, Record<string, string>]> = [
    ["/manager/repositories/new", valid],
    [`/manager/repositories/${repositoryId}/update`, valid],
    [`/manager/repositories/${repositoryId}`, { intent: "delete" }],
    ["/manager/account", { intent: "change-name", name: "Forged" }],
  ];
  for (const [path, form] of forged) {
    await expectStatus(await request("user", path, form), 403, `user posts ${path}`);
    await expectRedirect(await request("visitor", path, form), /^\/login\?redirect=/, `visitor posts ${path}`);
    await expectRedirect(await request("banned", path, form), /^\/login\?redirect=/, `banned posts ${path}`);
  }
  expect((await sql(server.databaseUrl, "select count(*) as n from repository")).rows).toEqual(before.rows);
  expect(
    (await sql(server.databaseUrl, "select name from repository where id = ?", [repositoryId])).rows[0]?.name,
  ).toBe("libsql");
});

test("a 404 thrown by a loader has one <title>, the error page's", async () => {
  for (const [who, path] of [
    ["user", "/app/repositories/does-not-exist"],
    ["admin", "/manager/repositories/does-not-exist"],
    ["admin", "/manager/users/does-not-exist"],
    ["visitor", "/does-not-exist"],
  ] as const) {
    const answer = await request(who, path);
    expect(answer.status, path).toBe(404);
    const titles = [...(await answer.text()).matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(titles, path).toHaveLength(1);
    expect(titles[0], path).not.toContain("Groundwork | Groundwork");
    expect(titles[0], path).toMatch(/ \| Groundwork$/);
  }
});

test("an error page offers Go back only when a page of ours led to it, linking to that page", async () => {
  const typed = await (await request("visitor", "/does-not-exist")).text();
  expect(typed).toContain("Go home");
  expect(typed).not.toContain("Go back");
  const followed = await (
    await fetch(`${server.url}/does-not-exist`, { headers: { Referer: `${server.url}/login?lng=en` } })
  ).text();
  expect(followed).toMatch(/<a href="\/login\?lng=en"[^>]*>Go back<\/a>/);
  const outside = await (
    await fetch(`${server.url}/does-not-exist`, { headers: { Referer: "https://elsewhere.example/page" } })
  ).text();
  expect(outside).not.toContain("Go back");
});

test("an unknown id is the area's 404, for pages and actions alike", async () => {
  await expectStatus(await request("user", "/app/repositories/does-not-exist"), 404, "app detail");
  await expectStatus(await request("admin", "/manager/repositories/does-not-exist"), 404, "manager detail");
  await expectStatus(await request("admin", "/manager/repositories/does-not-exist/update"), 404, "manager editor");
  await expectStatus(await request("admin", "/manager/users/does-not-exist"), 404, "manager user");
  const form = { name: "Ghost", link: "example.com/ghost", description: "" };
  await expectStatus(
    await request("admin", "/manager/repositories/does-not-exist/update", form),
    404,
    "update an unknown id",
  );
  await expectStatus(
    await request("admin", "/manager/repositories/does-not-exist", { intent: "delete" }),
    404,
    "delete an unknown id",
  );
  expect((await sql(server.databaseUrl, "select count(*) as n from repository where name = 'Ghost'")).rows[0]?.n).toBe(
    0,
  );
});

test("an unknown intent is a 400, never a 500", async () => {
  for (const [who, path] of [
    ["visitor", "/login?index"],
    ["visitor", "/login/verify?email=someone%40example.test"],
    ["visitor", "/preferences"],
    ["user", "/app/account"],
    ["admin", "/manager/account"],
    ["admin", `/manager/repositories/${repositoryId}`],
  ] as const) {
    await expectStatus(await request(who, path, { intent: "no-such-intent" }), 400, `${who} ${path}`);
  }
});

test("saving: a name already used is a field error; a success redirects with a toast", async () => {
  const used = await request("admin", "/manager/repositories/new", {
    name: "LIBSQL",
    link: "example.com/x",
    description: "",
  });
  await expectFieldError(used, "Name already used", "create with a used name");
  const renamed = await request("admin", `/manager/repositories/${repositoryId}/update`, {
    name: "DRIZZLE-orm",
    link: "example.com/x",
    description: "",
  });
  await expectFieldError(renamed, "Name already used", "rename to a used name");
  const invalid = await request("admin", "/manager/repositories/new", { name: "", link: "nodot", description: "" });
  await expectFieldError(invalid, "Name is required", "an empty name");

  const created = await request("admin", "/manager/repositories/new", {
    name: "Route-level",
    link: "example.com/route-level",
    description: "",
  });
  await expectRedirect(created, /^\/manager\/repositories\/[\w-]+$/, "create", { toast: true });
  const id = created.headers.get("location")!.split("/").at(-1)!;
  await expectRedirect(
    await request("admin", `/manager/repositories/${id}/update`, {
      name: "Route-level 2",
      link: "example.com/2",
      description: "",
    }),
    `/manager/repositories/${id}`,
    "update",
    { toast: true },
  );
  await expectRedirect(
    await request("admin", `/manager/repositories/${id}`, { intent: "delete" }),
    "/manager/repositories",
    "delete",
    { toast: true },
  );
  await expectRedirect(
    await request("user", "/app/account", { intent: "change-name", name: "Renamed User" }),
    "/app/account",
    "change name",
    { toast: true },
  );
});

test("the audit trail is the admins' alone, and no filter in its URL is an error", async () => {
  await expectRedirect(
    await request("visitor", "/manager/audit"),
    `/login?redirect=${encodeURIComponent("/manager/audit")}`,
    "visitor /manager/audit",
  );
  await expectRedirect(
    await request("banned", "/manager/audit"),
    `/login?redirect=${encodeURIComponent("/manager/audit")}`,
    "banned /manager/audit",
  );
  await expectStatus(await request("user", "/manager/audit"), 403, "user /manager/audit");
  await expectStatus(await request("admin", "/manager/audit"), 200, "admin /manager/audit");
  for (const query of [
    "?from=yesterday&to=2026-02-30",
    "?from=9999-12-31&to=0001-01-01",
    "?action=%00&outcome=%FF&tz=Mars%2FOlympus",
    `?actor=${"%E2%80%AE".repeat(300)}&target=%27%20or%201%3D1--`,
    "?cursor=%%%&cursor=2",
    "?actor=a&actor=b&from[]=x",
  ])
    await expectStatus(await request("admin", `/manager/audit${query}`), 200, `admin /manager/audit${query}`);
});

test("the user editor: who may open and post it, what a refusal leaves, and what a success answers", async () => {
  const targetId = String(
    (await sql(server.databaseUrl, "select id from user where email = 'user-routes@example.test'")).rows[0]?.id,
  );
  const pages = ["/manager/users/new", `/manager/users/${targetId}/update`];
  const forged = { email: "forged@example.test", name: "Forged", role: "admin", language: "en" };
  const before = await sql(server.databaseUrl, "select id, email, name, role from user order by id");
  for (const path of pages) {
    await expectRedirect(
      await request("visitor", path),
      `/login?redirect=${encodeURIComponent(path)}`,
      `visitor ${path}`,
    );
    await expectRedirect(
      await request("banned", path),
      `/login?redirect=${encodeURIComponent(path)}`,
      `banned ${path}`,
    );
    await expectStatus(await request("user", path), 403, `user ${path}`);
    await expectStatus(await request("admin", path), 200, `admin ${path}`);
    await expectStatus(await request("user", path, forged), 403, `user posts ${path}`);
    await expectRedirect(await request("visitor", path, forged), /^\/login\?redirect=/, `visitor posts ${path}`);
    await expectRedirect(await request("banned", path, forged), /^\/login\?redirect=/, `banned posts ${path}`);
  }
  // The forged posts changed nobody: not the target's name or role, and no new user.
  expect((await sql(server.databaseUrl, "select id, email, name, role from user order by id")).rows).toEqual(
    before.rows,
  );

  await expectStatus(await request("admin", "/manager/users/does-not-exist/update"), 404, "editor of an unknown id");
  await expectStatus(
    await request("admin", "/manager/users/does-not-exist/update", {
      email: "ghost@example.test",
      name: "G",
      role: "user",
    }),
    404,
    "update an unknown id",
  );
  await expectFieldError(
    await request("admin", "/manager/users/new", { ...forged, email: "USER-routes@example.test" }),
    "Email already used",
    "create with an address in use",
  );
  await expectFieldError(
    await request("admin", "/manager/users/new", { ...forged, role: "owner", language: "xx" }),
    "Invalid input",
    "a role and a language that do not exist",
  );
  // Hostile values in every field of both forms: a refusal (400) or, for a name that is only odd, a save; never a 5xx.
  const hostile = ["", "\u0000", "x".repeat(20_000), "<script>alert(1)</script>", "' OR 1=1; --", "\u202e\u200b", "🙂"];
  for (const value of hostile) {
    for (const field of ["email", "name", "role", "language"]) {
      const what = `${field} ${JSON.stringify(value.slice(0, 20))}`;
      const made = await request("admin", "/manager/users/new", {
        ...forged,
        email: "hostile@example.test",
        [field]: value,
      });
      await made.arrayBuffer();
      expect([302, 400], `create with ${what}`).toContain(made.status);
      const changed = await request("admin", `/manager/users/${targetId}/update`, {
        email: "user-routes@example.test",
        name: "The user",
        role: "user",
        [field]: value,
      });
      await changed.arrayBuffer();
      expect([302, 400], `update with ${what}`).toContain(changed.status);
    }
  }
  expect((await sql(server.databaseUrl, "select role from user where id = ?", [targetId])).rows[0]?.role).toBe("user");

  const created = await request("admin", "/manager/users/new", { ...forged, email: "made-by-routes@example.test" });
  await expectRedirect(created, /^\/manager\/users\/[\w-]+$/, "create", { toast: true });
  const createdId = created.headers.get("location")!.split("/").at(-1)!;
  await expectRedirect(
    await request("admin", `/manager/users/${createdId}/update`, {
      email: "made-by-routes@example.test",
      name: "Renamed By Routes",
      role: "user",
    }),
    `/manager/users/${createdId}`,
    "update",
    { toast: true },
  );
  expect(
    (await sql(server.databaseUrl, "select name, role from user where id = ?", [createdId])).rows[0],
  ).toMatchObject({ name: "Renamed By Routes", role: "user" });
});
