// A list whose query fails answers its page (200) with the list's own error state and a Retry link to the same address,
// beside the page's navigation and search (docs/product.md, "Data list"); the guards still answer first. The failure
// is real: the list's table is renamed away in this server's own database file, and renamed back for the retry.
import { expect, test } from "@playwright/test";

import { arrangeOrganization } from "./arrange";
import { sessionCookie, sql } from "./fixtures";
import { startServer, type TestServer } from "./server";

let server: TestServer;
const cookies = { admin: "", user: "" };
/** The lists whose address is known once their rows are made: an organization the admin owns, the user's page. */
const places = { organization: "", user: "" };

test.beforeAll(async () => {
  server = await startServer("list-failure", { LOG_LEVEL: "error" });
  for (const who of ["admin", "user"] as const) {
    const made = await sessionCookie(server, { email: `${who}-lf@example.test`, name: `The ${who}`, role: who });
    cookies[who] = `${made.name}=${made.value}`;
  }
  places.organization = (await arrangeOrganization(server, "admin-lf@example.test", "lf")).base;
  const [user] = (await sql(server.databaseUrl, "select id from user where email = 'user-lf@example.test'")).rows;
  places.user = `/manager/users/${String(user!.id)}`;
});

test.afterAll(async () => {
  await server?.stop();
});

const get = (path: string, who: keyof typeof cookies | null) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: who ? { Cookie: cookies[who] } : {} });

/** Runs `check` while `table` is away, and puts it back whatever happens. */
async function withoutTable(table: string, check: () => Promise<void>) {
  await sql(server.databaseUrl, `alter table "${table}" rename to "${table}_away"`);
  try {
    await check();
  } finally {
    await sql(server.databaseUrl, `alter table "${table}_away" rename to "${table}"`);
  }
}

/** The same with one column away: for a list whose table the page's guard reads too (the membership). */
async function withoutColumn(table: string, column: string, check: () => Promise<void>) {
  await sql(server.databaseUrl, `alter table "${table}" rename column "${column}" to "${column}_away"`);
  try {
    await check();
  } finally {
    await sql(server.databaseUrl, `alter table "${table}" rename column "${column}_away" to "${column}"`);
  }
}

/** The list's error state with its Retry link to `path`, inside the page (its navigation and heading). */
function expectListError(html: string, path: string) {
  expect(html).toContain("The list could not be loaded.");
  // Retry is a plain link to the same address: it works without JavaScript.
  const href = path.replaceAll("&", "&amp;");
  expect(html).toMatch(new RegExp(`<a [^>]*href="${href.replace(/[?]/g, "\\?")}"[^>]*>Retry</a>`));
  expect(html).toContain("<nav");
  expect(html).toContain("<h1");
}

const LISTS = [
  { path: "/manager/repositories?searchTerm=kestrel", table: "repository", who: "admin" },
  { path: "/app/repositories", table: "repository", who: "user" },
  { path: "/manager/organizations", table: "organization", who: "admin" },
  { path: "/manager/audit?outcome=success", table: "audit_event", who: "admin" },
] as const;

for (const { path, table, who } of LISTS) {
  test(`${path}: a failed list is its error state with Retry, inside the page`, async () => {
    await withoutTable(table, async () => {
      const response = await get(path, who);
      expect(response.status).toBe(200);
      expectListError(await response.text(), path);
    });
    const again = await get(path, who);
    expect(again.status).toBe(200);
    expect(await again.text()).not.toContain("The list could not be loaded.");
  });
}

const PLACED = [
  // The membership guard reads the member table too: only the list's own column goes away.
  {
    name: "an organization's members",
    path: () => `${places.organization}/members`,
    away: (check: () => Promise<void>) => withoutColumn("member", "created_at", check),
    other: "Accessible Org",
  },
  {
    name: "an organization's invitations",
    path: () => `${places.organization}/invitations`,
    away: (check: () => Promise<void>) => withoutTable("invitation", check),
    other: 'name="email"',
  },
  {
    name: "a user's activity in the manager",
    path: () => places.user,
    away: (check: () => Promise<void>) => withoutTable("audit_event", check),
    other: "user-lf@example.test",
  },
] as const;

for (const { name, path, away, other } of PLACED) {
  test(`${name}: a failed list is its error state with Retry, the rest of the page stays`, async () => {
    await away(async () => {
      const response = await get(path(), "admin");
      expect(response.status).toBe(200);
      const html = await response.text();
      expectListError(html, path());
      // What the page shows beside the list is still there.
      expect(html).toContain(other);
    });
    const again = await get(path(), "admin");
    expect(again.status).toBe(200);
    expect(await again.text()).not.toContain("The list could not be loaded.");
  });
}

test("the failure is logged with the request id", async () => {
  await withoutTable("organization", async () => {
    const response = await get("/manager/organizations", "admin");
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
  await expect.poll(() => server.logs.find((line) => line.includes("a list could not be loaded"))).toMatch(/request/);
});

test("the guards still answer first: a visitor goes to the login, a user gets the 403", async () => {
  await withoutTable("repository", async () => {
    const visitor = await get("/manager/repositories", null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
    expect((await get("/manager/repositories", "user")).status).toBe(403);
  });
});
