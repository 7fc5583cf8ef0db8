// A guarded change whose turn does not come in time (another process holds its lease: app/.server/platform/exclusive.ts)
// is answered 503 with Retry-After and the translated "busy, try again" page, never a 500; nothing is created. The
// lease is written into the server's database as another process would hold it.
import { expect, test } from "@playwright/test";

import { resources } from "../../app/lib/dictionaries";
import { sessionCookie, sql } from "./fixtures";
import { startServer, type TestServer } from "./server";

let server: TestServer;

test.beforeAll(async () => {
  server = await startServer("busy", { LOG_LEVEL: "error" });
});

test.afterAll(async () => {
  await server?.stop();
});

test("a turn held elsewhere past the wait answers 503, Retry-After and 'busy, try again'", async () => {
  test.setTimeout(60_000);
  const cookie = await sessionCookie(server, { email: "busy@example.test", name: "Busy", role: "user" });
  await sql(server.databaseUrl, "insert into exclusive_lease (key, holder, expires_at) values (?, 'elsewhere', ?)", [
    `user-organizations:${cookie.userId}`,
    Date.now() + 120_000,
  ]);
  const post = (path: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.url,
        Cookie: `${cookie.name}=${cookie.value}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "create", name: "Busy Corp", slug: "busy-corp" }),
    });

  // Without JavaScript: the page.
  const started = Date.now();
  const page = await post("/app/organizations");
  const waited = Date.now() - started;
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  expect(await page.text()).toContain(resources.en.translation.errors.busy);
  expect(waited).toBeLessThan(20_000);

  // With JavaScript: the same answer to the data request.
  const data = await post("/app/organizations.data");
  expect(data.status).toBe(503);
  expect(data.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  await data.arrayBuffer();

  const created = await sql(server.databaseUrl, "select count(*) as n from organization where slug = 'busy-corp'");
  expect(Number(created.rows[0]!.n)).toBe(0);
});
